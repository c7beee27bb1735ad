import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * R-MONEY-2's review queue (functions/app/tournaments/money-review.ts): one item per held tournament in the
 * partition `money-review`, sorted by club and tournament. Items written before this entity have no identity
 * attributes: reads ignore ownership.
 */
export const moneyReviewEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'moneyReview', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        /** Epoch ms the hold began. */
        since: { type: 'number', required: true },
        /** The held texts as JSON. */
        items: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: [], template: 'money-review', casing: 'none' },
          sk: { field: 'sk', composite: ['clubId', 'tournamentId'], template: '${clubId}#${tournamentId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type MoneyReviewEntity = ReturnType<typeof moneyReviewEntity>;
export type MoneyReviewRow = EntityItem<MoneyReviewEntity>;
