import { describe, expect, it } from 'vitest';
import { newId } from '../../../functions/runtime/ids';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const encode = (ms: number) => {
  let t = '';
  for (let i = 0; i < 10; i++, ms = Math.floor(ms / 32)) t = ALPHABET[ms % 32] + t;
  return t;
};

describe('ids', () => {
  it('are <prefix>_<10 chars of the time><16 random chars> in Crockford base32, sortable by time', () => {
    const now = Date.UTC(2026, 11, 6, 18, 30);
    const id = newId('ent', now);
    expect(id).toMatch(/^ent_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(id.slice(4, 14)).toBe(encode(now));
    expect(newId('ent', now + 1) > newId('ent', now)).toBe(true);
    expect(newId('reg', now + 60_000).slice(4, 14)).toBe(encode(now + 60_000));
  });

  it('do not repeat across many refills of the random pool, and every random character is about as likely', () => {
    const now = Date.UTC(2026, 11, 6, 18, 30);
    const ids = Array.from({ length: 10_000 }, () => newId('ent', now));
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Map<string, number>();
    for (const id of ids) for (const c of id.slice(14)) seen.set(c, (seen.get(c) ?? 0) + 1);
    // 160,000 characters over 32: 5,000 each expected; a skewed mapping would leave some far off.
    expect(seen.size).toBe(32);
    for (const n of seen.values()) expect(n).toBeGreaterThan(4_400);
    for (const n of seen.values()) expect(n).toBeLessThan(5_600);
  });
});
