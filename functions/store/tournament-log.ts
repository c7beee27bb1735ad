import { randomUUID } from 'node:crypto';
import { QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from './client';
import { entities } from './entities';
import { conditionRefused, type TransactPut } from './entities/items';
import type { TournamentEventRow } from './entities/tournament-event';
import type { TournamentEventChunkRow } from './entities/tournament-event-chunk';
import { queryAll } from './query-all';
import { config } from '../runtime/config';
import { MAX_WRITES, writeBatch } from './batch-write';
import { bodyBytes, packBody, unpackBody, type StoredBody } from './item-body';
import type { Patch } from './state-patch';

/**
 * The tournament's event log: one item per accepted command, `sk = e#<version, 12 digits>`, written
 * with a conditional put (`attribute_not_exists`). The put is the optimistic lock: of two commands
 * decided on the same version, exactly one gets the next number. Each item holds the change the
 * command made to the stored state (a patch, see state-patch.ts) and the domain events it produced;
 * readers fold the patches onto the newest snapshot, and the stream consumer derives projections and
 * notifications from the events. An event too large for one item (a seating draw or the results of a
 * very large field) keeps its body in chunk items written before it, named by a nonce so a writer that
 * loses the race leaves nothing a reader would take.
 */
export const EVENT_PREFIX = 'e#';
const PAD = 12;
export const eventSk = (version: number): string => `${EVENT_PREFIX}${String(version).padStart(PAD, '0')}`;
export const tournamentPk = (clubId: string, tournamentId: string): string => `club#${clubId}#t#${tournamentId}`;

/** Room under DynamoDB's 400 KB item limit for keys and attribute names. */
const MAX_INLINE_BYTES = 300_000;
/** Chunk puts in flight at once. */
const CHUNK_PUTS = 4;

export interface LoggedEvent {
  version: number;
  /** The state's updatedAt after the command (ms). */
  at: number;
  patch: Patch;
  events: { type: string }[];
  /** Stored bytes of the body: the log's size since the snapshot decides when to take the next one. */
  bytes: number;
}

export class VersionConflict extends Error {
  constructor() {
    super('the version was taken by another command');
  }
}

/** A write that had to commit with the event (the player's schedule) found its condition false. */
export class CompanionConflict extends Error {
  constructor() {
    super('a write committed with the event was refused by its condition');
  }
}

/** Thrown when an event cannot be decoded: the read stops, it never skips an event. */
export class UndecodableEvent extends Error {}

type Item = Record<string, unknown>;

interface AppendInput {
  clubId: string;
  tournamentId: string;
  version: number;
  at: number;
  patch: Patch;
  events: readonly { type: string }[];
  /** Writes that must commit with the event or not at all (the root's listed attributes, R-REG-1 rows). */
  with?: NonNullable<TransactWriteCommandInput['TransactItems']>;
}

function bodyAttrs(body: StoredBody): Pick<TournamentEventRow, 'b' | 'z'> {
  return 'b' in body ? { b: body.b } : { z: body.z };
}

/** Appends the event; throws VersionConflict when the version is already taken. Answers the stored bytes. */
export async function appendEvent(input: AppendInput): Promise<number> {
  const { clubId, tournamentId, version } = input;
  const body = packBody(JSON.stringify({ p: input.patch, e: input.events }));
  const bytes = bodyBytes(body);
  const { doc } = dynamo();
  // Names this append: a put the SDK retried after a timeout finds its own item, not a rival's (below).
  const writer = randomUUID();
  let head: TournamentEventRow = { kind: 'tournamentEvent', clubId, tournamentId, v: version, at: input.at, w: writer };
  if (bytes <= MAX_INLINE_BYTES) {
    head = { ...head, ...bodyAttrs(body) };
  } else {
    const nonce = randomUUID();
    const whole = 'z' in body ? Buffer.from(body.z) : Buffer.from(body.b, 'utf8');
    const chunks: TournamentEventChunkRow[] = [];
    for (let i = 0; i * MAX_INLINE_BYTES < whole.length; i++) {
      const c = whole.subarray(i * MAX_INLINE_BYTES, (i + 1) * MAX_INLINE_BYTES);
      chunks.push({ clubId, tournamentId, v: version, nonce, i, kind: 'tournamentEventChunk', c });
    }
    // One PutItem per chunk, a few at a time: each request stays one item's size (a batch of them is
    // megabytes in one request, against one request timeout), and a retried put rewrites the same item.
    const puts = entities().tournamentEventChunk;
    for (let i = 0; i < chunks.length; i += CHUNK_PUTS) {
      await Promise.all(chunks.slice(i, i + CHUNK_PUTS).map((chunk) => puts.put(chunk).go({ response: 'none' })));
    }
    head = { ...head, chunks: chunks.length, nonce, zipped: 'z' in body };
  }
  // `create` refuses an existing item: the version is taken. Its params are the transaction's first item
  // when other writes (not all of them entities') must commit with the event.
  const create = entities().tournamentEvent.create(head);
  try {
    if (input.with && input.with.length > 0) {
      await doc.send(new TransactWriteCommand({ TransactItems: [{ Put: create.params<TransactPut>() }, ...input.with] }));
    } else {
      await create.go({ response: 'none' });
    }
  } catch (e) {
    if (conditionRefused(e)) {
      // A timed-out put that the SDK sent again fails its condition on the item its first attempt wrote.
      if (await writtenBy(clubId, tournamentId, version, writer)) return bytes;
      throw new VersionConflict();
    }
    if (e instanceof TransactionCanceledException) {
      const reasons = e.CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') throw new VersionConflict();
      if (reasons.slice(1).some((r) => r.Code === 'ConditionalCheckFailed')) throw new CompanionConflict();
    }
    throw e;
  }
  return bytes;
}

/**
 * The conditional put of a small event as one item of another tournament's transaction (a day 2 and its
 * flights change together): it fails the transaction when the version is taken, like an append would.
 */
export function eventPut(input: Omit<AppendInput, 'with'>): TransactPut {
  const body = packBody(JSON.stringify({ p: input.patch, e: input.events }));
  if (bodyBytes(body) > MAX_INLINE_BYTES) throw new Error('an event written with another must fit one item');
  const { clubId, tournamentId, version, at } = input;
  const head: TournamentEventRow = { kind: 'tournamentEvent', clubId, tournamentId, v: version, at, w: randomUUID(), ...bodyAttrs(body) };
  return entities().tournamentEvent.create(head).params<TransactPut>();
}

/** Whether the event head at `version` is the one this append wrote (strongly consistent; heads from before the entity included). */
async function writtenBy(clubId: string, tournamentId: string, version: number, writer: string): Promise<boolean> {
  const { data } = await entities()
    .tournamentEvent.get({ clubId, tournamentId, v: version })
    .go({ consistent: true, attributes: ['w'], ignoreOwnership: true });
  return data?.w === writer;
}

/** About this much per BatchWriteItem: large parts go a few per request, each within one request timeout. */
const BATCH_BYTES = 1_000_000;

/** A rough size of an item as stored (its binary and string attributes dominate). */
const roughBytes = (item: Item): number =>
  Object.values(item).reduce<number>((n, v) => n + (v instanceof Uint8Array ? v.byteLength : typeof v === 'string' ? v.length : 16), 0);

/** Writes items in batches of at most 25 items and about BATCH_BYTES (a snapshot's parts are large). */
export async function putItems(items: readonly Item[]): Promise<void> {
  let batch: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = roughBytes(item);
    if (batch.length > 0 && (batch.length === MAX_WRITES || bytes + size > BATCH_BYTES)) {
      await writeBatch(batch.map((Item) => ({ PutRequest: { Item } })));
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) await writeBatch(batch.map((Item) => ({ PutRequest: { Item } })));
}

/** Decodes one event head (with its chunks, when it has them) into a LoggedEvent. */
export function decodeEvent(head: Item, chunks: readonly Item[] = []): LoggedEvent {
  const version = Number(head.v);
  try {
    let text: string;
    if (typeof head.chunks === 'number') {
      const mine = chunks
        .filter((c) => String(c.sk).startsWith(`${eventSk(version)}#${String(head.nonce)}#`))
        .sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
      if (mine.length !== head.chunks) throw new Error(`expected ${head.chunks} chunks, found ${mine.length}`);
      const whole = Buffer.concat(mine.map((c) => Buffer.from(c.c as Uint8Array)));
      text = unpackBody(head.zipped ? { z: whole } : { b: whole.toString('utf8') });
    } else {
      text = unpackBody(head);
    }
    const parsed = JSON.parse(text) as { p: Patch; e: { type: string }[] };
    if (!Array.isArray(parsed.p) || !Array.isArray(parsed.e)) throw new Error('malformed body');
    const bytes =
      typeof head.chunks === 'number'
        ? Buffer.byteLength(text)
        : bodyBytes('b' in head ? { b: String(head.b) } : { z: head.z as Uint8Array });
    return { version, at: Number(head.at), patch: parsed.p, events: parsed.e, bytes };
  } catch (e) {
    throw new UndecodableEvent(`event ${String(head.pk)} v${version} cannot be decoded: ${(e as Error).message}`);
  }
}

/** The events after `afterVersion`, in order (one Query; more pages only for a long tail). */
export async function readEventsAfter(
  clubId: string,
  tournamentId: string,
  afterVersion: number,
  consistent: boolean,
): Promise<LoggedEvent[]> {
  const pk = tournamentPk(clubId, tournamentId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': eventSk(afterVersion + 1), ':to': `${EVENT_PREFIX}~` },
    ConsistentRead: consistent,
  });
  const heads = items.filter((i) => i.kind === 'tournamentEvent');
  const chunks = items.filter((i) => i.kind === 'tournamentEventChunk');
  const events = heads.map((h) => decodeEvent(h, chunks));
  // The log has no holes: a version missing in the middle means a read that must not be folded.
  events.forEach((e, i) => {
    if (e.version !== afterVersion + i + 1) throw new UndecodableEvent(`event log of ${pk} jumps from ${afterVersion + i} to ${e.version}`);
  });
  return events;
}

/** One event with its chunks (for a consumer that met a chunked head in the stream). */
export async function readEventAt(clubId: string, tournamentId: string, version: number): Promise<LoggedEvent | undefined> {
  const out = await dynamo().doc.send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': tournamentPk(clubId, tournamentId), ':from': eventSk(version), ':to': `${eventSk(version)}#~` },
      ConsistentRead: true,
    }),
  );
  const items = (out.Items ?? []) as Item[];
  const head = items.find((i) => i.kind === 'tournamentEvent');
  return head
    ? decodeEvent(
        head,
        items.filter((i) => i.kind === 'tournamentEventChunk'),
      )
    : undefined;
}
