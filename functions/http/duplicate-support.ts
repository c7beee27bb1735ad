import type { RouteRequest } from '../platform/route';
import { ifMatch } from './tournament-support';
import type { DuplicateCommand } from '../app/duplicate/command';
import { names } from '../app/duplicate/round-records';
import { roundDecks } from '../../domain/duplicate/decks';
import type { DupRound, DuplicateEvent } from '../../domain/duplicate/event';
import { deckToStrings } from '../../domain/holdem/deck';

/* How the Duplicate routes name their command and shape an event and its rounds on the wire. */

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

/** The command a Duplicate route issues: the event in its path and the caller's If-Match. */
export const duplicateCommandOf = (req: RouteRequest<{ clubId: string; eventId: string }, unknown, unknown>): DuplicateCommand => ({
  clubId: req.params.clubId,
  eventId: req.params.eventId,
  expectedVersion: ifMatch(req),
});

/** Who acts, as the event records it. */
export const actorOf = (req: RouteRequest<unknown, unknown, unknown>): string => req.club?.actorId ?? 'unknown';

export const etag = (ev: DuplicateEvent): Record<string, string> => ({ etag: `"${ev.version}"` });

export { names };

export function roundView(ev: DuplicateEvent, r: DupRound) {
  const who = names(ev);
  return {
    eventId: ev.eventId,
    round: r.round,
    status: r.status,
    level: r.level,
    tableSize: r.tableSize,
    tables: r.tables.map((t) => ({
      table: t.table,
      seats: t.seats.map((p, i) => ({ seat: i + 1, playerId: p, name: p === null ? null : (who[p] ?? p) })),
    })),
    seatingSeed: r.seatingSeed,
    commitment: r.commitment,
    committedAt: iso(r.committedAt) as string,
    seed: r.seed ?? null,
    revealedAt: iso(r.revealedAt),
    decks: r.seed ? roundDecks(r.seed, r.level.hands).map(deckToStrings) : null,
    countsEntered: Object.keys(r.counts)
      .map(Number)
      .sort((a, b) => a - b),
    handsRecorded: Object.entries(r.handsRecorded)
      .map(([table, hands]) => ({ table: Number(table), hands }))
      .sort((a, b) => a.table - b.table),
    disagreements: r.disagreements,
    results: r.results ? r.results.players.map((p) => ({ ...p, name: who[p.playerId] ?? p.playerId })) : null,
    closedAt: iso(r.closedAt),
  };
}

export function eventView(ev: DuplicateEvent) {
  return {
    eventId: ev.eventId,
    clubId: ev.clubId,
    version: ev.version,
    status: ev.status,
    settings: ev.settings,
    players: ev.players,
    rounds: ev.rounds.map((r) => roundView(ev, r)),
    createdAt: iso(ev.createdAt) as string,
  };
}
