import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * That a player is in a Duplicate event, in the player's partition (`player#<id>` / `dup#<clubId>#<eventId>`),
 * so that an erasure (R-PD-1) finds the names the floor typed. Entries written before this entity hold no
 * `playerId` (it is in the key) and no identity attributes.
 */
export const duplicatePlayerEntryEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'duplicatePlayerEntry', version: '1', service: 'sportpoker' },
      attributes: {
        playerId: { type: 'string', required: true, readOnly: true },
        clubId: { type: 'string', required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['duplicatePlayerEntry'] as const, required: true, default: 'duplicatePlayerEntry', readOnly: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['playerId'], template: 'player#${playerId}', casing: 'none' },
          sk: { field: 'sk', composite: ['clubId', 'eventId'], template: 'dup#${clubId}#${eventId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type DuplicatePlayerEntryEntity = ReturnType<typeof duplicatePlayerEntryEntity>;
export type DuplicatePlayerEntry = EntityItem<DuplicatePlayerEntryEntity>;
