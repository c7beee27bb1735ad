import { describe, expect, it } from 'vitest';
import {
  assertNoParallelRegistration,
  bustEntry,
  checkIn,
  DEFAULT_EXPECTED_DURATION_MINUTES,
  findParallelRegistration,
  playerDebt,
  playerEliminated,
  register,
  tournamentWindow,
  unregister,
  validateSettings,
} from '../../../domain/tournaments';
import type { OtherRegistration } from '../../../domain/tournaments';
import { baseSettings, Desk, HOUR, MIN, player, START } from './harness';

const other = (over: Partial<OtherRegistration> & { window: OtherRegistration['window'] }): OtherRegistration => ({
  tournamentId: 'trn_other',
  registrationId: 'reg_other',
  registrationStatus: 'registered',
  tournamentStatus: 'registration_open',
  ...over,
});

describe('R-REG-1 parallel registrations', () => {
  const settings = validateSettings(baseSettings(), { currency: 'RUB' });
  const window = tournamentWindow(settings);
  const candidate = { tournamentId: 'trn_here', window };

  it('R-REG-1: a window runs from the start for the expected duration, at least to the deadlines', () => {
    expect(window).toEqual({ startAt: START, endAt: START + DEFAULT_EXPECTED_DURATION_MINUTES * MIN });
    const long = validateSettings(baseSettings({ rebuy: 1, reentryEndsAt: START + 10 * HOUR, expectedDurationMinutes: 60 }), {
      currency: 'RUB',
    });
    expect(tournamentWindow(long)).toEqual({ startAt: START, endAt: START + 10 * HOUR });
  });

  it('R-REG-1: refuses a registration whose tournament overlaps another one the player holds', () => {
    const clash = other({ window: { startAt: START + 3 * HOUR, endAt: START + 9 * HOUR } });
    expect(findParallelRegistration(candidate, [clash])).toBe(clash);
    expect(() => assertNoParallelRegistration(candidate, [clash])).toThrow(expect.objectContaining({ code: 'PARALLEL_REGISTRATION' }));
  });

  it('R-REG-1: back-to-back tournaments are not parallel (half-open windows)', () => {
    const next = other({ window: { startAt: window.endAt, endAt: window.endAt + 4 * HOUR } });
    const before = other({ window: { startAt: START - 5 * HOUR, endAt: START } });
    expect(findParallelRegistration(candidate, [next, before])).toBeUndefined();
  });

  it('R-REG-1: cancelled registrations, finished tournaments and eliminated players do not block', () => {
    const w = { startAt: START, endAt: START + HOUR };
    const harmless = [
      other({ window: w, registrationStatus: 'cancelled' }),
      other({ window: w, tournamentStatus: 'finished' }),
      other({ window: w, tournamentStatus: 'cancelled' }),
      other({ window: w, registrationStatus: 'checked_in', tournamentStatus: 'running', eliminated: true }),
      other({ window: w, tournamentId: 'trn_here' }),
    ];
    expect(findParallelRegistration(candidate, harmless)).toBeUndefined();
    expect(findParallelRegistration(candidate, [other({ window: w, registrationStatus: 'waitlisted' })])).toBeDefined();
  });

  it('R-REG-1: register applies the check to the registrations the caller loaded', () => {
    const desk = new Desk();
    const clash = other({ window: { startAt: START + HOUR, endAt: START + 5 * HOUR } });
    const e = desk.refuse(register, { playerId: 'p1', otherRegistrations: [clash] });
    expect(e.code).toBe('PARALLEL_REGISTRATION');
    expect(e.kind).toBe('rule');
  });

  it('R-REG-1: playerEliminated tells the caller that a busted player no longer holds his tournament', () => {
    const desk = new Desk();
    const entry = desk.seat('p1');
    desk.status('running');
    expect(playerEliminated(desk.state, 'p1')).toBe(false);
    desk.run(bustEntry, { entryId: entry });
    expect(playerEliminated(desk.state, 'p1')).toBe(true);
    expect(playerEliminated(desk.state, 'nobody')).toBe(false);
  });
});

