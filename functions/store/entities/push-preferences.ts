import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * The kinds of push a player turned off, and whether levels are pushed too (`push#<playerId>` / `prefs`). Items written before the entity
 * carry no `playerId` attribute and no ElectroDB identity.
 */
export const pushPreferencesEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'pushPreferences', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['pushPreferences'] as const, required: true, default: 'pushPreferences' },
        muted: { type: 'list', items: { type: 'string' }, required: true },
        /** Asked for a push at each new level (absent: not asked). */
        levels: { type: 'boolean' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['playerId'], template: 'push#${playerId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'prefs', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type PushPreferencesEntity = ReturnType<typeof pushPreferencesEntity>;
export type PushPreferencesRow = EntityItem<PushPreferencesEntity>;
