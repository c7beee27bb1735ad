import type { FloorTournament } from '../../domain/floor/aggregate';
import { indexSeats, reindexSeats } from '../../domain/seating';
import { isRecordMap, recordMap } from '../../domain/core/record-map';
import { ConcurrentUpdate, Conflict, NotFound, VersionMismatch } from '../runtime/errors';
import { logger } from '../runtime/logger';
import { count } from '../runtime/metrics';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { entities } from './entities';
import { batchGet, type TransactPut, type TransactUpdate } from './entities/items';
import type { AggregateLayout } from './aggregate-codec';
import { applyPatch, diffState, type Patch } from './state-patch';
import { viewsOf } from './derived-views';
import { appendEvent, eventPut, readEventsAfter, UndecodableEvent, VersionConflict, type LoggedEvent } from './tournament-log';
export { CompanionConflict } from './tournament-log';
import { manifestBytes, readSnapshot, writeSnapshot } from './tournament-snapshot';
import { cached, remember, type CachedTournament } from './tournament-cache';

/** The tournament as stored: the floor aggregate with all its slices. */
export type StoredTournament = FloorTournament;

/**
 * How the aggregate is cut into parts. Snapshots take a map's bucket count from their manifest (two at
 * first, doubled as the field grows, tournament-snapshot.ts), not from here.
 */
export const TOURNAMENT_LAYOUT: AggregateLayout = {
  maps: [
    { path: 'registrations', buckets: 16 },
    { path: 'entries', buckets: 16 },
    { path: 'fees', buckets: 16 },
    { path: 'settlements', buckets: 8 },
    { path: 'seating.tables', buckets: 16 },
    { path: 'knockouts.knockouts', buckets: 8 },
    { path: 'knockouts.mysteryDraws', buckets: 4 },
    { path: 'chipCounts', buckets: 8 },
  ],
  lists: [
    { path: 'seating.moves', chunk: 200 },
    { path: 'seating.draws', chunk: 50 },
    { path: 'results.rows', chunk: 500 },
    { path: 'seatDraw.entryIds', chunk: 1000 },
    { path: 'seatDraw.late', chunk: 200 },
  ],
  derived: ['seating.seatOf', 'version', 'views'],
};

/** Derived state is neither logged nor snapshotted: readers rebuild it. */
const DERIVED = ['seating.seatOf', 'version', 'views'];

/**
 * When the events since the snapshot weigh this share of the snapshot (and at least MIN_TAIL_BYTES),
 * the writer takes a new one. Relative to the snapshot's size, a snapshot's cost spread over the
 * commands since the last one stays constant per command whatever the field size. Four times the
 * snapshot: a 300-player evening writes 836 WRU of snapshots instead of 1,398 at two, and a cold read
 * (rare: containers keep their state) folds a tail of at most about four times the snapshot
 * (docs/decisions.md, "Snapshots every four times their size").
 */
const SNAPSHOT_TAIL_RATIO = 4;
const MIN_TAIL_BYTES = 16_384;

/**
 * Enough for a burst of desks writing at once: a lost race costs one small Query of the new events,
 * and each round lands at least one writer.
 */
const MAX_ATTEMPTS = 16;
const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 5 * 2 ** Math.min(attempt, 5)));

export interface LoadedTournament {
  state: StoredTournament;
}

type Entry = CachedTournament<StoredTournament>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const CATALOG_STATUSES = new Set(['announced', 'registration_open']);

/** The root item's listed attributes, from the state. */
function rootAttributes(state: StoredTournament) {
  const startsAt = new Date(state.settings.startAt).toISOString();
  return {
    status: state.status,
    name: state.settings.name,
    startsAt,
    settings: JSON.stringify(state.settings),
    updatedAt: new Date(state.updatedAt).toISOString(),
    // R-MOD-1: a tournament the operator hid leaves the catalogue; R-MONEY-2: so does one whose texts are held.
    catalogKey:
      CATALOG_STATUSES.has(state.status) && !state.contentModeration?.tournament && !state.moneyHold
        ? `${startsAt}#${state.clubId}#${state.id}`
        : '',
  };
}

