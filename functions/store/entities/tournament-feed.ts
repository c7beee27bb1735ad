import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * A list appended to once per id, as the tournament's feed items keep their notifications: `items`, the ids
 * it holds (a second delivery of an event finds its id and changes nothing) and the TTL of its newest entry.
 */
export const appendOnceList = {
  items: { type: 'any' },
  ids: { type: 'set', items: 'string' },
  /** Epoch seconds: the table's TTL attribute. */
  expiresAt: { type: 'number' },
} as const;

/**
 * The notifications for everyone in a tournament (functions/adapters/notifications/tournament-feed.ts), one
 * item `feed` in the tournament's partition: the list, the ids it holds (a second delivery of an event finds
 * its id and changes nothing) and the TTL of its newest notification. Items written before this entity have
 * no identity or key attributes of their own: reads ignore ownership.
 */
export const tournamentFeedEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'tournamentFeed', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        /** `items`: the shared notifications, oldest first (SharedNotification). */
        ...appendOnceList,
      },
      indexes: {
        primary: {
          collection: 'tournament',
          pk: { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'club#${clubId}#t#${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'feed', casing: 'none' },
        },
      },
    },
    config,
  );

export type TournamentFeedEntity = ReturnType<typeof tournamentFeedEntity>;
export type TournamentFeedRow = EntityItem<TournamentFeedEntity>;
