import { conflict, notFound, ruleError } from '../core/errors';
import { checkCounts, type TableCounts } from './counts';
import { roundCommitment, verifyCommitment } from './decks';
import { computeRound, type RoundResults } from './results';
import { drawSeating, tableShape, type DupTable } from './seating';
import { resolveSettings, type DuplicateSettings, type RoundSettings, type SettingsInput } from './settings';

/**
 * A Duplicate Poker event: its players, settings and rounds (R-DUP-1..7). Commands are pure functions of the
 * event and their inputs; randomness (the seeds) and time come from the caller. A round's secret seed is never
 * part of the event until it is revealed: the event holds its commitment.
 */
export interface DupPlayer {
  playerId: string;
  name: string;
  status: 'active' | 'eliminated' | 'withdrawn';
  eliminatedInRound?: number;
}

export interface CountEntry extends TableCounts {
  enteredBy: string;
  enteredAt: number;
}

/** A table whose entered counts differ from what its recorded hands replay to. */
export interface Disagreement {
  table: number;
  seat: number;
  playerId: string | null;
  entered: number;
  replayed: number;
}

export interface DupRound {
  round: number;
  status: 'playing' | 'closed';
  level: RoundSettings;
  /** Seats per table this round; the decks are dealt for this many (R-DUP-2). */
  tableSize: number;
  tables: DupTable[];
  /** Public: the seat draw is re-derivable from it (seating.ts). */
  seatingSeed: string;
  carryIn: Record<string, number>;
  /** R-DUP-2: hex SHA-256 of the commitment text (decks.ts), published before the round. */
  commitment: string;
  committedAt: number;
  /** Revealed after the round closes. */
  seed?: string;
  revealedAt?: number;
  counts: Record<string, CountEntry>;
  /** Hands recorded per table (the records are stored beside the event). */
  handsRecorded: Record<string, number>;
  disagreements: Disagreement[];
  results?: RoundResults;
  closedAt?: number;
  closedBy?: string;
}

export interface DuplicateEvent {
  eventId: string;
  clubId: string;
  settings: DuplicateSettings;
  players: DupPlayer[];
  status: 'open' | 'running' | 'finished';
  rounds: DupRound[];
  createdAt: number;
  createdBy: string;
  version: number;
}

export interface RoundSeeds {
  seed: string;
  seatingSeed: string;
}

export function createEvent(p: {
  eventId: string;
  clubId: string;
  settings: SettingsInput;
  players: { playerId: string; name: string }[];
  now: number;
  actor: string;
}): DuplicateEvent {
  const ids = new Set<string>();
  p.players.forEach((pl, i) => {
    if (ids.has(pl.playerId))
      throw ruleError('PLAYER_DUPLICATE', `players[${i}]: ${pl.playerId} is listed twice`, [
        { field: `players[${i}].playerId`, message: 'listed twice' },
      ]);
    ids.add(pl.playerId);
  });
  const settings = resolveSettings(p.settings, p.players.length);
  return {
    eventId: p.eventId,
    clubId: p.clubId,
    settings,
    players: p.players.map((pl) => ({ playerId: pl.playerId, name: pl.name, status: 'active' })),
    status: 'open',
    rounds: [],
    createdAt: p.now,
    createdBy: p.actor,
    version: 1,
  };
}

const bump = (ev: DuplicateEvent, change: Partial<DuplicateEvent>): DuplicateEvent => ({ ...ev, ...change, version: ev.version + 1 });

export function withdrawPlayer(ev: DuplicateEvent, playerId: string): DuplicateEvent {
  if (ev.status !== 'open') throw conflict('EVENT_STARTED', 'players can be withdrawn only before the first round');
  const p = ev.players.find((x) => x.playerId === playerId && x.status === 'active');
  if (!p) throw notFound('PLAYER_NOT_FOUND', `no player ${playerId} in this event`);
  return bump(ev, { players: ev.players.map((x) => (x === p ? { ...x, status: 'withdrawn' } : x)) });
}

/**
 * R-PD-1: a player who erased the account keeps the id and every result, under `name` (the pseudonym).
 * Undefined when the event has nothing to change (not a player, or renamed already): no write is needed.
 */
