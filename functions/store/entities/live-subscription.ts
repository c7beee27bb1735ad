import { CustomAttributeType, Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import type { LiveCaller } from './live-connection';

/**
 * One connection's subscription to a topic (`live#t#<topic>` / `<connectionId>`), with the caller that
 * made it, so the fan-out finds a topic's connections and checks their access with one Query. Items
 * written before the entity hold neither `topic` nor `connectionId` as attributes (the keys do) and no
 * ElectroDB identity: reads tell the kind by its keys and take the connection from the sort key.
 */
export const liveSubscriptionEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'liveSubscription', version: '1', service: 'sportpoker' },
      attributes: {
        topic: { type: 'string', required: true, readOnly: true },
        connectionId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['liveSubscription'] as const, required: true, default: 'liveSubscription', readOnly: true },
        /** Absent on a subscription written before callers were kept with it. */
        caller: { type: CustomAttributeType<LiveCaller>('any') },
        /** Epoch seconds: the table's TTL attribute. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['topic'], template: 'live#t#${topic}', casing: 'none' },
          sk: { field: 'sk', composite: ['connectionId'], template: '${connectionId}', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type LiveSubscriptionEntity = ReturnType<typeof liveSubscriptionEntity>;
export type LiveSubscriptionRow = EntityItem<LiveSubscriptionEntity>;
