import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './client';
import { config } from '../runtime/config';
import { DependencyUnavailableError } from '../runtime/dependency-errors';
import { prefetchKeyOf, type ItemKey } from '../runtime/prefetch';
import { IDENTITY_FIELDS } from './entities/items';

type Item = Record<string, unknown>;

/** How often keys DynamoDB left unprocessed are asked for again before the read counts as throttled. */
const ATTEMPTS = 4;
/** BatchGetItem's own limit. */
const MAX_KEYS = 100;

export interface ReadItemsOptions {
  /** Strongly consistent (authorization reads what was just granted or revoked); else eventually (lists). */
  consistent?: boolean;
  /** Only these attributes (and the keys and the record identity); whole items without it. */
  attributes?: readonly string[];
}

/**
 * Items by key in one BatchGetItem, keyed as prefetch keys are (`prefetchKeyOf`). Duplicate keys are
 * asked for once; keys DynamoDB leaves unprocessed are asked for again after a short jittered pause, and
 * after the last attempt the read is an outage (503).
 */
export async function readItems(keys: readonly ItemKey[], options: ReadItemsOptions = {}): Promise<Map<string, Item>> {
  const unique = new Map(keys.map((k) => [prefetchKeyOf(k), { pk: k.pk, sk: k.sk }]));
  if (unique.size > MAX_KEYS) throw new Error(`readItems: ${unique.size} keys, at most ${MAX_KEYS}`);
  const out = new Map<string, Item>();
  const TableName = config().tableName;
  const fields = options.attributes ? [...new Set(['pk', 'sk', ...IDENTITY_FIELDS, ...options.attributes])] : [];
  const names = Object.fromEntries(fields.map((f, i) => [`#a${i}`, f]));
  const read = {
    ...(options.consistent ? { ConsistentRead: true } : {}),
    ...(fields.length ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names } : {}),
  };
  let pending: Item[] = [...unique.values()];
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > ATTEMPTS) throw new DependencyUnavailableError(`BatchGetItem left ${pending.length} keys unprocessed`);
    if (attempt > 1) await new Promise((ok) => setTimeout(ok, Math.random() * 50 * 2 ** attempt));
    const res = await dynamo().doc.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending, ...read } } }));
    for (const i of res.Responses?.[TableName] ?? []) out.set(prefetchKeyOf({ pk: String(i.pk), sk: String(i.sk) }), i);
    pending = (res.UnprocessedKeys?.[TableName]?.Keys ?? []) as Item[];
  }
  return out;
}

/** Any number of items by key (as `readItems`), a hundred to a request, the requests in parallel. */
export async function readManyItems(keys: readonly ItemKey[], options: ReadItemsOptions = {}): Promise<Map<string, Item>> {
  const unique = [...new Map(keys.map((k) => [prefetchKeyOf(k), k])).values()];
  const chunks: ItemKey[][] = [];
  for (let i = 0; i < unique.length; i += MAX_KEYS) chunks.push(unique.slice(i, i + MAX_KEYS));
  const out = new Map<string, Item>();
  for (const m of await Promise.all(chunks.map((c) => readItems(c, options)))) for (const [k, v] of m) out.set(k, v);
  return out;
}
