import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/*
 * R-LEAGUE-1..5: a league and the records its standings are kept in. The league itself is in the club's
 * partition (listed with the club's other settings); its standings live in a partition of their own per
 * league: one record per player (`leagueStanding`, read by player when a finish touches them), one ranking
 * row per player whose sort key is the domain's `standingSortKey` (`leagueRank`, read in order for pages),
 * and one record per counted tournament (`leagueCount`, the players it gave points to and the event
 * version it was projected at).
 */

const standingsPk = {
  field: 'pk',
  composite: ['clubId', 'leagueId'],
  template: 'club#${clubId}#league#${leagueId}',
  casing: 'none',
} as const;

/** The partition `standingsPk` names: a league's standings, rankings and counts, all removed with the league. */
export const standingsPartition = (l: { clubId: string; leagueId: string }): string => `club#${l.clubId}#league#${l.leagueId}`;

export const leagueEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'league', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        leagueId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        /** The domain's LeagueSource: a series id, or the tournaments the club picked. */
        source: { type: 'any', required: true },
        /** The domain's PointsRule as the club set it. */
        points: { type: 'any', required: true },
        /** The rule's formula text (what a preset stands for). */
        formula: { type: 'string', required: true },
        bestOf: { type: 'number' },
        minPlayed: { type: 'number' },
        /** R-LEAGUE-2: points changes after a counted finish, each with a full recomputation. */
        audit: { type: 'any' },
        /** R-MONEY-2: what of the name the money checker holds for review (the league is not public then). */
        moneyReview: { type: 'any' },
        version: { type: 'number', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: ['leagueId'], template: 'league#${leagueId}', casing: 'none' },
        },
      },
    },
    config,
  );

/** What a standing stores of the domain's PlayerStanding, and the ranking key it is listed under. */
const standingAttributes = {
  clubId: { type: 'string', required: true, readOnly: true },
  leagueId: { type: 'string', required: true, readOnly: true },
  playerId: { type: 'string', required: true, readOnly: true },
  totalCentipoints: { type: 'number', required: true },
  played: { type: 'number', required: true },
  counted: { type: 'number', required: true },
  wins: { type: 'number', required: true },
  bestPlace: { type: 'number', required: true },
  qualified: { type: 'boolean', required: true },
  /** `standingTieKey`: equal keys share a place. */
  tieKey: { type: 'string', required: true },
  /** `standingSortKey`. */
  rankKey: { type: 'string', required: true },
} as const;

export const leagueStandingEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'leagueStanding', version: '1', service: 'sportpoker' },
      attributes: {
        ...standingAttributes,
        /** The player's counted results, sorted by tournament id (the domain's PlayerResult). */
        results: { type: 'any', required: true },
        /**
         * The finish that wrote the record (tournament and event version) and the ranking rows it replaced.
         * Records and ranking rows are written together, so until that finish's count record is written the
         * replaced rows may still be there: a retry deletes them.
         */
        writtenFor: { type: 'string' },
        writtenAt: { type: 'number' },
        staleRankKeys: { type: 'list', items: { type: 'string' } },
      },
      indexes: {
        primary: {
          pk: standingsPk,
          sk: { field: 'sk', composite: ['playerId'], template: 'player#${playerId}', casing: 'none' },
        },
        /** R-LEAGUE-5: the leagues a player has standings in. */
        byPlayer: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['playerId'], template: 'player#${playerId}#leagues', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['clubId', 'leagueId'], template: '${clubId}#${leagueId}', casing: 'none' },
        },
      },
    },
    config,
  );

export const leagueRankEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'leagueRank', version: '1', service: 'sportpoker' },
      attributes: standingAttributes,
      indexes: {
        primary: {
          pk: standingsPk,
          sk: { field: 'sk', composite: ['rankKey'], template: 'rank#${rankKey}', casing: 'none' },
        },
      },
    },
    config,
  );

export const leagueCountEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'leagueCount', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        leagueId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        /** The players it gave points to, sorted (what the next change of it replaces). */
        players: { type: 'list', items: { type: 'string' }, required: true },
        /** The tournament event version it was projected at: an older or equal one changes nothing. */
        pv: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: standingsPk,
          sk: { field: 'sk', composite: ['tournamentId'], template: 'count#${tournamentId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type LeagueRow = EntityItem<ReturnType<typeof leagueEntity>>;
export type LeagueStandingRow = EntityItem<ReturnType<typeof leagueStandingEntity>>;
export type LeagueRankRow = EntityItem<ReturnType<typeof leagueRankEntity>>;
export type LeagueCountRow = EntityItem<ReturnType<typeof leagueCountEntity>>;
