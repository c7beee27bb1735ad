import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../../runtime/config';
import { DirectoryClubLogoStore } from './directory';
import { S3ClubLogoStore } from './s3';
import type { ClubLogoStore } from './port';

export type { ClubLogoStore, StoredLogo } from './port';

let current: ClubLogoStore | undefined;
let chosen: { dir: string; store: ClubLogoStore } | undefined;

/**
 * The logo store of this process: one put in (tests), else a directory where env LOGO_DIR names one (the
 * local API sets it, so its bundles, which have module instances of their own, find it too), else the
 * stack's bucket (env LOGO_BUCKET).
 */
export function clubLogoStore(): ClubLogoStore {
  if (current) return current;
  const dir = process.env.LOGO_DIR;
  if (dir) {
    if (chosen?.dir !== dir) chosen = { dir, store: new DirectoryClubLogoStore(dir) };
    return chosen.store;
  }
  const bucket = process.env.LOGO_BUCKET;
  if (!bucket) throw new Error('LOGO_BUCKET is not set');
  current = new S3ClubLogoStore(new S3Client({ region: config().region }), bucket);
  return current;
}

/** A store put in by a test; undefined goes back to the env's choice. */
export function useClubLogoStore(store: ClubLogoStore | undefined): void {
  current = store;
}
