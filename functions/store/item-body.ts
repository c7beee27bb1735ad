import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Text stored in an item: as a string while it is small, gzip-compressed binary above a threshold.
 * DynamoDB bills by item size, and the JSON of tournament records compresses three to six times.
 */
export type StoredBody = { b: string } | { z: Uint8Array };

const COMPRESS_ABOVE = 2048;

export function packBody(text: string): StoredBody {
  if (text.length <= COMPRESS_ABOVE) return { b: text };
  // Level 1: most of the gain at a fraction of the CPU of the default level.
  return { z: gzipSync(text, { level: 1 }) };
}

export function unpackBody(item: Record<string, unknown>): string {
  if (typeof item.b === 'string') return item.b;
  const z = item.z;
  if (z instanceof Uint8Array) return gunzipSync(z).toString('utf8');
  throw new Error('item without a body');
}

/** Bytes the body takes in the item (what DynamoDB bills for it). */
export const bodyBytes = (body: StoredBody): number => ('b' in body ? Buffer.byteLength(body.b, 'utf8') : body.z.byteLength);
