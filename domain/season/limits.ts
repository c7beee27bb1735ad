/** Bounds of the season's settings (R-LEAGUE-2: a formula is of bounded size). */
export const MAX_FORMULA_LENGTH = 500;
/** Rows of a fixed points table by place. */
export const MAX_POINTS_TABLE_ROWS = 1000;
/** Points of one result, in absolute value: keeps sums of hundredths exact integers in a double. */
export const MAX_RESULT_POINTS = 1_000_000_000;
/** Best-N and minimum-played bounds for a league. */
export const MAX_LEAGUE_TOURNAMENTS = 10_000;
/** A series or league name. */
export const MAX_SEASON_NAME = 200;
/** A fee level label on a ticket target (a label, never an amount). */
export const MAX_FEE_LEVEL_LABEL = 60;
/** Satellite seats and entries per seat. */
export const MAX_SATELLITE_SEATS = 10_000;
/** How long a ticket may be valid. */
export const MAX_TICKET_VALID_DAYS = 3660;
