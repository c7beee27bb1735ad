import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import type { Context } from '../../../domain/core/context';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { bagFlight, day2Field, day2Players, eventPlaces, qualifyDay2, type BaggedStack } from '../../../domain/floor/flights';
import { recordKnockoutOnFloor } from '../../../domain/floor/knockouts';
import { recordKnockoutHandForHand } from '../../../domain/floor/hand-for-hand';
import { chipsInPlay } from '../../../domain/floor/chip-counts';
import { blocksParallel, register, tournamentWindow, type OtherRegistration } from '../../../domain/tournaments';
import { Desk, HOUR, START } from '../tournaments/harness';
import { PROPERTY_TEST } from '../../support/property';

let ids = 0;
const ctxAt = (now: number): Context => ({
  now,
  actor: { id: 'usr_floor', role: 'manager' },
  rng: seededRandom(3),
  newId: (p) => `${p}_fl${++ids}`,
});

const STACK = 20_000;

/** A running flight of the given players (10 000 chips each... the harness's starting stack), bound to day 2 `d2`. */
function flight(id: string, players: string[]): FloorTournament {
  const desk = new Desk({ startingStack: STACK }, 'registration_open', START - HOUR);
  for (const p of players) desk.seat(p);
  desk.status('running');
  return { ...(desk.state as FloorTournament), id, flight: { day2Id: 'd2' } };
}
const entryOf = (t: FloorTournament, playerId: string) => Object.values(t.entries).find((e) => e.playerId === playerId)?.id as string;
const bust = (t: FloorTournament, busted: string, killer: string, at: number) =>
  recordKnockoutOnFloor(t, { busted: [entryOf(t, busted)], killers: [entryOf(t, killer)] }, ctxAt(at)).state;
const survivors = (t: FloorTournament) => Object.values(t.entries).filter((e) => e.status === 'active');
/** The flight bagged with every survivor at the starting stack (the chips in play when nobody has busted). */
const bagAll = (t: FloorTournament) =>
  bagFlight(
    t,
    survivors(t).map((e) => ({ entryId: e.id, chips: STACK })),
    ctxAt(START + 2 * HOUR),
  ).state;