describe('registration', () => {
  it('registers by the player himself or by staff, once per player', () => {
    const desk = new Desk();
    desk.run(register, { playerId: 'p1', otherRegistrations: [] }, player('p1'));
    expect(desk.reg('p1')).toMatchObject({ status: 'registered', source: 'player', registeredBy: 'p1', seq: 1 });
    desk.run(register, { playerId: 'p2', otherRegistrations: [] });
    expect(desk.reg('p2')).toMatchObject({ source: 'staff', seq: 2 });
    expect(desk.refuse(register, { playerId: 'p1', otherRegistrations: [] }).code).toBe('ALREADY_REGISTERED');
    expect(desk.refuse(register, { playerId: 'p3', otherRegistrations: [] }, player('p4')).code).toBe('PLAYER_MISMATCH');
  });

  it('refuses registration before registration opens and after the tournament ends', () => {
    for (const status of ['announced', 'finished', 'cancelled'] as const) {
      expect(new Desk({}, status).refuse(register, { playerId: 'p1', otherRegistrations: [] }).code).toBe('REGISTRATION_NOT_OPEN');
    }
  });

  it('a player can unregister himself but not another player', () => {
    const desk = new Desk();
    const id = desk.register('p1');
    expect(desk.refuse(unregister, { registrationId: id }, player('p2')).code).toBe('REGISTRATION_NOT_FOUND');
    desk.run(unregister, { registrationId: id }, player('p1'));
    expect(desk.state.registrations[id]).toMatchObject({ status: 'cancelled', cancelReason: 'unregistered' });
    // A cancelled registration stays for the record; registering again makes a new one.
    desk.register('p1');
    expect(Object.keys(desk.state.registrations)).toHaveLength(2);
  });
});

describe('R-REG-2 seat limit and waitlist', () => {
  it('R-REG-2: beyond the seat limit registrations go to the waitlist', () => {
    const desk = new Desk({ seatLimit: 2 });
    desk.register('p1');
    desk.register('p2');
    desk.register('p3');
    expect(desk.reg('p3').status).toBe('waitlisted');
    expect(desk.events).toEqual([expect.objectContaining({ type: 'registration.created', status: 'waitlisted' })]);
  });

  it('R-REG-2: a freed place promotes the first waitlisted player, in registration order', () => {
    const desk = new Desk({ seatLimit: 1 });
    const p1 = desk.register('p1');
    desk.register('p2');
    desk.register('p3');
    desk.run(unregister, { registrationId: p1 });
    expect(desk.reg('p2')).toMatchObject({ status: 'registered', promotedAt: desk.now });
    expect(desk.reg('p3').status).toBe('waitlisted');
    expect(desk.events).toContainEqual(expect.objectContaining({ type: 'registration.promoted', playerId: 'p2' }));
  });

  it('R-REG-2: a knockout frees a place; promotion seats a player already present at the desk', () => {
    const desk = new Desk({ seatLimit: 1 });
    const e1 = desk.seat('p1');
    const w = desk.register('p2');
    desk.run(checkIn, { registrationId: w });
    expect(desk.reg('p2')).toMatchObject({ status: 'waitlisted', checkedInAt: desk.now });
    expect(desk.entriesOf('p2')).toHaveLength(0);
    desk.status('running');
    desk.now = START + 30 * MIN;
    desk.run(bustEntry, { entryId: e1 });
    const reg = desk.reg('p2');
    expect(reg.status).toBe('checked_in');
    const [entry] = desk.entriesOf('p2');
    expect(entry).toMatchObject({ id: reg.entryId, number: 1, chips: 20_000, status: 'active' });
    expect(desk.events.map((e) => e.type)).toEqual(['entry.busted', 'entry.created', 'fee.recorded', 'registration.promoted']);
    expect(desk.events).toContainEqual(expect.objectContaining({ type: 'entry.created', seatNow: true }));
    expect(playerDebt(desk.state, 'p2')).toBe(150_000);
  });

  it('R-REG-2: no promotion outside the late-registration window', () => {
    const desk = new Desk({ seatLimit: 1 });
    const e1 = desk.seat('p1');
    desk.register('p2');
    desk.status('running');
    desk.now = START + 2 * HOUR; // the deadline instant is already closed
    desk.run(bustEntry, { entryId: e1 });
    expect(desk.reg('p2').status).toBe('waitlisted');
    expect(desk.events.map((e) => e.type)).toEqual(['entry.busted']);
  });
});

