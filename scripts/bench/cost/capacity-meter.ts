import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/*
 * What every DynamoDB call of this process costs, per operation of the bench. A middleware on the
 * client asks each command for its consumed capacity (`INDEXES`: table and each GSI) and adds it to the
 * operation in force. The operation comes from an async context: the bench's HTTP server runs each request
 * in the context of the operation the driver named before sending it, the driver runs its own calls
 * (setup, scheduled jobs, the stream drain) in theirs, and anything outside every context (a background
 * stream poller) belongs to the consumer side of the current operation.
 */

export type Path = 'request' | 'consumer';

/** Commands that accept ReturnConsumedCapacity, and whether their units are reads or writes. */
const CAPACITY_KIND: Record<string, 'read' | 'write'> = {
  GetItem: 'read',
  Query: 'read',
  Scan: 'read',
  BatchGetItem: 'read',
  TransactGetItems: 'read',
  PutItem: 'write',
  UpdateItem: 'write',
  DeleteItem: 'write',
  BatchWriteItem: 'write',
  TransactWriteItems: 'write',
};
/** PartiQL reads or writes depending on the statement: counted as reads unless it names a write verb. */
const PARTIQL = new Set(['ExecuteStatement', 'BatchExecuteStatement', 'ExecuteTransaction']);

export interface Usage {
  /** Round trips by command (GetItem, Query, TransactWriteItems, ...). */
  calls: Map<string, number>;
  rru: number;
  wru: number;
  /** Units by where they were spent: `table`, or the index name. */
  parts: Map<string, number>;
  /** Commands that failed, by `Command:ErrorName` (a failed conditional write reports no capacity). */
  failures: Map<string, number>;
  /** Units added to what DynamoDB Local reported, up to AWS's per-request minimums (included in rru/wru). */
  minimumRru: number;
  minimumWru: number;
}

export interface CallRecord {
  op: string;
  path: Path;
  /** DynamoDB round trips of this one call. */
  roundTrips: number;
  /** Server-side duration (request in to response finished), ms. */
  ms: number;
}

/** One DynamoDB call as an observer sees it (the season scenario splits a finish's calls by what they touch). */
export interface ObservedCall {
  op: string;
  path: Path;
  command: string;
  input: Record<string, unknown>;
  /** performance.now() when the call was sent and when it was answered. */
  startedAt: number;
  endedAt: number;
  rru: number;
  wru: number;
}

interface Scope {
  op: string;
  path: Path;
  roundTrips: number;
}

export const emptyUsage = (): Usage => ({
  calls: new Map(),
  rru: 0,
  wru: 0,
  parts: new Map(),
  failures: new Map(),
  minimumRru: 0,
  minimumWru: 0,
});
const bump = (m: Map<string, number>, k: string, by = 1) => m.set(k, (m.get(k) ?? 0) + by);

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
  LocalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

type Input = Record<string, unknown>;
const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
const readUnit = (consistent: unknown) => (consistent === true ? 1 : 0.5);

/**
 * What AWS charges a command at the least, whatever DynamoDB Local reports: every read request of an item
 * or a page costs at least one read unit (half when eventually consistent), every item in a batch is
 * charged as its own request, every write at least one write unit, every transactional item twice that.
 * DynamoDB Local reports 0 for a Query that finds nothing, charges BatchGetItem only for the keys it
 * found, rounds a transaction's items together, and reports nothing for a failed conditional write.
 */
export function minimumUnits(command: string, input: Input): { rru: number; wru: number } {
  switch (command) {
    case 'GetItem':
    case 'Query':
    case 'Scan':
      return { rru: readUnit(input.ConsistentRead), wru: 0 };
    case 'BatchGetItem':
      return {
        rru: Object.values((input.RequestItems ?? {}) as Record<string, Input>).reduce(
          (s, t) => s + count(t.Keys) * readUnit(t.ConsistentRead),
          0,
        ),
        wru: 0,
      };
    case 'TransactGetItems':
      return { rru: 2 * count(input.TransactItems), wru: 0 };
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return { rru: 0, wru: 1 };
    case 'BatchWriteItem':
      return {
        rru: 0,
        wru: Object.values((input.RequestItems ?? {}) as Record<string, unknown>).reduce<number>((s, t) => s + count(t), 0),
      };
    case 'TransactWriteItems':
      return { rru: 0, wru: 2 * count(input.TransactItems) };
    default:
      return { rru: 0, wru: 0 };
  }
}

export class CapacityMeter {
  private readonly als = new AsyncLocalStorage<Scope>();
  private readonly attached = new WeakSet<object>();
  private readonly usage = new Map<string, Usage>();
  /** The operation the driver is performing now; consumer work outside any scope is charged to it. */
  current = 'setup';
  /** Per-call records of HTTP requests and jobs, in order. */
  readonly records: CallRecord[] = [];
  /** Told of every DynamoDB call once it is answered (or failed), when set. */
  observer: ((call: ObservedCall) => void) | undefined;

  private key(op: string, path: Path) {
    return `${path}\u0000${op}`;
  }

  /** Usage of one operation on one path (an empty one when nothing was spent). */
  of(op: string, path: Path): Usage {
    return this.usage.get(this.key(op, path)) ?? emptyUsage();
  }

  /** Every operation that spent something, with its path. */
  entries(): { op: string; path: Path; usage: Usage }[] {
    return [...this.usage].map(([k, usage]) => {
      const [path, op] = k.split('\u0000') as [Path, string];
      return { op, path, usage };
    });
  }