export function renamePlayer(ev: DuplicateEvent, playerId: string, name: string): DuplicateEvent | undefined {
  if (!ev.players.some((x) => x.playerId === playerId && x.name !== name)) return undefined;
  return bump(ev, { players: ev.players.map((x) => (x.playerId === playerId ? { ...x, name } : x)) });
}

const activeIds = (ev: DuplicateEvent): string[] =>
  ev.players
    .filter((p) => p.status === 'active')
    .map((p) => p.playerId)
    .sort();

function newRound(ev: DuplicateEvent, roundNo: number, seeds: RoundSeeds, carryIn: Record<string, number>, now: number): DupRound {
  const level = ev.settings.rounds[roundNo - 1] as RoundSettings;
  const plan = drawSeating(activeIds(ev), seeds.seatingSeed, ev.settings.seatsPerTable);
  return {
    round: roundNo,
    status: 'playing',
    level,
    tableSize: plan.tableSize,
    tables: plan.tables,
    seatingSeed: seeds.seatingSeed,
    carryIn,
    commitment: roundCommitment(seeds.seed, plan.tableSize, level.hands),
    committedAt: now,
    counts: {},
    handsRecorded: {},
    disagreements: [],
  };
}

/** The first round: seats drawn, decks committed. */
export function startEvent(ev: DuplicateEvent, seeds: RoundSeeds, now: number): DuplicateEvent {
  if (ev.status !== 'open') throw conflict('EVENT_STARTED', 'the event has started already');
  const carryIn = Object.fromEntries(activeIds(ev).map((id) => [id, 0]));
  return bump(ev, { status: 'running', rounds: [newRound(ev, 1, seeds, carryIn, now)] });
}

export function roundOf(ev: DuplicateEvent, roundNo: number): DupRound {
  const r = ev.rounds.find((x) => x.round === roundNo);
  if (!r) throw notFound('ROUND_NOT_FOUND', `round ${roundNo} has not started`);
  return r;
}

export function tableOf(r: DupRound, tableNo: number): DupTable {
  const t = r.tables.find((x) => x.table === tableNo);
  if (!t) throw notFound('TABLE_NOT_FOUND', `round ${r.round} has no table ${tableNo}`);
  return t;
}

const playing = (r: DupRound): void => {
  if (r.status !== 'playing') throw conflict('ROUND_CLOSED', `round ${r.round} is closed`);
};

const withRound = (ev: DuplicateEvent, r: DupRound): DuplicateEvent =>
  bump(ev, { rounds: ev.rounds.map((x) => (x.round === r.round ? r : x)) });

/** R-DUP-4: the floor's counts for one table (they replace an earlier entry of the same table). */
export function enterCounts(
  ev: DuplicateEvent,
  roundNo: number,
  tableNo: number,
  input: TableCounts,
  actor: string,
  now: number,
): DuplicateEvent {
  const r = roundOf(ev, roundNo);
  playing(r);
  const t = tableOf(r, tableNo);
  checkCounts(t, input, ev.settings.startingStack);
  return withRound(ev, { ...r, counts: { ...r.counts, [String(tableNo)]: { ...input, enteredBy: actor, enteredAt: now } } });
}

/** The next hand a table may record: hands are recorded in order, each replayed from the stacks the previous left. */
export function checkHandSlot(ev: DuplicateEvent, roundNo: number, tableNo: number, hand: number): DupRound {
  const r = roundOf(ev, roundNo);
  playing(r);
  tableOf(r, tableNo);
  if (!Number.isSafeInteger(hand) || hand < 1 || hand > r.level.hands)
    throw notFound('HAND_NOT_FOUND', `round ${roundNo} has hands 1 to ${r.level.hands}`);
  const done = r.handsRecorded[String(tableNo)] ?? 0;
  if (hand <= done) throw conflict('HAND_ALREADY_RECORDED', `hand ${hand} of table ${tableNo} is recorded already`);
  if (hand !== done + 1) throw conflict('HAND_OUT_OF_ORDER', `table ${tableNo} records hand ${done + 1} next`);
  return r;
}

