import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../functions/http/contract';
import { ID_PATTERN } from '../../../schemas/common';
import { PushKind } from '../../../schemas/devices';
import { StaffRole } from '../../../schemas/duplicate';
import * as edge from '../../../schemas/limits';
import { MAX_ID_LENGTH } from '../../../domain/core/limits';
import { MAX_LABEL_LENGTH, MAX_LEVELS, MAX_LEVEL_DURATION_SEC, MAX_NAME_LENGTH } from '../../../domain/clock/structure';
import {
  LONG_ROUND,
  MAX_CARRY_OVER_CAP_BB,
  MAX_ELIMINATION_SHARE,
  MAX_ROUNDS,
  MAX_SEATS,
  MIN_SEATS,
  SHORT_ROUND,
  STACK_MAX,
  STACK_MIN,
} from '../../../domain/duplicate/settings';
import { MIN_PLAYERS } from '../../../domain/duplicate/seating';
import { BOARD_CARDS, DECK_SIZE, HOLE_CARDS, MAX_HAND_CARDS, MAX_HANDS_PER_DECK } from '../../../domain/holdem/cards';
import { MAX_HAND_SEATS, MIN_HAND_SEATS } from '../../../domain/holdem/hand';
import { MAX_REASON } from '../../../domain/moderation/content';
import { MAX_ANNOUNCEMENT_LENGTH } from '../../../domain/floor/announcement';
import { MAX_CHIP_COUNTS, MAX_STACK } from '../../../domain/floor/chip-counts';
import { MAX_SECONDS_PER_HAND } from '../../../domain/floor/hand-for-hand-settings';
import { MAX_COLOR_UPS, MAX_DENOMINATION, MAX_DENOMINATIONS_PER_COLOR_UP } from '../../../domain/clock/color-ups';
import { MAX_CANCEL_REASON_LENGTH, MAX_KILLERS } from '../../../domain/results/knockouts';
import { MAX_PRIZE_TEXT_LENGTH } from '../../../domain/results/mystery';
import { MAX_SEATS_PER_TABLE as MAX_SEAT_NUMBER } from '../../../domain/seating/policy';
import {
  MAX_COLLECT_PERCENT,
  MAX_INITIAL_BOUNTY,
  MAX_MYSTERY_ORDER,
  MAX_MYSTERY_PRIZE,
  MAX_MYSTERY_QUANTITY,
  MAX_MYSTERY_ROWS,
} from '../../../domain/tournaments/bounty-settings';
import { MAX_PRIZE_DETAIL, MAX_RATING_POINTS } from '../../../domain/tournaments/prize-kinds';
import { MAX_FEE_LEVEL_LABEL, MAX_SATELLITE_SEATS, MAX_TICKET_VALID_DAYS } from '../../../domain/season/limits';
import {
  MAX_DESCRIPTION,
  MAX_EXPECTED_DURATION_MINUTES,
  MAX_FREE_ENTRY_PLACES,
  MAX_HANDS_PER_HOUR,
  MAX_ITM_PERCENT,
  MAX_KNOCKOUT_CANCEL_WINDOW_MINUTES,
  MAX_NAME,
  MAX_PLACE,
  MAX_PRIZE_DESCRIPTION,
  MAX_PRIZE_ROWS,
  MAX_REBUY_END_LEVEL,
  MAX_SEATS_PER_TABLE,
  MIN_SEATS_PER_TABLE,
} from '../../../domain/tournaments/settings';
import { MAX_ADVANCE_PER_TABLE } from '../../../domain/tournaments/shootout-settings';
import { MAX_FLIGHTS } from '../../../domain/floor/flights';
import { MAX_FORMULA_LENGTH, MAX_LEAGUE_TOURNAMENTS, MAX_POINTS_TABLE_ROWS, MAX_SEASON_NAME } from '../../../domain/season/limits';

/*
 * The limits of the request schemas in the generated contract against the constants they come from: the
 * domain's (lengths, counts and ranges its rules check) and the API's own (schemas/limits.ts). A path is
 * `Component.field[].field` for a named body schema and `operationId.in.name` for a parameter; `*` stands for
 * one segment. Every listed path must carry exactly its constant, and every upper bound of a request schema
 * must be listed: a number typed into a schema by hand fails here.
 */

