import { queryAll } from './query-all';
import { writeAll } from './batch-write';
import { entities } from './entities';
import { conditionRefused } from './entities/items';
import { decode, encode, type AggregateLayout, type Parts } from './aggregate-codec';
import { bodyBytes, packBody, unpackBody } from './item-body';
import { putItems, tournamentPk } from './tournament-log';

/**
 * Snapshots of the tournament: the aggregate cut into parts by aggregate-codec (meta, buckets of each
 * record map, chunks of each list), each part an item `meta#s#<part>#<version>` that is never
 * overwritten. The root item's manifest names the part items of the newest snapshot; it is the commit
 * point: parts are written first, then the manifest, then the parts it no longer names are deleted.
 * A reader that meets a manifest naming a part already deleted reads again. The parts are the
 * `tournamentSnapshotPart` entity's items, the manifest the root's (`tournament`) `snap`; the reader takes
 * both in one Query of the range and tells them apart by key.
 *
 * A snapshot rewrites only the parts whose text changed since the previous one, and the bucket count
 * of a map doubles when a bucket outgrows its target size, so no item nears DynamoDB's 400 KB limit
 * whatever the field (a 10,000-entry tournament simply has more buckets).
 */
export const ROOT_SK = 'meta';
const PART_PREFIX = `${ROOT_SK}#s#`;
/** Uncompressed size above which a map's bucket count doubles. */
const TARGET_PART_CHARS = 128_000;
const INITIAL_BUCKETS = 2;

export interface Manifest {
  /** The event version the snapshot holds the state after. */
  v: number;
  /** Part name -> [version that wrote its item, stored bytes]. */
  parts: Record<string, [number, number]>;
  /** Map path -> bucket count. */
  buckets: Record<string, number>;
}

type Item = Record<string, unknown>;

const partSk = (name: string, version: number) => `${PART_PREFIX}${name}#${String(version).padStart(12, '0')}`;

export const manifestBytes = (m: Manifest): number => Object.values(m.parts).reduce((n, [, b]) => n + b, 0);

/** The snapshot a reader starts from: the state, its version, its parts' text (for the next snapshot). */
export interface SnapshotBase {
  root: Item;
  state: object | undefined;
  version: number;
  parts: Parts;
  manifest: Manifest | undefined;
}

class MissingPart extends Error {}

const queryPrefix = (pk: string, prefix: string, consistent: boolean) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
    ConsistentRead: consistent,
  });

/** Root and snapshot in one Query (the parts sort right after the root). */
export async function readSnapshot(
  clubId: string,
  tournamentId: string,
  layout: AggregateLayout,
  consistent: boolean,
): Promise<SnapshotBase | undefined> {
  const pk = tournamentPk(clubId, tournamentId);
  for (let attempt = 1; ; attempt++) {
    const items = await queryPrefix(pk, ROOT_SK, consistent);
    const root = items.find((i) => i.sk === ROOT_SK);
    if (!root) return undefined;
    try {
      if (typeof root.snap === 'string') {
        const manifest = JSON.parse(root.snap) as Manifest;
        const byKey = new Map(items.map((i) => [String(i.sk), i]));
        const parts: Parts = new Map();
        for (const [name, [v]] of Object.entries(manifest.parts)) {
          const item = byKey.get(partSk(name, v));
          if (!item) throw new MissingPart(name);
          parts.set(name, unpackBody(item));
        }
        return { root, state: decode<object>(parts, layout), version: manifest.v, parts, manifest };
      }
      return { root, state: undefined, version: 0, parts: new Map(), manifest: undefined };
    } catch (e) {
      // A snapshot replaced between reading the root and its parts: read again.
      if (e instanceof MissingPart && attempt < 4) continue;
      throw e;
    }
  }
}

export interface SnapshotWrite {
  clubId: string;
  tournamentId: string;
  version: number;
  state: object;
  layout: AggregateLayout;
  /** What the previous snapshot wrote (or, for its reuse of unchanged buckets, what it held). */
  previous: { state: object | undefined; parts: Parts; manifest: Manifest | undefined };
}

