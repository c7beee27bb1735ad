import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './client';
import { config } from '../runtime/config';

type Item = Record<string, unknown>;

/** Every item of one partition's key range, following the pages (most reads of a tournament are one page). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const out = await dynamo().doc.send(
      new QueryCommand({ TableName: config().tableName, ...input, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey as Item | undefined;
  } while (start);
  return items;
}
