import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { duplicatePartition } from './duplicate-event';

/**
 * A round's secret seed (`seed#<round, 3 digits>`), created with the round and never overwritten; read only
 * to prepare deck sheets, replay hands and reveal it (R-DUP-2).
 */
export const duplicateSeedEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'duplicateSeed', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['duplicateSeed'] as const, required: true, default: 'duplicateSeed', readOnly: true },
        round: { type: 'number', required: true, readOnly: true, padding: { length: 3, char: '0' } },
        seed: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        primary: { pk: duplicatePartition, sk: { field: 'sk', composite: ['round'], template: 'seed#${round}', casing: 'none' } },
      },
    },
    config,
  );

export type DuplicateSeedEntity = ReturnType<typeof duplicateSeedEntity>;
export type DuplicateSeed = EntityItem<DuplicateSeedEntity>;
