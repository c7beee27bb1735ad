import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * The players' names of a finished tournament (functions/store/result-names.ts), `names` in the tournament's
 * partition: the body (`b` JSON text or `z` gzipped bytes) written at the finish, and the sets of erased and
 * hidden players, each written on its own path whether or not the body is there yet (so every write is an
 * `update`, which creates the item). Items written before this entity have no identity attributes and no
 * key attributes of their own: reads ignore ownership.
 */
export const resultNamesEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'resultNames', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        b: { type: 'string' },
        /** Gzipped body bytes. */
        z: { type: 'any' },
        /** Players who exercised the right to erasure (R-PD-1). */
        erased: { type: 'set', items: 'string' },
        /** Names an operator hid (R-MOD-1). */
        hidden: { type: 'set', items: 'string' },
      },
      indexes: {
        primary: {
          collection: 'tournament',
          pk: { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'club#${clubId}#t#${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'names', casing: 'none' },
        },
      },
    },
    config,
  );

export type ResultNamesEntity = ReturnType<typeof resultNamesEntity>;
export type ResultNamesRow = EntityItem<ResultNamesEntity>;