function refused(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (isDomainError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('R-FLIGHT-1: bagging at the end of a flight', () => {
  it('R-FLIGHT-1: every survivor in one call, adding up to the chips in play; else 422 with the difference', () => {
    let a = flight('fa', ['p1', 'p2', 'p3', 'p4']);
    a = bust(a, 'p4', 'p1', START + HOUR);
    const inPlay = chipsInPlay(a).total;
    expect(inPlay).toBe(4 * STACK);
    const [s1, s2, s3] = survivors(a).map((e) => e.id) as [string, string, string];
    const short = refused(() =>
      bagFlight(
        a,
        [
          { entryId: s1, chips: 40_000 },
          { entryId: s2, chips: 30_000 },
          { entryId: s3, chips: 9_000 },
        ],
        ctxAt(START + 2 * HOUR),
      ),
    );
    expect(short.code).toBe('BAG_CHIPS_MISMATCH');
    expect(short.message).toContain('1000 fewer');
    expect(refused(() => bagFlight(a, [{ entryId: s1, chips: 80_000 }], ctxAt(START + 2 * HOUR))).code).toBe('BAG_INCOMPLETE');
    const counts = [
      { entryId: s1, chips: 40_000 },
      { entryId: s2, chips: 30_000 },
      { entryId: s3, chips: 10_000 },
    ];
    const r = bagFlight(a, counts, ctxAt(START + 2 * HOUR));
    expect(r.state.flight?.bagged?.map((b) => b.chips).sort()).toEqual([10_000, 30_000, 40_000]);
    expect(r.state.chipCounts?.[s1]?.chips).toBe(40_000);
    expect(refused(() => bagFlight(r.state, counts, ctxAt(START + 2 * HOUR))).code).toBe('FLIGHT_ALREADY_BAGGED');
    expect(refused(() => recordKnockoutHandForHand(r.state, { busted: [s3], killers: [s1] }, ctxAt(START + 3 * HOUR))).code).toBe(
      'FLIGHT_BAGGED',
    );
    expect(refused(() => bagFlight({ ...a, flight: undefined } as FloorTournament, counts, ctxAt(START))).code).toBe('NOT_A_FLIGHT');
  });

  it('R-FLIGHT-1: bagging ends the flight: finished, no more knockouts or registrations (409)', () => {
    const a = flight('fa', ['p1', 'p2', 'p3']);
    const counts = survivors(a).map((e) => ({ entryId: e.id, chips: STACK }));
    const r = bagFlight(Object.freeze(a), counts, ctxAt(START + 2 * HOUR));
    expect(a.status).toBe('running');
    expect(r.state.status).toBe('finished');
    expect(r.state.flight?.bagged).toHaveLength(3);
    expect(r.events.map((e) => e.type)).toEqual(['flight.bagged', 'tournament.status_changed']);
    // No results of its own: the flight's places are the event's.
    expect(r.state.results).toBeUndefined();
    const [s1, s2] = survivors(a).map((e) => e.id) as [string, string];
    const later = ctxAt(START + 3 * HOUR);
    expect(refused(() => recordKnockoutHandForHand(r.state, { busted: [s2], killers: [s1] }, later)).code).toBe('FLIGHT_BAGGED');
    expect(refused(() => register(r.state, { playerId: 'p9', otherRegistrations: [] }, later)).code).toBe('REGISTRATION_NOT_OPEN');
  });

  it('R-REG-1, R-FLIGHT-1: a bagged flight no longer ties its players, so a player of two flights holds one live registration, on day 2', () => {
    const flights = [bagAll(flight('fa', ['p1', 'p2'])), bagAll(flight('fb', ['p1', 'p3']))];
    const window = { startAt: START, endAt: START + 6 * HOUR };
    for (const f of flights) {
      const reg = Object.values(f.registrations).find((x) => x.playerId === 'p1');
      expect(reg).toBeDefined();
      const other = {
        tournamentId: f.id,
        registrationId: reg?.id ?? '',
        registrationStatus: reg?.status ?? 'registered',
        tournamentStatus: f.status,
        window,
      };
      expect(blocksParallel(other)).toBe(false);
      // While the flight ran it did tie him (R-REG-1).
      expect(blocksParallel({ ...other, tournamentStatus: 'running' })).toBe(true);
    }
  });
});

describe('R-FLIGHT-1: one stack per player, the day-2 field and the event places', () => {
  const stacks = (flightId: string, xs: [string, number][]): { flightId: string; bagged: BaggedStack[] } => ({
    flightId,
    bagged: xs.map(([playerId, chips]) => ({ playerId, chips, entryId: `${flightId}_${playerId}` })),
  });

  it('R-FLIGHT-1: a player in two flights goes on with the largest stack by default, or the latest one', () => {
    const fa = stacks('fa', [
      ['p1', 50_000],
      ['p2', 10_000],
    ]);
    const fb = stacks('fb', [
      ['p1', 30_000],
      ['p3', 20_000],
    ]);
    expect(day2Field([fa, fb])).toEqual([
      { playerId: 'p1', chips: 50_000, flightId: 'fa', entryId: 'fa_p1', alsoBagged: ['fb'] },
      { playerId: 'p2', chips: 10_000, flightId: 'fa', entryId: 'fa_p2', alsoBagged: [] },
      { playerId: 'p3', chips: 20_000, flightId: 'fb', entryId: 'fb_p3', alsoBagged: [] },
    ]);
    expect(day2Field([fa, fb], 'latest').find((q) => q.playerId === 'p1')).toMatchObject({ chips: 30_000, flightId: 'fb' });
  });

  it('R-FLIGHT-1: one qualifier per player holding one of his bagged stacks', PROPERTY_TEST, () => {
    const flightArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 1_000 })), { maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(flightArb, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('largest' as const, 'latest' as const),
        (raw, rule) => {
          const flights = raw.map((xs, i) => {
            const seen = new Map<string, number>();
            for (const [p, c] of xs) seen.set(`p${p}`, c);
            return stacks(`f${i}`, [...seen]);
          });
          const field = day2Field(flights, rule);
          const players = new Set(flights.flatMap((f) => f.bagged.map((b) => b.playerId)));
          expect(field.map((q) => q.playerId).sort()).toEqual([...players].sort());
          for (const q of field) {
            const mine = flights.flatMap((f) =>
              f.bagged.filter((b) => b.playerId === q.playerId).map((b) => ({ f: f.flightId, c: b.chips })),
            );
            expect(mine.some((m) => m.f === q.flightId && m.c === q.chips)).toBe(true);
            if (rule === 'largest') expect(q.chips).toBe(Math.max(...mine.map((m) => m.c)));
            else expect(q.flightId).toBe(mine[mine.length - 1]?.f);
            expect(q.alsoBagged).toHaveLength(mine.length - 1);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('R-FLIGHT-1, R-PLC-2: day 2 takes the bagged stacks; day-1 busts rank below every day-2 player by flight place, then stack', () => {
    let a = flight('fa', ['p1', 'p2', 'p3', 'p4']);
    let b = flight('fb', ['p1', 'p5', 'p6', 'p7']);
    a = bust(a, 'p4', 'p1', START + HOUR);
    b = bust(b, 'p7', 'p5', START + HOUR);
    // p7 had more chips counted before his bust than p4: equal flight places (4th), p7 ranks above.
    b = { ...b, chipCounts: { [entryOf(b, 'p7')]: { chips: 5_000, at: START, by: 'x' } } };
    b = bust(b, 'p6', 'p5', START + HOUR + 1);
    const bagAt = (t: FloorTournament, chips: number[]) =>
      bagFlight(
        t,
        survivors(t).map((e, i) => ({ entryId: e.id, chips: chips[i] as number })),
        ctxAt(START + 3 * HOUR),
      ).state;
    a = bagAt(a, [40_000, 30_000, 10_000]);
    b = bagAt(b, [20_000, 60_000]);
    const desk = new Desk({ startingStack: STACK }, 'registration_open', START - HOUR);
    let d2: FloorTournament = { ...(desk.state as FloorTournament), id: 'd2', day2: { flightIds: ['fa', 'fb'], stackRule: 'largest' } };
    expect(refused(() => qualifyDay2(d2, [a], ctxAt(START))).code).toBe('FLIGHT_NOT_FOUND');
    const q = qualifyDay2(d2, [a, b], ctxAt(START + 4 * HOUR));
    d2 = q.state;
    const chipsOf = (p: string) => Object.values(d2.entries).find((e) => e.playerId === p)?.chips;
    const p1a = a.flight?.bagged?.find((x) => x.playerId === 'p1')?.chips as number;
    const p1b = b.flight?.bagged?.find((x) => x.playerId === 'p1')?.chips as number;
    expect(chipsOf('p1')).toBe(Math.max(p1a, p1b));
    expect(Object.keys(d2.entries)).toHaveLength(4);
    expect(chipsInPlay(d2).total).toBe(q.qualifiers.reduce((s, x) => s + x.chips, 0));
    expect(refused(() => qualifyDay2(d2, [a, b], ctxAt(START))).code).toBe('DAY2_ALREADY_QUALIFIED');

    // Day 2 plays down to one: p2, p3, p5 out in that order.
    d2 = { ...d2, status: 'running' };
    d2 = bust(d2, 'p2', 'p1', START + 5 * HOUR);
    d2 = bust(d2, 'p3', 'p1', START + 5 * HOUR + 1);
    d2 = bust(d2, 'p5', 'p1', START + 5 * HOUR + 2);
    const places = eventPlaces(d2, [a, b]).map((r) => [r.place, r.playerId, r.stage]);
    expect(places).toEqual([
      [1, 'p1', 'day2'],
      [2, 'p5', 'day2'],
      [3, 'p3', 'day2'],
      [4, 'p2', 'day2'],
      // Both 4th of their flight (p6 was 3rd of flight b): p6, then p7 above p4 by his last counted stack.
      [5, 'p6', 'day1'],
      [6, 'p7', 'day1'],
      [7, 'p4', 'day1'],
    ]);
  });

  it("R-REG-1, R-FLIGHT-1: a qualifier registered at the day 2's time refuses the whole field (409 naming each); elsewhere at another time does not", () => {
    const a = flight('fa', ['p1', 'p2']);
    const b = flight('fb', ['p1', 'p3']);
    const desk = new Desk({ startingStack: STACK }, 'registration_open', START - HOUR);
    const d2: FloorTournament = { ...(desk.state as FloorTournament), id: 'd2', day2: { flightIds: ['fa', 'fb'], stackRule: 'largest' } };
    // Nobody to read until every flight has bagged; then each bagged player once.
    expect(day2Players(d2, [bagAll(a), b])).toEqual([]);
    const flights = [bagAll(a), bagAll(b)];
    expect(day2Players(d2, flights).sort()).toEqual(['p1', 'p2', 'p3']);

    const window = tournamentWindow(d2.settings);
    const other = (tournamentId: string, startAt: number, over: Partial<OtherRegistration> = {}): OtherRegistration => ({
      tournamentId,
      registrationId: `reg_${tournamentId}`,
      registrationStatus: 'registered',
      tournamentStatus: 'registration_open',
      window: { startAt, endAt: startAt + 4 * HOUR },
      ...over,
    });
    const elsewhere = new Map<string, OtherRegistration[]>([
      ['p3', [other('side', window.startAt + HOUR)]],
      [
        'p1',
        [
          other('later', window.endAt),
          other('cancelled', window.startAt, { registrationStatus: 'cancelled' }),
          other('main', window.startAt),
        ],
      ],
      ['p2', [other('over', window.startAt, { tournamentStatus: 'finished' })]],
    ]);
    const e = (() => {
      try {
        qualifyDay2(Object.freeze(d2), flights, ctxAt(START), elsewhere);
      } catch (x) {
        if (isDomainError(x)) return x;
      }
      throw new Error('expected a refusal');
    })();
    expect(e).toMatchObject({ code: 'DAY2_PARALLEL_REGISTRATIONS', kind: 'conflict' });
    // Back to back (later), cancelled, or over: no clash; the others named, by player.
    expect(e.extensions).toEqual({
      clashes: [
        { playerId: 'p1', tournamentId: 'main' },
        { playerId: 'p3', tournamentId: 'side' },
      ],
    });
    expect(e.message).toContain('2 qualifiers');
    // Settled (p1 and p3 out of those), the same day 2 takes its field.
    const settled = new Map([...elsewhere].map(([p, xs]) => [p, xs.filter((x) => x.tournamentId !== 'main' && x.tournamentId !== 'side')]));
    expect(qualifyDay2(d2, flights, ctxAt(START), settled).qualifiers).toHaveLength(3);
  });
});
