import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * R-CLK-1: a club's reusable level grid, in the club's partition. The levels are validated by the
 * domain (`validateStructure`) before every write, so the item stores them as they are.
 */
export const blindStructureEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'blindStructure', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        structureId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        anteType: { type: ['none', 'classic', 'bb'] as const, required: true },
        levels: { type: 'any', required: true },
        /** R-CHIP-2: the colour-up schedule, validated with the levels; absent when none. */
        colorUps: { type: 'any' },
        /** The default structure it was copied from, if any. */
        copiedFrom: { type: 'string' },
        /** Goes up by one on every edit (optimistic check for PUT). */
        version: { type: 'number', required: true },
        createdBy: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId'], template: 'club#${clubId}', casing: 'none' },
          sk: { field: 'sk', composite: ['structureId'], template: 'structure#${structureId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type BlindStructureEntity = ReturnType<typeof blindStructureEntity>;
export type BlindStructureRow = EntityItem<BlindStructureEntity>;
