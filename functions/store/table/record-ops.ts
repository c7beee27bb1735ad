/**
 * Reads and writes of records (record-type.ts) with the DynamoDB document client: one request each,
 * with the request parameters also available for a transaction (`putRequest`, `updateRequest`,
 * `deleteRequest`). A refused condition is the SDK's ConditionalCheckFailedException; a refused
 * transaction answers `{ canceled: true }`.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../client';
import { config } from '../../platform/config';
import { problem } from '../../platform/problem';
import { readItems } from '../read-items';
import { Placeholders, conditionText, updateText, type Changes, type Condition } from './expressions';
import { ENTITY_FIELD, itemOf, recordOf, type Item, type RecordType } from './record-type';

type AnyRecordType<R extends object> = RecordType<R, keyof R & string, string>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The projection of some attributes (the identity too, so that another kind of record is told apart). */
function projection(attributes: readonly string[] | undefined, p: Placeholders): { ProjectionExpression?: string } {
  if (!attributes) return {};
  return { ProjectionExpression: [...new Set([...attributes, ENTITY_FIELD])].map((a) => p.name(a)).join(', ') };
}

export async function getRecord<R extends object, K extends keyof R & string>(
  type: RecordType<R, K, string>,
  key: Pick<R, K>,
  options: { attributes?: readonly (keyof R & string)[]; consistent?: boolean } = {},
): Promise<R | null> {
  const p = new Placeholders();
  const out = await dynamo().doc.send(
    new GetCommand({
      TableName: config().tableName,
      Key: type.key(key),
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...projection(options.attributes, p),
      ...p.attributes(),
    }),
  );
  return recordOf(type, out.Item);
}

/** Several records by key, eventually consistent, in BatchGetItems of 100; missing ones are left out. */
export async function getRecords<R extends object, K extends keyof R & string>(
  type: RecordType<R, K, string>,
  keys: readonly Pick<R, K>[],
  options: { attributes?: readonly (keyof R & string)[] } = {},
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    const found = await readItems(
      keys.slice(i, i + 100).map((k) => type.key(k)),
      options,
    );
    for (const item of found.values()) {
      const r = recordOf(type, item);
      if (r) out.push(r);
    }
  }
  return out;
}

/** The PutItem of a whole record; `condition` on the stored item (`itemAbsent` for a create). */
export function putRequest<R extends object>(type: AnyRecordType<R>, record: R, condition?: Condition) {
  const p = new Placeholders();
  const text = conditionText(condition, p);
  return { TableName: config().tableName, Item: itemOf(type, record), ...(text ? { ConditionExpression: text, ...p.attributes() } : {}) };
}

/**
 * The UpdateItem of some attributes. By default the item must exist (a patch); `upsert` lets the
 * update create it.
 */
export function updateRequest<R extends object, K extends keyof R & string>(
  type: RecordType<R, K, string>,
  key: Pick<R, K>,
  changes: Changes<R>,
  options: { where?: Condition; upsert?: boolean } = {},
) {
  const p = new Placeholders();
  const update = updateText(type, key, changes, p);
  const condition = conditionText({ ...options.where, itemExists: !options.upsert }, p);
  return {
    TableName: config().tableName,
    Key: type.key(key),
    UpdateExpression: update,
    ...(condition ? { ConditionExpression: condition } : {}),
    ...p.attributes(),
  };
}

export function deleteRequest<R extends object, K extends keyof R & string>(type: RecordType<R, K, string>, key: Pick<R, K>, condition?: Condition) {
  const p = new Placeholders();
  const text = conditionText(condition, p);
  return { TableName: config().tableName, Key: type.key(key), ...(text ? { ConditionExpression: text, ...p.attributes() } : {}) };
}

export async function putRecord<R extends object>(type: AnyRecordType<R>, record: R, condition?: Condition): Promise<void> {
  await dynamo().doc.send(new PutCommand(putRequest(type, record, condition)));
}

/** A put that refuses to replace an existing record. */
export const createRecord = <R extends object>(type: AnyRecordType<R>, record: R): Promise<void> => putRecord(type, record, { itemAbsent: true });

export async function updateRecord<R extends object, K extends keyof R & string>(
  type: RecordType<R, K, string>,
  key: Pick<R, K>,
  changes: Changes<R>,
  options: { where?: Condition; upsert?: boolean } = {},
): Promise<void> {
  await dynamo().doc.send(new UpdateCommand(updateRequest(type, key, changes, options)));
}

export async function deleteRecord<R extends object, K extends keyof R & string>(type: RecordType<R, K, string>, key: Pick<R, K>, condition?: Condition): Promise<void> {
  await dynamo().doc.send(new DeleteCommand(deleteRequest(type, key, condition)));
}

