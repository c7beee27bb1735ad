import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * An account's erasure (R-PD-1) as a job: written with the profile's own erasure in one transaction, then
 * each step of functions/app/erasure.ts adds its name to `done` once it has nothing left to do. A request
 * or a job that finds steps missing runs them again (each is idempotent); `finishedAt` closes it.
 */
export const erasureEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'erasure', version: '1', service: 'sportpoker' },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        requestedAt: { type: 'string', required: true, readOnly: true },
        done: { type: 'set', items: 'string' },
        finishedAt: { type: 'string' },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['userId'], template: 'player#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'erasure', casing: 'none' },
        },
      },
    },
    config,
  );

export type ErasureEntity = ReturnType<typeof erasureEntity>;
export type ErasureRow = EntityItem<ErasureEntity>;
