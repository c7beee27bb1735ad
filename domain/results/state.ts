import { recordValues } from '../core/record-map';
/**
 * The knockout log of one tournament. Records are append-only (R-KO-1): a cancellation is
 * a mark on the record, never a delete, so the audit trail survives every correction.
 */
export type KnockoutStatus = 'active' | 'cancelled';

/** Credit for busting one entry: 1.0 alone, 0.5 each when two killers share it (R-KO-3). */
export type Credit = 1 | 0.5;

export interface KillerRef {
  entryId: string;
  playerId: string;
}

export interface KillerCredit extends KillerRef {
  credit: Credit;
}

export interface Knockout {
  readonly id: string;
  readonly bustedEntryId: string;
  readonly bustedPlayerId: string;
  /** Shared by every entry busted in the same hand (R-KO-2, R-KO-4); higher = later. */
  readonly eliminationNumber: number;
  /** One per hand: the records of a multi-bust share it. */
  readonly groupId: string;
  readonly killers: readonly KillerCredit[];
  /**
   * Killers named by the floor who got no credit: only the second killer under the
   * `primary_only` setting (R-KO-3 DEBT behaviour), kept for the audit.
   */
  readonly uncreditedKillers: readonly KillerRef[];
  readonly level?: number;
  readonly at: number;
  readonly by: string;
  readonly status: KnockoutStatus;
  readonly cancelledAt?: number;
  readonly cancelledBy?: string;
  readonly reason?: string;
}

export interface MysteryDraw {
  readonly id: string;
  /** 1, 2, ... in the order of the draws in the tournament. */
  readonly sequence: number;
  readonly killerEntryId: string;
  readonly killerPlayerId: string;
  readonly knockoutId: string;
  readonly prizeText?: string;
  /** The prize table row drawn by the server (R-MYS-2 Beyond); absent for a text typed by the floor. */
  readonly prizeIndex?: number;
  readonly at: number;
  readonly by: string;
}

export interface KnockoutsState {
  readonly knockouts: Readonly<Record<string, Knockout>>;
  readonly mysteryDraws: Readonly<Record<string, MysteryDraw>>;
  /** Never decreases, not even after a cancellation (see docs/decisions/results.md). */
  readonly nextEliminationNumber: number;
  readonly nextMysterySequence: number;
}

export const emptyKnockoutsState = (): KnockoutsState => ({
  knockouts: {},
  mysteryDraws: {},
  nextEliminationNumber: 1,
  nextMysterySequence: 1,
});

export const activeKnockouts = (state: KnockoutsState): Knockout[] => recordValues(state.knockouts).filter((k) => k.status === 'active');

/** The record that currently holds this entry busted, if any. */
export const activeKnockoutOf = (state: KnockoutsState, entryId: string): Knockout | undefined =>
  activeKnockouts(state).find((k) => k.bustedEntryId === entryId);
