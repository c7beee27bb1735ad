import * as z from './zod';
import { MAX_LEAGUE_TOURNAMENTS, MAX_FORMULA_LENGTH, MAX_POINTS_TABLE_ROWS, MAX_SEASON_NAME } from '../domain/season/limits';
import { humanText } from './text';
import { ClubIdParams, Id, PageQuery, Timestamp } from './common';
import { MoneyReviewItem } from './money-review';

/*
 * Leagues and their standings (R-LEAGUE-1..5). As for blind structures, the request schemas check shapes
 * and types; the rules (a name's length and wording, the points formula, best-N and minimum played) are the
 * domain's `checkLeagueSettings`, which answers 422 naming the field, or the part of a formula that fails
 * (`FormulaError`). The contract states the domain's bounds (`.openapi`) so that a client knows them.
 */

const knockoutPoints = z.number().openapi({ minimum: 0, description: 'points per knockout credit, at most two decimals' });
const table = z.array(z.number()).openapi({ maxItems: MAX_POINTS_TABLE_ROWS, description: 'points by place, 1st first' });

export const PointsRule = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('linear'), knockoutPoints: knockoutPoints.optional() }),
    z.strictObject({ kind: z.literal('sqrt_decay'), scale: z.number().optional(), knockoutPoints: knockoutPoints.optional() }),
    z.strictObject({ kind: z.literal('table'), table, knockoutPoints: knockoutPoints.optional() }),
    z.strictObject({
      kind: z.literal('formula'),
      formula: z.string().openapi({
        maxLength: MAX_FORMULA_LENGTH,
        example: 'entries - place + 1 + 2 * knockouts',
        description: 'over place, entries, players, knockouts, bountyPoints, itm, paidPlaces, reentries, rebuys, addons; never a fee',
      }),
      table: table.optional(),
    }),
  ])
  .openapi('PointsRule', {
    description: 'R-LEAGUE-2: linear (entries - place + 1), sqrt_decay (scale x sqrt(entries / place)), a table by place, or a formula',
  });

const LeagueSource = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('series'), seriesId: Id }),
    z.strictObject({ kind: z.literal('tournaments'), tournamentIds: z.array(Id).openapi({ maxItems: MAX_LEAGUE_TOURNAMENTS }) }),
  ])
  .openapi('LeagueSource', { description: 'R-LEAGUE-1: the tournaments that count: a series, or tournaments the club picks' });

const count = z.number().int().openapi({ minimum: 1, maximum: MAX_LEAGUE_TOURNAMENTS });
const shape = {
  name: humanText({ trim: false }).openapi({ maxLength: MAX_SEASON_NAME }),
  source: LeagueSource,
  points: PointsRule,
  bestOf: count.optional().openapi({ description: "count only each player's best N results" }),
  minPlayed: count.optional().openapi({ description: 'players with fewer tournaments are listed last, without a place' }),
};

export const CreateLeagueBody = z.strictObject(shape).openapi('CreateLeague');

export const UpdateLeagueBody = z
  .strictObject({
    name: shape.name.optional(),
    source: LeagueSource.optional(),
    points: PointsRule.optional(),
    bestOf: count.nullable().optional().openapi({ description: 'null counts every result again' }),
    minPlayed: count.nullable().optional().openapi({ description: 'null drops the minimum' }),
    recompute: z.boolean().optional().openapi({
      description: 'R-LEAGUE-2: required to change the points once a counted tournament has finished; the table is rebuilt',
    }),
  })
  .openapi('UpdateLeague');

export const LeagueParams = z.strictObject({ clubId: Id, leagueId: Id });
export { ClubIdParams };

export const League = z
  .object({
    leagueId: z.string(),
    clubId: z.string(),
    name: z.string(),
    source: LeagueSource,
    points: PointsRule,
    formula: z.string().openapi({ description: 'the formula the points rule stands for' }),
    bestOf: z.number().int().optional(),
    minPlayed: z.number().int().optional(),
    audit: z
      .array(z.object({ at: Timestamp, by: z.string(), from: z.string(), to: z.string() }))
      .openapi({ description: 'points changes after a counted finish' }),
    moneyHold: z
      .array(MoneyReviewItem)
      .optional()
      .openapi({ description: 'R-MONEY-2: the name holds wording for review; the league is not public until the club words it otherwise' }),
    version: z.number().int(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('League');

export const PublicLeague = z
  .object({
    leagueId: z.string(),
    clubId: z.string(),
    name: z.string(),
    formula: z.string(),
    bestOf: z.number().int().optional(),
    minPlayed: z.number().int().optional(),
  })
  .openapi('PublicLeague');

export const StandingRow = z
  .object({
    place: z.number().int().nullable().openapi({ description: 'shared by tied players; null below the minimum played' }),
    playerId: z.string(),
    points: z.number(),
    played: z.number().int(),
    counted: z.number().int(),
    wins: z.number().int(),
    bestPlace: z.number().int(),
    qualified: z.boolean(),
  })
  .openapi('StandingRow');

export const StandingsQuery = PageQuery.extend({ format: z.enum(['json', 'csv']).optional() });

export const StandingsPage = z
  .object({ leagueId: z.string(), name: z.string(), items: z.array(StandingRow), nextCursor: z.string().nullable() })
  .openapi('LeagueStandings');

export const MyStanding = z
  .object({ clubId: z.string(), leagueId: z.string(), name: z.string(), standing: StandingRow })
  .openapi('MyLeagueStanding');
