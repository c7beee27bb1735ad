/**
 * Shell command, run by the CDK after esbuild, that puts the screens' browser scripts into the bundle of
 * the function serving them (functions/http/screen-scripts.ts reads them beside its code).
 */
export function screenAssetCommands(inputDir: string, outputDir: string): string[] {
  const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  return [`cd ${q(inputDir)} && npx --no-install tsx scripts/build-screens.ts ${q(outputDir)}`];
}
