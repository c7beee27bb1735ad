import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from './client';
import { queryAll } from './query-all';
import { packBody, unpackBody } from './item-body';
import { config } from '../platform/config';
import { ConcurrentUpdate } from '../app/errors';
import type { DuplicateEvent } from '../../domain/duplicate/event';
import type { RecordedAction } from '../../domain/duplicate/table-replay';
import type { Role } from '../../domain/core/context';

/**
 * Duplicate Poker events in the single table, beside the tournaments (docs/decisions/duplicate.md). An event's
 * partition `club#<clubId>#dup#<eventId>` holds:
 * - `root`: the event (settings, players, rounds, results) as one body, with its version `v`; every command
 *   rewrites it with a conditional put on the version it read (the optimistic lock);
 * - `seed#<round>`: a round's secret seed, written with the round and read only to prepare deck sheets,
 *   replay hands and reveal it;
 * - `hand#<round>#<table>#<hand>`: the actions a dealer recorded for one hand, written in the same
 *   transaction as the root (which counts the hands recorded), never overwritten;
 * - `audit#<time>#<id>`: who read a round's cards (deck sheets, diagrams, the screen, a hand record), and when.
 * The club's partition `club#<clubId>#dup` holds `deck-access` (the roles the club grants the deck sheets)
 * and `event#<eventId>` (the list row).
 */
export const duplicatePk = (clubId: string, eventId: string): string => `club#${clubId}#dup#${eventId}`;
const clubDupPk = (clubId: string): string => `club#${clubId}#dup`;
const pad = (n: number): string => String(n).padStart(3, '0');
export const seedSk = (round: number): string => `seed#${pad(round)}`;
export const handSk = (round: number, table: number, hand: number): string => `hand#${pad(round)}#${pad(table)}#${pad(hand)}`;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => config().tableName;

export async function loadEvent(clubId: string, eventId: string): Promise<DuplicateEvent | undefined> {
  const out = await dynamo().doc.send(
    new GetCommand({ TableName: table(), Key: { pk: duplicatePk(clubId, eventId), sk: 'root' }, ConsistentRead: true }),
  );
  return out.Item ? (JSON.parse(unpackBody(out.Item)) as DuplicateEvent) : undefined;
}

function rootPut(ev: DuplicateEvent, expected: number | 'new'): TransactItem {
  const body = packBody(JSON.stringify(ev));
  return {
    Put: {
      TableName: table(),
      Item: {
        pk: duplicatePk(ev.clubId, ev.eventId),
        sk: 'root',
        kind: 'duplicateEvent',
        clubId: ev.clubId,
        eventId: ev.eventId,
        v: ev.version,
        ...body,
      },
      ...(expected === 'new'
        ? { ConditionExpression: 'attribute_not_exists(sk)' }
        : {
            ConditionExpression: '#v = :expected',
            ExpressionAttributeNames: { '#v': 'v' },
            ExpressionAttributeValues: { ':expected': expected },
          }),
    },
  };
}

function listRow(ev: DuplicateEvent): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        pk: clubDupPk(ev.clubId),
        sk: `event#${ev.eventId}`,
        kind: 'duplicateEventRow',
        eventId: ev.eventId,
        name: ev.settings.name,
        status: ev.status,
        v: ev.version,
        createdAt: ev.createdAt,
      },
    },
  };
}

export class DuplicateVersionConflict extends Error {}

/** Writes the event if its stored version is still `expected` (or it does not exist yet), with any companion writes. */
export async function saveEvent(ev: DuplicateEvent, expected: number | 'new', companions: TransactItem[] = []): Promise<void> {
  try {
    await dynamo().doc.send(new TransactWriteCommand({ TransactItems: [rootPut(ev, expected), listRow(ev), ...companions] }));
  } catch (e) {
    if (e instanceof TransactionCanceledException || e instanceof ConditionalCheckFailedException) {
      const reasons = e instanceof TransactionCanceledException ? (e.CancellationReasons ?? []) : [];
      // A failed condition (the root's version, a companion that exists) or a concurrent transaction on the
      // same items: the command decides again on what is stored now.
      if (reasons.length === 0 || reasons.some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict')) {
        throw new DuplicateVersionConflict('the event changed meanwhile');
      }
    }
    throw e;
  }
}

export const seedPut = (clubId: string, eventId: string, round: number, seed: string): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { pk: duplicatePk(clubId, eventId), sk: seedSk(round), kind: 'duplicateSeed', round, seed },
    ConditionExpression: 'attribute_not_exists(sk)',
  },
});

