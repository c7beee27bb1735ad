/*
 * Limits of the API's own: no rule of the domain stands behind them, they bound what one request or one
 * stored item may carry. The limits the domain checks are its constants (domain/**), which the schemas
 * import; test/unit/platform/contract-limits.test.ts holds the contract to both lists.
 */

/** Page size and cursor of every list (schemas/common.ts PageQuery). */
export const MAX_PAGE_SIZE = 100;
export const MAX_CURSOR_LENGTH = 2048;
/** The Idempotency-Key request header. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Contact details of clubs and players. */
export const MAX_PHONE_LENGTH = 32;
/** RFC 5321: the longest address a mail path carries. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_WEBSITE_LENGTH = 300;
export const MAX_CITY_LENGTH = 100;
export const MAX_CLUB_NAME_LENGTH = 200;
export const MAX_ADDRESS_LENGTH = 300;
export const MAX_MEMBER_NAME_LENGTH = 120;
export const MAX_API_KEY_NAME_LENGTH = 100;
/** A player's display, first and last names. */
export const MAX_PERSON_NAME_LENGTH = 60;

/** The reason an operator gives for a verification, a suspension or a money review. */
export const MIN_OPERATOR_REASON_LENGTH = 3;
export const MAX_OPERATOR_REASON_LENGTH = 1000;

/** Push tokens of APNs (64 hex) and FCM (about 160 characters), with room to spare. */
export const MIN_DEVICE_TOKEN_LENGTH = 16;
export const MAX_DEVICE_TOKEN_LENGTH = 4096;

/** Knockouts recorded with one request: one hand busts at most a table. */
export const MAX_BUSTS_PER_KNOCKOUT = 10;

/** Duplicate Poker: the event is stored as one item (docs/decisions/duplicate.md). */
export const MAX_DUPLICATE_PLAYERS = 1000;
export const MAX_DUPLICATE_NAME_LENGTH = 120;
export const MAX_DUPLICATE_PLAYER_NAME_LENGTH = 80;
export const MAX_DUPLICATE_TABLES = 1000;
export const MAX_DUPLICATE_HAND_ACTIONS = 500;
export const MAX_DUPLICATE_CHIPS = 1_000_000_000;
export const MAX_ELIMINATION_COUNT = 10_000;

/** Hold'em tools: a card as text (`As`, `10d`, `7♥`), a hand record's own fields. */
export const MAX_CARD_TEXT_LENGTH = 4;
export const MAX_HAND_CHIPS = 1_000_000_000_000;
export const MAX_HAND_SEAT_NUMBER = 99;
export const MAX_HAND_RECORD_ID_LENGTH = 200;
export const MAX_HAND_SEAT_NAME_LENGTH = 60;
export const MAX_HAND_SEED_LENGTH = 500;
export const MAX_HAND_ACTIONS = 1000;

/** The phones one account gets pushes on: the domain's limit (domain/players/devices.ts), named here for the contract. */
export { MAX_DEVICES_PER_ACCOUNT } from '../domain/players/devices';
/** Why a club grants or revokes a free entry by hand (R-TICKET-2): as the domain bounds a ticket's note. */
export const MAX_TICKET_REASON_LENGTH = 500;
/** An IANA time zone's name, as a query asks for one (the printed seating's start time). */
export const MAX_TIME_ZONE_LENGTH = 64;
/** Seconds a page of the seating board, the league standings screen or the Duplicate screen stands (`?every=`): long enough to find a name, short enough to go round. */
export const MIN_SEATING_PAGE_SECONDS = 4;
export const MAX_SEATING_PAGE_SECONDS = 120;
