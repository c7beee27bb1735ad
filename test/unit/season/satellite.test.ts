import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../../domain/core/errors';
import type { EntryRef, Knockout, KnockoutsState } from '../../../domain/results';
import {
  awardRows,
  checkAwardStructure,
  checkSatelliteSettings,
  placesBeyondField,
  presetStructure,
  satelliteAwards,
  satellitePlaces,
  satelliteSeats,
  satelliteSummary,
  satelliteTickets,
  type SatelliteSettings,
} from '../../../domain/season';
import { DAY, makeCtx, T0 } from './fixtures';

const settings = (over: Partial<SatelliteSettings> = {}): SatelliteSettings => ({
  target: { kind: 'tournament', tournamentId: 'main' },
  seats: { mode: 'fixed', count: 3 },
  alreadyInTarget: { policy: 'pass_to_next' },
  ticketValidDays: 30,
  ...over,
});

/** Players p1..pN, one entry each; `busts` lists [player number, elimination number]. */
function field(n: number, busts: [number, number][]): { entries: EntryRef[]; state: KnockoutsState } {
  const out = new Set(busts.map(([p]) => p));
  const entries = Array.from({ length: n }, (_, i): EntryRef => ({
    id: `e${i + 1}`,
    playerId: `p${i + 1}`,
    number: 1,
    status: out.has(i + 1) ? 'busted' : 'active',
    createdAt: T0,
  }));
  const knockouts: Record<string, Knockout> = {};
  for (const [p, num] of busts) {
    knockouts[`ko${p}`] = {
      id: `ko${p}`,
      bustedEntryId: `e${p}`,
      bustedPlayerId: `p${p}`,
      eliminationNumber: num,
      groupId: `g${num}`,
      killers: [],
      uncreditedKillers: [],
      at: T0,
      by: 'd',
      status: 'active',
    };
  }
  return { entries, state: { knockouts, mysteryDraws: {}, nextEliminationNumber: 99, nextMysterySequence: 1 } };
}