type Keyword = 'maxLength' | 'maxItems' | 'maximum' | 'exclusiveMaximum' | 'minLength' | 'minItems' | 'minimum';
const UPPER: readonly Keyword[] = ['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum'];
const ALL: readonly Keyword[] = [...UPPER, 'minLength', 'minItems', 'minimum'];

interface Limit {
  value: number;
  keyword: Keyword;
  paths: readonly string[];
  /** Every id string, wherever it sits. */
  ids?: true;
}
const maxLength = (value: number, ...paths: string[]): Limit => ({ value, keyword: 'maxLength', paths });
const maxItems = (value: number, ...paths: string[]): Limit => ({ value, keyword: 'maxItems', paths });
const maximum = (value: number, ...paths: string[]): Limit => ({ value, keyword: 'maximum', paths });
const minimum = (value: number, ...paths: string[]): Limit => ({ value, keyword: 'minimum', paths });
const tournament = (...fields: string[]) => fields.flatMap((f) => [`CreateTournament.${f}`, `UpdateTournament.${f}`]);
const structure = (...fields: string[]) => fields.flatMap((f) => [`BlindStructureInput.${f}`, `CreateBlindStructure.${f}`]);

const DOMAIN: Record<string, Limit> = {
  MAX_ID_LENGTH: { value: MAX_ID_LENGTH, keyword: 'maxLength', paths: ['CreateBlindStructure.copyOf'], ids: true },
  // clock/structure.ts
  MAX_NAME_LENGTH: maxLength(MAX_NAME_LENGTH, ...structure('name')),
  MAX_LEVELS: maxItems(MAX_LEVELS, ...structure('levels')),
  MAX_LABEL_LENGTH: maxLength(MAX_LABEL_LENGTH, 'Level.label'),
  MAX_LEVEL_DURATION_SEC: maximum(MAX_LEVEL_DURATION_SEC, 'Level.durationSec'),
  // clock/color-ups.ts
  MAX_COLOR_UPS: maxItems(MAX_COLOR_UPS, ...structure('colorUps')),
  'MAX_LEVELS - 1': maximum(MAX_LEVELS - 1, 'ColorUp.levelIndex'),
  MAX_DENOMINATIONS_PER_COLOR_UP: maxItems(MAX_DENOMINATIONS_PER_COLOR_UP, 'ColorUp.denominations'),
  MAX_DENOMINATION: maximum(MAX_DENOMINATION, 'ColorUp.denominations[]'),
  // tournaments/settings.ts, prize-kinds.ts, bounty-settings.ts
  MAX_NAME: maxLength(MAX_NAME, ...tournament('name')),
  MAX_DESCRIPTION: maxLength(MAX_DESCRIPTION, ...tournament('description'), 'CreateSeries.description', 'UpdateSeries.description'),
  // season/limits.ts
  MAX_PRIZE_ROWS: maxItems(MAX_PRIZE_ROWS, ...tournament('prizes')),
  'MAX_PRIZE_ROWS - 1': maximum(MAX_PRIZE_ROWS - 1, 'setPrizeRowVisibility.path.index'),
  MAX_PRIZE_DESCRIPTION: maxLength(MAX_PRIZE_DESCRIPTION, 'PrizeRow.description'),
  MAX_PLACE: maximum(MAX_PLACE, 'PrizeRow.place', 'PrizeRow.placeFrom', 'PrizeRow.placeTo'),
  MAX_PRIZE_DETAIL: maxLength(MAX_PRIZE_DETAIL, 'PrizeRow.certificateFor', 'PrizeRow.entryTo'),
  MAX_RATING_POINTS: maximum(MAX_RATING_POINTS, 'PrizeRow.points'),
  MIN_SEATS_PER_TABLE: minimum(MIN_SEATS_PER_TABLE, ...tournament('seatsPerTable')),
  MAX_SEATS_PER_TABLE: maximum(MAX_SEATS_PER_TABLE, ...tournament('seatsPerTable')),
  MAX_REBUY_END_LEVEL: maximum(MAX_REBUY_END_LEVEL, ...tournament('rebuyEndsAtLevel')),
  MAX_ADVANCE_PER_TABLE: maximum(MAX_ADVANCE_PER_TABLE, ...tournament('advancePerTable')),
  MAX_HANDS_PER_HOUR: maximum(MAX_HANDS_PER_HOUR, ...tournament('handsPerHour')),
  MAX_EXPECTED_DURATION_MINUTES: maximum(MAX_EXPECTED_DURATION_MINUTES, ...tournament('expectedDurationMinutes')),
  MAX_KNOCKOUT_CANCEL_WINDOW_MINUTES: maximum(MAX_KNOCKOUT_CANCEL_WINDOW_MINUTES, ...tournament('knockoutCancelWindowMinutes')),
  MAX_ITM_PERCENT: maximum(MAX_ITM_PERCENT, ...tournament('itmPercent')),
  MAX_INITIAL_BOUNTY: maximum(MAX_INITIAL_BOUNTY, ...tournament('initialBounty')),
  MAX_COLLECT_PERCENT: maximum(MAX_COLLECT_PERCENT, ...tournament('progressiveCollectPercent')),
  MAX_MYSTERY_ROWS: maxItems(MAX_MYSTERY_ROWS, ...tournament('mysteryPrizeTable')),
  MAX_MYSTERY_PRIZE: maxLength(MAX_MYSTERY_PRIZE, ...tournament('mysteryPrizeTable[].prize')),
  MAX_MYSTERY_QUANTITY: maximum(MAX_MYSTERY_QUANTITY, ...tournament('mysteryPrizeTable[].quantity')),
  MAX_MYSTERY_ORDER: maximum(MAX_MYSTERY_ORDER, ...tournament('mysteryPrizeTable[].order')),
  // season/limits.ts (R-TICKET-1..3)
  MAX_FEE_LEVEL_LABEL: maxLength(MAX_FEE_LEVEL_LABEL, 'TicketTarget.upToFeeLevel'),
  MAX_TICKET_VALID_DAYS: maximum(MAX_TICKET_VALID_DAYS, 'FreeEntryDetails.validDays', 'SatelliteSettings.ticketValidDays'),
  // R-SAT-1: one per M entries; a fixed count is tickets of the finish's transaction (MAX_FREE_ENTRY_PLACES)
  MAX_SATELLITE_SEATS: maximum(MAX_SATELLITE_SEATS, 'SatelliteSettings.entriesPerSeat'),
  'MAX_FREE_ENTRY_PLACES (satellite seats)': maximum(MAX_FREE_ENTRY_PLACES, 'SatelliteSettings.seats'),
  // results/knockouts.ts, mystery.ts
  MAX_KILLERS: maxItems(MAX_KILLERS, 'Bust.killers', 'RecordKnockout.killers'),
  MAX_CANCEL_REASON_LENGTH: maxLength(MAX_CANCEL_REASON_LENGTH, 'CancelKnockout.reason'),
  MAX_PRIZE_TEXT_LENGTH: maxLength(MAX_PRIZE_TEXT_LENGTH, 'MysteryDraw.prizeText'),
  // moderation/content.ts
  MAX_REASON: maxLength(MAX_REASON, 'ContentVisibility.reason'),
  // floor/announcement.ts
  MAX_ANNOUNCEMENT_LENGTH: maxLength(MAX_ANNOUNCEMENT_LENGTH, 'AnnouncementInput.text'),
  // floor/chip-counts.ts
  MAX_CHIP_COUNTS: maxItems(MAX_CHIP_COUNTS, 'RecordChipCounts.counts', 'BagFlight.counts'),
  MAX_STACK: maximum(MAX_STACK, 'RecordChipCounts.counts[].chips', 'BagFlight.counts[].chips'),
  MAX_FLIGHTS: maxItems(MAX_FLIGHTS, 'LinkFlights.flightIds'),
  MAX_SECONDS_PER_HAND: maximum(MAX_SECONDS_PER_HAND, 'StartHandForHand.secondsPerHand'),
  // seating/policy.ts
  'MAX_SEATS_PER_TABLE (seat numbers)': maximum(MAX_SEAT_NUMBER, 'SeatTarget.seat', 'SetButton.seat'),
  // duplicate/settings.ts
  MAX_ROUNDS: {
    value: MAX_ROUNDS,
    keyword: 'maximum',
    paths: ['DuplicateSettingsInput.roundCount', '*.path.round', 'getDuplicateScreen.query.round'],
  },
  'MAX_ROUNDS (rounds listed)': maxItems(MAX_ROUNDS, 'DuplicateSettingsInput.rounds'),
  'LONG_ROUND.max': maximum(LONG_ROUND.max, 'DuplicateSettingsInput.rounds[].hands', '*.path.hand', 'getDuplicateScreen.query.hand'),
  'SHORT_ROUND.min': minimum(SHORT_ROUND.min, 'DuplicateSettingsInput.rounds[].hands'),
  STACK_MIN: minimum(STACK_MIN, 'DuplicateSettingsInput.startingStack'),
  STACK_MAX: maximum(STACK_MAX, 'DuplicateSettingsInput.startingStack'),
  MIN_SEATS: minimum(MIN_SEATS, 'DuplicateSettingsInput.seatsPerTable'),
  MAX_SEATS: maximum(
    MAX_SEATS,
    'DuplicateSettingsInput.seatsPerTable',
    'DuplicateCounts.emptySeats[].seat',
    'DuplicateHandActions.actions[].seat',
  ),
  'MAX_SEATS (counts)': maxItems(MAX_SEATS, 'DuplicateCounts.counts'),
  'MAX_SEATS - 1': maxItems(MAX_SEATS - 1, 'DuplicateCounts.emptySeats'),
  MIN_PLAYERS: { value: MIN_PLAYERS, keyword: 'minItems', paths: ['CreateDuplicateEvent.players'] },
  MAX_CARRY_OVER_CAP_BB: maximum(MAX_CARRY_OVER_CAP_BB, 'DuplicateSettingsInput.carryOverCapBB'),
  MAX_ELIMINATION_SHARE: {
    value: MAX_ELIMINATION_SHARE,
    keyword: 'exclusiveMaximum',
    paths: ['DuplicateSettingsInput.elimination.share', 'DuplicateSettingsInput.rounds[].elimination.share'],
  },
  // holdem/cards.ts, hand.ts
  BOARD_CARDS: maxItems(BOARD_CARDS, 'EvaluateHands.board', 'HandRecord.cards.board'),
  DECK_SIZE: maxItems(DECK_SIZE, 'HandRecord.cards.deck'),
  HOLE_CARDS: maxItems(HOLE_CARDS, 'HandRecord.cards.holes{}'),
  MAX_HAND_CARDS: maxItems(MAX_HAND_CARDS, 'EvaluateHands.hands[].cards'),
  MAX_HANDS_PER_DECK: maxItems(MAX_HANDS_PER_DECK, 'EvaluateHands.hands'),
  MIN_HAND_SEATS: { value: MIN_HAND_SEATS, keyword: 'minItems', paths: ['HandRecord.seats'] },
  MAX_HAND_SEATS: maxItems(MAX_HAND_SEATS, 'HandRecord.seats'),
  // season/limits.ts
  MAX_SEASON_NAME: maxLength(MAX_SEASON_NAME, 'CreateSeries.name', 'UpdateSeries.name', 'CreateLeague.name', 'UpdateLeague.name'),
  MAX_FORMULA_LENGTH: maxLength(MAX_FORMULA_LENGTH, 'PointsRule.formula'),
  MAX_POINTS_TABLE_ROWS: maxItems(MAX_POINTS_TABLE_ROWS, 'PointsRule.table'),
  MAX_LEAGUE_TOURNAMENTS: maximum(
    MAX_LEAGUE_TOURNAMENTS,
    ...['bestOf', 'minPlayed'].flatMap((f) => [`CreateLeague.${f}`, `UpdateLeague.${f}`]),
  ),
  'MAX_LEAGUE_TOURNAMENTS (picked)': maxItems(MAX_LEAGUE_TOURNAMENTS, 'LeagueSource.tournamentIds'),
};

