import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { appendOnceList } from './tournament-feed';

/**
 * One of a tournament's feed buckets (functions/adapters/notifications/feed-buckets.ts), `feed#<bucket>` in
 * the tournament's partition: the personal notifications of field-wide events (a draw's seats, the results)
 * of the players whose ids hash to the bucket, kept by reference instead of one item per player. `items`
 * holds one entry per event (FeedBucketEntry), `ids` the events it holds, so a second delivery changes
 * nothing; the TTL follows its newest entry.
 */
export const feedBucketEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'feedBucket', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        /** Two digits, so the buckets sort in order after the `feed` item. */
        bucket: { type: 'string', required: true, readOnly: true },
        /** `items`: one entry per event (FeedBucketEntry). */
        ...appendOnceList,
      },
      indexes: {
        primary: {
          collection: 'tournament',
          pk: { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'club#${clubId}#t#${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: ['bucket'], template: 'feed#${bucket}', casing: 'none' },
        },
      },
    },
    config,
  );

export type FeedBucketEntity = ReturnType<typeof feedBucketEntity>;
export type FeedBucketRow = EntityItem<FeedBucketEntity>;
