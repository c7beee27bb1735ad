/*
 * R-HFH-1: what the floor chooses when it starts hand-for-hand. Apart from hand-for-hand.ts so that the
 * schemas (and the screens' browser code that reads them) take the limits without the floor's logic.
 */

export const HAND_FOR_HAND_CLOCK_MODES = ['pause_between_hands', 'time_per_hand'] as const;
export type HandForHandClockMode = (typeof HAND_FOR_HAND_CLOCK_MODES)[number];
/** Ten minutes a hand is already a slow hand; more is a typing error. */
export const MAX_SECONDS_PER_HAND = 600;
export const DEFAULT_SECONDS_PER_HAND = 120;
