import type { FloorTournament } from '../../domain/floor/aggregate';
import { indexSeats } from '../../domain/seating';
import { problem } from '../platform/problem';
import { logger } from '../platform/logger';
import { count } from '../platform/metrics';
import { store } from './service';
import { decode, diff, encode, type AggregateLayout, type Parts } from './aggregate-codec';

/** The tournament as stored: the floor aggregate with all its slices. */
export type StoredTournament = FloorTournament;

export const TOURNAMENT_LAYOUT: AggregateLayout = {
  maps: [
    { path: 'registrations', buckets: 16 },
    { path: 'entries', buckets: 16 },
    { path: 'fees', buckets: 16 },
    { path: 'settlements', buckets: 8 },
    { path: 'seating.tables', buckets: 16 },
    { path: 'knockouts.knockouts', buckets: 8 },
    { path: 'knockouts.mysteryDraws', buckets: 4 },
  ],
  lists: [
    { path: 'seating.moves', chunk: 200 },
    { path: 'seating.draws', chunk: 50 },
    { path: 'results.rows', chunk: 500 },
  ],
  derived: ['seating.seatOf', 'version'],
};

/** DynamoDB's limits, with room for attribute names and key overhead. */
const MAX_PART_BYTES = 350_000;
const MAX_TRANSACTION_ITEMS = 100;
/**
 * Enough for a burst of about ten desks (or app users) writing at once: each round of a race lands at
 * least one writer, and the last of ten needed up to ten attempts on DynamoDB Local.
 */
const MAX_ATTEMPTS = 12;
/** Jittered pause before a retry, so that racing desks do not collide again in lockstep. */
const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 25 * 2 ** Math.min(attempt, 4)));

type Projection = {
  playerId: string;
  registrationId: string;
  registrationStatus: string;
  entryId?: string;
  eliminated: boolean;
  registeredAt: string;
};

export interface LoadedTournament {
  state: StoredTournament;
  parts: Parts;
  projections: Map<string, string>;
}

const key = (clubId: string, tournamentId: string) => ({ clubId, tournamentId });

/** Derived per-player rows of the by-player index, from the aggregate itself. */
export function projectionsOf(state: StoredTournament): Map<string, string> {
  const byPlayer = new Map<string, Projection>();
  const regs = Object.values(state.registrations).sort((a, b) => a.seq - b.seq);
  for (const r of regs) {
    const current = byPlayer.get(r.playerId);
    // A player's live registration wins over an older cancelled one.
    if (current && r.status === 'cancelled' && current.registrationStatus !== 'cancelled') continue;
    const entry = r.entryId ? state.entries[r.entryId] : undefined;
    byPlayer.set(r.playerId, {
      playerId: r.playerId,
      registrationId: r.id,
      registrationStatus: r.status,
      ...(r.entryId ? { entryId: r.entryId } : {}),
      eliminated: entry?.status === 'busted',
      registeredAt: new Date(r.registeredAt).toISOString(),
    });
  }
  return new Map([...byPlayer].map(([p, v]) => [p, JSON.stringify(v)]));
}

function rebuildDerived(state: StoredTournament): StoredTournament {
  if (state.seating) state.seating = { ...state.seating, seatOf: indexSeats(state.seating.tables) };
  return state;
}

const CATALOG_STATUSES = new Set(['announced', 'registration_open']);

function rootAttributes(state: StoredTournament, meta: string, city?: string) {
  const startsAt = new Date(state.settings.startAt).toISOString();
  return {
    status: state.status,
    name: state.settings.name,
    startsAt,
    meta,
    updatedAt: new Date(state.updatedAt).toISOString(),
    ...(city ? { city } : {}),
    catalogKey: CATALOG_STATUSES.has(state.status) ? `${startsAt}#${state.clubId}#${state.id}` : '',
  };
}

export async function loadTournament(clubId: string, tournamentId: string): Promise<LoadedTournament | undefined> {
  const { data } = await store().collections.tournament(key(clubId, tournamentId)).go({ pages: 'all', consistent: true });
  const root = data.tournament[0];
  if (!root) return undefined;
  const parts: Parts = new Map([['meta', root.meta], ...data.tournamentPart.map((p) => [p.part, p.body] as [string, string])]);
  const state = rebuildDerived(decode<StoredTournament>(parts, TOURNAMENT_LAYOUT));
  state.version = root.version;
  const projections = new Map(
    data.playerRegistration.map((p) => {
      const { clubId: _c, tournamentId: _t, ...rest } = p;
      const v: Projection = {
        playerId: rest.playerId,
        registrationId: rest.registrationId,
        registrationStatus: rest.registrationStatus,
        ...(rest.entryId ? { entryId: rest.entryId } : {}),
        eliminated: rest.eliminated,
        registeredAt: rest.registeredAt,
      };
      return [p.playerId, JSON.stringify(v)];
    }),
  );
  return { state, parts, projections };
}

export async function requireTournament(clubId: string, tournamentId: string): Promise<LoadedTournament> {
  const t = await loadTournament(clubId, tournamentId);
  if (!t) throw problem(404, 'TOURNAMENT_NOT_FOUND', 'No such tournament');
  return t;
}

function checkSizes(parts: [string, string][]): void {
  for (const [name, body] of parts) {
    if (Buffer.byteLength(body, 'utf8') > MAX_PART_BYTES) {
      throw problem(422, 'TOURNAMENT_TOO_LARGE', `The tournament's ${name} part exceeds the storage limit`);
    }
  }
}

