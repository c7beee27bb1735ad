import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * How many devices a player's account holds (`push#<playerId>` / `count`), written in the same
 * transaction as every device added or removed, so concurrent registrations cannot pass the limit.
 * Items written before the entity carry no `playerId` attribute and no ElectroDB identity.
 */
export const pushDeviceCountEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'pushDeviceCount', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['pushDeviceCount'] as const, required: true, default: 'pushDeviceCount' },
        n: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['playerId'], template: 'push#${playerId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'count', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type PushDeviceCountEntity = ReturnType<typeof pushDeviceCountEntity>;
export type PushDeviceCountRow = EntityItem<PushDeviceCountEntity>;