const EDGE: Record<string, Limit> = {
  MAX_PAGE_SIZE: maximum(edge.MAX_PAGE_SIZE, '*.query.limit'),
  MAX_CURSOR_LENGTH: maxLength(edge.MAX_CURSOR_LENGTH, '*.query.cursor'),
  MAX_IDEMPOTENCY_KEY_LENGTH: maxLength(edge.MAX_IDEMPOTENCY_KEY_LENGTH, '*.header.Idempotency-Key'),
  MAX_PHONE_LENGTH: maxLength(edge.MAX_PHONE_LENGTH, 'ClubContacts.phone', 'CreatePlayer.phone', 'UpdateMe.phone'),
  MAX_EMAIL_LENGTH: maxLength(edge.MAX_EMAIL_LENGTH, 'ClubContacts.email', 'CreatePlayer.email', 'UpdateMe.email'),
  MAX_WEBSITE_LENGTH: maxLength(edge.MAX_WEBSITE_LENGTH, 'ClubContacts.website'),
  MAX_CITY_LENGTH: maxLength(
    edge.MAX_CITY_LENGTH,
    'CreateClub.city',
    'UpdateClub.city',
    'CreatePlayer.city',
    'UpdateMe.city',
    '*.query.city',
  ),
  MAX_CLUB_NAME_LENGTH: maxLength(edge.MAX_CLUB_NAME_LENGTH, 'CreateClub.name', 'UpdateClub.name'),
  MAX_ADDRESS_LENGTH: maxLength(edge.MAX_ADDRESS_LENGTH, 'CreateClub.address', 'UpdateClub.address'),
  MAX_MEMBER_NAME_LENGTH: maxLength(edge.MAX_MEMBER_NAME_LENGTH, 'AddMember.displayName'),
  MAX_API_KEY_NAME_LENGTH: maxLength(edge.MAX_API_KEY_NAME_LENGTH, 'CreateApiKey.name'),
  MAX_PERSON_NAME_LENGTH: maxLength(
    edge.MAX_PERSON_NAME_LENGTH,
    ...['displayName', 'firstName', 'lastName'].flatMap((f) => [`CreatePlayer.${f}`, `UpdateMe.${f}`]),
  ),
  MAX_OPERATOR_REASON_LENGTH: maxLength(
    edge.MAX_OPERATOR_REASON_LENGTH,
    'VerificationDecisionInput.reason',
    'Suspension.reason',
    'MoneyReviewDecision.reason',
  ),
  MIN_OPERATOR_REASON_LENGTH: {
    value: edge.MIN_OPERATOR_REASON_LENGTH,
    keyword: 'minLength',
    paths: ['VerificationDecisionInput.reason', 'Suspension.reason'],
  },
  MIN_DEVICE_TOKEN_LENGTH: { value: edge.MIN_DEVICE_TOKEN_LENGTH, keyword: 'minLength', paths: ['DeviceRegistration.token'] },
  MAX_DEVICE_TOKEN_LENGTH: maxLength(edge.MAX_DEVICE_TOKEN_LENGTH, 'DeviceRegistration.token'),
  'PushKind.options.length': maxItems(PushKind.options.length, 'PushPreferences.muted'),
  'StaffRole.options.length': maxItems(StaffRole.options.length, 'DuplicateDeckAccessInput.roles'),
  MAX_BUSTS_PER_KNOCKOUT: maxItems(edge.MAX_BUSTS_PER_KNOCKOUT, 'RecordKnockout.busted', 'RecordKnockout.busts'),
  MAX_TICKET_REASON_LENGTH: maxLength(edge.MAX_TICKET_REASON_LENGTH, 'IssueTicket.reason', 'RevokeTicket.reason'),
  MAX_TIME_ZONE_LENGTH: maxLength(edge.MAX_TIME_ZONE_LENGTH, 'getSeatCards.query.tz', 'getTableLists.query.tz'),
  MIN_SEATING_PAGE_SECONDS: minimum(
    edge.MIN_SEATING_PAGE_SECONDS,
    'getSeatingScreen.query.every',
    'getLeagueStandingsScreen.query.every',
    'getDuplicateScreen.query.every',
  ),
  MAX_SEATING_PAGE_SECONDS: maximum(
    edge.MAX_SEATING_PAGE_SECONDS,
    'getSeatingScreen.query.every',
    'getLeagueStandingsScreen.query.every',
    'getDuplicateScreen.query.every',
  ),
  MAX_DUPLICATE_PLAYERS: maxItems(edge.MAX_DUPLICATE_PLAYERS, 'CreateDuplicateEvent.players'),
  MAX_DUPLICATE_NAME_LENGTH: maxLength(edge.MAX_DUPLICATE_NAME_LENGTH, 'CreateDuplicateEvent.name'),
  MAX_DUPLICATE_PLAYER_NAME_LENGTH: maxLength(edge.MAX_DUPLICATE_PLAYER_NAME_LENGTH, 'CreateDuplicateEvent.players[].name'),
  MAX_DUPLICATE_TABLES: maximum(edge.MAX_DUPLICATE_TABLES, '*.path.table'),
  MAX_DUPLICATE_HAND_ACTIONS: maxItems(edge.MAX_DUPLICATE_HAND_ACTIONS, 'DuplicateHandActions.actions'),
  MAX_DUPLICATE_CHIPS: maximum(
    edge.MAX_DUPLICATE_CHIPS,
    'DuplicateCounts.counts[].chips',
    'DuplicateCounts.emptySeats[].chips',
    'DuplicateHandActions.actions[].to',
    ...['smallBlind', 'bigBlind', 'ante'].map((f) => `DuplicateSettingsInput.rounds[].${f}`),
  ),
  MAX_ELIMINATION_COUNT: maximum(
    edge.MAX_ELIMINATION_COUNT,
    'DuplicateSettingsInput.elimination.count',
    'DuplicateSettingsInput.rounds[].elimination.count',
  ),
  MAX_CARD_TEXT_LENGTH: maxLength(
    edge.MAX_CARD_TEXT_LENGTH,
    'EvaluateHands.board[]',
    'EvaluateHands.hands[].cards[]',
    'HandRecord.cards.board[]',
    'HandRecord.cards.deck[]',
    'HandRecord.cards.holes{}[]',
  ),
  MAX_HAND_CHIPS: maximum(
    edge.MAX_HAND_CHIPS,
    'HandRecord.actions[].to',
    'HandRecord.seats[].stack',
    ...['smallBlind', 'bigBlind', 'ante'].map((f) => `HandRecord.blinds.${f}`),
  ),
  MAX_HAND_SEAT_NUMBER: maximum(edge.MAX_HAND_SEAT_NUMBER, 'HandRecord.button', 'HandRecord.seats[].seat', 'HandRecord.actions[].seat'),
  MAX_HAND_RECORD_ID_LENGTH: maxLength(edge.MAX_HAND_RECORD_ID_LENGTH, 'HandRecord.id'),
  MAX_HAND_SEAT_NAME_LENGTH: maxLength(edge.MAX_HAND_SEAT_NAME_LENGTH, 'HandRecord.seats[].name'),
  MAX_HAND_SEED_LENGTH: maxLength(edge.MAX_HAND_SEED_LENGTH, 'HandRecord.cards.seed'),
  MAX_HAND_ACTIONS: maxItems(edge.MAX_HAND_ACTIONS, 'HandRecord.actions'),
};
const TABLE = { ...DOMAIN, ...EDGE };

