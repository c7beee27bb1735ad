/** What happened, for notifications and the live feed; the state is the source of truth. */
export type ResultsEvent =
  | {
      type: 'KnockoutRecorded';
      groupId: string;
      eliminationNumber: number;
      knockoutIds: string[];
      bustedEntryIds: string[];
      at: number;
    }
  | { type: 'KnockoutCancelled'; knockoutId: string; revivedEntryId: string; at: number }
  | { type: 'MysteryDrawn'; drawId: string; knockoutId: string; killerEntryId: string; sequence: number; at: number };
