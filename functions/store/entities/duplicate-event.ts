import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * A Duplicate Poker event's partition, `club#<clubId>#dup#<eventId>` (docs/decisions/duplicate.md), shared
 * by its root, its rounds' seeds, its recorded hands and its deck-read audit (duplicate-*.ts beside this).
 */
export const duplicatePartition = {
  field: 'pk',
  composite: ['clubId', 'eventId'],
  template: 'club#${clubId}#dup#${eventId}',
  casing: 'none',
} as const;

/**
 * The event's root (`root`): settings, players, rounds and results as one body (`b` JSON text, or `z`
 * gzipped bytes), with the version `v` every command writes under (the optimistic lock). Items written
 * before this entity carry no `__edb_e__`/`__edb_v__`: the Duplicate readers read with `ignoreOwnership`.
 */
export const duplicateEventEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'duplicateEvent', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['duplicateEvent'] as const, required: true, default: 'duplicateEvent', readOnly: true },
        /** The event's version: the one a command read must still be stored for its write to land. */
        v: { type: 'number', required: true },
        b: { type: 'string' },
        /** Gzipped body bytes. */
        z: { type: 'any' },
      },
      indexes: {
        primary: { pk: duplicatePartition, sk: { field: 'sk', composite: [], template: 'root', casing: 'none' } },
      },
    },
    config,
  );

export type DuplicateEventEntity = ReturnType<typeof duplicateEventEntity>;
export type DuplicateEventItem = EntityItem<DuplicateEventEntity>;