export async function readSeed(clubId: string, eventId: string, round: number): Promise<string> {
  const out = await dynamo().doc.send(
    new GetCommand({ TableName: table(), Key: { pk: duplicatePk(clubId, eventId), sk: seedSk(round) }, ConsistentRead: true }),
  );
  const seed = out.Item?.seed;
  if (typeof seed !== 'string') throw new Error(`no seed stored for round ${round}`);
  return seed;
}

export interface StoredHand {
  round: number;
  table: number;
  hand: number;
  actions: RecordedAction[];
  recordedBy: string;
  at: number;
}

export const handPut = (clubId: string, eventId: string, h: StoredHand): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { pk: duplicatePk(clubId, eventId), sk: handSk(h.round, h.table, h.hand), kind: 'duplicateHand', ...packBody(JSON.stringify(h)) },
    ConditionExpression: 'attribute_not_exists(sk)',
  },
});

/** A round's recorded hands (of one table when given), in table and hand order. */
export async function listHands(clubId: string, eventId: string, round: number, tableNo?: number): Promise<StoredHand[]> {
  const prefix = tableNo === undefined ? `hand#${pad(round)}#` : `hand#${pad(round)}#${pad(tableNo)}#`;
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': duplicatePk(clubId, eventId), ':p': prefix },
    ConsistentRead: true,
  });
  return items.map((i) => JSON.parse(unpackBody(i)) as StoredHand);
}

export interface DeckRead {
  round: number;
  actorId: string;
  role: string;
  at: number;
  what: string;
}

/** The record of one read of a round's cards (who, when, which round, which view), as a transaction item. */
export const deckReadPut = (clubId: string, eventId: string, r: DeckRead): TransactItem => ({
  Put: {
    TableName: table(),
    Item: {
      pk: duplicatePk(clubId, eventId),
      sk: `audit#${new Date(r.at).toISOString()}#${randomUUID()}`,
      kind: 'duplicateDeckRead',
      ...r,
    },
    ConditionExpression: 'attribute_not_exists(sk)',
  },
});

/** Every read of cards leaves a record before the cards are answered. */
export async function auditDeckRead(clubId: string, eventId: string, r: DeckRead): Promise<void> {
  await dynamo().doc.send(new PutCommand(deckReadPut(clubId, eventId, r).Put!));
}

export async function listDeckReads(clubId: string, eventId: string): Promise<DeckRead[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': duplicatePk(clubId, eventId), ':p': 'audit#' },
    ConsistentRead: true,
  });
  return items.map((i) => ({
    round: i.round as number,
    actorId: i.actorId as string,
    role: i.role as string,
    at: i.at as number,
    what: i.what as string,
  }));
}

/** The roles the club grants the deck sheets; the owner only until the club says otherwise. */
export const DEFAULT_DECK_ROLES: readonly Role[] = ['owner'];

export async function getDeckAccess(clubId: string): Promise<{ roles: Role[]; updatedAt: number | null; updatedBy: string | null }> {
  const out = await dynamo().doc.send(
    new GetCommand({ TableName: table(), Key: { pk: clubDupPk(clubId), sk: 'deck-access' }, ConsistentRead: true }),
  );
  if (!out.Item) return { roles: [...DEFAULT_DECK_ROLES], updatedAt: null, updatedBy: null };
  return { roles: out.Item.roles as Role[], updatedAt: out.Item.updatedAt as number, updatedBy: out.Item.updatedBy as string };
}

export async function setDeckAccess(clubId: string, roles: readonly Role[], actorId: string, at: number): Promise<void> {
  await dynamo().doc.send(
    new PutCommand({
      TableName: table(),
      Item: { pk: clubDupPk(clubId), sk: 'deck-access', kind: 'duplicateDeckAccess', roles: [...roles], updatedBy: actorId, updatedAt: at },
    }),
  );
}

export async function listEvents(
  clubId: string,
): Promise<{ eventId: string; name: string; status: string; version: number; createdAt: number }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': clubDupPk(clubId), ':p': 'event#' },
  });
  return items.map((i) => ({
    eventId: i.eventId as string,
    name: i.name as string,
    status: i.status as string,
    version: i.v as number,
    createdAt: i.createdAt as number,
  }));
}

/** A conflict the caller cannot retry away (an If-Match that is stale, or retries used up). */
export const concurrentUpdate = () => new ConcurrentUpdate('The event changed meanwhile; reload and retry');
