import { recordAt, recordIds, recordValues } from '../../domain/core/record-map';
import { clockView } from '../../domain/clock';
import type { SeatRef, SeatingState, Table } from '../../domain/seating';
import { currentFieldViews } from '../../domain/floor/field-views';
import type { StoredTournament } from '../store/tournament-store';
import type { LoggedEvent } from '../store/tournament-log';
import type { Patch } from '../store/state-patch';
import { playerRows, touchedPlayers } from '../app/tournaments/player-rows';
import type { Topic } from './topics';
import { tournamentHidden } from '../../domain/moderation/content';

/** What one committed event means on the live topics: pure, from the event and the states around it. */
export interface LiveEvent {
  clubId: string;
  tournamentId: string;
  version: number;
  before: StoredTournament | undefined;
  after: StoredTournament;
  event: Pick<LoggedEvent, 'at' | 'events'> & { patch: Patch };
}

export interface LiveMessage {
  topic: Topic;
  data: Record<string, unknown>;
}

type DomainEvent = { type: string; [k: string]: unknown };

/** Event types that change what the public clock screen shows. */
const PUBLIC_PREFIXES = ['clock.', 'level.', 'break.', 'entry.', 'seating.', 'tournament.status_changed'];
const isPublic = (type: string) => PUBLIC_PREFIXES.some((p) => type.startsWith(p));

const seatView = (s: SeatingState | undefined, ref: SeatRef | undefined) => {
  const table = ref ? s?.tables[ref.tableId] : undefined;
  return ref && table ? { tableId: ref.tableId, tableNumber: table.number, seat: ref.seat + 1 } : null;
};

function clockOf(t: StoredTournament, at: number) {
  if (!t.clock) return null;
  const v = clockView(t.clock.timer, t.clock.structure, at);
  return {
    status: v.status,
    now: new Date(v.now).toISOString(),
    current: v.current,
    next: v.next,
    breakNumber: v.breakNumber,
    timeLeftMs: v.timeLeftMs,
    levelEndsAt: v.levelEndsAt === null ? null : new Date(v.levelEndsAt).toISOString(),
    pausedAt: v.pausedAt === null ? null : new Date(v.pausedAt).toISOString(),
  };
}

/** The field's figures, as the state keeps them (domain/floor/field-views.ts). */
function standingsOf(t: StoredTournament) {
  const v = currentFieldViews(t);
  const playersLeft = v.entries.activeEntries;
  return { entries: v.entries.entries, playersLeft, averageStack: playersLeft > 0 ? Math.round(v.chips.total / playersLeft) : null };
}

/**
 * The tables an event changed, from its patch: a message carries those (a client keeps the others it
 * has, by tableId), so its size and cost follow the change, not the room. A draw, or a patch that set
 * the seating whole, changes them all.
 */
function changedTables(s: SeatingState | undefined, patch: Patch): Table[] {
  const ids = new Set<string>();
  for (const [, path] of patch) {
    if (path.length === 0 || (path[0] === 'seating' && (path.length === 1 || (path[1] === 'tables' && path.length === 2)))) {
      return recordValues(s?.tables);
    }
    if (path[0] === 'seating' && path[1] === 'tables' && path[2] !== undefined) ids.add(path[2]);
  }
  return [...ids].flatMap((id) => recordAt(s?.tables, id) ?? []);
}

const byNumber = (a: Table, b: Table) => a.number - b.number;

/** The table picture everyone may see: the changed tables and how many sit at each, no names. */
const publicTables = (s: SeatingState | undefined, patch: Patch) =>
  changedTables(s, patch)
    .sort(byNumber)
    .map((t) => ({ tableId: t.id, number: t.number, status: t.status, players: t.seats.filter(Boolean).length }));

/** The floor's picture of the changed tables: who sits where, as GET .../tables shows it. */
const staffTables = (t: StoredTournament, patch: Patch) =>
  changedTables(t.seating, patch)
    .sort(byNumber)
    .map((table) => ({
      tableId: table.id,
      number: table.number,
      status: table.status,
      seats: table.seats.map((entryId, i) => ({
        seat: i + 1,
        entryId,
        playerId: entryId ? (recordAt(t.entries, entryId)?.playerId ?? null) : null,
      })),
    }));

const isSeatRef = (v: unknown): v is SeatRef =>
  typeof v === 'object' && v !== null && typeof (v as SeatRef).tableId === 'string' && typeof (v as SeatRef).seat === 'number';

/**
 * The staff's events, seats numbered from 1 as in every REST view (the domain counts from 0): each seat
 * reference (`at` of a freed seat, `from` and `to` of a move) with its table's number.
 */
const staffEvents = (p: LiveEvent) =>
  (p.event.events as DomainEvent[]).map((e) =>
    Object.fromEntries(
      Object.entries(e).map(([k, v]) => {
        if (!isSeatRef(v)) return [k, v];
        const table = p.after.seating?.tables[v.tableId] ?? p.before?.seating?.tables[v.tableId];
        return [k, { tableId: v.tableId, tableNumber: table?.number ?? null, seat: v.seat + 1 }];
      }),
    ),
  );

