import { recordValues } from '../core/record-map';
import { hmacSha256, sha256, toHex, utf8 } from '../holdem/sha256';
import type { KnockoutsState } from './state';

/**
 * R-MYS-2 Beyond: a tournament's mystery prize table, drawn by the server. Prizes are non-monetary
 * (R-MONEY-2); the setting validator checks them (domain/tournaments/bounty-settings.ts).
 *
 * Fairness by commit and reveal (docs/decisions/bounties.md): when the table is set, the server picks a
 * secret seed from a CSPRNG and publishes `tableHash` and `seedHash`; the seed is revealed once the
 * tournament is over. Draw number s takes a ticket t in [0, n), n = the prizes left, from the stream
 * HMAC-SHA-256(key = UTF-8 seed, "sport-poker/mystery/v1" + uint32_be(s) + uint32_be(block)) read as
 * 32-bit big-endian words, rejecting u >= floor(2^32 / n) * n (no modulo bias), t = u mod n; the prize
 * is the row whose remaining quantity covers t, walking the rows in table order.
 */
export interface MysteryPrizeRow {
  prize: string;
  quantity: number;
  /** Where the row stands in the table; the stored table is sorted by it. */
  order?: number;
}

/** `client_text`: the floor types what the player drew from a physical envelope (R-MYS-1). */
export type MysteryPrizeSource = 'client_text' | 'server_table';
export const MYSTERY_PRIZE_SOURCES: readonly MysteryPrizeSource[] = ['client_text', 'server_table'];

export const MYSTERY_DRAW_ALGORITHM = 'hmac-sha256-mystery-v1';
const LABEL = utf8('sport-poker/mystery/v1');

export interface MysteryCommitment {
  /** Secret until the tournament is over; never in a view before then. */
  readonly seed: string;
  readonly seedHash: string;
  readonly tableHash: string;
  readonly at: number;
}

/** The table as hashed: rows in order, keys in a fixed order. */
export const canonicalTable = (rows: readonly MysteryPrizeRow[]): string =>
  JSON.stringify(rows.map((r) => ({ prize: r.prize, quantity: r.quantity, ...(r.order !== undefined ? { order: r.order } : {}) })));

export const mysteryTableHash = (rows: readonly MysteryPrizeRow[]): string => toHex(sha256(utf8(canonicalTable(rows))));

export const mysterySeedHash = (seed: string): string => toHex(sha256(utf8(seed)));

/**
 * The commitment for a table: kept when the table is unchanged, a fresh one (with the new seed) when it
 * changed, none without a table.
 */
export function commitMysteryTable(
  current: MysteryCommitment | undefined,
  rows: readonly MysteryPrizeRow[] | undefined,
  freshSeed: string,
  now: number,
): MysteryCommitment | undefined {
  if (!rows || rows.length === 0) return undefined;
  const tableHash = mysteryTableHash(rows);
  if (current && current.tableHash === tableHash) return current;
  return { seed: freshSeed, seedHash: mysterySeedHash(freshSeed), tableHash, at: now };
}

/** What is left of each row: its quantity less the draws that took it. */
export function remainingQuantities(rows: readonly MysteryPrizeRow[], state: KnockoutsState): number[] {
  const left = rows.map((r) => r.quantity);
  for (const d of recordValues(state.mysteryDraws)) {
    if (d.prizeIndex !== undefined && d.prizeIndex < left.length) left[d.prizeIndex] = (left[d.prizeIndex] ?? 0) - 1;
  }
  return left;
}

/** A uniform ticket in [0, n) for draw number `sequence`. */
export function mysteryTicket(seed: string, sequence: number, n: number): number {
  const key = utf8(seed);
  const limit = Math.floor(2 ** 32 / n) * n;
  for (let block = 0; ; block++) {
    const msg = new Uint8Array(LABEL.length + 8);
    msg.set(LABEL);
    const view = new DataView(msg.buffer);
    view.setUint32(LABEL.length, sequence);
    view.setUint32(LABEL.length + 4, block);
    const bytes = hmacSha256(key, msg);
    const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 0; at < bytes.length; at += 4) {
      const u = words.getUint32(at);
      if (u < limit) return u % n;
    }
  }
}

/** The row drawn by draw number `sequence`, or undefined when nothing is left. */
export function drawFromTable(seed: string, sequence: number, remaining: readonly number[]): number | undefined {
  const n = remaining.reduce((sum, q) => sum + Math.max(0, q), 0);
  if (n === 0) return undefined;
  let t = mysteryTicket(seed, sequence, n);
  for (let i = 0; i < remaining.length; i++) {
    const q = Math.max(0, remaining[i] ?? 0);
    if (t < q) return i;
    t -= q;
  }
  return undefined;
}
