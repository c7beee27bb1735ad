import type { Context } from '../core/context';
import { conflict, ruleError } from '../core/errors';
import { assertNoMoneyWordingNow } from '../text/money-wording';
import type { FloorTournament } from './aggregate';

/*
 * The line the floor puts on the clock screen ("Dinner break at 20:00", "Table 7 is closing"). A
 * screen shows it at once, so there is no operator to wait for: a text the money checker would hold
 * for review (R-MONEY-2) is refused like a text it refuses, and the floor words it otherwise.
 */

export const MAX_ANNOUNCEMENT_LENGTH = 200;

export interface Announcement {
  text: string;
  at: number;
  by: string;
}

export type AnnouncementEvent = { type: 'tournament.announcement_set' } | { type: 'tournament.announcement_cleared' };

function assertOpen(state: FloorTournament): void {
  if (state.status === 'finished' || state.status === 'cancelled') {
    throw conflict('TOURNAMENT_CLOSED', `The tournament is ${state.status}`);
  }
}

/** Puts the announcement (replacing one there); the same text again changes nothing. */
export function setAnnouncement(
  state: FloorTournament,
  text: string,
  ctx: Context,
): { state: FloorTournament; events: AnnouncementEvent[] } {
  assertOpen(state);
  if (text.length === 0 || text.length > MAX_ANNOUNCEMENT_LENGTH) {
    throw ruleError('ANNOUNCEMENT_INVALID', `An announcement has 1 to ${MAX_ANNOUNCEMENT_LENGTH} characters`, [
      { field: 'text', message: `1 to ${MAX_ANNOUNCEMENT_LENGTH} characters` },
    ]);
  }
  assertNoMoneyWordingNow('text', text, 'description', 'announcement');
  if (state.announcement?.text === text) return { state, events: [] };
  return {
    state: { ...state, announcement: { text, at: ctx.now, by: ctx.actor.id }, updatedAt: ctx.now },
    events: [{ type: 'tournament.announcement_set' }],
  };
}

/** Takes the announcement down; none there changes nothing. */
export function clearAnnouncement(state: FloorTournament, ctx: Context): { state: FloorTournament; events: AnnouncementEvent[] } {
  if (!state.announcement) return { state, events: [] };
  const { announcement: _gone, ...rest } = state;
  return { state: { ...rest, updatedAt: ctx.now }, events: [{ type: 'tournament.announcement_cleared' }] };
}
