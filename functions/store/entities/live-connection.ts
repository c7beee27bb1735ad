import { CustomAttributeType, Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/** Who opened a live connection, kept with the connection and with each of its subscriptions. */
export interface LiveCaller {
  kind: 'user' | 'anonymous';
  userId?: string;
  operator?: boolean;
  /** When the token the connection opened with expires (epoch seconds, the JWT's `exp`). */
  expiresAt?: number;
}

/**
 * An open WebSocket connection (`live#c#<connectionId>` / `c`): its caller and the topics it holds, which
 * $disconnect removes. Items written before the entity carry no ElectroDB identity, so reads tell the
 * kind by its keys (`ignoreOwnership`); they expire through the table's TTL attribute.
 */
export const liveConnectionEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'liveConnection', version: '1', service: 'sportpoker' },
      attributes: {
        connectionId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['liveConnection'] as const, required: true, default: 'liveConnection', readOnly: true },
        caller: { type: CustomAttributeType<LiveCaller>('any'), required: true },
        topics: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
        /** Epoch seconds: the table's TTL attribute. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['connectionId'], template: 'live#c#${connectionId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'c', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type LiveConnectionEntity = ReturnType<typeof liveConnectionEntity>;
export type LiveConnectionRow = EntityItem<LiveConnectionEntity>;
