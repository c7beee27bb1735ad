import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { catalogPartition } from './catalog-partition';

/**
 * A tournament's items share the partition `club#<clubId>#t#<tournamentId>`: the root (`meta`), the
 * snapshot parts (`meta#s#...`) and the event log (`e#<version>`, functions/store/tournament-log.ts).
 * See docs/decisions/storage.md.
 */
const pk = { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'club#${clubId}#t#${tournamentId}', casing: 'none' } as const;

/**
 * The root item: what lists and the catalogue show (status, name, start, city), the settings other
 * tournaments' R-REG-1 checks read, and the manifest of the newest snapshot. It is written when a
 * tournament is created, when one of those attributes changes (in the same transaction as the event)
 * and when a snapshot is taken; not on every command.
 */
export const tournamentEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'tournament', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        /** The event version that last wrote the listed attributes. */
        version: { type: 'number', required: true },
        status: { type: 'string', required: true },
        name: { type: 'string', required: true },
        /** ISO start time: sorts the club's list and the catalogue. */
        startsAt: { type: 'string', required: true },
        city: { type: 'string' },
        /** Set only while the tournament is listed in the public catalogue (sparse index). */
        catalogKey: { type: 'string' },
        /** The catalogue index's constant partition key, written with every listing (see catalogPartition). */
        catalogPartition: catalogPartition('catalog#tournaments'),
        /** The settings as JSON (R-REG-1 windows of other tournaments are read from here). */
        settings: { type: 'string' },
        /** The newest snapshot's manifest (JSON, see tournament-snapshot.ts). */
        snap: { type: 'string' },
        /** The manifest's version: a snapshot replaces only an older one. */
        snapV: { type: 'number' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: { collection: 'tournament', pk, sk: { field: 'sk', composite: [], template: 'meta', casing: 'none' } },
        byClub: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['clubId'], template: 'club#${clubId}#tournaments', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['startsAt', 'tournamentId'], template: '${startsAt}#${tournamentId}', casing: 'none' },
        },
        catalog: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: [], template: 'catalog#tournaments', casing: 'none' },
          sk: { field: 'gsi2sk', composite: ['catalogKey'], template: '${catalogKey}', casing: 'none' },
          condition: (attr: Record<string, unknown>) => typeof attr.catalogKey === 'string' && attr.catalogKey.length > 0,
        },
      },
    },
    config,
  );

/**
 * A player's standing in one tournament, indexed by player: "my registrations" across clubs and
 * the parallel-registration check (R-REG-1) read it without loading any tournament.
 */
export const playerRegistrationEntity = (config: EntityConfiguration) =>
  new Entity(
    {
      model: { entity: 'playerRegistration', version: '1', service: 'sportpoker' },
      attributes: {
        clubId: { type: 'string', required: true, readOnly: true },
        tournamentId: { type: 'string', required: true, readOnly: true },
        playerId: { type: 'string', required: true, readOnly: true },
        registrationId: { type: 'string', required: true },
        registrationStatus: { type: 'string', required: true },
        entryId: { type: 'string' },
        eliminated: { type: 'boolean', required: true },
        registeredAt: { type: 'string', required: true },
        /** The player's seat while the tournament runs (table number, seat from 1); read from this item, not the index. */
        tableNumber: { type: 'number' },
        seatNumber: { type: 'number' },
        /** The event version that wrote the row (the stream consumer writes a row only forward). */
        pv: { type: 'number' },
      },
      indexes: {
        primary: {
          collection: 'tournament',
          pk,
          sk: { field: 'sk', composite: ['playerId'], template: 'player#${playerId}', casing: 'none' },
        },
        byPlayer: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['playerId'], template: 'player#${playerId}#registrations', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['registeredAt', 'tournamentId'], template: '${registeredAt}#${tournamentId}', casing: 'none' },
        },
      },
    },
    config,
  );

export type TournamentEntity = ReturnType<typeof tournamentEntity>;
export type TournamentRow = EntityItem<TournamentEntity>;

export type PlayerRegistrationEntity = ReturnType<typeof playerRegistrationEntity>;
export type PlayerRegistrationRow = EntityItem<PlayerRegistrationEntity>;
