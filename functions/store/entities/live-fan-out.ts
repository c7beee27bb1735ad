import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * The newest event version of a tournament whose live messages all went to the gateway
 * (`live#v#<clubId>/<tournamentId>` / `v`). Items written before the entity carry no ElectroDB identity:
 * reads tell the kind by its keys.
 */
export const liveFanOutEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'liveFanOut', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['liveFanOut'] as const, required: true, default: 'liveFanOut' },
        v: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'live#v#${clubId}/${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'v', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type LiveFanOutEntity = ReturnType<typeof liveFanOutEntity>;
export type LiveFanOutRow = EntityItem<LiveFanOutEntity>;
