import { putRecords, recordAt, recordMap, recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, conflictWith } from '../core/errors';
import { seededRandom, shuffle } from '../core/random';
import { activeKnockoutOf, emptyKnockoutsState, type Knockout } from '../results';
import {
  dealRoundRobin,
  freeSeats,
  playerCount,
  provableRoundOrder,
  seatDrawCommitment,
  type DrawRecord,
  type KnockoutFlags,
  type SeatRef,
  type SeatingEvent,
  type SeatingState,
  type Table,
} from '../seating';
import { SeatingDraft } from '../seating/draft';
import { DEFAULT_ADVANCE_PER_TABLE } from '../tournaments/shootout-settings';
import type { FloorTournament } from './aggregate';

/*
 * R-SHOOT-1..2: a shootout. Each round's tables are isolated: a knockout frees its seat and moves nobody,
 * no table is balanced or broken. A table is decided once it is down to its advancing players (the
 * setting, 1 by default); the round closes when every table is decided, by the floor or by the knockout
 * that decides the last table. The advancing players are then drawn at random onto new tables (numbered
 * on from the last table used; the round's tables are done, shown as broken) from the seat draw's
 * committed stream (R-DRAW-1, provable-draw.ts). A round of one table is the final, played to the winner.
 *
 * Places need no rule of their own: elimination numbers rise with time and a round starts only once the
 * one before is closed, so every bust of a round ranks below every player of the next (R-PLC-2 across
 * rounds, the round reached first); a knockout of a closed round cannot be cancelled, which keeps it so.
 */

export type ShootoutCloser = 'floor' | 'knockout';

/** Round 2, 3, ...: how it was drawn, enough for anyone to re-derive its seats (round 1 is the initial draw). */
export interface ShootoutRound {
  round: number;
  drawId: string;
  drawnAt: number;
  /** Who closed the round before it. */
  closedBy: ShootoutCloser;
  /** The round's players, sorted by code unit: the published list its draw shuffles. */
  entryIds: string[];
  seatsPerTable: number;
  /** The first of its tables' numbers; its `tables` tables are numbered on from it. */
  firstTableNumber: number;
  tables: number;
  /** The elimination number of the round's first knockout: every bust from it on is out in this round. */
  firstElimination: number;
  /** The recorded lot of a tournament drawn without a commitment (before R-DRAW-1). */
  seed?: number;
}

export interface ShootoutState {
  rounds: ShootoutRound[];
}

export type ShootoutEvent =
  | { type: 'shootout.round_closed'; round: number; by: ShootoutCloser; advancing: number }
  | { type: 'shootout.round_started'; round: number; tables: number; players: number; final: boolean };

export const isShootout = (t: FloorTournament): boolean => t.settings.format === 'shootout';

/** The round now played: 1 until the first close. */
export const currentRound = (t: FloorTournament): number => 1 + (t.shootout?.rounds.length ?? 0);

const activeTables = (s: SeatingState | undefined): Table[] =>
  recordValues(s?.tables)
    .filter((t) => t.status === 'active')
    .sort((a, b) => a.number - b.number);

const drawn = (t: FloorTournament): boolean => activeTables(t.seating).length > 0;

/** The final: the round plays at one table, down to the winner. */
export const isFinalRound = (t: FloorTournament): boolean => activeTables(t.seating).length === 1;

/** Players each table of the current round sends on (the final sends none on: it plays to its winner). */
export const advancingPerTable = (t: FloorTournament): number =>
  isFinalRound(t) ? 1 : (t.settings.advancePerTable ?? DEFAULT_ADVANCE_PER_TABLE);

/** The tables of the round with more players than advance, by number. */
export function tablesStillPlaying(t: FloorTournament): number[] {
  const advance = advancingPerTable(t);
  return activeTables(t.seating)
    .filter((table) => playerCount(table) > advance)
    .map((table) => table.number);
}

