import { inject } from 'vitest';
import { startLocalStreamPoller, type LocalStreamPoller, type StreamRecordsHandler } from '../../scripts/local/adapters/stream-poller';

/**
 * The table's stream fed to the projections consumer (or to `handle`), for tests that call handlers
 * in-process on DynamoDB Local. Set the environment (TABLE_NAME, DYNAMODB_ENDPOINT) first: the consumer is
 * imported here, and reads it on first use. Stop it in afterAll.
 */
export async function startStreamPoller(tableName: string, opts: { handle?: StreamRecordsHandler } = {}): Promise<LocalStreamPoller> {
  const handle = opts.handle ?? (await import('../../functions/projections/consume')).projectStreamRecords;
  return startLocalStreamPoller({ tableName, endpoint: inject('dynamoEndpoint'), handle });
}