describe('satellites', () => {
  it('R-SAT-1: seats fixed, or one per M entries (re-entries count), at least 1', () => {
    expect(satelliteSeats({ mode: 'fixed', count: 4 }, 100)).toBe(4);
    expect(satelliteSeats({ mode: 'per_entries', entriesPerSeat: 10 }, 47)).toBe(4);
    expect(satelliteSeats({ mode: 'per_entries', entriesPerSeat: 10 }, 6)).toBe(1);
    try {
      checkSatelliteSettings(settings({ seats: { mode: 'fixed', count: 0 }, ticketValidDays: 0 }));
      throw new Error('expected a refusal');
    } catch (e) {
      expect((e as DomainError).code).toBe('SATELLITE_SETTINGS_INVALID');
      expect((e as DomainError).errors?.map((i) => i.field)).toEqual(['seats.count', 'ticketValidDays']);
    }
  });

  it('R-SAT-2: the bubble at N + 1 players left, the end at N (not while late registration is open)', () => {
    const seats = { mode: 'fixed', count: 3 } as const;
    expect(
      satelliteSummary(
        field(10, [
          [1, 1],
          [2, 2],
          [3, 3],
          [4, 4],
          [5, 5],
          [6, 6],
        ]).entries,
        seats,
      ),
    ).toMatchObject({ playersLeft: 4, onBubble: true, ended: false, eliminationsToSeats: 1 });
    const three = field(10, [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
      [7, 7],
    ]).entries;
    expect(satelliteSummary(three, seats)).toMatchObject({ playersLeft: 3, onBubble: false, ended: true });
    expect(satelliteSummary(three, seats, { lateRegistrationOpen: true }).ended).toBe(false);
  });

  it('R-SAT-2: the N remaining share places 1..N (all place 1); the others are ranked by elimination', () => {
    const { entries, state } = field(6, [
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    const places = satellitePlaces(state, entries, 3, makeCtx());
    expect(places.map((p) => [p.playerId, p.place, p.winner])).toEqual([
      ['p4', 1, true],
      ['p5', 1, true],
      ['p6', 1, true],
      ['p3', 4, false],
      ['p2', 5, false],
      ['p1', 6, false],
    ]);
    expect(() => satellitePlaces(state, entries, 2, makeCtx())).toThrow(expect.objectContaining({ code: 'SATELLITE_NOT_ENDED' }));
  });

  it('R-SAT-2: a double knockout across the last seat is settled by lot for the seats left', () => {
    // 4 left for 3 seats, then two bust in one hand: 2 remain, one seat for the two.
    const { entries, state } = field(6, [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 3],
    ]);
    const places = satellitePlaces(state, entries, 3, makeCtx());
    const winners = places.filter((p) => p.winner).map((p) => p.playerId);
    expect(winners).toHaveLength(3);
    expect(winners.slice(0, 2)).toEqual(['p5', 'p6']);
    const loser = places.find((p) => (p.playerId === 'p3' || p.playerId === 'p4') && !p.winner);
    expect(loser?.place).toBe(4);
    expect(satellitePlaces(state, entries, 3, makeCtx()).map((p) => p.playerId)).toEqual(places.map((p) => p.playerId));
  });

  it('R-SAT-3: a winner already in the target passes the seat to the next place, or takes another event', () => {
    const { entries, state } = field(6, [
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    const places = satellitePlaces(state, entries, 3, makeCtx());
    const passed = satelliteAwards(places, settings(), new Set(['p5']), makeCtx());
    expect(passed.passedOver).toEqual(['p5']);
    expect(passed.awards.map((a) => [a.playerId, a.reason])).toEqual([
      ['p4', 'won'],
      ['p6', 'won'],
      ['p3', 'passed_down'],
    ]);
    const skipAlso = satelliteAwards(places, settings(), new Set(['p5', 'p3']), makeCtx());
    expect(skipAlso.awards.map((a) => a.playerId)).toEqual(['p4', 'p6', 'p2']);
    const other = satelliteAwards(
      places,
      settings({ alreadyInTarget: { policy: 'other_event', target: { kind: 'series', seriesId: 'autumn' } } }),
      new Set(['p5']),
      makeCtx(),
    );
    expect(other.awards.find((a) => a.playerId === 'p5')).toMatchObject({
      reason: 'other_event',
      target: { kind: 'series', seriesId: 'autumn' },
    });
    const tickets = satelliteTickets(passed.awards, { clubId: 'club-1', tournamentId: 'sat', finishedAt: T0 }, settings(), makeCtx());
    expect(tickets.map((t) => [t.ticket.holderId, t.ticket.target, t.ticket.expiresAt])).toEqual(
      ['p4', 'p6', 'p3'].map((p) => [p, { kind: 'tournament', tournamentId: 'main' }, T0 + 30 * DAY]),
    );
  });
});

describe('guaranteed awards', () => {
  it('R-GTD-1: a guaranteed structure is not cut to the field and is shown as guaranteed', () => {
    expect(presetStructure('club_merch', 2, false).rows).toHaveLength(2);
    const g = presetStructure('club_merch', 2, true);
    expect(g.rows).toHaveLength(3);
    expect(awardRows(g).every((r) => r.guaranteed)).toBe(true);
    expect(placesBeyondField(g, 2)).toEqual([3]);
    expect(() => presetStructure('freerolls_for_itm', 50, true)).toThrow(expect.objectContaining({ code: 'GUARANTEE_NEEDS_FIXED_ROWS' }));
  });

  it('R-GTD-1: the guarantee is in non-monetary awards only', () => {
    expect(() => checkAwardStructure({ guaranteed: true, rows: [{ place: 1, description: 'Гарантия 100 000 ₽' }] })).toThrow(
      expect.objectContaining({ code: 'MONEY_WORDING' }),
    );
    expect(() => checkAwardStructure({ guaranteed: true, rows: [{ place: 1, description: 'Кубок', amount: 5 } as never] })).toThrow(
      expect.objectContaining({ code: 'AWARD_STRUCTURE_INVALID' }),
    );
    expect(checkAwardStructure({ guaranteed: true, rows: [{ place: 1, description: 'Кубок и медаль' }] }).rows).toHaveLength(1);
  });
});
