import { Entity } from 'electrodb';

/**
 * A tournament's items share the partition `club#<clubId>#t#<tournamentId>` (the `tournament`
 * collection), so one Query loads the whole aggregate.
 */
const pk = { field: 'pk', composite: ['clubId', 'tournamentId'], template: 'club#${clubId}#t#${tournamentId}', casing: 'none' } as const;

/** The root item: version (the optimistic lock), status and the `meta` part of the aggregate. */
export const tournamentEntity = new Entity({
  model: { entity: 'tournament', version: '1', service: 'sportpoker' },
  attributes: {
    clubId: { type: 'string', required: true, readOnly: true },
    tournamentId: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true },
    status: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** ISO start time: sorts the club's list and the catalogue. */
    startsAt: { type: 'string', required: true },
    city: { type: 'string' },
    /** Set only while the tournament is listed in the public catalogue (sparse index). */
    catalogKey: { type: 'string' },
    meta: { type: 'string', required: true },
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
});

/** One bucket of a record map or one chunk of an append-only list (see aggregate-codec). */
export const tournamentPartEntity = new Entity({
  model: { entity: 'tournamentPart', version: '1', service: 'sportpoker' },
  attributes: {
    clubId: { type: 'string', required: true, readOnly: true },
    tournamentId: { type: 'string', required: true, readOnly: true },
    part: { type: 'string', required: true, readOnly: true },
    body: { type: 'string', required: true },
    /** The tournament version that last wrote this part. */
    writtenAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { collection: 'tournament', pk, sk: { field: 'sk', composite: ['part'], template: 'part#${part}', casing: 'none' } },
  },
});

/**
 * A player's standing in one tournament, indexed by player: "my registrations" across clubs and
 * the parallel-registration check (R-REG-1) read it without loading any tournament.
 */
export const playerRegistrationEntity = new Entity({
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
  },
  indexes: {
    primary: { collection: 'tournament', pk, sk: { field: 'sk', composite: ['playerId'], template: 'player#${playerId}', casing: 'none' } },
    byPlayer: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['playerId'], template: 'player#${playerId}#registrations', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['registeredAt', 'tournamentId'], template: '${registeredAt}#${tournamentId}', casing: 'none' },
    },
  },
});
