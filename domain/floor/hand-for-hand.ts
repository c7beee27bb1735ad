import { putRecords, recordAt } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, notFound, ruleError } from '../core/errors';
import { addTime, next as nextLevel, pause, resume, lastLevelIndex, levelDurationMs } from '../clock';
import type { BlindStructure, ClockEvent, TimerState } from '../clock';
import { emptyKnockoutsState, standingsSummary, type RecordKnockoutCommand } from '../results';
import { activeTables, playerCount } from '../seating';
import type { FloorTournament } from './aggregate';
import { storeTimer } from './dead-stacks';
import { entryRefs, recordKnockoutOnFloor, type FloorEvent } from './knockouts';
import { floorSatelliteSummary } from './satellite';
import {
  DEFAULT_SECONDS_PER_HAND,
  HAND_FOR_HAND_CLOCK_MODES,
  MAX_SECONDS_PER_HAND,
  type HandForHandClockMode,
} from './hand-for-hand-settings';
import { assertNotBagged } from './flights';

/*
 * R-HFH-1 (TDA RP-8): at the bubble the floor plays hand-for-hand. Every table plays one hand and reports
 * it done; when the last table has reported, the next hand starts with every table. All busts recorded
 * while a hand is played share its elimination number and group (R-KO-4, R-PLC-2), whichever table and
 * however many knockout calls. Once the bubble has burst, the hand in play is played out (its later busts
 * still share the place) and hand-for-hand ends with it.
 *
 * The clock, one of two ways (the floor's choice at the start):
 * - pause_between_hands: the clock runs while every table is playing the hand; it stops at the hand's
 *   first report (from then on some table waits for the others) and runs again as the next hand starts;
 * - time_per_hand: the clock stands still throughout, and each hand played takes `secondsPerHand` off it.
 * Hand-for-hand only resumes a clock it stopped itself.
 */

export interface HandForHandState {
  on: boolean;
  clock: HandForHandClockMode;
  secondsPerHand?: number;
  startedAt: number;
  startedBy: string;
  /** The hand in play (1-based) while on; the last one played once ended. */
  hand: number;
  handStartedAt: number;
  /** Tables still playing the hand, by id. */
  playing: string[];
  /** Tables that reported the hand done. */
  reported: string[];
  /** The elimination number and group of the hand's busts, from its first one. */
  eliminationNumber?: number;
  groupId?: string;
  /** The bubble burst during this hand: hand-for-hand ends when the hand does. */
  bubbleBurst: boolean;
  /** Hand-for-hand stopped the clock and owes it a resume. */
  clockHeld: boolean;
  endedAt?: number;
  endedBy?: string;
  endReason?: 'bubble_burst' | 'floor';
}

export type HandForHandEvent =
  | { type: 'hand_for_hand.started'; hand: number; tables: number; clock: HandForHandClockMode; at: number; by: string }
  | { type: 'hand_for_hand.table_done'; hand: number; tableId: string; left: number; at: number; by: string }
  | { type: 'hand_for_hand.hand_started'; hand: number; tables: number; at: number }
  | { type: 'hand_for_hand.ended'; hands: number; reason: 'bubble_burst' | 'floor'; at: number; by: string };

type Events = (FloorEvent | HandForHandEvent | ClockEvent | { type: string })[];

export interface HandForHandResult {
  state: FloorTournament;
  events: Events;
}

export interface StartHandForHand {
  clock?: HandForHandClockMode;
  secondsPerHand?: number;
}

/** Where the field stands against the places (R-ITM-2) or the satellite's seats (R-SAT-2). */
export function bubbleOf(t: FloorTournament, now: number): { onBubble: boolean; burst: boolean } {
  const sat = floorSatelliteSummary(t, now);
  if (sat) return { onBubble: sat.onBubble, burst: sat.eliminationsToSeats === 0 };
  const s = standingsSummary(entryRefs(t), { percent: t.settings.itmPercent, minimum: t.settings.itmMinimum });
  return { onBubble: s.onBubble, burst: s.eliminationsToMoney === 0 };
}

/** Active tables with someone at them, by table number: the tables that deal a hand. */
const dealingTables = (t: FloorTournament): string[] =>
  t.seating
    ? activeTables(t.seating)
        .filter((x) => playerCount(x) > 0)
        .sort((a, b) => a.number - b.number)
        .map((x) => x.id)
    : [];

function requireRunning(t: FloorTournament): void {
  if (t.status !== 'running') {
    throw conflict('TOURNAMENT_NOT_RUNNING', `Hand-for-hand is played while the tournament runs (status ${t.status})`);
  }
}

