import type { TournamentSettings } from './settings';
import type { TournamentEvent } from './events';
import type { MoneyDecision, MoneyHold } from './money-hold';
import type { MoneyReviewItem } from '../text/money-wording';

/** R-LIFE-1: announced -> registration_open -> running -> finished; cancelled from any non-final status. */
export type TournamentStatus = 'announced' | 'registration_open' | 'running' | 'finished' | 'cancelled';
export const TOURNAMENT_STATUSES: readonly TournamentStatus[] = ['announced', 'registration_open', 'running', 'finished', 'cancelled'];

/**
 * registered: holds a place, not yet at the desk. waitlisted: beyond the seat limit (R-REG-2).
 * checked_in: came to the desk, has an entry (R-REG-3). absent: no-show seated with a dead stack (R-NOSHOW-2).
 * cancelled: unregistered, dropped as a no-show or left on the waitlist when late registration ended.
 */
export type RegistrationStatus = 'registered' | 'waitlisted' | 'checked_in' | 'absent' | 'cancelled';
export type CancelReason = 'unregistered' | 'no_show' | 'waitlist_expired';

export interface Registration {
  id: string;
  playerId: string;
  status: RegistrationStatus;
  /** Order of registration within the tournament; the waitlist is served in this order. */
  seq: number;
  registeredAt: number;
  registeredBy: string;
  /** Who asked: the player from the app or the staff at the desk. */
  source: 'player' | 'staff';
  /** Set at the desk; on a waitlisted registration it only means "present, seat me when promoted". */
  checkedInAt?: number;
  checkedInBy?: string;
  promotedAt?: number;
  /** The player's latest entry in this tournament (re-entries replace it). */
  entryId?: string;
  cancelledAt?: number;
  cancelReason?: CancelReason;
  /** R-TICKET-3: the free entry presented at registration; it covers the first buy-in. */
  ticketId?: string;
}

export type EntryStatus = 'active' | 'busted' | 'void';

export interface Entry {
  id: string;
  playerId: string;
  registrationId: string;
  /** 1 for the first entry, 2.. for re-entries (R-REENTRY-1). */
  number: number;
  status: EntryStatus;
  /** Total chips granted to this entry: starting stack plus rebuys and add-ons (not the live stack). */
  chips: number;
  createdAt: number;
  bustedAt?: number;
  /** R-NOSHOW-2: seated for an absent player; posts blinds until the player arrives or busts. */
  deadStack?: boolean;
  /** R-NOSHOW-2: the clock's forced-bet count (one seat's posts so far) when the dead stack was seated. */
  deadStackFrom?: number;
  /** R-NOSHOW-2: what the dead stack posted before the player took it over (or before it blinded out). */
  forcedBetsPosted?: number;
}

export type FeeKind = 'buy_in' | 'reentry' | 'rebuy' | 'addon';

/** One organisational fee accrued at the desk (R-FEE-1). Amounts are integer minor units of the club's currency. */
export interface FeeOperation {
  id: string;
  playerId: string;
  entryId: string;
  kind: FeeKind;
  amount: number;
  chips: number;
  at: number;
  by: string;
  /** Set while an active settlement covers this fee. */
  settlementId?: string;
  /** Set when the entry it paid for was voided before play (unregistering after check-in). */
  cancelledAt?: number;
  /** R-TICKET-3: a free entry covered it; the amount is 0 and no debt accrues. */
  cover?: 'ticket';
  ticketId?: string;
}

export type PaymentMethod = 'cash' | 'card' | 'transfer' | 'other';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'card', 'transfer', 'other'];

/** R-FEE-1/R-FEE-2: one record per settle at the desk; cancelling marks it, never deletes it. */
export interface Settlement {
  id: string;
  playerId: string;
  amount: number;
  method: PaymentMethod;
  by: string;
  at: number;
  status: 'active' | 'cancelled';
  feeOperationIds: string[];
  cancelledAt?: number;
  cancelledBy?: string;
}

/**
 * The aggregate. Normalised maps of small records keyed by id, so that storage can keep one item per
 * record and write only the records an operation touched. `version` belongs to the repository.
 */
export interface Tournament {
  id: string;
  clubId: string;
  status: TournamentStatus;
  version: number;
  settings: TournamentSettings;
  /** R-SER-1: the series it belongs to, at most one (series.ts). */
  seriesId?: string;
  createdAt: number;
  updatedAt: number;
  registrations: Record<string, Registration>;
  entries: Record<string, Entry>;
  fees: Record<string, FeeOperation>;
  settlements: Record<string, Settlement>;
  /** R-MONEY-2: texts held for an operator's review (money-hold.ts); absent when nothing is held. */
  moneyHold?: MoneyHold;
  /** R-MONEY-2: the texts an operator approved, so that an unchanged text is not held again. */
  moneyApproved?: MoneyReviewItem[];
  /** R-MONEY-2: the operator's last decision on held texts (who, when, why), for the club to read. */
  moneyDecision?: MoneyDecision;
}

export interface TournamentResult {
  state: Tournament;
  events: TournamentEvent[];
}
