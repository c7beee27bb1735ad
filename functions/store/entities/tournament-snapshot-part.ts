import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/**
 * One part of a tournament's snapshot (functions/store/tournament-snapshot.ts), `meta#s#<part>#<version, 12
 * digits>` right after the root: written once, by the snapshot that made it, deleted when no manifest names it.
 * The snapshot's reader takes the root and the parts in one Query and tells them apart by `kind`.
 */
export const tournamentSnapshotPartEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'tournamentSnapshotPart', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        /** The part's name in the aggregate's layout (aggregate-codec.ts). */
        part: { type: 'string', required: true, readOnly: true },
        /** The version of the snapshot that wrote it. */
        pv: { type: 'number', required: true, readOnly: true, padding: { length: 12, char: '0' } },
        kind: { type: ['tournamentSnapshotPart'] as const, required: true, readOnly: true },
        b: { type: 'string', readOnly: true },
        /** Gzipped text. */
        z: { type: 'any', readOnly: true },
      },
      indexes: {
        primary: {
          collection: 'tournament',
          pk: { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'club#${clubId}#t#${tournamentId}', casing: 'none' },
          sk: { field: 'sk', composite: ['part', 'pv'], template: 'meta#s#${part}#${pv}', casing: 'none' },
        },
      },
    },
    config,
  );

export type TournamentSnapshotPartEntity = ReturnType<typeof tournamentSnapshotPartEntity>;
export type TournamentSnapshotPartRow = EntityItem<TournamentSnapshotPartEntity>;
