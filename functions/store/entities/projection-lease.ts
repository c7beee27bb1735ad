import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';

/*
 * The lease one projection at a time holds over a set of items it reads, changes and writes back
 * (functions/store/projection-lease.ts): a league's in the league's standings partition (removed with
 * it), the rating's in a partition of its own. `scope` is that partition, whole, so one entity serves
 * both. Items written before this entity carry no ElectroDB identity (hence `ignoreOwnership`).
 */
export const projectionLeaseEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'projectionLease', version: '1', service: 'sportpoker' },
      attributes: {
        /** The partition the lease item is in: `club#<clubId>#league#<leagueId>`, or `rating#lease`. */
        scope: { type: 'string', required: true, readOnly: true },
        /** Who holds it (a finish's own key); absent while free. */
        holder: { type: 'string' },
        /** Epoch ms after which a holder that died loses it. */
        expiresAt: { type: 'number' },
        /** How many holders have let go: the holders' order. */
        seq: { type: 'number' },
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['scope'], template: '${scope}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'lease', casing: 'none' },
        },
      },
    },
    { ...config, ignoreOwnership: true },
  );

export type ProjectionLeaseEntity = ReturnType<typeof projectionLeaseEntity>;
export type ProjectionLeaseRow = EntityItem<ProjectionLeaseEntity>;
