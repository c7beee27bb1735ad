import { randomBytes } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { problem } from '../platform/problem';
import type { RouteRequest } from '../platform/route';
import { logger } from '../platform/logger';
import { notifier } from '../adapters/notifications';
import { DuplicateVersionConflict, concurrentUpdate, listHands, loadEvent, readSeed, saveEvent } from '../store/duplicate-store';
import { ifMatch } from './tournament-support';
import { roundDecks } from '../../domain/duplicate/decks';
import { roundOf, tableOf, type DupRound, type DuplicateEvent, type RoundSeeds } from '../../domain/duplicate/event';
import { replayTable, type RecordedAction, type TableReplay } from '../../domain/duplicate/table-replay';
import { seatOf } from '../../domain/duplicate/seating';
import { deckToStrings } from '../../domain/holdem/deck';

type Req = RouteRequest<{ clubId: string; eventId: string }, unknown, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

/** R-DUP-2: a round's secret seed from the operating system's CSPRNG (256 bits), and a public one for the seat draw. */
export const newSeeds = (): RoundSeeds => ({ seed: randomBytes(32).toString('hex'), seatingSeed: randomBytes(16).toString('hex') });

export async function requireEvent(clubId: string, eventId: string): Promise<DuplicateEvent> {
  const ev = await loadEvent(clubId, eventId);
  if (!ev) throw problem(404, 'DUPLICATE_EVENT_NOT_FOUND', 'No such Duplicate Poker event');
  return ev;
}

export const names = (ev: DuplicateEvent): Record<string, string> => Object.fromEntries(ev.players.map((p) => [p.playerId, p.name]));

const MAX_ATTEMPTS = 4;

/**
 * One command on one event: read, decide with the pure domain, write under the version read. A lost race
 * decides again on the new version; with If-Match the caller wanted exactly that version, so it is a 409.
 */
export async function runEventCommand(
  req: Req,
  decide: (
    ev: DuplicateEvent,
  ) => { event: DuplicateEvent; companions?: TransactItem[] } | Promise<{ event: DuplicateEvent; companions?: TransactItem[] }>,
): Promise<{ before: DuplicateEvent; event: DuplicateEvent }> {
  const { clubId, eventId } = req.params;
  const expected = ifMatch(req);
  for (let attempt = 1; ; attempt++) {
    const before = await requireEvent(clubId, eventId);
    if (expected !== undefined && before.version !== expected)
      throw problem(409, 'VERSION_MISMATCH', `The event is at version ${before.version}, not ${expected}`);
    const { event, companions } = await decide(before);
    try {
      await saveEvent(event, before.version, companions);
      return { before, event };
    } catch (e) {
      if (!(e instanceof DuplicateVersionConflict)) throw e;
      if (expected !== undefined || attempt >= MAX_ATTEMPTS) throw concurrentUpdate();
    }
  }
}

export const etag = (ev: DuplicateEvent): Record<string, string> => ({ etag: `"${ev.version}"` });

/** Replays of every table of a round from the stored hand records and the round's decks. */
export async function replayRound(ev: DuplicateEvent, r: DupRound): Promise<Map<number, TableReplay>> {
  const [seed, hands] = await Promise.all([readSeed(ev.clubId, ev.eventId, r.round), listHands(ev.clubId, ev.eventId, r.round)]);
  const decks = roundDecks(seed, r.level.hands);
  const out = new Map<number, TableReplay>();
  for (const t of r.tables) {
    const recorded = new Map<number, RecordedAction[]>(hands.filter((h) => h.table === t.table).map((h) => [h.hand, h.actions]));
    if (recorded.size === 0) continue;
    out.set(t.table, replayTable({ settings: ev.settings, round: r.level, table: t, decks, recorded, names: names(ev) }));
  }
  return out;
}

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

export const roundParam = (ev: DuplicateEvent, round: number): DupRound => roundOf(ev, round);
export { tableOf };

/**
 * Players learn their seat when a round starts and their result when it closes (R-DUP-3, R-DUP-4). The feed
 * is written after the event: a failed delivery is logged and does not undo the round.
 */
export async function notifySeats(ev: DuplicateEvent, r: DupRound, at: number): Promise<void> {
  const port = notifier();
  const jobs = r.tables.flatMap((t) =>
    t.seats.flatMap((playerId, i) =>
      playerId === null
        ? []
        : [
            port.publish([playerId], {
              id: `dup:${ev.eventId}:r${r.round}:seat`,
              type: 'duplicate.seat',
              at,
              clubId: ev.clubId,
              tournamentId: ev.eventId,
              title: `${ev.settings.name}, round ${r.round}: table ${t.table}, seat ${i + 1}`,
              data: {
                eventId: ev.eventId,
                round: r.round,
                table: t.table,
                seat: i + 1,
                hands: r.level.hands,
                startingStack: ev.settings.startingStack,
                carryIn: r.carryIn[playerId] ?? 0,
              },
            }),
          ],
    ),
  );
  await settle(jobs, ev, r.round);
}

export async function notifyResults(ev: DuplicateEvent, r: DupRound, at: number): Promise<void> {
  const next = ev.rounds.find((x) => x.round === r.round + 1);
  const port = notifier();
  const jobs = (r.results?.players ?? []).map((p) => {
    const seat = next ? seatOf(next.tables, p.playerId) : undefined;
    const line = p.eliminated ? 'eliminated' : seat ? `next: round ${r.round + 1}, table ${seat.table}, seat ${seat.seat}` : 'through';
    return port.publish([p.playerId], {
      id: `dup:${ev.eventId}:r${r.round}:result`,
      type: 'duplicate.round-result',
      at,
      clubId: ev.clubId,
      tournamentId: ev.eventId,
      title: `${ev.settings.name}, round ${r.round}: place ${p.place}, ${p.total >= 0 ? '+' : ''}${p.total} points, ${line}`,
      data: {
        eventId: ev.eventId,
        round: r.round,
        place: p.place,
        chips: p.chips,
        points: p.points,
        total: p.total,
        carryOut: p.carryOut,
        eliminated: p.eliminated,
        ...(seat ? { next: { round: r.round + 1, ...seat } } : {}),
      },
    });
  });
  await settle(jobs, ev, r.round);
}

async function settle(jobs: Promise<void>[], ev: DuplicateEvent, round: number): Promise<void> {
  const failed = (await Promise.allSettled(jobs)).filter((j) => j.status === 'rejected');
  if (failed.length) logger.warn('duplicate notifications not delivered', { eventId: ev.eventId, round, failed: failed.length });
}
