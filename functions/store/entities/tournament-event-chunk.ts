import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * One chunk of the body of an event too large for its head (functions/store/tournament-log.ts):
 * `e#<version, 12 digits>#<nonce>#<index, 4 digits>`, sorting right after its head. Written before the head,
 * named by the head's nonce, so the chunks of a writer that lost the race are never read. The log's readers
 * take heads and chunks in one Query and tell them apart by `kind`.
 */
export const tournamentEventChunkEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'tournamentEventChunk', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        v: { type: 'number', required: true, readOnly: true, padding: { length: 12, char: '0' } },
        nonce: { type: 'string', required: true, readOnly: true },
        i: { type: 'number', required: true, readOnly: true, padding: { length: 4, char: '0' } },
        kind: { type: ['tournamentEventChunk'] as const, required: true, readOnly: true },
        /** The chunk's bytes. */
        c: { type: 'any', required: true, readOnly: true },
      },
      indexes: {
        primary: {
          collection: 'tournament',
          pk: { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'club#${clubId}#t#${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: ['v', 'nonce', 'i'], template: 'e#${v}#${nonce}#${i}', casing: 'none' },
        },
      },
    },
    config,
  );

export type TournamentEventChunkEntity = ReturnType<typeof tournamentEventChunkEntity>;
export type TournamentEventChunkRow = EntityItem<TournamentEventChunkEntity>;
