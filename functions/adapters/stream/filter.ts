import type { DynamoDBRecord } from 'aws-lambda';
import { TABLE_KEYS } from '../../store/table-definition';

/** Sort keys of committed tournament events in the tournament partition (`e#<version>`). */
export const EVENT_SORT_KEY_PREFIX = 'e#';

/**
 * What the projections consumer receives, locally and in AWS: the insert of an event item. Events are
 * append-only, so an INSERT is the one record each event produces; snapshots, caches and every other
 * item of the table never reach the consumer. infra/projections.ts states the same as filter criteria.
 */
export function isEventInsert(record: DynamoDBRecord): boolean {
  const sk = record.dynamodb?.Keys?.[TABLE_KEYS.sortKey]?.S;
  return record.eventName === 'INSERT' && typeof sk === 'string' && sk.startsWith(EVENT_SORT_KEY_PREFIX);
}
