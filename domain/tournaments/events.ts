import type { CancelReason, FeeKind, PaymentMethod, TournamentStatus } from './types';

/**
 * Domain events: plain objects the caller publishes or acts on. The ones that ask the caller to do
 * something say so in a field: `entry.created` with `seatNow` means "seat this entry now" (the tournament
 * is running; before the start the initial draw seats everyone), `entry.voided` means "free its seat".
 */
export type TournamentEvent =
  | { type: 'tournament.created'; tournamentId: string }
  | { type: 'tournament.settings_edited'; tournamentId: string }
  | { type: 'tournament.series_changed'; tournamentId: string; seriesId: string | null }
  | { type: 'tournament.status_changed'; tournamentId: string; from: TournamentStatus; to: TournamentStatus }
  | { type: 'registration.created'; registrationId: string; playerId: string; status: 'registered' | 'waitlisted' }
  | { type: 'registration.checked_in'; registrationId: string; playerId: string; waitlisted: boolean }
  | { type: 'registration.promoted'; registrationId: string; playerId: string; entryId?: string }
  | { type: 'registration.cancelled'; registrationId: string; playerId: string; reason: CancelReason }
  | { type: 'registration.absent'; registrationId: string; playerId: string; entryId: string }
  | {
      type: 'entry.created';
      entryId: string;
      playerId: string;
      registrationId: string;
      number: number;
      chips: number;
      seatNow: boolean;
      deadStack: boolean;
    }
  | { type: 'entry.topped_up'; entryId: string; playerId: string; kind: 'rebuy' | 'addon'; chips: number }
  | { type: 'entry.dead_stack_ended'; entryId: string; playerId: string }
  | { type: 'entry.busted'; entryId: string; playerId: string }
  | { type: 'entry.revived'; entryId: string; playerId: string }
  | { type: 'entry.voided'; entryId: string; playerId: string }
  | { type: 'fee.recorded'; feeOperationId: string; playerId: string; entryId: string; kind: FeeKind; amount: number }
  | { type: 'fee.cancelled'; feeOperationId: string; playerId: string; amount: number }
  | { type: 'settlement.created'; settlementId: string; playerId: string; amount: number; method: PaymentMethod }
  | { type: 'settlement.cancelled'; settlementId: string; playerId: string; amount: number };

export type TournamentEventType = TournamentEvent['type'];
