/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104) in plain TypeScript: the domain does no I/O and may not
 * import node:crypto, and a deck or a seat draw must be derivable from its seed the same way everywhere.
 * A seat draw of 10,000 entries reads a thousand HMAC blocks of one key, so the key's padded states are
 * computed once (HmacSha256Key) and each block then costs two compressions and no allocation.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const IV = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

const BLOCK = 64;

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** One compression: the 16 message words in w[0..15] (w is the 64-word schedule) fold into the state h. */
function compress(h: Uint32Array, w: Uint32Array): void {
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15] as number;
    const b = w[i - 2] as number;
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
  }
  let a = h[0] as number,
    b = h[1] as number,
    c = h[2] as number,
    d = h[3] as number;
  let e = h[4] as number,
    f = h[5] as number,
    g = h[6] as number,
    hh = h[7] as number;
  for (let i = 0; i < 64; i++) {
    const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0] as number) + a;
  h[1] = (h[1] as number) + b;
  h[2] = (h[2] as number) + c;
  h[3] = (h[3] as number) + d;
  h[4] = (h[4] as number) + e;
  h[5] = (h[5] as number) + f;
  h[6] = (h[6] as number) + g;
  h[7] = (h[7] as number) + hh;
}

const byteAt = (bytes: Uint8Array, i: number): number => (i < bytes.length ? (bytes[i] as number) : i === bytes.length ? 0x80 : 0);

/**
 * Hashes `message` on from state h, `before` bytes having been hashed already (a whole number of blocks),
 * then pads: 0x80, zeros, the total bit length as a 64-bit big-endian number. Leaves the digest in h.
 */
function finish(h: Uint32Array, w: Uint32Array, message: Uint8Array, before: number): void {
  const n = message.length;
  const total = Math.ceil((n + 9) / BLOCK) * BLOCK;
  const bits = (before + n) * 8;
  for (let off = 0; off < total; off += BLOCK) {
    if (off + BLOCK <= n) {
      for (let i = 0, p = off; i < 16; i++, p += 4) {
        w[i] =
          ((message[p] as number) << 24) |
          ((message[p + 1] as number) << 16) |
          ((message[p + 2] as number) << 8) |
          (message[p + 3] as number);
      }
    } else {
      for (let i = 0, p = off; i < 16; i++, p += 4) {
        w[i] = (byteAt(message, p) << 24) | (byteAt(message, p + 1) << 16) | (byteAt(message, p + 2) << 8) | byteAt(message, p + 3);
      }
      if (off + BLOCK === total) {
        w[14] = Math.floor(bits / 2 ** 32);
        w[15] = bits >>> 0;
      }
    }
    compress(h, w);
  }
}

function toBytes(h: Uint32Array): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = h[i] as number;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = v >>> 16;
    out[i * 4 + 2] = v >>> 8;
    out[i * 4 + 3] = v;
  }
  return out;
}

export function sha256(message: Uint8Array): Uint8Array {
  const h = IV.slice();
  finish(h, new Uint32Array(64), message, 0);
  return toBytes(h);
}

/**
 * An HMAC-SHA-256 key with its padded states precomputed: the hash states after the one block of
 * key ^ ipad and of key ^ opad (RFC 2104). Each MAC resumes from them; the buffers are the key's own, so
 * one key is used by one caller at a time (the domain is synchronous).
 */
export class HmacSha256Key {
  private readonly innerState = new Uint32Array(8);
  private readonly outerState = new Uint32Array(8);
  private readonly h = new Uint32Array(8);
  private readonly w = new Uint32Array(64);

  constructor(key: Uint8Array) {
    const k = new Uint8Array(BLOCK);
    k.set(key.length > BLOCK ? sha256(key) : key);
    this.innerState.set(IV);
    this.outerState.set(IV);
    const pad = (state: Uint32Array, x: number) => {
      for (let i = 0; i < 16; i++) {
        const p = i * 4;
        this.w[i] =
          (((k[p] as number) ^ x) << 24) |
          (((k[p + 1] as number) ^ x) << 16) |
          (((k[p + 2] as number) ^ x) << 8) |
          ((k[p + 3] as number) ^ x);
      }
      compress(state, this.w);
    };
    pad(this.innerState, 0x36);
    pad(this.outerState, 0x5c);
  }

  /** HMAC-SHA-256 of `message` written into `out` as 8 big-endian words; returns `out`. */
  macWords(message: Uint8Array, out: Uint32Array): Uint32Array {
    const { h, w } = this;
    h.set(this.innerState);
    finish(h, w, message, BLOCK);
    // The outer hash's one remaining block: the inner digest, 0x80, zeros, (64 + 32) * 8 bits.
    for (let i = 0; i < 8; i++) w[i] = h[i] as number;
    w[8] = 0x80000000;
    for (let i = 9; i < 15; i++) w[i] = 0;
    w[15] = (BLOCK + 32) * 8;
    out.set(this.outerState);
    compress(out, w);
    return out;
  }

  mac(message: Uint8Array): Uint8Array {
    return toBytes(this.macWords(message, new Uint32Array(8)));
  }
}

export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array => new HmacSha256Key(key).mac(message);

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
