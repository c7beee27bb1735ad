import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { clubDuplicatePartition } from './duplicate-event-row';

/** The staff roles a club grants the Duplicate deck sheets (`deck-access` in the club's Duplicate partition). */
export const duplicateDeckAccessEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'duplicateDeckAccess', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['duplicateDeckAccess'] as const, required: true, default: 'duplicateDeckAccess', readOnly: true },
        roles: { type: 'list', items: { type: 'string' }, required: true },
        updatedBy: { type: 'string', required: true },
        /** Epoch ms. */
        updatedAt: { type: 'number', required: true },
      },
      indexes: {
        primary: { pk: clubDuplicatePartition, sk: { field: 'sk', composite: [], template: 'deck-access', casing: 'none' } },
      },
    },
    config,
  );

export type DuplicateDeckAccessEntity = ReturnType<typeof duplicateDeckAccessEntity>;
export type DuplicateDeckAccess = EntityItem<DuplicateDeckAccessEntity>;
