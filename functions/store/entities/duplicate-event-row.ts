import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/** The club's Duplicate partition, `club#<clubId>#dup`: its events' list rows and its deck grant. */
export const clubDuplicatePartition = { field: 'pk', composite: ['clubId'], template: 'club#${clubId}#dup', casing: 'none' } as const;

/**
 * An event's row in the club's list (`event#<eventId>`), rewritten with the root in every command's
 * transaction. Rows written before this entity hold no `clubId` (it is in the key) and no identity attributes.
 */
export const duplicateEventRowEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'duplicateEventRow', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['duplicateEventRow'] as const, required: true, default: 'duplicateEventRow', readOnly: true },
        name: { type: 'string', required: true },
        status: { type: 'string', required: true },
        /** The event's version the row shows. */
        v: { type: 'number', required: true },
        /** Epoch ms. */
        createdAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: clubDuplicatePartition,
          sk: { field: 'sk', composite: ['eventId'], template: 'event#${eventId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type DuplicateEventRowEntity = ReturnType<typeof duplicateEventRowEntity>;
export type DuplicateEventRow = EntityItem<DuplicateEventRowEntity>;
