import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/** A club integration's key: only the SHA-256 of its secret is stored. */
export const apiKeyEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'apiKey', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        keyId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        role: { type: ['owner', 'manager', 'dealer', 'cashier'] as const, required: true },
        secretHash: { type: 'string', required: true, readOnly: true },
        createdBy: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        revokedAt: { type: 'string' },
        revokedBy: { type: 'string' },
      },
      indexes: {
        primary: {
          collection: 'club',
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: ['keyId'], template: 'apikey#${keyId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type ApiKeyEntity = ReturnType<typeof apiKeyEntity>;
export type ApiKeyRow = EntityItem<ApiKeyEntity>;