type Node = Record<string, unknown>;
interface Found {
  path: string;
  node: Node;
}
const doc = openApiDocument() as unknown as {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        requestBody?: { content: Record<string, { schema: Node }> };
        parameters?: { in: string; name: string; schema: Node }[];
      }
    >
  >;
  components: { schemas: Record<string, Node> };
};

/** Every schema node of the request side, by path; a named component is walked once, under its name. */
function requestNodes(): Found[] {
  const found: Found[] = [];
  const walked = new Set<string>();
  const walk = (node: unknown, path: string): void => {
    if (node === null || typeof node !== 'object') return;
    const n = node as Node;
    if (typeof n.$ref === 'string') {
      const name = n.$ref.split('/').pop() as string;
      if (walked.has(name)) return;
      walked.add(name);
      walk(doc.components.schemas[name], name);
      return;
    }
    found.push({ path, node: n });
    for (const [k, v] of Object.entries((n.properties ?? {}) as Record<string, unknown>)) walk(v, `${path}.${k}`);
    if (n.items) walk(n.items, `${path}[]`);
    if (n.additionalProperties && typeof n.additionalProperties === 'object') walk(n.additionalProperties, `${path}{}`);
    for (const union of ['anyOf', 'oneOf', 'allOf']) for (const v of (n[union] ?? []) as unknown[]) walk(v, path);
  };
  for (const ops of Object.values(doc.paths)) {
    for (const op of Object.values(ops)) {
      const body = op.requestBody?.content['application/json']?.schema;
      if (body) walk(body, `${op.operationId}.body`);
      for (const p of op.parameters ?? []) walk(p.schema, `${op.operationId}.${p.in}.${p.name}`);
    }
  }
  return found;
}