export async function createTournamentItem(state: StoredTournament, city?: string): Promise<void> {
  const parts = encode(state, TOURNAMENT_LAYOUT);
  checkSizes([...parts]);
  const s = store();
  const { canceled } = await s.transaction
    .write((e) => [
      e.tournament.create({ ...key(state.clubId, state.id), version: 1, ...rootAttributes(state, parts.get('meta') as string, city) }).commit(),
      ...[...parts]
        .filter(([name]) => name !== 'meta')
        .map(([part, body]) => e.tournamentPart.put({ ...key(state.clubId, state.id), part, body, writtenAt: 1 }).commit()),
    ])
    .go();
  if (canceled) throw problem(409, 'CONFLICT', 'The tournament could not be created; retry');
}

class VersionConflict extends Error {}

/** Writes what changed between the loaded tournament and `next`, guarded by the version it was loaded at. */
async function save(loaded: LoadedTournament, next: StoredTournament): Promise<number> {
  const { clubId, id: tournamentId } = next;
  const before = loaded.state.version;
  const parts = encode(next, TOURNAMENT_LAYOUT, { state: loaded.state, parts: loaded.parts });
  const { put, remove } = diff(loaded.parts, parts);
  checkSizes(put);
  const proj = projectionsOf(next);
  const projPut = [...proj].filter(([p, v]) => loaded.projections.get(p) !== v);
  const s = store();
  const version = before + 1;
  const partWrites = put.filter(([name]) => name !== 'meta');
  const core = 1 + partWrites.length + remove.length;
  if (core > MAX_TRANSACTION_ITEMS) throw problem(422, 'TOURNAMENT_TOO_LARGE', 'The change is too large for one write');
  // Index rows ride in the same transaction when they fit; otherwise they follow it (they are derived
  // and the next change of the tournament repairs any that were missed).
  const inline = core + projPut.length <= MAX_TRANSACTION_ITEMS ? projPut : [];
  const after = inline === projPut ? [] : projPut;
  const root = rootAttributes(next, parts.get('meta') as string);
  const { catalogKey, ...rootSet } = root;
  const { canceled, data } = await s.transaction
    .write((e) => [
      e.tournament
        .patch(key(clubId, tournamentId))
        .set({ ...rootSet, version, ...(catalogKey ? { catalogKey } : {}) })
        .remove(catalogKey ? [] : ['catalogKey'])
        .where((a, op) => op.eq(a.version, before))
        .commit(),
      ...partWrites.map(([part, body]) => e.tournamentPart.put({ clubId, tournamentId, part, body, writtenAt: version }).commit()),
      ...remove.map((part) => e.tournamentPart.delete({ clubId, tournamentId, part }).commit()),
      ...inline.map(([, v]) => e.playerRegistration.put({ clubId, tournamentId, ...(JSON.parse(v) as Projection) }).commit()),
    ])
    .go();
  if (canceled) {
    if (data[0]?.rejected) throw new VersionConflict();
    throw problem(409, 'CONCURRENT_UPDATE', 'The tournament changed meanwhile; retry');
  }
  if (after.length > 0) {
    await s.entities.playerRegistration
      .put(after.map(([, v]) => ({ clubId, tournamentId, ...(JSON.parse(v) as Projection) })))
      .go({ concurrency: 4 });
  }
  return version;
}

export interface MutationOutcome<E> {
  state: StoredTournament;
  events: E[];
  version: number;
}

/**
 * Load, apply a pure change, save with the version check. A lost race reloads and re-applies the
 * change (it is a pure function of the fresh state), a bounded number of times. With `expectedVersion`
 * (If-Match) the caller wants exactly that version: a mismatch is a 409 at once.
 */
export async function mutateTournament<E>(
  clubId: string,
  tournamentId: string,
  change: (state: StoredTournament) => { state: StoredTournament; events: E[] } | Promise<{ state: StoredTournament; events: E[] }>,
  expectedVersion?: number,
): Promise<MutationOutcome<E>> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await requireTournament(clubId, tournamentId);
    if (expectedVersion !== undefined && loaded.state.version !== expectedVersion) {
      throw problem(409, 'VERSION_MISMATCH', `The tournament is at version ${loaded.state.version}, not ${expectedVersion}`);
    }
    const { state, events } = await change(loaded.state);
    if (state === loaded.state) return { state, events, version: loaded.state.version };
    try {
      const version = await save(loaded, state);
      return { state: { ...state, version }, events, version };
    } catch (e) {
      if (!(e instanceof VersionConflict)) throw e;
      if (expectedVersion !== undefined || attempt >= MAX_ATTEMPTS) {
        throw problem(409, 'CONCURRENT_UPDATE', 'The tournament changed meanwhile; reload and retry');
      }
      logger.info('tournament version conflict, retrying', { tournamentId, attempt });
      count('TournamentWriteConflict');
      await backoff(attempt);
    }
  }
}

/** The players' index rows for one player, across clubs (newest registration first). */
export async function playerRegistrations(playerId: string) {
  const { data } = await store().entities.playerRegistration.query.byPlayer({ playerId }).go({ pages: 'all', order: 'desc' });
  return data;
}

/** Root items (status, name, start, meta) of several tournaments, in one batch. */
export async function tournamentRoots(keys: readonly { clubId: string; tournamentId: string }[]) {
  if (keys.length === 0) return [];
  const { data } = await store().entities.tournament.get(keys.map((k) => ({ clubId: k.clubId, tournamentId: k.tournamentId }))).go({ concurrent: 4 });
  return data;
}

/** The settings stored in a root item's meta part. */
export const settingsOfRoot = (meta: string): StoredTournament['settings'] => (JSON.parse(meta) as StoredTournament).settings;
