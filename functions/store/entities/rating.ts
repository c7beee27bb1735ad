import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/*
 * R-RATE-1: the platform-wide rating. A club opts in with one item in its partition (`clubRating`). Each
 * rated player has a partition of their own (`rating#player#<id>`): the current rating (`current`) and
 * one history row per rated finish (`history#<finish key>`, with the rating before and after, so that a
 * retried finish starts again from the same priors). The leaderboard is one partition whose sort key is
 * the ordinal, highest first (`ratingBoard`), read in pages without sorting. The finishes rated so far
 * (`ratedFinish`) list what a recomputation from the stored results replays. No item holds a name: a
 * player is named at read time from the profile, so an erased player keeps the rating under the
 * pseudonym the results show (R-PD-1).
 */

const playerPk = { field: 'pk', composite: ['playerId'], template: 'rating#player#${playerId}', casing: 'none' } as const;

const ratingFigures = {
  mu: { type: 'number', required: true },
  sigma: { type: 'number', required: true },
  tournaments: { type: 'number', required: true },
  ordinal: { type: 'number', required: true },
} as const;

export const clubRatingEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'clubRating', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        optIn: { type: 'boolean', required: true },
        updatedAt: { type: 'string', required: true },
        updatedBy: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'rating-opt-in', casing: 'none' },
        },
      },
    },
    config,
  );

export const playerRatingEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'playerRating', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        ...ratingFigures,
        /** The last finish applied (its finish key). */
        ratedThrough: { type: 'string', required: true },
        /** The domain's PlayerRating before that finish: a retry of it starts there again. */
        before: { type: 'any' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: { pk: playerPk, sk: { field: 'sk', composite: [], template: 'current', casing: 'none' } },
      },
    },
    config,
  );

export const ratingHistoryEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'ratingHistory', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        finishKey: { type: 'string', required: true, readOnly: true },
        clubId: { type: 'string', required: true },
        tournamentId: { type: 'string', required: true },
        place: { type: 'number', required: true },
        field: { type: 'number', required: true },
        finishedAt: { type: 'string', required: true },
        /** The domain's PlayerRating before and after this finish. */
        before: { type: 'any', required: true },
        after: { type: 'any', required: true },
      },
      indexes: {
        primary: { pk: playerPk, sk: { field: 'sk', composite: ['finishKey'], template: 'history#${finishKey}', casing: 'none' } },
      },
    },
    config,
  );

export const ratingBoardEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'ratingBoard', version: '1', service: 'sportpoker' },
      attributes: {
        /** Sorts highest ordinal first, then by player id. */
        boardKey: { type: 'string', required: true, readOnly: true },
        playerId: { type: 'string', required: true },
        ...ratingFigures,
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: [], template: 'rating#board', casing: 'none' },
          sk: { field: 'sk', composite: ['boardKey'], template: 'ord#${boardKey}', casing: 'none' },
        },
      },
    },
    config,
  );

export const ratedFinishEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'ratedFinish', version: '1', service: 'sportpoker' },
      attributes: {
        finishKey: { type: 'string', required: true, readOnly: true },
        clubId: { type: 'string', required: true },
        tournamentId: { type: 'string', required: true },
        /**
         * Where it was applied among the rated finishes (the rating lease's sequence when it was taken):
         * two finishes processed at once are applied one after the other, not always in finish order.
         */
        applied: { type: 'number' },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: [], template: 'rating#finishes', casing: 'none' },
          sk: { field: 'sk', composite: ['finishKey'], template: 'finish#${finishKey}', casing: 'none' },
        },
      },
    },
    config,
  );

export type PlayerRatingRow = EntityItem<ReturnType<typeof playerRatingEntity>>;
export type RatingHistoryRow = EntityItem<ReturnType<typeof ratingHistoryEntity>>;
export type RatingBoardRow = EntityItem<ReturnType<typeof ratingBoardEntity>>;