/** Writes all or nothing; `canceled` when a condition (or a rival transaction) refused it. */
export async function writeTransaction(items: readonly TransactItem[]): Promise<{ canceled: boolean }> {
  try {
    await dynamo().doc.send(new TransactWriteCommand({ TransactItems: [...items] }));
    return { canceled: false };
  } catch (e) {
    if (e instanceof TransactionCanceledException) return { canceled: true };
    throw e;
  }
}

/** A sort-key condition of a query; without one a query of the primary index reads the kind's prefix. */
export type SortKeyRange = { gte: string } | { lte: string } | { between: readonly [string, string] } | { beginsWith: string };

export interface RecordQuery<R, X extends string> {
  /** The index to read (the table's primary key when absent). */
  index?: X;
  /** Attributes that make the partition key. */
  partition: Partial<R>;
  sortKey?: SortKeyRange;
  order?: 'asc' | 'desc';
  /** DynamoDB's Limit: at most this many items read for the page. */
  limit?: number;
  /** Keeps reading pages until this many records are found (or the range ends). */
  count?: number;
  /** Reads every page. */
  all?: boolean;
  /** Where the previous page ended (`cursor` of its answer). */
  cursor?: string | null;
  attributes?: readonly (keyof R & string)[];
  /** Only records with these values (a filter: read units are spent on the rest too). */
  filter?: Partial<R>;
  /** Only records without these values. */
  exclude?: Partial<R>;
}

/** The opaque position after a page: the page's last key. */
const encodeCursor = (key: Item | undefined): string | null => (key ? JSON.stringify(key) : null);

function decodeCursor(cursor: string): Item {
  // Cursors handed out before this module held the key as base64url JSON.
  for (const text of [cursor, Buffer.from(cursor, 'base64url').toString('utf8')]) {
    try {
      const key = JSON.parse(text) as unknown;
      if (typeof key === 'object' && key !== null && !Array.isArray(key)) return key as Item;
    } catch {
      // the other form
    }
  }
  throw problem(400, 'CURSOR_INVALID', 'The cursor is not valid for this list');
}

export async function queryRecords<R extends object, K extends keyof R & string, X extends string>(
  type: RecordType<R, K, X>,
  q: RecordQuery<R, X>,
): Promise<{ data: R[]; cursor: string | null }> {
  const p = new Placeholders();
  const index = q.index ? type.indexes[q.index] : undefined;
  const pkField = index ? `${index.name}pk` : 'pk';
  const skField = index ? `${index.name}sk` : 'sk';
  const range: SortKeyRange | undefined = q.sortKey ?? (!index && type.skPrefix ? { beginsWith: type.skPrefix } : undefined);
  let keyCondition = `${p.name(pkField)} = ${p.value(index ? index.pk(q.partition) : type.partition(q.partition))}`;
  if (range) {
    const sk = p.name(skField);
    if ('gte' in range) keyCondition += ` AND ${sk} >= ${p.value(range.gte)}`;
    else if ('lte' in range) keyCondition += ` AND ${sk} <= ${p.value(range.lte)}`;
    else if ('between' in range) keyCondition += ` AND ${sk} BETWEEN ${p.value(range.between[0])} AND ${p.value(range.between[1])}`;
    else keyCondition += ` AND begins_with(${sk}, ${p.value(range.beginsWith)})`;
  }
  const filter = conditionText(q.filter || q.exclude ? { equals: q.filter ?? {}, notEquals: q.exclude ?? {} } : undefined, p);
  const input: QueryCommandInput = {
    TableName: config().tableName,
    KeyConditionExpression: keyCondition,
    ...(index ? { IndexName: index.name } : {}),
    ...(q.order === 'desc' ? { ScanIndexForward: false } : {}),
    ...(filter ? { FilterExpression: filter } : {}),
    ...projection(q.attributes, p),
    ...p.attributes(),
  };

  const data: R[] = [];
  let start: Item | undefined = q.cursor ? decodeCursor(q.cursor) : undefined;
  do {
    const page = q.count !== undefined ? Math.max(q.count - data.length, 1) : q.limit;
    const out = await dynamo().doc.send(new QueryCommand({ ...input, ...(page ? { Limit: page } : {}), ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of out.Items ?? []) {
      const r = recordOf(type, item, true);
      if (r) data.push(r);
    }
    start = out.LastEvaluatedKey;
  } while (start && (q.all || (q.count !== undefined && data.length < q.count)));
  return { data, cursor: encodeCursor(start) };
}
