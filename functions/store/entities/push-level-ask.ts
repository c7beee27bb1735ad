import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * A player who asked for a push at each level and is registered in the tournament
 * (`levelasks#<clubId>#<tournamentId>` / `<playerId>`), so a level change reads its few askers in one Query
 * instead of every registered player's choices (functions/adapters/push/level-asks.ts). It expires through the
 * table's TTL attribute a while after the tournament's window.
 */
export const pushLevelAskEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'pushLevelAsk', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        playerId: { type: 'string', required: true, readOnly: true },
        /** Epoch seconds: the table's TTL attribute. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'levelasks#${clubId}#${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: ['playerId'], template: '${playerId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type PushLevelAskEntity = ReturnType<typeof pushLevelAskEntity>;
export type PushLevelAskRow = EntityItem<PushLevelAskEntity>;
