import { Entity, type EntityConfiguration } from 'electrodb';

/**
 * A push already sent to a player for one notification (`push#<playerId>` / `sent#<notificationId>`),
 * created on condition that it is new, so a redelivered event pushes once; it expires through the
 * table's TTL attribute (two days).
 */
export const pushSentEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'pushSent', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        notificationId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['pushSent'] as const, required: true, default: 'pushSent' },
        /** Epoch seconds: the table's TTL attribute. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['playerId'], template: 'push#${playerId}', casing: 'none' },
          sk: { field: 'sk', composite: ['notificationId'], template: 'sent#${notificationId}', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type PushSentEntity = ReturnType<typeof pushSentEntity>;