const rootChanged = (a: StoredTournament, b: StoredTournament) =>
  a.status !== b.status ||
  (a.settings !== b.settings && JSON.stringify(a.settings) !== JSON.stringify(b.settings)) ||
  a.contentModeration?.tournament !== b.contentModeration?.tournament ||
  Boolean(a.moneyHold) !== Boolean(b.moneyHold);

/**
 * The state with its maps as record maps (domain/core/record-map.ts): what comes from JSON (a snapshot,
 * an event that set a whole map) is a plain object, which would be copied whole by the next change.
 */
function withRecordMaps(state: StoredTournament): StoredTournament {
  let out = state;
  for (const { path } of TOURNAMENT_LAYOUT.maps) {
    const keys = path.split('.');
    let parent: Record<string, unknown> | undefined = out as unknown as Record<string, unknown>;
    for (const k of keys.slice(0, -1)) parent = parent?.[k] as Record<string, unknown> | undefined;
    const last = keys[keys.length - 1] as string;
    const map = parent?.[last];
    if (!map || typeof map !== 'object' || isRecordMap(map)) continue;
    out = setIn(out, keys, recordMap(map as Record<string, unknown>));
  }
  return out;
}

/** `obj` with `value` at `path`, copying the plain objects along it. */
function setIn<T>(obj: T, path: readonly string[], value: unknown): T {
  const [k, ...rest] = path as [string, ...string[]];
  const o = obj as Record<string, unknown>;
  return { ...o, [k]: rest.length === 0 ? value : setIn(o[k], rest, value) } as T;
}

function withDerived(raw: StoredTournament, version: number, before?: StoredTournament, patch?: Patch): StoredTournament {
  const state = withRecordMaps(raw);
  const views = viewsOf(state, before, patch);
  const seating = state.seating;
  if (!seating) return { ...state, version, views };
  const prev = before?.seating;
  // seatOf follows the tables: the domain keeps it up to date in what it decides; a folded patch carries
  // the tables only, so the index follows the tables that changed (or is built, with nothing before).
  const seatOf =
    prev && prev.tables === seating.tables && prev.seatOf
      ? prev.seatOf
      : seating.seatOf && seating.seatOf !== prev?.seatOf
        ? // An index read as JSON (a snapshot, or a patch that set the seating whole) becomes a record map,
          // so that the next change and the comparisons around it touch what changed, not the field.
          recordMap(seating.seatOf)
        : prev?.seatOf
          ? reindexSeats(prev.seatOf, prev.tables, seating.tables)
          : indexSeats(seating.tables);
  return { ...state, version, views, seating: { ...seating, seatOf } };
}

/** Folds logged events onto a state (the base may be empty for a tournament that has no snapshot yet). */
function fold(base: StoredTournament | undefined, events: readonly LoggedEvent[]): StoredTournament | undefined {
  let state = base;
  for (const e of events) {
    const next = applyPatch(state, e.patch) as StoredTournament;
    state = withDerived(next, e.version, state, e.patch);
  }
  return state;
}

function decodeFailure(e: unknown): never {
  if (e instanceof UndecodableEvent) {
    // Never fold past an event that cannot be read: the state would be wrong. An alarm watches this metric.
    logger.error('tournament event undecodable', { error: e.message });
    count('TournamentEventUndecodable');
  }
  throw e;
}

/** Snapshot + the events after it: the cold path. */
async function loadCold(clubId: string, tournamentId: string, consistent: boolean): Promise<Entry | undefined> {
  const base = await readSnapshot(clubId, tournamentId, TOURNAMENT_LAYOUT, consistent).catch(decodeFailure);
  if (!base) return undefined;
  const events = await readEventsAfter(clubId, tournamentId, base.version, consistent).catch(decodeFailure);
  const start = base.state ? withDerived(base.state as StoredTournament, base.version) : undefined;
  const state = fold(start, events);
  if (!state) return undefined;
  return {
    state,
    version: state.version,
    base: { state: base.state, parts: base.parts, manifest: base.manifest, logBytes: 0 },
    logBytes: events.reduce((n, e) => n + e.bytes, 0),
  };
}

