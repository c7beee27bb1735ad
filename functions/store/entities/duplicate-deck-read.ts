import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { duplicatePartition } from './duplicate-event';

/**
 * One read of a round's cards (deck sheets, a diagram, the screen, a hand record): who, in which role,
 * when and which view (R-DUP-2). At `audit#<ISO time>#<uuid>`, so the partition lists them oldest first;
 * `readId` is that time and id, the sort key's composite (reads written before this entity lack it).
 */
export const duplicateDeckReadEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'duplicateDeckRead', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        readId: { type: 'string', required: true, readOnly: true },
        kind: { type: ['duplicateDeckRead'] as const, required: true, default: 'duplicateDeckRead', readOnly: true },
        round: { type: 'number', required: true, readOnly: true },
        actorId: { type: 'string', required: true, readOnly: true },
        role: { type: 'string', required: true, readOnly: true },
        /** Epoch ms. */
        at: { type: 'number', required: true, readOnly: true },
        what: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        primary: { pk: duplicatePartition, sk: { field: 'sk', composite: ['readId'], template: 'audit#${readId}', casing: 'none' } },
      },
    },
    config,
  );

export type DuplicateDeckReadEntity = ReturnType<typeof duplicateDeckReadEntity>;
export type DuplicateDeckReadItem = EntityItem<DuplicateDeckReadEntity>;
