import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * Append-only record of an operator's action (R-MOD-1). It lives in the target's partition
 * (`club#<id>` or `player#<id>`), so a club's history is read with its other items.
 */
export const moderationEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'moderation', version: '1', service: 'sportpoker' },
      attributes: {
        targetKey: { type: 'string', required: true, readOnly: true },
        actionId: { type: 'string', required: true, readOnly: true },
        at: { type: 'string', required: true, readOnly: true },
        action: { type: 'string', required: true, readOnly: true },
        reason: { type: 'string', required: true, readOnly: true },
        by: { type: 'string', required: true, readOnly: true },
        /** R-MOD-1 content decisions: what it concerns (tournament, prize_row, mystery_prize, display_name). */
        kind: { type: 'string', readOnly: true },
        tournamentId: { type: 'string', readOnly: true },
        itemId: { type: 'string', readOnly: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['targetKey'], template: '${targetKey}', casing: 'none' },
          sk: { field: 'sk', composite: ['at', 'actionId'], template: 'moderation#${at}#${actionId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type ModerationEntity = ReturnType<typeof moderationEntity>;
export type ModerationRow = EntityItem<ModerationEntity>;
