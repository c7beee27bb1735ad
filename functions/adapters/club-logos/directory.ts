import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { logoKey, type ClubLogoStore, type StoredLogo } from './port';

/**
 * Club logos as files under a directory (env LOGO_DIR: the local API's, `npm start` under SPORT_POKER_DATA_DIR), in place of the stack's
 * bucket: `<key>` holds the bytes, `<key>.json` the media type and the version tag (the bytes' MD5, as S3's).
 */
export class DirectoryClubLogoStore implements ClubLogoStore {
  constructor(private readonly dir: string) {}

  private file(clubId: string): string {
    return join(this.dir, logoKey(clubId));
  }

  async put(clubId: string, logo: { bytes: Uint8Array; contentType: string }): Promise<{ etag: string }> {
    const file = this.file(clubId);
    const etag = createHash('md5').update(logo.bytes).digest('hex');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, logo.bytes);
    await writeFile(`${file}.json`, JSON.stringify({ contentType: logo.contentType, etag }));
    return { etag };
  }

  async get(clubId: string): Promise<StoredLogo | undefined> {
    const file = this.file(clubId);
    try {
      const meta = JSON.parse(await readFile(`${file}.json`, 'utf8')) as { contentType: string; etag: string };
      return { bytes: new Uint8Array(await readFile(file)), ...meta };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async delete(clubId: string): Promise<void> {
    const file = this.file(clubId);
    await rm(`${file}.json`, { force: true });
    await rm(file, { force: true });
  }
}