export const handRecorded = (ev: DuplicateEvent, roundNo: number, tableNo: number, hand: number): DuplicateEvent => {
  const r = roundOf(ev, roundNo);
  return withRound(ev, { ...r, handsRecorded: { ...r.handsRecorded, [String(tableNo)]: hand } });
};

/**
 * Closes a round (R-DUP-3, R-DUP-4, R-DUP-6): each table's chips come from the floor's counts or, without them,
 * from its replayed hands (`replayed`, seat stacks by table, only for tables whose every hand is recorded);
 * both present and different is a flagged disagreement (the entered counts stand). Then results,
 * eliminations, and the next round's seats and decks when a round remains.
 */
export function closeRound(
  ev: DuplicateEvent,
  roundNo: number,
  p: { replayed: ReadonlyMap<number, readonly number[]>; next: RoundSeeds | undefined; actor: string; now: number },
): DuplicateEvent {
  const r = roundOf(ev, roundNo);
  playing(r);
  const chips: Record<string, number> = {};
  const disagreements: Disagreement[] = [];
  const missing: number[] = [];
  for (const t of r.tables) {
    const entered = r.counts[String(t.table)];
    const replayed = p.replayed.get(t.table);
    if (!entered && !replayed) {
      missing.push(t.table);
      continue;
    }
    const enteredBySeat = entered
      ? t.seats.map((pl, i) =>
          pl === null
            ? (entered.emptySeats.find((e) => e.seat === i + 1)?.chips ?? 0)
            : (entered.counts.find((c) => c.playerId === pl)?.chips ?? 0),
        )
      : undefined;
    const stacks = (enteredBySeat ?? replayed) as readonly number[];
    t.seats.forEach((pl, i) => {
      if (pl !== null) chips[pl] = stacks[i] as number;
      if (enteredBySeat && replayed && enteredBySeat[i] !== replayed[i]) {
        disagreements.push({
          table: t.table,
          seat: i + 1,
          playerId: pl,
          entered: enteredBySeat[i] as number,
          replayed: replayed[i] as number,
        });
      }
    });
  }
  if (missing.length) {
    throw conflict('ROUND_INCOMPLETE', `round ${roundNo}: no chip counts and no complete hand records for table(s) ${missing.join(', ')}`);
  }
  const results = computeRound({ settings: ev.settings, round: r.level, tables: r.tables, carryIn: r.carryIn, chips });
  const out = new Set(results.eliminated);
  const closed: DupRound = { ...r, status: 'closed', results, disagreements, closedAt: p.now, closedBy: p.actor };
  let next: DuplicateEvent = {
    ...ev,
    rounds: ev.rounds.map((x) => (x.round === roundNo ? closed : x)),
    players: ev.players.map((pl) => (out.has(pl.playerId) ? { ...pl, status: 'eliminated', eliminatedInRound: roundNo } : pl)),
  };
  const survivors = results.survivors.length;
  const more = roundNo < ev.settings.rounds.length && tableShape(survivors, ev.settings.seatsPerTable).tables >= 2;
  if (more) {
    if (!p.next) throw new Error("closing a round that opens another needs that round's seeds");
    const carryIn = Object.fromEntries(results.players.filter((x) => !x.eliminated).map((x) => [x.playerId, x.carryOut]));
    next = { ...next, rounds: [...next.rounds, newRound(next, roundNo + 1, p.next, carryIn, p.now)] };
  } else {
    next = { ...next, status: 'finished' };
  }
  return { ...next, version: ev.version + 1 };
}

/** R-DUP-2: the seed of a closed round, checked against its commitment, made public. */
export function revealRound(ev: DuplicateEvent, roundNo: number, seed: string, now: number): DuplicateEvent {
  const r = roundOf(ev, roundNo);
  if (r.status !== 'closed')
    throw conflict('ROUND_NOT_CLOSED', `round ${roundNo} is still being played: its seed is revealed after it closes`);
  if (r.seed !== undefined) throw conflict('ROUND_ALREADY_REVEALED', `round ${roundNo}'s seed is public already`);
  if (!verifyCommitment(r.commitment, seed, r.tableSize, r.level.hands)) throw new Error('the stored seed does not match the commitment');
  return withRound(ev, { ...r, seed, revealedAt: now });
}
