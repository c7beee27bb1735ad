import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialTimer, start, clockView } from '../../../domain/clock';
import type { BlindStructure } from '../../../domain/clock';
import { isDomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import type { Context } from '../../../domain/core/context';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { drawSeating } from '../../../domain/floor/seating';
import {
  recordKnockoutHandForHand,
  reportHandDone,
  startHandForHand,
  stopHandForHand,
  takeClockTime,
} from '../../../domain/floor/hand-for-hand';
import { Desk, HOUR, START } from '../tournaments/harness';
import { PROPERTY_TEST } from '../../support/property';

const GRID: BlindStructure = {
  id: 'grid',
  name: 'Grid',
  anteType: 'none',
  levels: [
    { smallBlind: 100, bigBlind: 200, ante: 0, durationSec: 600, isBreak: false },
    { smallBlind: 200, bigBlind: 400, ante: 0, durationSec: 600, isBreak: false },
  ],
};

let ids = 0;
const ctxAt = (now: number): Context => ({
  now,
  actor: { id: 'usr_floor', role: 'manager' },
  rng: seededRandom(7),
  newId: (p) => `${p}_h${++ids}`,
});

/**
 * 12 players at two tables of 6, 11 places paid (90 %): on the bubble from the start. The clock runs from
 * `START + 10 min`.
 */
function bubbleField(settings: Record<string, unknown> = {}) {
  const desk = new Desk({ seatsPerTable: 6, itmPercent: 90, ...settings }, 'registration_open', START - HOUR);
  const entries = Array.from({ length: 12 }, (_, i) => desk.seat(`p${i}`));
  desk.status('running');
  const at = START + 2 * HOUR;
  const drawn = drawSeating(desk.state as FloorTournament, ctxAt(at)).state;
  const timer = start(initialTimer(), GRID, at).timer;
  const t: FloorTournament = { ...drawn, clock: { timer, structure: GRID } };
  return { t, entries, at };
}

const tablesOf = (t: FloorTournament) =>
  Object.values(t.seating?.tables ?? {})
    .filter((x) => x.status === 'active')
    .sort((a, b) => a.number - b.number);
const tableOf = (t: FloorTournament, entryId: string) => t.seating?.seatOf[entryId]?.tableId as string;

function refused(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return e.code;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('R-HFH-1: hand-for-hand at the bubble', () => {
  it('R-HFH-1: start only at the bubble (R-ITM-2), with stable codes', () => {
    const early = bubbleField({ itmPercent: 50 });
    expect(refused(() => startHandForHand(early.t, {}, ctxAt(early.at)))).toBe('HAND_FOR_HAND_NOT_AT_BUBBLE');
    const { t, at } = bubbleField();
    const r = startHandForHand(t, {}, ctxAt(at));
    expect(r.state.handForHand).toMatchObject({ on: true, hand: 1, clock: 'pause_between_hands', reported: [] });
    expect(r.state.handForHand?.playing).toHaveLength(2);
    expect(refused(() => startHandForHand(r.state, {}, ctxAt(at)))).toBe('HAND_FOR_HAND_ALREADY_ON');
    expect(refused(() => startHandForHand(t, { clock: 'time_per_hand', secondsPerHand: 0 }, ctxAt(at)))).toBe('HAND_FOR_HAND_INVALID');
    expect(refused(() => startHandForHand(t, { secondsPerHand: 60 }, ctxAt(at)))).toBe('HAND_FOR_HAND_INVALID');
    expect(refused(() => stopHandForHand(t, ctxAt(at)))).toBe('HAND_FOR_HAND_NOT_ON');
  });

  it('R-HFH-1: the next hand starts when every table has reported; a repeated report has one effect', () => {
    const { t, at } = bubbleField();
    const [a, b] = tablesOf(t) as unknown as [{ id: string }, { id: string }];
    let s = startHandForHand(t, {}, ctxAt(at)).state;
    s = reportHandDone(s, { tableId: a.id, hand: 1 }, ctxAt(at + 60_000)).state;
    expect(s.handForHand?.playing).toEqual([b.id]);
    const again = reportHandDone(s, { tableId: a.id, hand: 1 }, ctxAt(at + 61_000));
    expect(again.state).toBe(s);
    expect(again.events).toEqual([]);
    expect(refused(() => reportHandDone(s, { tableId: a.id, hand: 2 }, ctxAt(at + 61_000)))).toBe('HAND_NOT_STARTED');
    expect(refused(() => reportHandDone(s, { tableId: 'tbl_nope', hand: 1 }, ctxAt(at + 61_000)))).toBe('TABLE_NOT_FOUND');
    s = reportHandDone(s, { tableId: b.id, hand: 1 }, ctxAt(at + 90_000)).state;
    expect(s.handForHand).toMatchObject({ on: true, hand: 2, reported: [] });
    expect(s.handForHand?.playing.sort()).toEqual([a.id, b.id].sort());
    // A late copy of hand 1's report does not count for hand 2.
    expect(reportHandDone(s, { tableId: b.id, hand: 1 }, ctxAt(at + 91_000)).state).toBe(s);
  });

  it('R-HFH-1: pause_between_hands: the clock stops from the first report until the next hand starts', () => {
    const { t, at } = bubbleField();
    const [a, b] = tablesOf(t) as unknown as [{ id: string }, { id: string }];
    let s = startHandForHand(t, {}, ctxAt(at)).state;
    s = reportHandDone(s, { tableId: a.id, hand: 1 }, ctxAt(at + 60_000)).state;
    expect(s.clock?.timer.status).toBe('paused');
    s = reportHandDone(s, { tableId: b.id, hand: 1 }, ctxAt(at + 180_000)).state;
    expect(s.clock?.timer.status).toBe('running');
    // 60 s counted in hand 1; the 120 s the first table waited did not count.
    expect(clockView(s.clock!.timer, GRID, at + 180_000).elapsedMs).toBe(60_000);
  });

  it('R-HFH-1: time_per_hand: the clock stands still and each hand takes its time off', () => {
    const { t, at } = bubbleField();
    const [a, b] = tablesOf(t) as unknown as [{ id: string }, { id: string }];
    let s = startHandForHand(t, { clock: 'time_per_hand', secondsPerHand: 90 }, ctxAt(at)).state;
    expect(s.clock?.timer.status).toBe('paused');
    s = reportHandDone(s, { tableId: a.id, hand: 1 }, ctxAt(at + 30_000)).state;
    s = reportHandDone(s, { tableId: b.id, hand: 1 }, ctxAt(at + 400_000)).state;
    expect(s.clock?.timer.status).toBe('paused');
    expect(clockView(s.clock!.timer, GRID, at + 400_000).elapsedMs).toBe(90_000);
    s = stopHandForHand(s, ctxAt(at + 500_000)).state;
    expect(s.handForHand).toMatchObject({ on: false, endReason: 'floor' });
    expect(s.clock?.timer.status).toBe('running');
  });

  it('R-HFH-1, R-KO-4: busts at two tables in one hand share the place; hand-for-hand ends with that hand', () => {
    const { t, entries, at } = bubbleField();
    let s = startHandForHand(t, {}, ctxAt(at)).state;
    const [ta, tb] = tablesOf(s) as unknown as [{ id: string }, { id: string }];
    const atA = entries.filter((e) => tableOf(s, e) === ta.id);
    const atB = entries.filter((e) => tableOf(s, e) === tb.id);
    const [bustA, killA] = atA as [string, string];
    const [bustB, killB] = atB as [string, string];
    s = recordKnockoutHandForHand(s, { busted: [bustA], killers: [killA] }, ctxAt(at + 10_000)).state;
    expect(s.handForHand?.bubbleBurst).toBe(true);
    s = reportHandDone(s, { tableId: ta.id, hand: 1 }, ctxAt(at + 20_000)).state;
    s = recordKnockoutHandForHand(s, { busted: [bustB], killers: [killB] }, ctxAt(at + 30_000)).state;
    const kos = Object.values(s.knockouts?.knockouts ?? {});
    expect(kos).toHaveLength(2);
    expect(new Set(kos.map((k) => k.eliminationNumber)).size).toBe(1);
    expect(new Set(kos.map((k) => k.groupId)).size).toBe(1);
    expect(s.handForHand?.on).toBe(true);
    s = reportHandDone(s, { tableId: tb.id, hand: 1 }, ctxAt(at + 40_000)).state;
    expect(s.handForHand).toMatchObject({ on: false, endReason: 'bubble_burst', hand: 1 });
    expect(s.clock?.timer.status).toBe('running');
    // After hand-for-hand a bust takes the next number again.
    const rest = entries.filter((e) => s.entries[e]?.status === 'active');
    s = recordKnockoutHandForHand(s, { busted: [rest[0] as string], killers: [rest[1] as string] }, ctxAt(at + 50_000)).state;
    const numbers = Object.values(s.knockouts?.knockouts ?? {}).map((k) => k.eliminationNumber);
    expect(Math.max(...numbers)).toBe(Math.min(...numbers) + 1);
  });

  it('R-HFH-1: every bust of one hand shares one number, whatever the tables and calls', PROPERTY_TEST, () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), fc.boolean(), (atTableA, reportFirst) => {
        const { t, entries, at } = bubbleField();
        let s = startHandForHand(t, {}, ctxAt(at)).state;
        const [ta, tb] = tablesOf(s) as unknown as [{ id: string }, { id: string }];
        const pools = {
          a: entries.filter((e) => tableOf(s, e) === ta.id),
          b: entries.filter((e) => tableOf(s, e) === tb.id),
        };
        if (reportFirst) s = reportHandDone(s, { tableId: ta.id, hand: 1 }, ctxAt(at + 1)).state;
        let n = 0;
        for (const onA of atTableA) {
          const pool = onA ? pools.a : pools.b;
          if (pool.length < 2) continue;
          const busted = pool.shift() as string;
          s = recordKnockoutHandForHand(s, { busted: [busted], killers: [pool[0] as string] }, ctxAt(at + 2 + n++)).state;
        }
        const numbers = new Set(Object.values(s.knockouts?.knockouts ?? {}).map((k) => k.eliminationNumber));
        expect(numbers.size).toBe(n > 0 ? 1 : 0);
        expect(s.knockouts?.nextEliminationNumber ?? 1).toBe(n > 0 ? 2 : 1);
      }),
      { numRuns: 30 },
    );
  });

  it('R-HFH-1: takeClockTime runs into the next level when a hand takes more than the level has left', () => {
    const timer = start(initialTimer(), GRID, 0).timer;
    const paused = { ...timer, status: 'paused' as const, levelStartedAt: null, pausedAt: 550_000, elapsedAtPause: 550_000 };
    const r = takeClockTime(paused, GRID, 600_000, 120);
    expect(r.timer.levelIndex).toBe(1);
    expect(r.timer.elapsedAtPause).toBe(70_000);
    expect(r.timer.status).toBe('paused');
  });
});
