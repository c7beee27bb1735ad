import type { Context } from '../core/context';
import { conflict, ruleError } from '../core/errors';
import { Draft, without } from './draft';
import { addEntry, addFee, countFees, liveRegistrationOf } from './records';
import type { Entry, Tournament, TournamentResult } from './types';
import { promoteWaitlist } from './waitlist';
import { addonWindowOpen, reentryDeadline, reentryPrice, rebuyWindowOpen } from './windows';

/** Finished and cancelled tournaments take no more chips or fees. */
function assertNotClosed(state: Tournament): void {
  if (state.status === 'finished' || state.status === 'cancelled') {
    throw conflict('TOURNAMENT_CLOSED', `The tournament is ${state.status}`);
  }
}

function assertRunning(state: Tournament): void {
  if (state.status !== 'running') throw conflict('TOURNAMENT_NOT_RUNNING', `The tournament is not running (status ${state.status})`);
}

/** Chips are bought by the player at the desk: an active entry he sits behind himself. */
function playableEntry(d: Draft, entryId: string): Entry {
  const entry = d.entry(entryId);
  if (entry.status !== 'active') throw conflict('ENTRY_NOT_ACTIVE', `Entry ${entryId} is ${entry.status}`);
  if (entry.deadStack) throw conflict('PLAYER_ABSENT', 'The player has not arrived; his dead stack takes no chips');
  return entry;
}

export interface Rebuy {
  entryId: string;
  /** The entry's current stack as counted at the table; needed only with rebuyOnlyAtOrBelowChips. */
  currentChips?: number;
  /** Playing levels the clock has left behind (for rebuyEndsAtLevel); 0 before the clock starts. */
  playingLevelsPassed?: number;
}

/**
 * R-REBUY-1: tops up the existing entry by the starting stack at the rebuy price; no new entry.
 * R-REBUY-2 (DEBT default): no window, no limit; only a finished or cancelled tournament refuses.
 * The optional settings rebuyEndsAt / rebuyMaxPerPlayer / rebuyOnlyAtOrBelowChips add the limits.
 * A player who loses his chips and rebuys is not busted: the floor records the rebuy, not a knockout.
 */
export function rebuy(state: Tournament, command: Rebuy, ctx: Context): TournamentResult {
  assertNotClosed(state);
  const s = state.settings;
  if (s.rebuy === undefined) throw ruleError('REBUY_NOT_ALLOWED', 'This tournament has no rebuy price');
  const d = new Draft(state, ctx);
  const entry = playableEntry(d, command.entryId);
  if (!rebuyWindowOpen(s, ctx.now, command.playingLevelsPassed ?? 0)) {
    const why =
      s.rebuyEndsAt !== undefined && ctx.now >= s.rebuyEndsAt
        ? 'The rebuy deadline has passed'
        : `Rebuys end with level ${s.rebuyEndsAtLevel}`;
    throw ruleError('REBUY_WINDOW_CLOSED', why);
  }
  if (s.rebuyMaxPerPlayer !== undefined && countFees(d, entry.playerId, 'rebuy') >= s.rebuyMaxPerPlayer) {
    throw ruleError('REBUY_LIMIT_REACHED', `At most ${s.rebuyMaxPerPlayer} rebuys per player`);
  }
  if (s.rebuyOnlyAtOrBelowChips !== undefined) {
    const c = command.currentChips;
    if (c === undefined || !Number.isSafeInteger(c) || c < 0) {
      throw ruleError('REBUY_STACK_REQUIRED', 'Give the current stack: rebuys are limited by stack size', [
        { field: 'currentChips', message: 'must be a non-negative integer' },
      ]);
    }
    if (c > s.rebuyOnlyAtOrBelowChips) {
      throw ruleError('REBUY_STACK_TOO_HIGH', `Rebuy only at or below ${s.rebuyOnlyAtOrBelowChips} chips`);
    }
  }
  const topped = { ...entry, chips: entry.chips + s.startingStack };
  d.put('entries', topped);
  d.emit({ type: 'entry.topped_up', entryId: entry.id, playerId: entry.playerId, kind: 'rebuy', chips: s.startingStack });
  addFee(d, topped, 'rebuy', s.rebuy, s.startingStack);
  return d.result();
}

export interface Addon {
  entryId: string;
  /** Breaks started so far by the clock, the current one included (R-CLK-4). */
  breaksPassed: number;
}

/**
 * R-ADDON-1: adds addonChips (else the starting stack) at the add-on price; no new entry.
 * R-ADDON-2: its own window (see addonWindowOpen). R-ADDON-3: once per player unless the flag allows more.
 */
