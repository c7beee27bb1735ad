import type { ClubAccess, Principal } from '../platform/principal';
import { auditDeckRead, getDeckAccess, type DeckRead } from './duplicate/deck-access';
import { Forbidden, NotFound } from '../runtime/errors';
import { cardAccess, needsDeckGrant, type CardAccess, type CardView } from '../../domain/duplicate/card-access';
import type { DupRound, DuplicateEvent } from '../../domain/duplicate/event';

/*
 * R-DUP-2: the one path by which a Duplicate route decides whether its answer may show cards
 * (domain/duplicate/card-access.ts holds the rule). Every route that shows cards asks here; a read the rule
 * audits is recorded in the event's deck-read audit before the cards leave.
 */

/** Who asks: the caller's standing in the club (none outside it) and how they signed in. */
export interface CardCaller {
  club: ClubAccess | undefined;
  principal: Principal;
}

export interface CardDecision {
  access: CardAccess;
  /** The audit record to write before the answer, when the rule audits this read. */
  audit?: (at: number) => DeckRead;
}

/** Decides on one view of a round's cards; the grant is read only when the view needs it. */
export async function decideCards(caller: CardCaller, ev: DuplicateEvent, r: DupRound, view: CardView): Promise<CardDecision> {
  const viewer = caller.club ? { role: caller.club.role, apiKey: caller.principal.kind === 'apiKey' } : undefined;
  const granted = needsDeckGrant(view, r) && viewer ? (await getDeckAccess(ev.clubId)).roles : [];
  const access = cardAccess({ view, round: r, viewer, granted });
  if (!access.see || !access.audited || !caller.club) return { access };
  const { actorId, role } = caller.club;
  return { access, audit: (at) => ({ round: r.round, actorId, role, at, what: view }) };
}

/** The refusal a route answers when the caller may not see the cards; it names no card. */
export function cardsRefused(caller: CardCaller, access: Extract<CardAccess, { see: false }>, view: CardView, r: DupRound): Error {
  if (access.reason === 'not-granted') {
    const who = caller.principal.kind === 'apiKey' ? 'API keys' : `the role ${caller.club?.role ?? 'of the caller'}`;
    const when = view === 'deck-sheets' ? '' : ' until the round closes';
    return new Forbidden('DECK_ACCESS_DENIED', `The club does not grant the cards of round ${r.round} to ${who}${when}`);
  }
  return view === 'deck-sheets'
    ? new NotFound('DUPLICATE_EVENT_NOT_FOUND', 'No such Duplicate Poker event')
    : new NotFound('DIAGRAM_NOT_PUBLIC', `round ${r.round} is still being played: its hands are shown when it closes`);
}

/** For a read of cards: refuses the caller the rule refuses, and records the read it audits before answering. */
export async function openCards(caller: CardCaller, ev: DuplicateEvent, r: DupRound, view: CardView, at: number): Promise<void> {
  const { access, audit } = await decideCards(caller, ev, r, view);
  if (!access.see) throw cardsRefused(caller, access, view, r);
  if (audit) await auditDeckRead(ev.clubId, ev.eventId, audit(at));
}
