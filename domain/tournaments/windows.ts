import type { TournamentSettings } from './settings';
import type { TournamentStatus } from './types';

/*
 * The time windows of the buy-in mechanics, as pure predicates. Every deadline is exclusive: a window
 * is open while now < deadline, so the deadline instant itself is already closed.
 */

/** R-LATE-1 (also the R-REG-2 promotion window): before the start or running, and before lateRegEndsAt. */
export function lateRegistrationOpen(status: TournamentStatus, settings: TournamentSettings, now: number): boolean {
  return (status === 'registration_open' || status === 'running') && now < settings.lateRegEndsAt;
}

/** R-REENTRY-2: the re-entry deadline, else the late-registration deadline. */
export function reentryDeadline(settings: TournamentSettings): number {
  return settings.reentryEndsAt ?? settings.lateRegEndsAt;
}

/** R-REENTRY-3: the re-entry price, else the rebuy price; undefined = no re-entry (R-FREEZE-1). */
export function reentryPrice(settings: TournamentSettings): number | undefined {
  return settings.reentry ?? settings.rebuy;
}

/**
 * R-ADDON-2: open if now is before the add-on deadline, or "add-on at break N" is set and the clock has
 * reached break N (`breaksPassed` counts the breaks that have started, the current one included).
 * Neither set: unlimited. The late-registration window does not apply.
 */
export function addonWindowOpen(settings: TournamentSettings, now: number, breaksPassed: number): boolean {
  const { addonEndsAt, addonAtBreak } = settings;
  if (addonEndsAt === undefined && addonAtBreak === undefined) return true;
  if (addonEndsAt !== undefined && now < addonEndsAt) return true;
  return addonAtBreak !== undefined && breaksPassed >= addonAtBreak;
}

/**
 * R-REBUY-2 "Beyond": the optional rebuy deadline and last level; unset = no window (the original
 * behaviour). `playingLevelsPassed` counts the playing levels the clock has left behind, so rebuys are
 * taken through level N and refused from the break or level after it.
 */
export function rebuyWindowOpen(settings: TournamentSettings, now: number, playingLevelsPassed = 0): boolean {
  if (settings.rebuyEndsAt !== undefined && now >= settings.rebuyEndsAt) return false;
  return settings.rebuyEndsAtLevel === undefined || playingLevelsPassed < settings.rebuyEndsAtLevel;
}