const matches = (pattern: string, path: string): boolean => {
  const p = pattern.split('.');
  const q = path.split('.');
  return p.length === q.length && p.every((s, i) => s === '*' || s === q[i]);
};
const isId = (n: Node): boolean => [n.type].flat().includes('string') && n.pattern === ID_PATTERN.source;
const covers = (l: Limit, f: Found): boolean => (l.ids === true && isId(f.node)) || l.paths.some((p) => matches(p, f.path));

describe('the contract carries the limits the domain and the API define', () => {
  const nodes = requestNodes();

  it('walks the request schemas (named bodies, path and query parameters, headers)', () => {
    expect(nodes.some((f) => f.path === 'CreateTournament.prizes')).toBe(true);
    expect(nodes.some((f) => f.path === 'listClubMembers.query.limit' || /\.query\.limit$/.test(f.path))).toBe(true);
  });

  for (const [name, limit] of Object.entries(TABLE)) {
    it(`${name}: every listed path carries ${limit.keyword} ${limit.value}`, () => {
      for (const pattern of limit.paths) {
        const at = nodes.filter((f) => matches(pattern, f.path));
        expect(at.length, `${pattern} is not in the contract`).toBeGreaterThan(0);
        for (const f of at) expect(f.node[limit.keyword], `${f.path} ${limit.keyword}`).toBe(limit.value);
      }
      if (limit.ids) {
        const ids = nodes.filter((f) => isId(f.node));
        expect(ids.length).toBeGreaterThan(0);
        for (const f of ids) expect(f.node[limit.keyword], `${f.path} (an id)`).toBe(limit.value);
      }
    });
  }

  it('every bound of a request schema comes from a constant of the table (none typed by hand)', () => {
    const stray: string[] = [];
    for (const f of nodes) {
      for (const keyword of ALL) {
        const value = f.node[keyword];
        if (typeof value !== 'number') continue;
        const listed = Object.values(TABLE).some((l) => l.keyword === keyword && covers(l, f) && l.value === value);
        // Lower bounds are listed where the domain or the API names them; 0 and 1 are the plain floor of a count or a number.
        if (!listed && (UPPER.includes(keyword) || value > 1)) stray.push(`${f.path} ${keyword} ${value}`);
      }
    }
    expect(stray).toEqual([]);
  });

  it('the table and the contract agree with the domain where they once disagreed', () => {
    const at = (path: string) => nodes.find((f) => f.path === path)?.node ?? {};
    expect([at('CreateTournament.prizes').maxItems, at('CreateTournament.name').maxLength]).toEqual([200, 200]);
    expect([at('BlindStructureInput.levels').maxItems, at('Level.label').maxLength, at('MysteryDraw.prizeText').maxLength]).toEqual([
      200, 60, 500,
    ]);
  });
});