/** Players an event concerns: records it touched, and those its events name (a move, a draw). */
function concernedPlayers(p: LiveEvent): Set<string> {
  const players = touchedPlayers(p.before, p.after, p.event.patch);
  for (const e of p.event.events as DomainEvent[]) {
    if (typeof e.playerId === 'string') players.add(e.playerId);
    if (typeof e.entryId === 'string') {
      const owner = p.after.entries[e.entryId]?.playerId;
      if (owner) players.add(owner);
    }
    if (e.type === 'seating.drawn' || e.type === 'seating.final_table_assembled') {
      for (const entryId of recordIds(p.after.seating?.seatOf)) {
        const owner = p.after.entries[entryId]?.playerId;
        if (owner) players.add(owner);
      }
    }
  }
  return players;
}

type PlayerRow = ReturnType<typeof playerRows>[number];

/** A player's standing as the player topic shows it: the registration and the seat now. */
const playerStanding = (t: StoredTournament, row: PlayerRow | undefined) => ({
  registration: row
    ? { registrationId: row.registrationId, status: row.registrationStatus, entryId: row.entryId ?? null, eliminated: row.eliminated }
    : null,
  seat: row?.entryId ? seatView(t.seating, t.seating?.seatOf[row.entryId]) : null,
});

/**
 * A player topic's message from the state alone: the player's registration and seat now, no events. A phone
 * resuming from further back than the log replays gets this instead of a REST read (functions/live/replay.ts).
 */
export function playerStandingMessage(t: StoredTournament, playerId: string): LiveMessage {
  const [row] = playerRows(t, new Set([playerId]));
  return { topic: { kind: 'player', playerId }, data: { ...playerStanding(t, row), moves: [], events: [] } };
}

function playerMessages(p: LiveEvent): LiveMessage[] {
  const players = concernedPlayers(p);
  if (players.size === 0) return [];
  const rows = new Map(playerRows(p.after, players).map((r) => [r.playerId, r]));
  const s = p.after.seating;
  const moves = (p.event.events as DomainEvent[]).filter((e) => e.type === 'seating.player_moved');
  return [...players].map((playerId) => {
    const mine = moves.filter((m) => p.after.entries[String(m.entryId)]?.playerId === playerId);
    return {
      topic: { kind: 'player', playerId },
      data: {
        ...playerStanding(p.after, rows.get(playerId)),
        moves: mine.map((m) => ({
          moveId: m.moveId,
          entryId: m.entryId,
          reason: m.reason,
          from: seatView(p.before?.seating ?? s, m.from as SeatRef | undefined),
          to: seatView(s, m.to as SeatRef),
        })),
        events: (p.event.events as DomainEvent[])
          .filter((e) => e.playerId === playerId || (typeof e.entryId === 'string' && p.after.entries[e.entryId]?.playerId === playerId))
          .map((e) => e.type),
      },
    };
  });
}

/**
 * The messages of one event: the public topic while the tournament is on the public clock (running, or
 * the event that ended its run, and not hidden by the operator), the staff topic for every event, and each concerned player's own topic.
 */
export function liveMessages(p: LiveEvent): LiveMessage[] {
  const { clubId, tournamentId } = p;
  const types = p.event.events.map((e) => e.type);
  const out: LiveMessage[] = [];
  // R-MOD-1: a tournament the operator hid is on no public view, its live topic included (the public clock answers 404).
  const onPublicClock = (p.after.status === 'running' || p.before?.status === 'running') && !tournamentHidden(p.after.contentModeration);
  const seatingChanged = types.some((t) => t.startsWith('seating.'));
  if (onPublicClock && types.some(isPublic)) {
    out.push({
      topic: { kind: 'tournament', clubId, tournamentId },
      data: {
        status: p.after.status,
        events: types.filter(isPublic),
        clock: clockOf(p.after, p.event.at),
        standings: standingsOf(p.after),
        tables: publicTables(p.after.seating, p.event.patch),
      },
    });
  }
  if (types.length > 0) {
    out.push({
      topic: { kind: 'staff', clubId, tournamentId },
      data: { status: p.after.status, events: staffEvents(p), ...(seatingChanged ? { tables: staffTables(p.after, p.event.patch) } : {}) },
    });
  }
  out.push(...playerMessages(p));
  return out;
}

/** API Gateway's largest message is 128 KB; a larger view is replaced by a hint to read it over REST. */
export const MAX_FRAME_BYTES = 120_000;

/**
 * One message as the frame a socket receives. `since` marks a catch-up frame of a resumed topic: it
 * stands for every event after that version up to its own.
 */
export function liveFrame(
  p: { clubId: string; tournamentId: string; version: number; at: number },
  m: LiveMessage,
  opts: { since?: number } = {},
): string {
  const head = {
    type: 'event',
    topic: m.topic,
    clubId: p.clubId,
    tournamentId: p.tournamentId,
    version: p.version,
    at: new Date(p.at).toISOString(),
    ...(opts.since !== undefined ? { since: opts.since } : {}),
  };
  const frame = JSON.stringify({ ...head, data: m.data });
  return Buffer.byteLength(frame) > MAX_FRAME_BYTES ? JSON.stringify({ ...head, refetch: true }) : frame;
}