describe('R-REG-3 check-in and postpayment', () => {
  it('R-REG-3: check-in seats the player without payment; the buy-in accrues as debt', () => {
    const desk = new Desk({ buyIn: 120_000 });
    const id = desk.register('p1');
    desk.run(checkIn, { registrationId: id });
    const reg = desk.state.registrations[id];
    expect(reg).toMatchObject({ status: 'checked_in', checkedInAt: desk.now, checkedInBy: 'usr_floor' });
    expect(desk.entriesOf('p1')).toEqual([expect.objectContaining({ id: reg?.entryId, number: 1, chips: 20_000 })]);
    expect(desk.feesOf('p1')).toEqual([
      expect.objectContaining({ kind: 'buy_in', amount: 120_000, chips: 20_000, entryId: reg?.entryId, by: 'usr_floor' }),
    ]);
    expect(playerDebt(desk.state, 'p1')).toBe(120_000);
    // Before the start the initial draw seats everyone, so the caller is not asked to seat now.
    expect(desk.events).toContainEqual(expect.objectContaining({ type: 'entry.created', seatNow: false }));
  });

  it('R-REG-3: checking in twice is refused', () => {
    const desk = new Desk();
    const id = desk.register('p1');
    desk.run(checkIn, { registrationId: id });
    expect(desk.refuse(checkIn, { registrationId: id }).code).toBe('ALREADY_CHECKED_IN');
  });

  it('R-REG-3: unregistering before the start voids the entry and cancels its unpaid buy-in', () => {
    const desk = new Desk();
    const entryId = desk.seat('p1');
    desk.run(unregister, { registrationId: desk.reg('p1').id });
    expect(desk.state.entries[entryId]?.status).toBe('void');
    expect(playerDebt(desk.state, 'p1')).toBe(0);
    expect(desk.events.map((e) => e.type)).toEqual(['fee.cancelled', 'entry.voided', 'registration.cancelled']);
  });

  it('R-REG-3: a checked-in player cannot unregister once the tournament runs', () => {
    const desk = new Desk();
    const id = desk.register('p1');
    desk.run(checkIn, { registrationId: id });
    desk.status('running');
    expect(desk.refuse(unregister, { registrationId: id }).code).toBe('ALREADY_PLAYING');
  });
});

describe('R-LATE-1 late registration', () => {
  it('R-LATE-1: while running and before the deadline, a late entrant gets the standard stack at the buy-in', () => {
    const desk = new Desk({}, 'running', START + 90 * MIN);
    desk.seat('late');
    const [entry] = desk.entriesOf('late');
    expect(entry).toMatchObject({ number: 1, chips: 20_000, status: 'active' });
    expect(desk.feesOf('late')).toEqual([expect.objectContaining({ kind: 'buy_in', amount: 150_000 })]);
    expect(desk.events).toContainEqual(expect.objectContaining({ type: 'entry.created', seatNow: true }));
  });

  it('R-LATE-1: registration is refused from the deadline on', () => {
    const desk = new Desk({}, 'running', START + 2 * HOUR);
    const e = desk.refuse(register, { playerId: 'late', otherRegistrations: [] });
    expect(e.code).toBe('LATE_REGISTRATION_CLOSED');
  });

  it('R-LATE-1: under the drop policy a registered player arriving after the deadline is not admitted', () => {
    const desk = new Desk();
    const id = desk.register('p1');
    desk.status('running');
    desk.now = START + 2 * HOUR + 1;
    expect(desk.refuse(checkIn, { registrationId: id }).code).toBe('LATE_REGISTRATION_CLOSED');
  });
});