/** The cached state brought up to date with the events after it: the warm path, one small Query. */
async function refresh(clubId: string, tournamentId: string, entry: Entry, consistent: boolean): Promise<Entry> {
  const events = await readEventsAfter(clubId, tournamentId, entry.version, consistent).catch(decodeFailure);
  if (events.length === 0) return entry;
  const state = fold(entry.state, events) as StoredTournament;
  const next: Entry = { ...entry, state, version: state.version, logBytes: entry.logBytes + events.reduce((n, e) => n + e.bytes, 0) };
  remember(clubId, tournamentId, next);
  return next;
}

async function current(clubId: string, tournamentId: string, consistent: boolean): Promise<Entry | undefined> {
  const hit = cached<StoredTournament>(clubId, tournamentId);
  if (hit) return refresh(clubId, tournamentId, hit, consistent);
  const entry = await loadCold(clubId, tournamentId, consistent);
  if (entry) remember(clubId, tournamentId, entry);
  return entry;
}

/**
 * The tournament at its newest version. `consistent: false` reads the log eventually consistently
 * (half the price), for views where a second of staleness is harmless (the public clock, lists).
 */
export async function loadTournament(
  clubId: string,
  tournamentId: string,
  opts: { consistent?: boolean } = {},
): Promise<LoadedTournament | undefined> {
  const entry = await current(clubId, tournamentId, opts.consistent ?? true);
  return entry ? { state: entry.state } : undefined;
}

/** The one refusal for a tournament that is not there: jobs catch its type, routes answer 404. */
export const tournamentNotFound = (): NotFound => new NotFound('TOURNAMENT_NOT_FOUND', 'No such tournament');

export async function requireTournament(
  clubId: string,
  tournamentId: string,
  opts: { consistent?: boolean } = {},
): Promise<LoadedTournament> {
  const t = await loadTournament(clubId, tournamentId, opts);
  if (!t) throw tournamentNotFound();
  return t;
}

const stripDerived = (s: StoredTournament): object => {
  const { version: _v, views: _views, ...rest } = s;
  if (!rest.seating) return rest;
  const { seatOf: _s, ...seating } = rest.seating;
  return { ...rest, seating };
};

/** Creates the root item and the first event (the whole initial state) in one transaction, with `also`. */
export async function createTournamentItem(state: StoredTournament, city?: string, also: TransactItem[] = []): Promise<void> {
  const rootPut = entities()
    .tournament.create({
      clubId: state.clubId,
      tournamentId: state.id,
      version: 1,
      ...withoutEmptyCatalog(rootAttributes(state)),
      ...(city ? { city } : {}),
    })
    .params<TransactPut>();
  try {
    await appendEvent({
      clubId: state.clubId,
      tournamentId: state.id,
      version: 1,
      at: state.updatedAt,
      patch: [['s', [], stripDerived(state)]],
      events: [{ type: 'tournament.created' }],
      with: [{ Put: rootPut }, ...also],
    });
  } catch (e) {
    if (e instanceof VersionConflict) throw new Conflict('CONFLICT', 'The tournament could not be created; retry');
    throw e;
  }
}

function withoutEmptyCatalog<T extends { catalogKey: string }>(attrs: T): Omit<T, 'catalogKey'> & { catalogKey?: string } {
  const { catalogKey, ...rest } = attrs;
  return catalogKey ? { ...rest, catalogKey } : rest;
}

/** The root update that rides in the event's transaction when a listed attribute changed. */
function rootUpdate(next: StoredTournament, version: number) {
  const { catalogKey, ...rest } = rootAttributes(next);
  // Setting catalogKey writes both catalogue index keys; removing it takes the tournament out of the index.
  const update = entities()
    .tournament.patch({ clubId: next.clubId, tournamentId: next.id })
    .set({ ...rest, version, ...(catalogKey ? { catalogKey } : {}) });
  return (catalogKey ? update : update.remove(['catalogKey'])).params<TransactUpdate>();
}

