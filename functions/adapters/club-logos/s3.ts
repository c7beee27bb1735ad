import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { logoKey, type ClubLogoStore, type StoredLogo } from './port';

const unquote = (etag: string | undefined): string => (etag ?? '').replace(/^W\//, '').replace(/^"|"$/g, '');

/** Club logos in a private S3 bucket of the stack (env LOGO_BUCKET), one object per club. */
export class S3ClubLogoStore implements ClubLogoStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async put(clubId: string, logo: { bytes: Uint8Array; contentType: string }): Promise<{ etag: string }> {
    const out = await this.s3.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: logoKey(clubId), Body: logo.bytes, ContentType: logo.contentType }),
    );
    return { etag: unquote(out.ETag) };
  }

  async get(clubId: string): Promise<StoredLogo | undefined> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: logoKey(clubId) }));
      if (!out.Body) return undefined;
      return {
        bytes: await out.Body.transformToByteArray(),
        contentType: out.ContentType ?? 'application/octet-stream',
        etag: unquote(out.ETag),
      };
    } catch (e) {
      if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return undefined;
      throw e;
    }
  }

  async delete(clubId: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: logoKey(clubId) }));
  }
}