const on = (t: FloorTournament): HandForHandState | undefined => (t.handForHand?.on ? t.handForHand : undefined);

/** A clock command on the tournament's clock, stored as the clock routes store it; nothing without a clock. */
function withClock(
  t: FloorTournament,
  ctx: Context,
  command: (timer: TimerState, structure: BlindStructure, now: number) => { timer: TimerState; events: ClockEvent[] } | null,
): HandForHandResult {
  if (!t.clock) return { state: t, events: [] };
  const r = command(t.clock.timer, t.clock.structure, ctx.now);
  if (!r) return { state: t, events: [] };
  const stored = storeTimer({ ...t, clock: t.clock }, r.timer, t.clock.structure, ctx);
  const events = r.events.map((e) => (e.cause === 'command' ? { ...e, by: ctx.actor.id } : e));
  return { state: stored.state, events: [...events, ...stored.events] };
}

const stopClock = (t: FloorTournament, ctx: Context): HandForHandResult & { held: boolean } => {
  if (t.clock?.timer.status !== 'running') return { state: t, events: [], held: false };
  return { ...withClock(t, ctx, pause), held: true };
};

const releaseClock = (t: FloorTournament, held: boolean, ctx: Context): HandForHandResult =>
  held && t.clock?.timer.status === 'paused' ? withClock(t, ctx, resume) : { state: t, events: [] };

/**
 * time_per_hand: `seconds` off the stopped clock; past the level's end the next level starts (stopped, from
 * its full time) and the rest comes off it. At the last level the clock stops at its end.
 */
export function takeClockTime(timer: TimerState, structure: BlindStructure, now: number, seconds: number) {
  let t = timer;
  const events: ClockEvent[] = [];
  let left = seconds * 1000;
  while (left > 0 && t.status === 'paused') {
    const timeLeft = levelDurationMs(structure, t.levelIndex) - (t.elapsedAtPause ?? 0);
    if (left < timeLeft) {
      const r = addTime(t, structure, now, -Math.max(1, Math.floor(left / 1000)));
      return { timer: r.timer, events: [...events, ...r.events] };
    }
    if (t.levelIndex >= lastLevelIndex(structure)) {
      const whole = Math.floor(timeLeft / 1000);
      if (whole > 0) {
        const r = addTime(t, structure, now, -whole);
        events.push(...r.events);
        t = r.timer;
      }
      break;
    }
    const r = nextLevel(t, structure, now);
    events.push(...r.events);
    t = r.timer;
    left -= timeLeft;
  }
  return { timer: t, events };
}

/** The floor starts hand-for-hand: only at the bubble, with the seats drawn. */
export function startHandForHand(t: FloorTournament, input: StartHandForHand, ctx: Context): HandForHandResult {
  requireRunning(t);
  if (on(t)) throw conflict('HAND_FOR_HAND_ALREADY_ON', `Hand-for-hand is already on (hand ${t.handForHand?.hand})`);
  const mode = input.clock ?? 'pause_between_hands';
  if (!(HAND_FOR_HAND_CLOCK_MODES as readonly string[]).includes(mode)) {
    throw ruleError('HAND_FOR_HAND_INVALID', 'Unknown clock mode', [
      { field: 'clock', message: `one of ${HAND_FOR_HAND_CLOCK_MODES.join(', ')}` },
    ]);
  }
  const seconds = input.secondsPerHand;
  if (seconds !== undefined && mode !== 'time_per_hand') {
    throw ruleError('HAND_FOR_HAND_INVALID', 'secondsPerHand goes with the time_per_hand clock', [
      { field: 'secondsPerHand', message: 'only with clock time_per_hand' },
    ]);
  }
  if (seconds !== undefined && (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_SECONDS_PER_HAND)) {
    throw ruleError('HAND_FOR_HAND_INVALID', `secondsPerHand is a whole number of seconds, 1 to ${MAX_SECONDS_PER_HAND}`, [
      { field: 'secondsPerHand', message: `1 to ${MAX_SECONDS_PER_HAND}` },
    ]);
  }
  const bubble = bubbleOf(t, ctx.now);
  if (!bubble.onBubble) {
    throw conflict(
      'HAND_FOR_HAND_NOT_AT_BUBBLE',
      'Hand-for-hand starts when one more elimination reaches the places or the satellite seats (R-HFH-1, R-ITM-2)',
    );
  }
  const tables = dealingTables(t);
  if (tables.length === 0) throw conflict('SEATING_NOT_DRAWN', 'Hand-for-hand needs the seats drawn: there are no tables');
  const stopped = mode === 'time_per_hand' ? stopClock(t, ctx) : { state: t, events: [], held: false };
  const hfh: HandForHandState = {
    on: true,
    clock: mode,
    ...(mode === 'time_per_hand' ? { secondsPerHand: seconds ?? DEFAULT_SECONDS_PER_HAND } : {}),
    startedAt: ctx.now,
    startedBy: ctx.actor.id,
    hand: 1,
    handStartedAt: ctx.now,
    playing: tables,
    reported: [],
    bubbleBurst: false,
    clockHeld: stopped.held,
  };
  return {
    state: { ...stopped.state, handForHand: hfh, updatedAt: ctx.now },
    events: [
      { type: 'hand_for_hand.started', hand: 1, tables: tables.length, clock: mode, at: ctx.now, by: ctx.actor.id },
      ...stopped.events,
    ],
  };
}