/**
 * Takes a snapshot when the log since the last one has grown enough, off the request path: the stream
 * consumer calls it after projecting a tournament's events. A failure leaves the log authoritative.
 */
export async function snapshotIfDue(clubId: string, tournamentId: string): Promise<void> {
  const entry = await current(clubId, tournamentId, true);
  if (entry) await maybeSnapshot(entry);
}

type SnapshotScope = <T>(write: () => Promise<T>) => Promise<T>;
let snapshotScope: SnapshotScope = (write) => write();

/** Runs each snapshot write inside `scope` (the cost benchmark charges snapshots to their own line). */
export function observeSnapshots(scope: SnapshotScope): void {
  snapshotScope = scope;
}

async function maybeSnapshot(entry: Entry): Promise<void> {
  const snapBytes = entry.base.manifest ? manifestBytes(entry.base.manifest) : 0;
  if (entry.logBytes - entry.base.logBytes < Math.max(MIN_TAIL_BYTES, snapBytes * SNAPSHOT_TAIL_RATIO)) return;
  const { state, version } = entry;
  try {
    const stripped = stripDerived(state);
    const written = await snapshotScope(() =>
      writeSnapshot({
        clubId: state.clubId,
        tournamentId: state.id,
        version,
        state: stripped,
        layout: TOURNAMENT_LAYOUT,
        previous: entry.base,
      }),
    );
    if (!written) return;
    remember(state.clubId, state.id, {
      ...entry,
      base: { state: stripped, parts: written.parts, manifest: written.manifest, logBytes: entry.logBytes },
    });
    count('TournamentSnapshot');
  } catch (e) {
    logger.warn('tournament snapshot not written; the log stays authoritative', {
      tournamentId: state.id,
      version,
      error: (e as Error).message,
    });
  }
}

export interface MutationOutcome<E> {
  state: StoredTournament;
  events: E[];
  version: number;
}

/**
 * Decide on the newest state, append the change as the next event. A lost race reads only the events
 * that won and decides again (the change is a pure function of the state), a bounded number of times.
 * With `expectedVersion` (If-Match) the caller wants exactly that version: a mismatch is a 409 at once.
 */
/**
 * Commands on one tournament inside one process take turns: racing each other would only make all but
 * one re-read and decide again. A Lambda container serves one request at a time; the local server (and
 * any long-lived process) serves many, and the desks of one evening then queue here instead of in retries.
 * Across processes the conditional put still decides.
 */
const turns = new Map<string, Promise<void>>();

async function inTurn<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((r) => (done = r));
  const chained = before.then(() => mine);
  turns.set(key, chained);
  await before;
  try {
    return await fn();
  } finally {
    done();
    if (turns.get(key) === chained) turns.delete(key);
  }
}

/** What a change decides: the next state and its events, with whatever else the decision answers. */
export interface Decided<E> {
  state: StoredTournament;
  events: E[];
}

export async function mutateTournament<E, D extends Decided<E> = Decided<E>>(
  clubId: string,
  tournamentId: string,
  change: (state: StoredTournament) => D | Promise<D>,
  expectedVersion?: number,
  /** Writes that must commit with the event (R-REG-1: the player's schedule), from the decision. */
  companions?: (next: StoredTournament, decided: D) => TransactItem[],
): Promise<D & MutationOutcome<E>> {
  return inTurn(`${clubId}/${tournamentId}`, () => decideAndAppend(clubId, tournamentId, change, expectedVersion, companions));
}

