import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3ClubLogoStore } from '../../../functions/adapters/club-logos/s3';

/** The S3 logo store sends exactly these requests to the stack's bucket. */
const s3 = mockClient(S3Client);
const store = new S3ClubLogoStore(new S3Client({ region: 'eu-central-1' }), 'logos-bucket');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeEach(() => s3.reset());

describe('the S3 club logo store', () => {
  it('puts the bytes under the club key with their Content-Type and answers the ETag unquoted', async () => {
    s3.on(PutObjectCommand).resolves({ ETag: '"abc123"' });
    expect(await store.put('club_1', { bytes: PNG, contentType: 'image/png' })).toEqual({ etag: 'abc123' });
    expect(s3).toHaveReceivedCommandTimes(PutObjectCommand, 1);
    expect(s3).toHaveReceivedCommandWith(PutObjectCommand, {
      Bucket: 'logos-bucket',
      Key: 'clubs/club_1/logo',
      Body: PNG,
      ContentType: 'image/png',
    });
  });

  it('gets the object back with its media type and version', async () => {
    s3.on(GetObjectCommand, { Bucket: 'logos-bucket', Key: 'clubs/club_1/logo' }).resolves({
      // What the SDK's stream mixin gives the body: read once as bytes.
      Body: { transformToByteArray: async () => PNG } as never,
      ContentType: 'image/png',
      ETag: '"abc123"',
    });
    const logo = await store.get('club_1');
    expect(logo).toEqual({ bytes: PNG, contentType: 'image/png', etag: 'abc123' });
    expect(s3).toHaveReceivedCommandWith(GetObjectCommand, { Bucket: 'logos-bucket', Key: 'clubs/club_1/logo' });
  });

  it('answers undefined for a club without a logo, and passes other failures on', async () => {
    s3.on(GetObjectCommand)
      .rejectsOnce(new NoSuchKey({ message: 'none', $metadata: {} }))
      .rejectsOnce(new Error('AccessDenied'));
    expect(await store.get('club_2')).toBeUndefined();
    await expect(store.get('club_2')).rejects.toThrow('AccessDenied');
  });

  it('deletes the club key', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    await store.delete('club_1');
    expect(s3).toHaveReceivedCommandTimes(DeleteObjectCommand, 1);
    expect(s3).toHaveReceivedCommandWith(DeleteObjectCommand, { Bucket: 'logos-bucket', Key: 'clubs/club_1/logo' });
  });
});