  /** Forget everything measured so far (between runs of different sizes). */
  clear(): void {
    this.usage.clear();
    this.records.length = 0;
  }

  private scope(): Scope {
    return this.als.getStore() ?? { op: this.current, path: 'consumer', roundTrips: 0 };
  }

  private add(
    scope: Scope,
    command: string,
    input: Input,
    output: { ConsumedCapacity?: Capacity | Capacity[] } | undefined,
    charged = true,
  ): { rru: number; wru: number } {
    const k = this.key(scope.op, scope.path);
    let u = this.usage.get(k);
    if (!u) this.usage.set(k, (u = emptyUsage()));
    bump(u.calls, command);
    scope.roundTrips++;
    const raw = output?.ConsumedCapacity;
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const kind = PARTIQL.has(command)
      ? /^\s*(insert|update|delete)/i.test(String(input.Statement ?? ''))
        ? 'write'
        : 'read'
      : CAPACITY_KIND[command];
    let rru = 0;
    let wru = 0;
    for (const c of list) {
      // Provisioned tables split reads and writes; on demand only the total is given, and the command says which.
      if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
        rru += c.ReadCapacityUnits ?? 0;
        wru += c.WriteCapacityUnits ?? 0;
      } else if (kind === 'write') wru += c.CapacityUnits ?? 0;
      else rru += c.CapacityUnits ?? 0;
      if (c.Table?.CapacityUnits) bump(u.parts, 'table', c.Table.CapacityUnits);
      for (const [name, idx] of Object.entries({ ...c.GlobalSecondaryIndexes, ...c.LocalSecondaryIndexes })) {
        if (idx.CapacityUnits) bump(u.parts, name, idx.CapacityUnits);
      }
    }
    const min = charged ? minimumUnits(command, input) : { rru: 0, wru: 0 };
    const extraR = Math.max(0, min.rru - rru);
    const extraW = Math.max(0, min.wru - wru);
    u.rru += rru + extraR;
    u.wru += wru + extraW;
    u.minimumRru += extraR;
    u.minimumWru += extraW;
    return { rru: rru + extraR, wru: wru + extraW };
  }

  /**
   * Adds the meter to a client's middleware stack, once per client. The document client shares its
   * DynamoDBClient's stack (lib-dynamodb assigns `this.middlewareStack = client.middlewareStack`), so the
   * raw client is the one place to hook both.
   */
  attach(client: DynamoDBClient): void {
    if (this.attached.has(client)) return;
    this.attached.add(client);
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const command = (context.commandName ?? 'Unknown').replace(/Command$/, '');
        const input = args.input as Record<string, unknown>;
        const metered = command in CAPACITY_KIND || PARTIQL.has(command);
        const scope = this.scope();
        const startedAt = performance.now();
        const tell = (units: { rru: number; wru: number }) =>
          this.observer?.({ op: scope.op, path: scope.path, command, input, startedAt, endedAt: performance.now(), ...units });
        try {
          const result = await next(metered ? { ...args, input: { ...input, ReturnConsumedCapacity: 'INDEXES' } } : args);
          tell(this.add(scope, command, input, result.output as { ConsumedCapacity?: Capacity | Capacity[] }));
          return result;
        } catch (e) {
          // A refused conditional write is still charged on AWS (its minimum is counted); a failed call is not.
          tell(this.add(scope, command, input, undefined, /ConditionalCheckFailed|TransactionCanceled/.test((e as Error).name)));
          const k = this.key(scope.op, scope.path);
          bump((this.usage.get(k) as Usage).failures, `${command}:${(e as Error).name}`);
          throw e;
        }
      },
      { step: 'initialize', name: 'benchCapacityMeter', override: true },
    );
  }

  /** Runs `fn` as operation `op` on `path`; returns its result and its DynamoDB round trips. */
  async run<T>(op: string, path: Path, fn: () => Promise<T>): Promise<{ value: T; roundTrips: number; ms: number }> {
    const scope: Scope = { op, path, roundTrips: 0 };
    const started = performance.now();
    const value = await this.als.run(scope, fn);
    return { value, roundTrips: scope.roundTrips, ms: performance.now() - started };
  }

  /** Records a job run (a Lambda invocation without the gateway) as one call of `op`. */
  async job<T>(op: string, fn: () => Promise<T>): Promise<T> {
    const r = await this.run(op, 'request', fn);
    this.records.push({ op, path: 'request', roundTrips: r.roundTrips, ms: r.ms });
    return r.value;
  }

  /**
   * Makes the server run each request in the scope of the operation in force when it arrives, and
   * records its round trips and its server-side duration (request in to response finished).
   */
  wrapServer(server: Server): void {
    const listeners = server.listeners('request') as ((...a: unknown[]) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req, res) => {
      const scope: Scope = { op: this.current, path: 'request', roundTrips: 0 };
      const started = performance.now();
      // The API's own requests only: the handlers' JWKS fetch from the local issuer is no client call.
      if (req.url?.startsWith('/v1/')) {
        res.once('finish', () =>
          this.records.push({ op: scope.op, path: 'request', roundTrips: scope.roundTrips, ms: performance.now() - started }),
        );
      }
      this.als.run(scope, () => {
        for (const l of listeners) l.call(server, req, res);
      });
    });
  }
}