export function addon(state: Tournament, command: Addon, ctx: Context): TournamentResult {
  assertNotClosed(state);
  const s = state.settings;
  if (s.addon === undefined) throw ruleError('ADDON_NOT_ALLOWED', 'This tournament has no add-on price');
  if (!Number.isSafeInteger(command.breaksPassed) || command.breaksPassed < 0) {
    throw ruleError('BREAKS_PASSED_INVALID', 'breaksPassed must be a non-negative integer', [
      { field: 'breaksPassed', message: 'must be a non-negative integer' },
    ]);
  }
  const d = new Draft(state, ctx);
  const entry = playableEntry(d, command.entryId);
  if (!addonWindowOpen(s, ctx.now, command.breaksPassed)) {
    throw ruleError('ADDON_WINDOW_CLOSED', 'The add-on window is closed');
  }
  if (s.addonOncePerPlayer && countFees(d, entry.playerId, 'addon') > 0) {
    throw ruleError('ADDON_ALREADY_TAKEN', 'The player has already taken the add-on');
  }
  const chips = s.addonChips ?? s.startingStack;
  const topped = { ...entry, chips: entry.chips + chips };
  d.put('entries', topped);
  d.emit({ type: 'entry.topped_up', entryId: entry.id, playerId: entry.playerId, kind: 'addon', chips });
  addFee(d, topped, 'addon', s.addon, chips);
  return d.result();
}

/**
 * R-REENTRY-1: a NEW entry with a new starting stack, only after the player's latest entry busted.
 * R-REENTRY-2: only while running and before the re-entry deadline (else late registration's).
 * R-REENTRY-3: re-entry price, else rebuy price; neither = freezeout, the bust is final (R-FREEZE-1).
 * The seat limit does not apply: the player already had his place. `entry.created` asks for the seat.
 */
export function reenter(state: Tournament, command: { playerId: string }, ctx: Context): TournamentResult {
  const price = reentryPrice(state.settings);
  if (price === undefined) {
    throw ruleError('REENTRY_NOT_ALLOWED', 'Freezeout: without a re-entry or rebuy price a busted player is out');
  }
  assertRunning(state);
  if (ctx.now >= reentryDeadline(state.settings)) {
    throw ruleError('REENTRY_WINDOW_CLOSED', 'The re-entry window is closed');
  }
  const d = new Draft(state, ctx);
  const reg = liveRegistrationOf(state.registrations, command.playerId);
  if (!reg || reg.entryId === undefined || (reg.status !== 'checked_in' && reg.status !== 'absent')) {
    throw conflict('NO_ENTRY_TO_REENTER', 'The player has no entry in this tournament');
  }
  const last = d.entry(reg.entryId);
  if (last.status !== 'busted') throw conflict('ENTRY_STILL_ACTIVE', 'Re-entry only after the player has busted');
  const entry = addEntry(d, reg, last.number + 1, { deadStack: false });
  addFee(d, entry, 'reentry', price, entry.chips);
  // Re-entering is done at the desk, so the player is present from now on.
  d.put('registrations', {
    ...reg,
    status: 'checked_in',
    entryId: entry.id,
    checkedInAt: reg.checkedInAt ?? ctx.now,
    checkedInBy: reg.checkedInBy ?? ctx.actor.id,
  });
  return d.result();
}

/**
 * Hook for the knockout module: the entry leaves play. Frees its place, so the waitlist may move
 * (R-SEAT-6, only inside late registration).
 */
export function bustEntry(state: Tournament, command: { entryId: string }, ctx: Context): TournamentResult {
  assertRunning(state);
  const d = new Draft(state, ctx);
  const entry = d.entry(command.entryId);
  if (entry.status !== 'active') throw conflict('ENTRY_NOT_ACTIVE', `Entry ${entry.id} is ${entry.status}`);
  d.put('entries', { ...entry, status: 'busted', bustedAt: ctx.now });
  d.emit({ type: 'entry.busted', entryId: entry.id, playerId: entry.playerId });
  promoteWaitlist(d);
  return d.result();
}

/** Hook for a cancelled knockout: the entry is back in play. Refused once the player re-entered (R-REENTRY-5). */
export function reviveEntry(state: Tournament, command: { entryId: string }, ctx: Context): TournamentResult {
  assertRunning(state);
  const d = new Draft(state, ctx);
  const entry = d.entry(command.entryId);
  if (entry.status !== 'busted') throw conflict('ENTRY_NOT_BUSTED', `Entry ${entry.id} is ${entry.status}`);
  if (d.registration(entry.registrationId).entryId !== entry.id) {
    throw conflict('PLAYER_REENTERED', 'The player has re-entered; the earlier entry cannot come back');
  }
  d.put('entries', { ...without(entry, 'bustedAt'), status: 'active' });
  d.emit({ type: 'entry.revived', entryId: entry.id, playerId: entry.playerId });
  return d.result();
}
