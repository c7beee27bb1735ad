import { describe, expect, it } from 'vitest';
import type { Context } from '../../../domain/core/context';
import { bustEntry, checkIn, playerDebt, processNoShows, unregister } from '../../../domain/tournaments';
import type { Tournament } from '../../../domain/tournaments';
import { Desk, HOUR, MIN, START } from './harness';

const LATE_END = START + 2 * HOUR;
/** processNoShows takes no command; adapted to the desk's (state, command, ctx) runner. */
const noShows = (s: Tournament, _command: null, ctx: Context) => processNoShows(s, ctx);

describe('no-shows', () => {
  it('R-NOSHOW-1: the seat is held until late registration ends; processing earlier is refused', () => {
    const desk = new Desk();
    desk.register('p1');
    desk.status('running');
    desk.now = LATE_END - 1;
    const e = desk.refuse(noShows, null);
    expect(e.code).toBe('LATE_REGISTRATION_OPEN');
    expect(e.kind).toBe('conflict');
    expect(desk.reg('p1').status).toBe('registered');
  });

  it('R-NOSHOW-1: processing before the start is refused', () => {
    const desk = new Desk({}, 'registration_open', LATE_END + HOUR);
    expect(desk.refuse(noShows, null).code).toBe('TOURNAMENT_NOT_RUNNING');
  });

  it('R-NOSHOW-1: drop (default) cancels registrations never checked in and closes the waitlist', () => {
    const desk = new Desk({ seatLimit: 2 });
    desk.seat('here');
    const gone = desk.register('gone');
    const waiting = desk.register('waiting');
    desk.status('running');
    desk.now = LATE_END;
    const r = desk.run(noShows, null);
    expect(desk.state.registrations[gone]).toMatchObject({ status: 'cancelled', cancelReason: 'no_show', cancelledAt: LATE_END });
    expect(desk.state.registrations[waiting]).toMatchObject({ status: 'cancelled', cancelReason: 'waitlist_expired' });
    expect(desk.reg('here').status).toBe('checked_in');
    // The freed place is outside the late-registration window: nobody is promoted.
    expect(r.events.map((e) => e.type)).toEqual(['registration.cancelled', 'registration.cancelled']);
  });

  it('R-NOSHOW-1: a dropped no-show does not count against the seat limit and owes nothing', () => {
    const desk = new Desk({ seatLimit: 1 });
    desk.register('gone');
    desk.status('running');
    desk.now = LATE_END + MIN;
    desk.run(noShows, null);
    expect(Object.values(desk.state.entries)).toHaveLength(0);
    expect(playerDebt(desk.state, 'gone')).toBe(0);
  });

  it('R-NOSHOW-1: processing is idempotent', () => {
    const desk = new Desk();
    desk.register('gone');
    desk.status('running');
    desk.now = LATE_END;
    desk.run(noShows, null);
    const once = desk.state;
    desk.now += HOUR;
    const again = desk.run(noShows, null);
    expect(again.state).toBe(once);
    expect(again.events).toEqual([]);
  });

  it('R-NOSHOW-2: absent_mode seats a dead stack for each player not checked in at the start', () => {
    const desk = new Desk({ noShowPolicy: 'absent_mode' });
    const id = desk.register('away');
    desk.seat('here');
    desk.status('running');
    const reg = desk.state.registrations[id];
    expect(reg?.status).toBe('absent');
    expect(desk.state.entries[reg?.entryId ?? '']).toMatchObject({
      status: 'active',
      deadStack: true,
      deadStackFrom: 0,
      chips: 20_000,
      number: 1,
    });
    expect(desk.events).toContainEqual(expect.objectContaining({ type: 'entry.created', seatNow: true, deadStack: true }));
    expect(desk.events).toContainEqual(expect.objectContaining({ type: 'registration.absent', entryId: reg?.entryId }));
    expect(desk.reg('here').status).toBe('checked_in');
    // No buy-in while the dead stack stands in for the player.
    expect(playerDebt(desk.state, 'away')).toBe(0);
    // Nothing is left for the run at the end of late registration.
    desk.now = LATE_END;
    expect(desk.run(noShows, null).events).toEqual([]);
    expect(Object.keys(desk.state.entries)).toHaveLength(2);
  });

  it('R-NOSHOW-2: a player registered after the start and never seen gets his dead stack at the end of late registration', () => {
    const desk = new Desk({ noShowPolicy: 'absent_mode' }, 'running');
    const id = desk.register('later');
    desk.now = LATE_END;
    const r = desk.run((s: Tournament, _c: null, ctx: Context) => processNoShows(s, ctx, { forcedBetsPosted: 1_200 }), null);
    const reg = desk.state.registrations[id];
    expect(reg?.status).toBe('absent');
    // It posts from the moment it is seated: the forced bets passed before are not its own.
    expect(desk.state.entries[reg?.entryId ?? '']).toMatchObject({ deadStack: true, deadStackFrom: 1_200 });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'entry.created', seatNow: true, deadStack: true }));
    expect(desk.run(noShows, null).events).toEqual([]);
  });

  it('R-NOSHOW-2: the player arriving takes over his stack and his buy-in accrues', () => {
    const desk = new Desk({ noShowPolicy: 'absent_mode' });
    const id = desk.register('away');
    desk.status('running');
    desk.now = LATE_END;
    desk.run(noShows, null);
    const entryId = desk.state.registrations[id]?.entryId ?? '';
    desk.now += 40 * MIN;
    desk.run(checkIn, { registrationId: id });
    expect(desk.state.registrations[id]?.status).toBe('checked_in');
    expect(desk.state.entries[entryId]).not.toHaveProperty('deadStack');
    expect(desk.events).toContainEqual({ type: 'entry.dead_stack_ended', entryId, playerId: 'away' });
    expect(playerDebt(desk.state, 'away')).toBe(150_000);
  });

  it('R-NOSHOW-2: a dead stack that busted cannot be taken over', () => {
    const desk = new Desk({ noShowPolicy: 'absent_mode' });
    const id = desk.register('away');
    desk.status('running');
    desk.now = LATE_END;
    desk.run(noShows, null);
    desk.run(bustEntry, { entryId: desk.state.registrations[id]?.entryId ?? '' });
    expect(desk.refuse(checkIn, { registrationId: id }).code).toBe('ENTRY_NOT_ACTIVE');
    // Nor voided afterwards: the busted dead stack stays in the results.
    expect(desk.refuse(unregister, { registrationId: id }).code).toBe('ENTRY_NOT_ACTIVE');
  });

  it('R-NOSHOW-2: a player who sends word he is not coming has his dead stack voided', () => {
    const desk = new Desk({ noShowPolicy: 'absent_mode' });
    const id = desk.register('away');
    desk.status('running');
    desk.now = LATE_END;
    desk.run(noShows, null);
    desk.run(unregister, { registrationId: id });
    expect(desk.state.entries[desk.state.registrations[id]?.entryId ?? '']?.status).toBe('void');
    expect(desk.events.map((e) => e.type)).toEqual(['entry.voided', 'registration.cancelled']);
  });

  it('R-NOSHOW-2: under absent_mode a late arrival takes over his dead stack after late registration too', () => {
    const desk = new Desk({ noShowPolicy: 'absent_mode' });
    const id = desk.register('late');
    desk.status('running');
    desk.now = LATE_END + 5 * MIN;
    desk.run(checkIn, { registrationId: id });
    expect(desk.state.registrations[id]?.status).toBe('checked_in');
  });

  it('R-NOSHOW-2: the arriving player takes the stack as it stands; a stack that has posted everything is out', () => {
    const desk = new Desk({ noShowPolicy: 'absent_mode' });
    const a = desk.register('a');
    const b = desk.register('b');
    desk.status('running');
    desk.now += 30 * MIN;
    desk.run(checkIn, { registrationId: a, forcedBetsPosted: 3_000 });
    const ea = desk.state.entries[desk.reg('a').entryId ?? ''];
    expect(ea).toMatchObject({ chips: 20_000, forcedBetsPosted: 3_000, status: 'active' });
    expect(ea).not.toHaveProperty('deadStack');
    expect(desk.refuse(checkIn, { registrationId: b, forcedBetsPosted: 20_000 }).code).toBe('DEAD_STACK_BLINDED_OUT');
    expect(desk.state.registrations[b]?.status).toBe('absent');
  });
});
