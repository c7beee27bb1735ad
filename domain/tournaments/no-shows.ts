import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { Draft, pick } from './draft';
import { addEntry } from './records';
import type { Registration, Tournament, TournamentResult } from './types';
import { promoteWaitlist } from './waitlist';

/**
 * R-NOSHOW-1/-2: run by the floor or by the scheduler once late registration has ended. Registrations
 * never checked in are cancelled (drop) or seated with a dead stack (absent_mode; the caller seats the
 * new entry). The waitlist can no longer be promoted, so it is closed as well. Refused before the
 * deadline so that the held seats are really held; idempotent: a second run changes nothing.
 */
export function processNoShows(state: Tournament, ctx: Context, opts: { forcedBetsPosted?: number } = {}): TournamentResult {
  if (state.status !== 'running') {
    throw conflict('TOURNAMENT_NOT_RUNNING', `No-shows are processed in a running tournament (status ${state.status})`);
  }
  if (ctx.now < state.settings.lateRegEndsAt) {
    throw conflict('LATE_REGISTRATION_OPEN', 'Seats are held until late registration ends');
  }
  const d = new Draft(state, ctx);
  d.forcedBetsPosted = opts.forcedBetsPosted ?? 0;
  const pending = pick(state.registrations, (r) => r.status === 'registered' || r.status === 'waitlisted').sort((a, b) => a.seq - b.seq);
  for (const r of pending) {
    if (r.status === 'registered' && state.settings.noShowPolicy === 'absent_mode') {
      seatDeadStack(d, r);
    } else {
      const reason = r.status === 'registered' ? 'no_show' : 'waitlist_expired';
      d.put('registrations', { ...r, status: 'cancelled', cancelledAt: ctx.now, cancelReason: reason });
      d.emit({ type: 'registration.cancelled', registrationId: r.id, playerId: r.playerId, reason });
    }
  }
  // The rule applies as everywhere: outside the late-registration window it promotes nobody.
  promoteWaitlist(d);
  return d.result();
}

function seatDeadStack(d: Draft, r: Registration): void {
  const entry = addEntry(d, r, 1, { deadStack: true });
  d.put('registrations', { ...r, status: 'absent', entryId: entry.id });
  d.emit({ type: 'registration.absent', registrationId: r.id, playerId: r.playerId, entryId: entry.id });
}

/**
 * R-NOSHOW-2 (seed 3.8): under absent_mode, whoever is registered but not checked in when the tournament
 * starts is in play from the start: a dead stack that posts its forced bets until the player arrives or
 * it is gone. Called by the start; the caller seats the new entries (or the draw does).
 */
export function seatAbsentAtStart(d: Draft): void {
  if (d.settings.noShowPolicy !== 'absent_mode') return;
  const pending = pick(d.all('registrations'), (r) => r.status === 'registered').sort((a, b) => a.seq - b.seq);
  for (const r of pending) seatDeadStack(d, r);
}