function end(t: FloorTournament, hfh: HandForHandState, reason: 'bubble_burst' | 'floor', ctx: Context): HandForHandResult {
  const released = releaseClock(t, hfh.clockHeld, ctx);
  const ended: HandForHandState = {
    ...hfh,
    on: false,
    playing: [],
    clockHeld: false,
    endedAt: ctx.now,
    endedBy: ctx.actor.id,
    endReason: reason,
  };
  return {
    state: { ...released.state, handForHand: ended, updatedAt: ctx.now },
    events: [...released.events, { type: 'hand_for_hand.ended', hands: hfh.hand, reason, at: ctx.now, by: ctx.actor.id }],
  };
}

/** The floor stops hand-for-hand (the bubble burst otherwise, or the floor calls it off). */
export function stopHandForHand(t: FloorTournament, ctx: Context): HandForHandResult {
  requireRunning(t);
  const hfh = on(t);
  if (!hfh) throw conflict('HAND_FOR_HAND_NOT_ON', 'Hand-for-hand is not on');
  return end(t, hfh, 'floor', ctx);
}

/** The hand is over at every table: hand-for-hand ends if the bubble burst in it, else the next hand starts. */
function completeHand(t: FloorTournament, hfh: HandForHandState, ctx: Context): HandForHandResult {
  let state = t;
  const events: Events = [];
  if (hfh.clock === 'time_per_hand' && hfh.clockHeld) {
    const seconds = hfh.secondsPerHand ?? DEFAULT_SECONDS_PER_HAND;
    const r = withClock(state, ctx, (timer, structure, now) => takeClockTime(timer, structure, now, seconds));
    state = r.state;
    events.push(...r.events);
  }
  if (hfh.bubbleBurst || bubbleOf(state, ctx.now).burst) {
    const e = end(state, { ...hfh, reported: [...hfh.reported], playing: [] }, 'bubble_burst', ctx);
    return { state: e.state, events: [...events, ...e.events] };
  }
  const tables = dealingTables(state);
  const released = hfh.clock === 'pause_between_hands' ? releaseClock(state, hfh.clockHeld, ctx) : { state, events: [] };
  const nextHand: HandForHandState = {
    ...hfh,
    hand: hfh.hand + 1,
    handStartedAt: ctx.now,
    playing: tables,
    reported: [],
    bubbleBurst: false,
    clockHeld: hfh.clock === 'pause_between_hands' ? false : hfh.clockHeld,
  };
  delete nextHand.eliminationNumber;
  delete nextHand.groupId;
  return {
    state: { ...released.state, handForHand: nextHand, updatedAt: ctx.now },
    events: [
      ...events,
      ...released.events,
      { type: 'hand_for_hand.hand_started', hand: nextHand.hand, tables: tables.length, at: ctx.now },
    ],
  };
}

/**
 * A table reports the hand done. The hand number makes a repeated report harmless: a report of a hand
 * already over, or a second one of this hand by the same table, changes nothing.
 */
