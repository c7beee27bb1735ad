import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * A phone registered for a player's pushes (`push#<playerId>` / `d#<deviceId>`): its platform, the push
 * service's endpoint and the token (kept for re-registration, never shown). Items written before the
 * entity carry no `playerId` attribute (the key does) and no ElectroDB identity: reads tell the kind by
 * its keys.
 */
export const pushDeviceEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'pushDevice', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        deviceId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['pushDevice'] as const, required: true, default: 'pushDevice' },
        platform: { type: ['apns', 'fcm'] as const, required: true },
        endpoint: { type: 'string', required: true },
        registeredAt: { type: 'string', required: true },
        token: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['playerId'], template: 'push#${playerId}', casing: 'none' },
          sk: { field: 'sk', composite: ['deviceId'], template: 'd#${deviceId}', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type PushDeviceEntity = ReturnType<typeof pushDeviceEntity>;
export type PushDeviceRow = EntityItem<PushDeviceEntity>;
