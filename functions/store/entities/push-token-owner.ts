import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * The one account a push token belongs to (`pushToken#<deviceId>` / `owner`, the device id being derived
 * from the token), written in the same transaction as the device. Items written before the entity carry
 * no ElectroDB identity: reads tell the kind by its keys.
 */
export const pushTokenOwnerEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'pushTokenOwner', version: '1', service: 'sportpoker' },
      attributes: {
        deviceId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['pushTokenOwner'] as const, required: true, default: 'pushTokenOwner' },
        playerId: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['deviceId'], template: 'pushToken#${deviceId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'owner', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type PushTokenOwnerEntity = ReturnType<typeof pushTokenOwnerEntity>;
export type PushTokenOwnerRow = EntityItem<PushTokenOwnerEntity>;