function requireShootout(t: FloorTournament): SeatingState {
  if (!isShootout(t)) throw conflict('NOT_A_SHOOTOUT', 'The tournament is not a shootout (format: shootout)');
  if (t.status !== 'running') throw conflict('TOURNAMENT_NOT_RUNNING', `Rounds are closed while the tournament runs (status ${t.status})`);
  if (!t.seating || !drawn(t)) throw conflict('SEATING_NOT_DRAWN', 'Draw the seating first');
  return t.seating;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * R-SHOOT-2: the floor closes the round. Refused while a table has more players than advance (409 naming
 * the tables, `tables` in the answer), in the final (it plays to the winner) and when one player is left.
 */
export function closeShootoutRound(t: FloorTournament, ctx: Context): { state: FloorTournament; events: (ShootoutEvent | SeatingEvent)[] } {
  requireShootout(t);
  if (isFinalRound(t))
    throw conflict('SHOOTOUT_FINAL_ROUND', 'This round is the final: it plays to the winner, then the tournament finishes');
  const playing = tablesStillPlaying(t);
  if (playing.length > 0) {
    throw conflictWith(
      'SHOOTOUT_TABLES_STILL_PLAYING',
      `Table${playing.length > 1 ? 's' : ''} ${playing.join(', ')} still ha${playing.length > 1 ? 've' : 's'} more than ${advancingPerTable(t)} player${advancingPerTable(t) > 1 ? 's' : ''} left`,
      { tables: playing },
    );
  }
  return drawNextRound(t, ctx, 'floor');
}

/** The advancing players of the closed round drawn onto the next round's new tables. */
function drawNextRound(
  t: FloorTournament,
  ctx: Context,
  by: ShootoutCloser,
): { state: FloorTournament; events: (ShootoutEvent | SeatingEvent)[] } {
  const s = t.seating as SeatingState;
  const closing = activeTables(s);
  const field: string[] = [];
  for (const table of closing) for (const entryId of table.seats) if (entryId !== null) field.push(entryId);
  if (field.length <= 1) throw conflict('SHOOTOUT_DECIDED', 'One player is left: finish the tournament');
  const round = currentRound(t) + 1;
  const entryIds = field.sort(byCodeUnits);
  // R-DRAW-1: from the seed committed to before the initial draw; a tournament drawn without one keeps a recorded lot.
  const committed = t.seatDraw?.drawnAt !== undefined ? t.seatDraw.seed : undefined;
  const seed = committed === undefined ? ctx.rng.int(0x100000000) : undefined;
  const order = committed !== undefined ? provableRoundOrder(entryIds, committed, round) : shuffle(entryIds, seededRandom(seed as number));
  const layout = dealRoundRobin(order, s.seatsPerTable);

  const tables = new Map<string, Table>();
  for (const old of closing) tables.set(old.id, { ...old, seats: new Array<string | null>(old.seats.length).fill(null), status: 'broken' });
  const seatOf: Record<string, SeatRef> = {};
  const first = s.nextTableNumber;
  layout.forEach((seats, i) => {
    const table: Table = { id: ctx.newId('tbl'), number: first + i, seats, status: 'active', button: 0 };
    tables.set(table.id, table);
    seats.forEach((entryId, seat) => {
      if (entryId !== null) seatOf[entryId] = { tableId: table.id, seat };
    });
  });
  const draw: DrawRecord = {
    id: ctx.newId('draw'),
    kind: 'shootout_round',
    ...(seed !== undefined ? { seed } : { commitment: seatDrawCommitment(committed as string) }),
    at: ctx.now,
    by: ctx.actor.id,
  };
  const seating: SeatingState = {
    ...s,
    tables: putRecords(s.tables, tables),
    seatOf: recordMap(seatOf),
    draws: s.draws.concat(draw),
    nextTableNumber: first + layout.length,
  };
  const record: ShootoutRound = {
    round,
    drawId: draw.id,
    drawnAt: ctx.now,
    closedBy: by,
    entryIds,
    seatsPerTable: s.seatsPerTable,
    firstTableNumber: first,
    tables: layout.length,
    firstElimination: (t.knockouts ?? emptyKnockoutsState()).nextEliminationNumber,
    ...(seed !== undefined ? { seed } : {}),
  };
  return {
    state: { ...t, seating, shootout: { rounds: [...(t.shootout?.rounds ?? []), record] }, updatedAt: ctx.now },
    events: [
      { type: 'shootout.round_closed', round: round - 1, by, advancing: entryIds.length },
      {
        type: 'seating.drawn',
        drawId: draw.id,
        ...(seed !== undefined ? { seed } : { commitment: draw.commitment as string }),
        tables: layout.length,
        players: entryIds.length,
      },
      { type: 'shootout.round_started', round, tables: layout.length, players: entryIds.length, final: layout.length === 1 },
    ],
  };
}

/**
 * R-SHOOT-1, before a knockout is recorded: a decided table of a round (down to its advancing players) plays
 * no more, so a bust there is refused, naming the tables. Several busts in one hand may take a table below.
 */
export function assertShootoutKnockout(t: FloorTournament, bustedEntryIds: readonly string[]): void {
  if (!isShootout(t) || !t.seating || !drawn(t) || isFinalRound(t)) return;
  const advance = advancingPerTable(t);
  const decided = new Set<number>();
  for (const entryId of bustedEntryIds) {
    const at = recordAt(t.seating.seatOf, entryId);
    const table = at && t.seating.tables[at.tableId];
    if (table && playerCount(table) <= advance) decided.add(table.number);
  }
  if (decided.size > 0) {
    const tables = [...decided].sort((a, b) => a - b);
    throw conflictWith(
      'SHOOTOUT_TABLE_DECIDED',
      `Table ${tables.join(', ')} is down to its advancing players: it plays no more this round`,
      {
        tables,
      },
    );
  }
}

/** After a knockout in a shootout: the knockout that decides the round's last table closes the round. */
export function afterShootoutKnockout(
  t: FloorTournament,
  ctx: Context,
): { state: FloorTournament; events: (ShootoutEvent | SeatingEvent)[] } | undefined {
  if (!isShootout(t) || !t.seating || !drawn(t) || isFinalRound(t) || tablesStillPlaying(t).length > 0) return undefined;
  let left = 0;
  for (const table of activeTables(t.seating)) left += playerCount(table);
  return left > 1 ? drawNextRound(t, ctx, 'knockout') : undefined;
}

/** R-SHOOT-1: the flags after a knockout say nothing of breaking or a final table to assemble. */
export const shootoutFlags = (flags: KnockoutFlags): KnockoutFlags => ({ headsUp: flags.headsUp, finalTableReady: false });

/** R-KO-6 in a shootout: a knockout of a round already closed stays (its players are drawn on). */
export function assertShootoutCancel(t: FloorTournament, knockoutId: string): void {
  if (!isShootout(t)) return;
  const ko = t.knockouts?.knockouts[knockoutId];
  const rounds = t.shootout?.rounds ?? [];
  const last = rounds[rounds.length - 1];
  if (ko && last && ko.eliminationNumber < last.firstElimination) {
    throw conflict('SHOOTOUT_ROUND_CLOSED', `The knockout was in round ${roundOfElimination(t, ko.eliminationNumber)}, which is closed`);
  }
}

/**
 * Where a revived entry sits in a shootout: back at its table (its killer's; tables are isolated), on the
 * lowest free seat; none when there is no killer or no free seat there (then the usual seat, R-KO-6).
 */
export function shootoutReviveSeat(t: FloorTournament, knockout: Knockout): SeatRef | undefined {
  if (!isShootout(t) || !t.seating) return undefined;
  for (const k of knockout.killers) {
    const at = recordAt(t.seating.seatOf, k.entryId);
    const table = at && t.seating.tables[at.tableId];
    const seat = table && table.status === 'active' ? freeSeats(table)[0] : undefined;
    if (table && seat !== undefined) return { tableId: table.id, seat };
  }
  return undefined;
}

/** The revived entry seated at `to` (a free seat), recorded as a seat taken after the draw. */
export function seatRevived(s: SeatingState, entryId: string, to: SeatRef, ctx: Context) {
  const draft = new SeatingDraft(s, ctx);
  draft.move(entryId, to, 'late_entry');
  return draft.commit();
}

/** R-SHOOT-2: players join a shootout in round 1 only; a later round is the advancing players'. */
export function assertShootoutEntry(t: FloorTournament): void {
  if (isShootout(t) && currentRound(t) > 1) {
    throw conflict('SHOOTOUT_ROUND_CLOSED', `Round ${currentRound(t)} is played by the players who advanced: entries join in round 1 only`);
  }
}

const isolated = () =>
  conflict('SHOOTOUT_TABLES_ISOLATED', 'In a shootout no table is broken or balanced: each round ends when the floor closes it');

/** R-SHOOT-1: breaking a table or assembling a final table is refused in a shootout, before anything else is checked. */
export function assertShootoutReshape(t: FloorTournament): void {
  if (isShootout(t)) throw isolated();
}

/** R-SHOOT-1: a seating command that broke a table, balanced or assembled a final table is refused. */
export function assertShootoutSeating(t: FloorTournament, events: readonly SeatingEvent[]): void {
  if (!isShootout(t)) return;
  const moves = events.some((e) => e.type === 'seating.player_moved' && e.reason !== 'manual' && e.reason !== 'late_entry');
  if (moves || events.some((e) => e.type === 'seating.table_broken' || e.type === 'seating.final_table_assembled')) throw isolated();
}

/** The round an elimination number fell in. */
export function roundOfElimination(t: FloorTournament, eliminationNumber: number): number {
  let round = 1;
  for (const r of t.shootout?.rounds ?? []) if (r.firstElimination <= eliminationNumber) round = r.round;
  return round;
}

/** R-SHOOT-2: the round an entry reached: the current one while in play, else the one it was busted in. */
export function roundReached(t: FloorTournament, entryId: string): number | undefined {
  const e = recordAt(t.entries, entryId);
  if (!e || e.status === 'void') return undefined;
  if (e.status === 'active') return currentRound(t);
  const ko = activeKnockoutOf(t.knockouts ?? emptyKnockoutsState(), entryId);
  return ko ? roundOfElimination(t, ko.eliminationNumber) : undefined;
}

/** What the staff and the screen show: the round, whether it is the final, and each table's players left. */
export function shootoutView(t: FloorTournament) {
  if (!isShootout(t)) return undefined;
  const advance = advancingPerTable(t);
  return {
    round: currentRound(t),
    final: drawn(t) && isFinalRound(t),
    advancePerTable: t.settings.advancePerTable ?? DEFAULT_ADVANCE_PER_TABLE,
    tables: activeTables(t.seating).map((table) => {
      const playersLeft = playerCount(table);
      return { tableId: table.id, number: table.number, playersLeft, decided: !isFinalRound(t) && playersLeft <= advance };
    }),
    tablesStillPlaying: drawn(t) && !isFinalRound(t) ? tablesStillPlaying(t) : [],
  };
}
