import type { AttributeValue as LambdaAttributeValue, DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { logger } from '../runtime/logger';
import { count } from '../runtime/metrics';
import { decodeEvent, readEventAt, type LoggedEvent } from '../store/tournament-log';
import { applyLoggedEvent, loadTournamentAt, snapshotIfDue, type StoredTournament } from '../store/tournament-store';
import { projectEvent } from './project';

/**
 * The table's stream consumer: each committed tournament event, in commit order, becomes the projections
 * and messages derived from it (see project.ts). The events are the outbox: a function that died after
 * its write loses nothing, the consumer picks the event up. Processing is idempotent by event version, so
 * a redelivered batch changes nothing.
 */

/** The state each tournament was projected up to, per container: the next event folds onto it. */
const cursors = new Map<string, { state: StoredTournament | undefined; version: number }>();
const MAX_CURSORS = 64;

/** Lambda delivers binary attributes as base64 text; the SDK's unmarshall wants bytes. */
function toSdk(v: LambdaAttributeValue): AttributeValue {
  if (v.B !== undefined) return { B: Buffer.from(v.B, 'base64') };
  if (v.BS !== undefined) return { BS: v.BS.map((b) => Buffer.from(b, 'base64')) };
  if (v.M !== undefined) return { M: Object.fromEntries(Object.entries(v.M).map(([k, x]) => [k, toSdk(x)])) };
  if (v.L !== undefined) return { L: v.L.map(toSdk) };
  return v as AttributeValue;
}

async function eventOf(image: Record<string, unknown>): Promise<LoggedEvent | undefined> {
  if (image.kind !== 'tournamentEvent') return undefined;
  if (typeof image.chunks === 'number') return readEventAt(String(image.clubId), String(image.tournamentId), Number(image.v));
  return decodeEvent(image);
}

/** Answers the tournament the record's event belongs to, once projected. */
async function projectRecord(record: DynamoDBRecord): Promise<{ clubId: string; tournamentId: string } | undefined> {
  const newImage = record.dynamodb?.NewImage;
  if (!newImage) return undefined;
  const image = unmarshall(Object.fromEntries(Object.entries(newImage).map(([k, v]) => [k, toSdk(v)])));
  const event = await eventOf(image);
  if (!event) return undefined;
  const clubId = String(image.clubId);
  const tournamentId = String(image.tournamentId);
  const key = `${clubId}/${tournamentId}`;
  let cursor = cursors.get(key);
  if (!cursor || cursor.version !== event.version - 1) {
    cursor = await loadTournamentAt(clubId, tournamentId, event.version - 1);
  }
  // A snapshot newer than this event (a redelivery, or far behind): project from what is known now.
  const before = cursor.state;
  const after = cursor.version >= event.version && before ? before : applyLoggedEvent(before, event);
  await projectEvent({
    clubId,
    tournamentId,
    version: event.version,
    before: cursor.version < event.version ? before : after,
    after,
    event,
  });
  cursors.delete(key);
  cursors.set(key, { state: after, version: Math.max(cursor.version, event.version) });
  while (cursors.size > MAX_CURSORS) cursors.delete(cursors.keys().next().value as string);
  return { clubId, tournamentId };
}

/**
 * Processes the records in order. On the first failure it stops and reports that record: Lambda (and
 * the local poller) then retry from it, so nothing after it is projected out of order.
 */
export async function projectStreamRecords(records: readonly DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  const touched = new Map<string, { clubId: string; tournamentId: string }>();
  for (const record of records) {
    try {
      const t = await projectRecord(record);
      if (t) touched.set(`${t.clubId}/${t.tournamentId}`, t);
    } catch (e) {
      logger.error('projection failed; the batch is retried from this record', {
        sequenceNumber: record.dynamodb?.SequenceNumber,
        sk: record.dynamodb?.Keys?.sk?.S,
        error: (e as Error).message,
      });
      count('ProjectionFailed');
      await snapshots(touched);
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  await snapshots(touched);
  return { batchItemFailures: [] };
}

/** Snapshots of the tournaments a batch touched, when their logs have grown enough (never fails the batch). */
async function snapshots(touched: ReadonlyMap<string, { clubId: string; tournamentId: string }>): Promise<void> {
  for (const t of touched.values()) {
    try {
      await snapshotIfDue(t.clubId, t.tournamentId);
    } catch (e) {
      logger.warn('snapshot check failed; the log stays authoritative', { tournamentId: t.tournamentId, error: (e as Error).message });
    }
  }
}

/** Forgets the cursors (tests that start over). */
export function resetProjectionCursors(): void {
  cursors.clear();
}
