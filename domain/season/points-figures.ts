/**
 * R-LEAGUE-1: the figures a league's points formula may use, for one player's result in one counted
 * tournament. Nothing here is an amount: fees never shape rewards (R-MONEY-3, 1.1.5), so a formula
 * cannot even name them.
 */
export interface PointsFigures {
  /** The player's final place, 1 = the winner; players sharing a place get the same (R-PLC-2). */
  place: number;
  /** Entries in the field, re-entries included (as R-ITM-1 counts them). */
  entries: number;
  /** Distinct players in the field. */
  players: number;
  /** Knockout credits over all the player's entries, may be fractional (R-REENTRY-6). */
  knockouts: number;
  /** Progressive bounty points won (R-BTY-3); 0 without a progressive bounty. */
  bountyPoints: number;
  /** 1 when the place is among the paid places (R-ITM-1), else 0. */
  itm: number;
  /** Places paid in that tournament. */
  paidPlaces: number;
  /** The player's re-entries (entries beyond the first). */
  reentries: number;
  rebuys: number;
  addons: number;
}

export type FigureName = keyof PointsFigures;

/** The allowed names, in the order the API documents them. */
export const POINTS_FIGURES: readonly FigureName[] = [
  'place',
  'entries',
  'players',
  'knockouts',
  'bountyPoints',
  'itm',
  'paidPlaces',
  'reentries',
  'rebuys',
  'addons',
];

const FIGURE_SET: ReadonlySet<string> = new Set(POINTS_FIGURES);
export const isFigureName = (name: string): name is FigureName => FIGURE_SET.has(name);

/**
 * Names that read as an amount a player paid (R-MONEY-3). They are unknown to the formula anyway; this
 * only lets the refusal say why, in the rule's words.
 */
const FEE_NAME = /fee|buy_?in|re_?buy_?(price|amount|cost)|price|amount|cost|money|cash|rake|pool|stake|deposit|payment|rub|usd|eur/i;
export const isFeeName = (name: string): boolean => FEE_NAME.test(name) && !isFigureName(name);

/**
 * Rows a formula must evaluate on when it is set (R-LEAGUE-2): the edges a real season meets, a field of
 * one, the winner and the last place of a small field, a re-entry tournament with a bounty.
 */
export const SAMPLE_FIGURES: readonly PointsFigures[] = [
  { place: 1, entries: 1, players: 1, knockouts: 0, bountyPoints: 0, itm: 1, paidPlaces: 1, reentries: 0, rebuys: 0, addons: 0 },
  { place: 1, entries: 2, players: 2, knockouts: 1, bountyPoints: 0, itm: 1, paidPlaces: 1, reentries: 0, rebuys: 0, addons: 0 },
  { place: 2, entries: 2, players: 2, knockouts: 0, bountyPoints: 0, itm: 0, paidPlaces: 1, reentries: 0, rebuys: 0, addons: 0 },
  { place: 7, entries: 45, players: 38, knockouts: 2.5, bountyPoints: 30, itm: 1, paidPlaces: 7, reentries: 2, rebuys: 1, addons: 1 },
  { place: 300, entries: 340, players: 300, knockouts: 0, bountyPoints: 0, itm: 0, paidPlaces: 34, reentries: 1, rebuys: 0, addons: 0 },
];
