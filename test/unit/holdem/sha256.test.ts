import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacSha256Key, hmacSha256, sha256, toHex } from '../../../domain/holdem/sha256';

/** Bytes 0, 1, 2, ... of a given length (a pattern that differs in every position of a block). */
const bytes = (n: number, from = 0): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (from + i * 7) & 0xff);

describe('SHA-256 and a reused HMAC-SHA-256 key, against node:crypto', () => {
  // Lengths around the padding's edges: 55 bytes pad in one block, 56 need a second; 64 a whole block.
  const lengths = [0, 1, 3, 36, 55, 56, 57, 63, 64, 65, 119, 120, 128, 200];

  it('hashes every length around the block and padding edges', () => {
    for (const n of lengths) expect(toHex(sha256(bytes(n)))).toBe(createHash('sha256').update(bytes(n)).digest('hex'));
  });

  it('one key, computed once, gives the MAC of each message in turn, for keys shorter than, equal to and longer than a block', () => {
    for (const keyLength of [0, 20, 32, 64, 65, 131]) {
      const raw = bytes(keyLength, 3);
      const key = new HmacSha256Key(raw);
      const out = new Uint32Array(8);
      for (const n of lengths) {
        const want = createHmac('sha256', raw).update(bytes(n, n)).digest('hex');
        expect(toHex(key.mac(bytes(n, n)))).toBe(want);
        // The word form, into a buffer the caller reuses: the same digest, read big-endian.
        const words = key.macWords(bytes(n, n), out);
        expect(Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('')).toBe(want);
        expect(toHex(hmacSha256(raw, bytes(n, n)))).toBe(want);
      }
    }
  });
});
