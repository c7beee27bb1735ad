import type { Context } from '../core/context';
import { conflict, ruleError } from '../core/errors';
import { moneyReviewItems, type MoneyReviewItem } from '../text/money-wording';
import { prizeLabel } from './prize-kinds';
import type { TournamentSettings } from './settings';
import type { Tournament } from './types';

/**
 * R-MONEY-2: a tournament text the money checker could not decide on (a bare amount in a prize, a
 * currency word that may be a name) is stored but held: the tournament does not reach the public
 * catalogue and cannot open registration until an operator approves the texts; the club reads why.
 * Rejected, it stays held until the club edits the texts (each edit is checked again).
 */
export interface MoneyHold {
  status: 'held' | 'rejected';
  items: MoneyReviewItem[];
  since: number;
  /** The operator's decision on a rejected hold, for the club to read. */
  decidedBy?: string;
  decidedAt?: number;
  reason?: string;
}

/** Every text of the settings that people read, through the checker; what it holds for review. */
export function reviewItemsOfSettings(s: TournamentSettings): MoneyReviewItem[] {
  const items = [...moneyReviewItems('name', s.name, 'name'), ...moneyReviewItems('description', s.description, 'description')];
  s.prizes.forEach((row, i) => {
    // A description made from the kind repeats the detail checked below.
    if (row.description !== prizeLabel(row)) items.push(...moneyReviewItems(`prizes[${i}].description`, row.description, 'prize'));
    if (row.certificateFor) items.push(...moneyReviewItems(`prizes[${i}].certificateFor`, row.certificateFor, 'prize'));
    if (row.entryTo) items.push(...moneyReviewItems(`prizes[${i}].entryTo`, row.entryTo, 'name'));
  });
  (s.mysteryPrizeTable ?? []).forEach((row, i) => items.push(...moneyReviewItems(`mysteryPrizeTable[${i}].prize`, row.prize, 'prize')));
  return items;
}

const sameItems = (a: readonly MoneyReviewItem[], b: readonly MoneyReviewItem[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The hold after the settings were written: none when nothing needs review; the same hold when the
 * texts under review did not change (an approval is not asked for twice, a rejection stays); a new
 * hold otherwise. An approved text that is left as it was stays approved.
 */
export function holdAfterWrite(state: Tournament, now: number): Tournament {
  const approved = state.moneyApproved;
  const items = reviewItemsOfSettings(state.settings);
  const { moneyHold: before, ...rest } = state;
  if (items.length === 0) return rest;
  if (before && sameItems(before.items, items)) return state;
  if (!before && approved && sameItems(approved, items)) return rest;
  return { ...rest, moneyHold: { status: 'held', items, since: now } };
}

/** R-LIFE-1 with R-MONEY-2: registration does not open while a text waits for an operator or was refused. */
export function assertNoMoneyHold(state: Tournament): void {
  const hold = state.moneyHold;
  if (!hold) return;
  const what = hold.items.map((i) => `${i.field}: "${i.fragment}"`).join('; ');
  throw conflict(
    'MONEY_WORDING_UNDER_REVIEW',
    hold.status === 'held'
      ? `The tournament waits for an operator to review its texts (R-MONEY-2): ${what}`
      : `An operator refused these texts (R-MONEY-2): ${what}. Edit them to submit again`,
  );
}

/**
 * R-MONEY-2: an operator's decision on held texts: who, when, why (required to reject, optional to approve)
 * and which texts. The last one stays with the tournament for the club to read; each one is in its log.
 */
export interface MoneyDecision {
  decision: 'approve' | 'reject';
  decidedBy: string;
  decidedAt: number;
  reason?: string;
  items: MoneyReviewItem[];
}

/** The operator's decision. Approve lifts the hold (and remembers what was approved); reject keeps it. */
export function decideMoneyHold(
  state: Tournament,
  decision: 'approve' | 'reject',
  reason: string | undefined,
  ctx: Context,
): { state: Tournament; approved?: MoneyReviewItem[]; decided: MoneyDecision } {
  const hold = state.moneyHold;
  if (!hold || hold.status !== 'held') throw conflict('NOTHING_TO_REVIEW', 'The tournament has no texts waiting for review');
  const why = reason?.trim() ? reason : undefined;
  if (decision === 'reject' && !why)
    throw ruleError('REASON_REQUIRED', 'A rejection tells the club why', [{ field: 'reason', message: 'required to reject' }]);
  const decided: MoneyDecision = {
    decision,
    decidedBy: ctx.actor.id,
    decidedAt: ctx.now,
    ...(why ? { reason: why } : {}),
    items: hold.items,
  };
  if (decision === 'approve') {
    const { moneyHold: _lifted, ...rest } = state;
    return { state: { ...rest, updatedAt: ctx.now, moneyDecision: decided }, approved: hold.items, decided };
  }
  return {
    state: {
      ...state,
      updatedAt: ctx.now,
      moneyHold: { ...hold, status: 'rejected', decidedBy: ctx.actor.id, decidedAt: ctx.now, reason: why as string },
      moneyDecision: decided,
    },
    decided,
  };
}
