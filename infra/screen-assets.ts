/** The handler group whose function serves the screens' scripts: its bundle carries them. */
export const SCREEN_ASSET_GROUP = 'clock';
/** The handler group whose function prints the seating: its bundle carries the font. */
export const PRINT_FONT_GROUP = 'print';

/*
 * Shell commands, run by the CDK after esbuild, that put files the code reads beside its bundle:
 * functions/http/screen-scripts.ts reads the screens' browser scripts, functions/http/print/fonts.ts the
 * print font.
 */

const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** The screens' browser scripts, into the bundle of the function serving the screens. */
export function screenAssetCommands(inputDir: string, outputDir: string): string[] {
  return [`cd ${q(inputDir)} && npx --no-install tsx scripts/build-screens.ts ${q(outputDir)}`];
}

/** The print font and its licence, into the bundle of the function that prints. */
export function printFontCommands(inputDir: string, outputDir: string): string[] {
  return [`cp ${q(`${inputDir}/functions/http/print/fonts`)}/*.ttf ${q(`${inputDir}/functions/http/print/fonts/LICENSE`)} ${q(outputDir)}`];
}
