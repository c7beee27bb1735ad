import { recordValues } from '../core/record-map';
import {
  bountyOf,
  commitMysteryTable,
  DEFAULT_COLLECT_PERCENT,
  DEFAULT_INITIAL_BOUNTY,
  emptyKnockoutsState,
  MYSTERY_DRAW_ALGORITHM,
  progressiveLedger,
  remainingQuantities,
  type KnockoutBounty,
  type ProgressiveSettings,
} from '../results';
import type { FloorTournament } from './aggregate';
import { bountySettings } from './knockouts';

/**
 * R-MYS-2 Beyond: the tournament with the commitment its mystery prize table needs: kept while the
 * table is unchanged, made anew (with `freshSeed`, from a CSPRNG at the edge) when it changed,
 * dropped without a table. Called with every write of the settings, so the commitment is public from
 * the announcement on and fixed, like the table, once registration opens (R-LIFE-2).
 */
export function withMysteryCommitment(t: FloorTournament, freshSeed: string, now: number): FloorTournament {
  const rows = t.settings.mysteryBounty && t.settings.mysteryPrizeSource === 'server_table' ? t.settings.mysteryPrizeTable : undefined;
  const next = commitMysteryTable(t.mysteryCommitment, rows, freshSeed, now);
  if (next === t.mysteryCommitment) return t;
  if (next === undefined) {
    const { mysteryCommitment: _dropped, ...rest } = t;
    return rest;
  }
  return { ...t, mysteryCommitment: next };
}

/** The progressive settings in force, or undefined when the tournament does not accumulate (R-BTY-3). */
export function progressiveOf(t: FloorTournament): ProgressiveSettings | undefined {
  const b = bountySettings(t);
  if (b.type !== 'progressive' || b.progressiveMode !== 'accumulate') return undefined;
  return b.progressive ?? { initialBounty: DEFAULT_INITIAL_BOUNTY, collectPercent: DEFAULT_COLLECT_PERCENT };
}

export interface EntryBounty {
  entryId: string;
  playerId: string;
  status: string;
  /** Points on the entry's head now. */
  bounty: number;
  /** Points the entry has collected from its knockouts. */
  collected: number;
}

/** R-BTY-3: every non-void entry's bounty and collected points, replayed from the active knockouts. */
export function entryBounties(t: FloorTournament, settings: ProgressiveSettings): EntryBounty[] {
  const ledger = progressiveLedger(t.knockouts ?? emptyKnockoutsState(), settings);
  return recordValues(t.entries)
    .filter((e) => e.status !== 'void')
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
    .map((e) => ({
      entryId: e.id,
      playerId: e.playerId,
      status: e.status,
      bounty: bountyOf(ledger, e.id, settings),
      collected: ledger.collected[e.id] ?? 0,
    }));
}

/** The split of every active knockout, for the knockout views (empty when not accumulating). */
export function knockoutBounties(t: FloorTournament): Record<string, KnockoutBounty> {
  const p = progressiveOf(t);
  return p ? progressiveLedger(t.knockouts ?? emptyKnockoutsState(), p).byKnockout : {};
}

export interface MysteryTableView {
  source: 'client_text' | 'server_table';
  algorithm: string;
  tableHash?: string;
  seedHash?: string;
  committedAt?: number;
  /** Only once the tournament is over. */
  seed?: string;
  prizes: { index: number; prize: string; quantity: number; remaining: number; order?: number }[];
  draws: {
    drawId: string;
    sequence: number;
    knockoutId: string;
    killerEntryId: string;
    prizeIndex?: number;
    prizeText?: string;
    at: number;
  }[];
}

/** R-MYS-2: the table with what is left of it, the commitment and, at the end, the seed. */
export function mysteryTableView(t: FloorTournament): MysteryTableView {
  const b = bountySettings(t);
  const state = t.knockouts ?? emptyKnockoutsState();
  const rows = t.settings.mysteryPrizeTable ?? [];
  const left = remainingQuantities(rows, state);
  const over = t.status === 'finished' || t.status === 'cancelled';
  const c = t.mysteryCommitment;
  return {
    source: b.mysteryPrizeSource ?? 'client_text',
    algorithm: MYSTERY_DRAW_ALGORITHM,
    ...(c ? { tableHash: c.tableHash, seedHash: c.seedHash, committedAt: c.at, ...(over ? { seed: c.seed } : {}) } : {}),
    prizes: rows.map((r, index) => ({
      index,
      prize: r.prize,
      quantity: r.quantity,
      remaining: left[index] ?? 0,
      ...(r.order !== undefined ? { order: r.order } : {}),
    })),
    draws: recordValues(state.mysteryDraws)
      .sort((a, b2) => a.sequence - b2.sequence)
      .map((d) => ({
        drawId: d.id,
        sequence: d.sequence,
        knockoutId: d.knockoutId,
        killerEntryId: d.killerEntryId,
        ...(d.prizeIndex !== undefined ? { prizeIndex: d.prizeIndex } : {}),
        ...(d.prizeText !== undefined ? { prizeText: d.prizeText } : {}),
        at: d.at,
      })),
  };
}