async function decideAndAppend<E, D extends Decided<E>>(
  clubId: string,
  tournamentId: string,
  change: (state: StoredTournament) => D | Promise<D>,
  expectedVersion: number | undefined,
  companions: ((next: StoredTournament, decided: D) => TransactItem[]) | undefined,
): Promise<D & MutationOutcome<E>> {
  for (let attempt = 1; ; attempt++) {
    const entry = await current(clubId, tournamentId, true);
    if (!entry) throw tournamentNotFound();
    const before = entry.state;
    if (expectedVersion !== undefined && before.version !== expectedVersion) {
      throw new VersionMismatch(before.version, expectedVersion);
    }
    const decided = await change(before);
    const { state, events } = decided;
    if (state === before) return { ...decided, version: before.version };
    const version = before.version + 1;
    const patch = diffState(before, state, { skip: DERIVED });
    const extra = [
      ...(rootChanged(before, state) ? [{ Update: rootUpdate(state, version) }] : []),
      ...(companions?.(state, decided) ?? []),
    ];
    try {
      const bytes = await appendEvent({
        clubId,
        tournamentId,
        version,
        at: state.updatedAt,
        patch,
        events: events as { type: string }[],
        ...(extra.length > 0 ? { with: extra } : {}),
      });
      const next = withDerived(state, version, before, patch);
      const written: Entry = { ...entry, state: next, version, logBytes: entry.logBytes + bytes };
      remember(clubId, tournamentId, written);
      return { ...decided, state: next, version };
    } catch (e) {
      if (!(e instanceof VersionConflict)) throw e;
      if (expectedVersion !== undefined || attempt >= MAX_ATTEMPTS) {
        throw new ConcurrentUpdate();
      }
      logger.info('tournament version conflict, retrying', { tournamentId, attempt });
      count('TournamentWriteConflict');
      if (attempt > 2) await backoff(attempt);
    }
  }
}

/**
 * Another tournament's next event, to commit with a command's own (companions): the change from `before`
 * (as loaded) to `after`. The transaction fails with CompanionConflict when that tournament moved meanwhile.
 */
export function followingEvent(before: StoredTournament, after: StoredTournament, events: readonly { type: string }[]): TransactItem[] {
  const version = before.version + 1;
  const patch = diffState(before, after, { skip: DERIVED });
  const put = eventPut({ clubId: after.clubId, tournamentId: after.id, version, at: after.updatedAt, patch, events });
  return [{ Put: put }, ...(rootChanged(before, after) ? [{ Update: rootUpdate(after, version) }] : [])];
}

/** The players' index rows for one player, across clubs (newest registration first). */
export async function playerRegistrations(playerId: string) {
  const { data } = await entities().playerRegistration.query.byPlayer({ playerId }).go({ order: 'desc', pages: 'all' });
  return data;
}

/** Root items (status, name, start, settings) of several tournaments, in one batch. */
export async function tournamentRoots(keys: readonly { clubId: string; tournamentId: string }[]) {
  if (keys.length === 0) return [];
  const tournament = entities().tournament;
  return batchGet(
    keys.map((k) => ({ clubId: k.clubId, tournamentId: k.tournamentId })),
    (batch) => tournament.get(batch).go({ unprocessed: 'item' }),
  );
}

/** The settings a root item lists. */
export const settingsOfRoot = (root: { settings?: string | undefined }): StoredTournament['settings'] => {
  if (root.settings) return JSON.parse(root.settings) as StoredTournament['settings'];
  throw new Error('tournament root without settings');
};

/** One logged event folded onto a state (the stream consumer's step). */
export const applyLoggedEvent = (state: StoredTournament | undefined, event: LoggedEvent): StoredTournament =>
  fold(state, [event]) as StoredTournament;

/**
 * The state as of `version` for the stream consumer: the newest snapshot not past it, folded up to it.
 * When the newest snapshot is already past `version` (a redelivery, or a consumer far behind), the
 * snapshot's state is the best there is: answers it with its own version, and the caller decides.
 */
export async function loadTournamentAt(
  clubId: string,
  tournamentId: string,
  version: number,
): Promise<{ state: StoredTournament | undefined; version: number }> {
  if (version <= 0) return { state: undefined, version: 0 };
  const base = await readSnapshot(clubId, tournamentId, TOURNAMENT_LAYOUT, true).catch(decodeFailure);
  if (!base) return { state: undefined, version: 0 };
  const start = base.state ? withDerived(base.state as StoredTournament, base.version) : undefined;
  if (base.version >= version) return { state: start, version: base.version };
  const events = (await readEventsAfter(clubId, tournamentId, base.version, true).catch(decodeFailure)).filter((e) => e.version <= version);
  return { state: fold(start, events), version: events.at(-1)?.version ?? base.version };
}
