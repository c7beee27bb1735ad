import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * A state registry's answer kept between lookups (functions/adapters/registry/cache.ts), keyed
 * `registry#<source>#<inn>`. Public registry data, not a club's: it has its own partition.
 */
export const registryCacheEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'registryCache', version: '1', service: 'sportpoker' },
      attributes: {
        cacheKey: { type: 'string', required: true, readOnly: true },
        answer: { type: 'any', required: true },
        /** Epoch SECONDS: the table's TTL attribute. TTL deletes late, so reads check it too. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['cacheKey'], template: '${cacheKey}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'answer', casing: 'none' },
        },
      },
    },
    config,
  );

export type RegistryCacheEntity = ReturnType<typeof registryCacheEntity>;
export type RegistryCacheRow = EntityItem<RegistryCacheEntity>;