function layoutWith(layout: AggregateLayout, buckets: Record<string, number>): AggregateLayout {
  return { ...layout, maps: layout.maps.map((m) => ({ path: m.path, buckets: buckets[m.path] ?? INITIAL_BUCKETS })) };
}

/** The parts of `state`, growing a map's bucket count until each bucket is under the target size. */
export function snapshotParts(
  state: object,
  layout: AggregateLayout,
  buckets: Record<string, number>,
  previous?: { state: object; parts: Parts },
) {
  const counts = { ...buckets };
  for (const m of layout.maps) counts[m.path] ??= INITIAL_BUCKETS;
  for (;;) {
    const sameCounts = layout.maps.every((m) => counts[m.path] === buckets[m.path]);
    const parts = encode(state, layoutWith(layout, counts), sameCounts ? previous : undefined);
    const grow = layout.maps.filter((m) =>
      [...parts].some(([name, text]) => name.startsWith(`m#${m.path}#`) && text.length > TARGET_PART_CHARS),
    );
    if (grow.length === 0) return { parts, buckets: counts };
    for (const m of grow) counts[m.path] = (counts[m.path] as number) * 2;
  }
}

/**
 * Writes a snapshot of `state` at `version`: the changed parts, then the manifest (only if it is newer
 * than the one stored), then deletes what it no longer names. Answers what a reader of it would hold.
 */
export async function writeSnapshot(w: SnapshotWrite): Promise<{ parts: Parts; manifest: Manifest } | undefined> {
  const { clubId, tournamentId } = w;
  const { tournament, tournamentSnapshotPart } = entities();
  const prevManifest = w.previous.manifest;
  const { parts, buckets } = snapshotParts(
    w.state,
    w.layout,
    prevManifest?.buckets ?? {},
    w.previous.state && prevManifest ? { state: w.previous.state, parts: w.previous.parts } : undefined,
  );
  const manifest: Manifest = { v: w.version, parts: {}, buckets };
  const items: Item[] = [];
  const written: PartRef[] = [];
  for (const [name, text] of parts) {
    const old = prevManifest?.parts[name];
    if (old && w.previous.parts.get(name) === text) {
      manifest.parts[name] = old;
      continue;
    }
    const body = packBody(text);
    const part = { clubId, tournamentId, part: name, pv: w.version, kind: 'tournamentSnapshotPart' as const };
    items.push(tournamentSnapshotPart.put({ ...part, ...('b' in body ? { b: body.b } : { z: body.z }) }).params<{ Item: Item }>().Item);
    written.push([name, w.version]);
    manifest.parts[name] = [w.version, bodyBytes(body)];
  }
  await putItems(items);
  try {
    await tournament
      .patch({ clubId, tournamentId })
      .set({ snap: JSON.stringify(manifest), snapV: w.version })
      .where((a, op) => `(${op.notExists(a.snapV)} OR ${op.lt(a.snapV, w.version)})`)
      .go({ response: 'none' });
  } catch (e) {
    // A newer snapshot is there already (or the tournament is gone): ours is not needed.
    if (conditionRefused(e)) {
      await deleteParts(clubId, tournamentId, written);
      return undefined;
    }
    throw e;
  }
  const keep = new Set(Object.entries(manifest.parts).map(([name, [v]]) => partSk(name, v)));
  const stale = Object.entries(prevManifest?.parts ?? {})
    .map(([name, [v]]): PartRef => [name, v])
    .filter(([name, v]) => !keep.has(partSk(name, v)));
  await deleteParts(clubId, tournamentId, stale);
  return { parts, manifest };
}

type PartRef = [name: string, version: number];

/** Deletes parts (best effort is not enough for garbage: unprocessed ones are retried). */
async function deleteParts(clubId: string, tournamentId: string, refs: readonly PartRef[]): Promise<void> {
  const parts = entities().tournamentSnapshotPart;
  await writeAll(
    refs.map(([part, pv]) => ({
      DeleteRequest: { Key: parts.delete({ clubId, tournamentId, part, pv }).params<{ Key: Item }>().Key },
    })),
  );
}
