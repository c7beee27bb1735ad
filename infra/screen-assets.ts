/** The handler group whose function serves the screens' scripts and the printed seating: its bundle carries them. */
export const SCREEN_ASSET_GROUP = 'clock';

/**
 * Shell commands, run by the CDK after esbuild, that put the screens' browser scripts and the print font into
 * the bundle of the function serving them (functions/http/screen-scripts.ts and print/fonts.ts read them
 * beside its code).
 */
export function screenAssetCommands(inputDir: string, outputDir: string): string[] {
  const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  return [
    `cd ${q(inputDir)} && npx --no-install tsx scripts/build-screens.ts ${q(outputDir)}`,
    `cp ${q(`${inputDir}/functions/http/print/fonts`)}/*.ttf ${q(`${inputDir}/functions/http/print/fonts/LICENSE`)} ${q(outputDir)}`,
  ];
}
