import { randomBytes, randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RANDOM_CHARS = 16;

/*
 * The random part comes from a pool of CSPRNG bytes refilled 4 KB at a time (as Node's randomUUID keeps
 * its own cache), and the time part is kept for the millisecond it was made for: a command that makes
 * thousands of ids at one `now` (a day 2's field: two per player) then costs well under a microsecond an
 * id instead of 8 (a randomBytes call, a Buffer and a string of 26 one-character concatenations each). A process
 * restored from a memory snapshot would replay the pool; no function of the stack uses SnapStart.
 */
const pool = Buffer.allocUnsafe(4096);
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
/**
 * The random characters' codes, made into one flat string by one call: sixteen `+=` of one character
 * each left a rope of sixteen pieces per id, garbage to collect and flattened again by the first hash.
 */
const codes: number[] = new Array<number>(RANDOM_CHARS).fill(0);
let used = pool.length;
let timeOf = { ms: Number.NaN, text: '' };

/** `now` in 10 Crockford base32 digits, most significant first. */
function timeText(now: number): string {
  if (timeOf.ms === now) return timeOf.text;
  let t = '';
  let ms = now;
  for (let i = 0; i < 10; i++) {
    t = ALPHABET[ms % 32] + t;
    ms = Math.floor(ms / 32);
  }
  timeOf = { ms: now, text: t };
  return t;
}

/**
 * `<prefix>_<time><random>`: sortable by creation time (10 chars of ms in Crockford base32)
 * and unguessable (16 random chars, 80 bits). No dots, so ids can be joined with dots.
 */
export function newId(prefix: string, now: number = Date.now()): string {
  if (used + RANDOM_CHARS > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  // 256 is a multiple of 32: the low five bits of a uniform byte are uniform.
  for (let i = 0; i < RANDOM_CHARS; i++) codes[i] = ALPHABET_CODES[(pool[used++] as number) & 31] as number;
  return `${prefix}_${timeText(now)}${String.fromCharCode.apply(null, codes)}`;
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
