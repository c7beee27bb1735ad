import { describe, expect, it } from 'vitest';
import {
  addon,
  bustEntry,
  cancelSettlement,
  checkIn,
  debtsByPlayer,
  playerDebt,
  processNoShows,
  reenter,
  rebuy,
  register,
  settle,
} from '../../../domain/tournaments';
import { Desk, HOUR, MIN, START } from './harness';

/** Seat limit; 50 more register and wait. */
const FIELD = 2100;

/** Largest JSON size of one stored record: the root without its maps, and every record of every map. */
function largestRecords(desk: Desk): { root: number; record: number } {
  const { registrations, entries, fees, settlements, ...root } = desk.state;
  let record = 0;
  for (const map of [registrations, entries, fees, settlements]) {
    for (const r of Object.values(map)) record = Math.max(record, JSON.stringify(r).length);
  }
  return { root: JSON.stringify(root).length, record };
}

describe('a 2,000-entry tournament', { timeout: 120_000 }, () => {
  it('runs a full evening of operations and keeps every record small', () => {
    const desk = new Desk({
      rebuy: 100_000,
      reentry: 120_000,
      addon: 50_000,
      addonOncePerPlayer: true,
      seatLimit: FIELD,
      prizes: [
        { place: 1, description: 'Кубок чемпиона и фрибай' },
        { placeFrom: 2, placeTo: 10, description: 'Медаль и мерч клуба' },
      ],
    });
    const players = Array.from({ length: FIELD + 50 }, (_, i) => `player_${String(i).padStart(5, '0')}`);
    for (const p of players) desk.run(register, { playerId: p, otherRegistrations: [] });
    expect(Object.values(desk.state.registrations).filter((r) => r.status === 'waitlisted')).toHaveLength(50);

    // Everyone but one in a hundred checks in (entry 1 and a buy-in each).
    for (const r of Object.values(desk.state.registrations)) {
      if (r.status === 'registered' && !r.playerId.endsWith('07')) desk.run(checkIn, { registrationId: r.id });
    }
    desk.status('running');
    desk.now = START + 30 * MIN;

    const active = Object.values(desk.state.entries);
    for (const e of active.slice(0, 200)) desk.run(rebuy, { entryId: e.id });
    for (const e of active.slice(0, 200)) desk.run(bustEntry, { entryId: e.id });
    // Each knockout inside late registration freed a place: the whole waitlist moved up.
    expect(Object.values(desk.state.registrations).filter((r) => r.status === 'waitlisted')).toHaveLength(0);
    for (const e of active.slice(0, 100)) desk.run(reenter, { playerId: e.playerId });
    for (const e of active.slice(1000, 1200)) desk.run(addon, { entryId: e.id, breaksPassed: 1 });
    for (const e of active.slice(0, 100)) desk.run(settle, { playerId: e.playerId, method: 'cash' });
    const someSettlement = Object.values(desk.state.settlements)[0];
    desk.run(cancelSettlement, { settlementId: someSettlement?.id ?? '' });
    desk.now = START + 2 * HOUR;
    desk.run((s, _c: null, ctx) => processNoShows(s, ctx), null);

    const entries = Object.values(desk.state.entries);
    expect(entries.filter((e) => e.number === 1).length).toBe(active.length);
    expect(entries.length).toBeGreaterThan(2000);
    expect(entries.filter((e) => e.number === 2)).toHaveLength(100);
    // No-shows and promoted players who never came are dropped (R-NOSHOW-1).
    const dropped = Object.values(desk.state.registrations).filter((r) => r.cancelReason === 'no_show');
    expect(dropped.length).toBe(FIELD + 50 - active.length);
    expect(Object.keys(debtsByPlayer(desk.state)).length).toBe(active.length - 100 + 1);
    expect(playerDebt(desk.state, someSettlement?.playerId ?? '')).toBe(someSettlement?.amount);

    const size = largestRecords(desk);
    expect(size.record).toBeLessThan(400);
    expect(size.root).toBeLessThan(1500);
  });
});
