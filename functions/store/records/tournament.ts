/**
 * A tournament's items share the partition `club#<clubId>#t#<tournamentId>`: the root (`meta`), the
 * snapshot parts (`meta#s#...`), the event log (`e#<version>`, functions/store/tournament-log.ts) and,
 * in the layout before the log, the bucket parts (`part#...`). See docs/decisions/storage.md.
 */
import { defineRecord } from '../table/record-type';

const partition = (r: { clubId?: string | undefined; tournamentId?: string | undefined }) => `club#${r.clubId}#t#${r.tournamentId}`;

/**
 * The root item: what lists and the catalogue show (status, name, start, city), the settings other
 * tournaments' R-REG-1 checks read, and the manifest of the newest snapshot. It is written when a
 * tournament is created, when one of those attributes changes (in the same transaction as the event)
 * and when a snapshot is taken; not on every command.
 */
export interface TournamentRootRow {
  clubId: string;
  tournamentId: string;
  /** The event version that last wrote the listed attributes. */
  version: number;
  status: string;
  name: string;
  /** ISO start time: sorts the club's list and the catalogue. */
  startsAt: string;
  city?: string;
  /** Set only while the tournament is listed in the public catalogue (sparse index). */
  catalogKey?: string;
  /** The settings as JSON (R-REG-1 windows of other tournaments are read from here). */
  settings?: string;
  /** The newest snapshot's manifest (JSON, see tournament-snapshot.ts). */
  snap?: string;
  /** The whole aggregate's meta part, in the layout before the event log (read for migration only). */
  meta?: string;
  updatedAt: string;
}

export const tournamentRecord = defineRecord<TournamentRootRow, 'clubId' | 'tournamentId', 'byClub' | 'catalog'>({
  entity: 'tournament',
  attributes: {
    clubId: true, tournamentId: true, version: true, status: true, name: true, startsAt: true, city: true, catalogKey: true, settings: true, snap: true,
    meta: true, updatedAt: true,
  },
  keyAttributes: ['clubId', 'tournamentId'],
  partition,
  sort: () => 'meta',
  skPrefix: 'meta',
  indexes: {
    byClub: { name: 'gsi1', pk: (r) => `club#${r.clubId}#tournaments`, sk: (r) => `${r.startsAt}#${r.tournamentId}`, composites: ['clubId', 'startsAt', 'tournamentId'] },
    catalog: {
      name: 'gsi2',
      pk: () => 'catalog#tournaments',
      sk: (r) => `${r.catalogKey}`,
      composites: ['catalogKey'],
      when: (r) => typeof r.catalogKey === 'string' && r.catalogKey.length > 0,
    },
  },
});

/** One bucket of a record map or one chunk of an append-only list, in the layout before the event log. */
export interface TournamentPartRow {
  clubId: string;
  tournamentId: string;
  part: string;
  body: string;
  /** The tournament version that last wrote this part. */
  writtenAt: number;
}

export const tournamentPartRecord = defineRecord<TournamentPartRow, 'clubId' | 'tournamentId' | 'part'>({
  entity: 'tournamentPart',
  attributes: { clubId: true, tournamentId: true, part: true, body: true, writtenAt: true },
  keyAttributes: ['clubId', 'tournamentId', 'part'],
  partition,
  sort: (r) => `part#${r.part}`,
  skPrefix: 'part#',
});

/**
 * A player's standing in one tournament, indexed by player: "my registrations" across clubs and
 * the parallel-registration check (R-REG-1) read it without loading any tournament.
 */
export interface PlayerRegistrationRow {
  clubId: string;
  tournamentId: string;
  playerId: string;
  registrationId: string;
  registrationStatus: string;
  entryId?: string;
  eliminated: boolean;
  registeredAt: string;
  /** The player's seat while the tournament runs (table number, seat from 1); read from this item, not the index. */
  tableNumber?: number;
  seatNumber?: number;
}

export const playerRegistrationRecord = defineRecord<PlayerRegistrationRow, 'clubId' | 'tournamentId' | 'playerId', 'byPlayer'>({
  entity: 'playerRegistration',
  attributes: {
    clubId: true, tournamentId: true, playerId: true, registrationId: true, registrationStatus: true, entryId: true, eliminated: true, registeredAt: true,
    tableNumber: true, seatNumber: true,
  },
  keyAttributes: ['clubId', 'tournamentId', 'playerId'],
  partition,
  sort: (r) => `player#${r.playerId}`,
  skPrefix: 'player#',
  indexes: {
    byPlayer: {
      name: 'gsi1',
      pk: (r) => `player#${r.playerId}#registrations`,
      sk: (r) => `${r.registeredAt}#${r.tournamentId}`,
      composites: ['playerId', 'registeredAt', 'tournamentId'],
    },
  },
});
