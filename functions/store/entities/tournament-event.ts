import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * The head item of one event of a tournament's log (functions/store/tournament-log.ts), in the tournament's
 * partition at `e#<version, 12 digits>`. The body is inline (`b` JSON text, or `z` gzipped bytes) or, for
 * an event too large for one item, in `chunks` chunk items named by `nonce`. Written once, by `create`:
 * the refused create is the log's optimistic lock. Read raw by the log's readers (heads and chunks of one
 * range, told apart by `kind`), which also read heads written before this entity.
 */
export const tournamentEventEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'tournamentEvent', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        /** The event's version: the log position. */
        v: { type: 'number', required: true, readOnly: true, padding: { length: 12, char: '0' } },
        kind: { type: ['tournamentEvent'] as const, required: true, readOnly: true },
        /** Epoch ms of the command. */
        at: { type: 'number', required: true, readOnly: true },
        /** The writer's id: a put the SDK retried after a timeout finds its own item. */
        w: { type: 'string', required: true, readOnly: true },
        b: { type: 'string', readOnly: true },
        /** Gzipped body bytes. */
        z: { type: 'any', readOnly: true },
        chunks: { type: 'number', readOnly: true },
        nonce: { type: 'string', readOnly: true },
        zipped: { type: 'boolean', readOnly: true },
      },
      indexes: {
        primary: {
          collection: 'tournament',
          pk: { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'club#${clubId}#t#${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: ['v'], template: 'e#${v}', casing: 'none' },
        },
      },
    },
    config,
  );

export type TournamentEventEntity = ReturnType<typeof tournamentEventEntity>;
export type TournamentEventRow = EntityItem<TournamentEventEntity>;
