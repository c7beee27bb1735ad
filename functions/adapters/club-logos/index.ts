import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../../platform/config';
import { S3ClubLogoStore } from './s3';
import type { ClubLogoStore } from './port';

export type { ClubLogoStore, StoredLogo } from './port';

let current: ClubLogoStore | undefined;

/** The logo store of this process: the stack's bucket (env LOGO_BUCKET) unless one was put in (`npm start`, tests). */
export function clubLogoStore(): ClubLogoStore {
  if (current) return current;
  const bucket = process.env.LOGO_BUCKET;
  if (!bucket) throw new Error('LOGO_BUCKET is not set');
  current = new S3ClubLogoStore(new S3Client({ region: config().region }), bucket);
  return current;
}

/** The local API puts its directory store in; undefined goes back to the env's choice. */
export function useClubLogoStore(store: ClubLogoStore | undefined): void {
  current = store;
}
