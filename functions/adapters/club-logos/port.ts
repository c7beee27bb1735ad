/** A club's logo as stored: its bytes, media type and a version tag (the ETag answers carry). */
export interface StoredLogo {
  bytes: Uint8Array;
  contentType: string;
  /** Changes whenever the bytes do; unquoted. */
  etag: string;
}

/** Where club logos are kept (an S3 bucket in the stack, a directory under `npm start`): one per club. */
export interface ClubLogoStore {
  /** Stores the club's logo, replacing any; answers the new version tag. */
  put(clubId: string, logo: { bytes: Uint8Array; contentType: string }): Promise<{ etag: string }>;
  /** The club's logo, or undefined when it has none. */
  get(clubId: string): Promise<StoredLogo | undefined>;
  /** Removes the club's logo; a club without one is not an error. */
  delete(clubId: string): Promise<void>;
}

/** The object key of a club's logo: the club id is an Id (schemas/common.ts), safe in a key or a file name. */
export const logoKey = (clubId: string): string => `clubs/${clubId}/logo`;
