import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { duplicatePartition } from './duplicate-event';

const pad3 = { length: 3, char: '0' } as const;

/**
 * The actions a dealer recorded for one hand (`hand#<round>#<table>#<hand>`, 3 digits each), created in the
 * same transaction as the root (which counts the hands recorded), never overwritten. The record is the body
 * (`b` JSON, or `z` gzipped); hands written before this entity hold the body only.
 */
export const duplicateHandEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'duplicateHand', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['duplicateHand'] as const, required: true, default: 'duplicateHand', readOnly: true },
        round: { type: 'number', required: true, readOnly: true, padding: pad3 },
        table: { type: 'number', required: true, readOnly: true, padding: pad3 },
        hand: { type: 'number', required: true, readOnly: true, padding: pad3 },
        b: { type: 'string', readOnly: true },
        /** Gzipped body bytes. */
        z: { type: 'any', readOnly: true },
      },
      indexes: {
        primary: {
          pk: duplicatePartition,
          sk: { field: 'sk', composite: ['round', 'table', 'hand'], template: 'hand#${round}#${table}#${hand}', casing: 'none' },
        },
      },
    },
    config,
  );

export type DuplicateHandEntity = ReturnType<typeof duplicateHandEntity>;
export type DuplicateHandItem = EntityItem<DuplicateHandEntity>;