export function reportHandDone(t: FloorTournament, input: { tableId: string; hand: number }, ctx: Context): HandForHandResult {
  requireRunning(t);
  const hfh = on(t);
  if (!hfh) throw conflict('HAND_FOR_HAND_NOT_ON', 'Hand-for-hand is not on');
  if (!Number.isSafeInteger(input.hand) || input.hand < 1) {
    throw ruleError('HAND_NUMBER_INVALID', 'The hand is a whole number from 1', [{ field: 'hand', message: 'a whole number from 1' }]);
  }
  const table = t.seating && recordAt(t.seating.tables, input.tableId);
  if (!table) throw notFound('TABLE_NOT_FOUND', `No table ${input.tableId} in this tournament`);
  if (input.hand > hfh.hand) throw conflict('HAND_NOT_STARTED', `Hand ${input.hand} has not started: hand ${hfh.hand} is in play`);
  if (input.hand < hfh.hand || hfh.reported.includes(table.id)) return { state: t, events: [] };
  if (!hfh.playing.includes(table.id)) {
    throw conflict('TABLE_NOT_IN_HAND', `Table ${table.number} does not play hand ${hfh.hand}`);
  }
  const first = hfh.reported.length === 0;
  const reported: HandForHandState = {
    ...hfh,
    playing: hfh.playing.filter((id) => id !== table.id),
    reported: [...hfh.reported, table.id],
  };
  const events: Events = [
    { type: 'hand_for_hand.table_done', hand: hfh.hand, tableId: table.id, left: reported.playing.length, at: ctx.now, by: ctx.actor.id },
  ];
  let state: FloorTournament = { ...t, handForHand: reported, updatedAt: ctx.now };
  if (first && hfh.clock === 'pause_between_hands') {
    const s = stopClock(state, ctx);
    state = { ...s.state, handForHand: { ...reported, clockHeld: s.held } };
    events.push(...s.events);
  }
  if (reported.playing.length > 0) return { state, events };
  const done = completeHand(state, state.handForHand as HandForHandState, ctx);
  return { state: done.state, events: [...events, ...done.events] };
}

/**
 * A knockout with hand-for-hand on: its busts take the hand's elimination number and group, so every
 * bust of one hand-for-hand hand shares the place (R-KO-4). Tables the knockout emptied or broke stop
 * playing the hand; a hand with no table left playing is over. Without hand-for-hand: the plain knockout.
 */
export function recordKnockoutHandForHand(t: FloorTournament, cmd: RecordKnockoutCommand, ctx: Context) {
  // R-FLIGHT-1: a bagged flight's survivors play on day 2.
  assertNotBagged(t);
  const hfh = on(t);
  if (!hfh) return recordKnockoutOnFloor(t, cmd, ctx);
  const ko = t.knockouts ?? emptyKnockoutsState();
  const shared = hfh.eliminationNumber;
  const input: FloorTournament = shared === undefined ? t : { ...t, knockouts: { ...ko, nextEliminationNumber: shared } };
  const r = recordKnockoutOnFloor(input, cmd, ctx);
  const after = r.state.knockouts ?? emptyKnockoutsState();
  const recorded = r.knockoutIds.map((id) => after.knockouts[id]).filter((k) => k !== undefined);
  const number = shared ?? recorded[0]?.eliminationNumber;
  const groupId = hfh.groupId ?? recorded[0]?.groupId;
  const knockouts = putRecords(
    after.knockouts,
    recorded.map((k) => [k.id, { ...k, groupId: groupId as string }] as const),
  );
  const fixed: FloorTournament = {
    ...r.state,
    knockouts: { ...after, knockouts, nextEliminationNumber: Math.max(ko.nextEliminationNumber, after.nextEliminationNumber) },
  };
  const events = r.events.map((e) => (e.type === 'KnockoutRecorded' ? { ...e, groupId: groupId as string } : e));
  const live = new Set(dealingTables(fixed));
  const nextHfh: HandForHandState = {
    ...hfh,
    playing: hfh.playing.filter((id) => live.has(id)),
    ...(number !== undefined ? { eliminationNumber: number } : {}),
    ...(groupId !== undefined ? { groupId } : {}),
    bubbleBurst: hfh.bubbleBurst || bubbleOf(fixed, ctx.now).burst,
  };
  let state: FloorTournament = { ...fixed, handForHand: nextHfh };
  const all: Events = [...events];
  if (nextHfh.playing.length === 0) {
    const done = completeHand(state, nextHfh, ctx);
    state = done.state;
    all.push(...done.events);
  }
  return { ...r, state, events: all as FloorEvent[] };
}

/** What the views show: on, the hand in play and the tables still playing it (by number). */
export function handForHandView(t: FloorTournament) {
  const h = t.handForHand;
  if (!h) return null;
  const numberOf = (id: string) => t.seating?.tables[id]?.number ?? null;
  const tables = (ids: string[]) =>
    ids.map((id) => ({ tableId: id, tableNumber: numberOf(id) })).sort((a, b) => (a.tableNumber ?? 0) - (b.tableNumber ?? 0));
  return {
    on: h.on,
    hand: h.hand,
    clock: h.clock,
    secondsPerHand: h.secondsPerHand ?? null,
    playing: h.on ? tables(h.playing) : [],
    reported: h.on ? tables(h.reported) : [],
    eliminationNumber: h.on ? (h.eliminationNumber ?? null) : null,
    bubbleBurst: h.bubbleBurst,
    startedAt: h.startedAt,
    handStartedAt: h.handStartedAt,
    endedAt: h.endedAt ?? null,
    endReason: h.endReason ?? null,
  };
}
