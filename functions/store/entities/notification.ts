import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * One entry of a player's feed (GET /v1/me/notifications), newest first by its sort key. It expires
 * through the table's TTL attribute; TTL deletes lazily, so reads filter expired items themselves.
 * The id is deterministic per event, so publishing the same event twice writes the same item.
 */
export const notificationEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'notification', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        at: { type: 'string', required: true, readOnly: true },
        notificationId: { type: 'string', required: true, readOnly: true },
        type: { type: 'string', required: true },
        /** Absent on a notice about the account itself (a phone moved to another account). */
        clubId: { type: 'string' },
        tournamentId: { type: 'string' },
        title: { type: 'string', required: true },
        data: { type: 'any', required: true },
        /** Epoch seconds: the table's TTL attribute. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['playerId'], template: 'player#${playerId}', casing: 'none' },
          sk: { field: 'sk', composite: ['at', 'notificationId'], template: 'notif#${at}#${notificationId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type NotificationEntity = ReturnType<typeof notificationEntity>;
export type NotificationRow = EntityItem<NotificationEntity>;
