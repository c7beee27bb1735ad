import { recordValues } from '../core/record-map';
import { ruleError } from '../core/errors';
import type { ResultRow } from '../results/results';
import type { Tournament } from '../tournaments/types';
import type { PointsFigures } from './points-figures';

/**
 * What the season keeps of a finished tournament: its order of finish and the per-player counts the
 * points formula may use (R-LEAGUE-1). Built from the stored results, so every standings table and
 * rating is reproducible from them (R-LEAGUE-4, R-RATE-1). No amounts: a fee never reaches the season.
 */
export interface FinishedTournament {
  tournamentId: string;
  clubId: string;
  /** When it finished (ms, UTC): the order ratings are updated in. */
  finishedAt: number;
  /** Entries in the field, re-entries included, void ones not. */
  entries: number;
  paidPlaces: number;
  /** One row per player (re-entries collapsed, R-REENTRY-6), any order. */
  rows: readonly FinishRow[];
}

export interface FinishRow {
  playerId: string;
  place: number;
  /** The player's entries (1 + re-entries). */
  entries: number;
  knockouts: number;
  bountyPoints?: number;
  rebuys?: number;
  addons?: number;
}

/** Per-player rebuy and add-on counts of a tournament: counts of fee records by kind, never their amounts. */
export function rebuyAndAddonCounts(t: Pick<Tournament, 'fees'>): Record<string, { rebuys: number; addons: number }> {
  const out: Record<string, { rebuys: number; addons: number }> = {};
  for (const f of recordValues(t.fees)) {
    if (f.cancelledAt !== undefined || (f.kind !== 'rebuy' && f.kind !== 'addon')) continue;
    const c = (out[f.playerId] ??= { rebuys: 0, addons: 0 });
    if (f.kind === 'rebuy') c.rebuys += 1;
    else c.addons += 1;
  }
  return out;
}

/**
 * The season's record of a finished tournament from its results (domain/results `results(...)`), the
 * number of counted entries, the paid places (R-ITM-1) and, optionally, `rebuyAndAddonCounts`.
 */
export function finishFromResults(input: {
  tournamentId: string;
  clubId: string;
  finishedAt: number;
  entries: number;
  paidPlaces: number;
  results: readonly ResultRow[];
  counts?: Record<string, { rebuys: number; addons: number }>;
}): FinishedTournament {
  return {
    tournamentId: input.tournamentId,
    clubId: input.clubId,
    finishedAt: input.finishedAt,
    entries: input.entries,
    paidPlaces: input.paidPlaces,
    rows: input.results.map((r) => ({
      playerId: r.playerId,
      place: r.place,
      entries: r.entryIds.length,
      knockouts: r.knockouts,
      ...(r.bountyPoints !== undefined ? { bountyPoints: r.bountyPoints } : {}),
      rebuys: input.counts?.[r.playerId]?.rebuys ?? 0,
      addons: input.counts?.[r.playerId]?.addons ?? 0,
    })),
  };
}

/** R-LEAGUE-1: the figures of one row, the only values a points formula sees. */
export function figuresOf(t: FinishedTournament, row: FinishRow): PointsFigures {
  return {
    place: row.place,
    entries: t.entries,
    players: t.rows.length,
    knockouts: row.knockouts,
    bountyPoints: row.bountyPoints ?? 0,
    itm: row.place <= t.paidPlaces ? 1 : 0,
    paidPlaces: t.paidPlaces,
    reentries: Math.max(0, row.entries - 1),
    rebuys: row.rebuys ?? 0,
    addons: row.addons ?? 0,
  };
}

/** Refuses a record a table or rating cannot be built from: one row per player, places from 1. */
export function assertFinish(t: FinishedTournament): void {
  const seen = new Set<string>();
  for (const r of t.rows) {
    if (seen.has(r.playerId)) {
      throw ruleError('FINISH_INVALID', `Player ${r.playerId} has two rows in tournament ${t.tournamentId}`, [
        { field: 'rows', message: 're-entries must be collapsed to the player (R-REENTRY-6)' },
      ]);
    }
    seen.add(r.playerId);
    if (!Number.isInteger(r.place) || r.place < 1 || r.place > t.rows.length) {
      throw ruleError('FINISH_INVALID', `Place ${r.place} of player ${r.playerId} is outside 1..${t.rows.length}`, [
        { field: 'rows.place', message: 'a place is an integer from 1 to the number of players' },
      ]);
    }
  }
}
