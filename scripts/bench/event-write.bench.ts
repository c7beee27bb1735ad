/**
 * The tournament log's hot write (functions/store/tournament-log.ts appendEvent): the conditional put of an
 * event's head, alone and in a transaction with the root's update, written raw with the document client and
 * through ElectroDB (`tournamentEvent.create(...)`), on DynamoDB Local. What a command pays for ElectroDB is
 * the difference: building the request (measured apart, without I/O) and formatting its answer.
 * docs/decisions/storage.md records the figures and the decision they support.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoLocal, ensureTable } from '../local/dynamodb-local';

const WRITES = 200;
const PARAMS = 5_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const round = (x: number) => Math.round(x * 1000) / 1000;

async function timedEach(n: number, f: (i: number) => Promise<unknown>): Promise<number> {
  const [ms] = await interleaved(n, [f]);
  return ms!;
}

/** Medians of several ways to do the same, taken in turns (DynamoDB Local warms up as it goes: no order bias). */
async function interleaved(n: number, fs: readonly ((i: number) => Promise<unknown>)[]): Promise<number[]> {
  const ms: number[][] = fs.map(() => []);
  for (let i = 0; i < n; i++) {
    for (const [k, f] of fs.entries()) {
      const t0 = performance.now();
      await f(i);
      ms[k]!.push(performance.now() - t0);
    }
  }
  return ms.map(median);
}

export async function run() {
  const db = await startDynamoLocal();
  const tableName = `bench-${Date.now()}`;
  await ensureTable(db.endpoint, tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: db.endpoint });
  const { dynamo } = await import('../../functions/store/client');
  const { entities } = await import('../../functions/store/entities');
  const { eventSk, tournamentPk } = await import('../../functions/store/tournament-log');
  try {
    const { doc } = dynamo();
    const { tournamentEvent, tournament } = entities();
    const clubId = 'club_bench';
    const body = JSON.stringify({ p: [['s', ['entries', 'e1', 'status'], 'busted']], e: [{ type: 'entry.busted' }] });
    const head = (tournamentId: string, v: number) => ({
      clubId,
      tournamentId,
      v,
      kind: 'tournamentEvent' as const,
      at: Date.now(),
      w: randomUUID(),
      b: body,
    });
    const rawPut = (tournamentId: string, v: number) => ({
      TableName: tableName,
      Item: { pk: tournamentPk(clubId, tournamentId), sk: eventSk(v), ...head(tournamentId, v) },
      ConditionExpression: 'attribute_not_exists(sk)',
    });
    const root = (tournamentId: string) => ({
      clubId,
      tournamentId,
      version: 1,
      status: 'running',
      name: 'Bench',
      startsAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const rootUpdate = (tournamentId: string, v: number) =>
      tournament.patch({ clubId, tournamentId }).set({ version: v, status: 'running' }).params<never>();

    // The request alone: no I/O, so the difference is ElectroDB's own work per command.
    const buildRaw = await timedEach(PARAMS, async (i) => rawPut('t-params', i));
    const buildElectro = await timedEach(PARAMS, async (i) => tournamentEvent.create(head('t-params', i)).params());

    const [putRaw = 0, putElectro = 0] = await interleaved(WRITES, [
      (i) => doc.send(new PutCommand(rawPut('t-raw', i + 1))),
      (i) => tournamentEvent.create(head('t-electro', i + 1)).go(),
    ]);

    await tournament.create(root('t-raw-tx')).go();
    await tournament.create(root('t-electro-tx')).go();
    const [txRaw = 0, txElectro = 0] = await interleaved(WRITES, [
      (i) =>
        doc.send(
          new TransactWriteCommand({ TransactItems: [{ Put: rawPut('t-raw-tx', i + 1) }, { Update: rootUpdate('t-raw-tx', i + 1) }] }),
        ),
      (i) =>
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: tournamentEvent.create(head('t-electro-tx', i + 1)).params<never>() },
              { Update: rootUpdate('t-electro-tx', i + 1) },
            ],
          }),
        ),
    ]);
    console.log(
      `event write: ElectroDB adds ${(putElectro - putRaw).toFixed(3)} ms to a put (${(buildElectro - buildRaw).toFixed(3)} ms building it), ` +
        `${(txElectro - txRaw).toFixed(3)} ms to a transaction (budget 2 ms per command)`,
    );
    return [
      { name: 'event head request, raw object (no I/O)', medianMs: round(buildRaw), runs: PARAMS },
      { name: 'event head request, ElectroDB create().params() (no I/O)', medianMs: round(buildElectro), runs: PARAMS },
      { name: 'event head put, raw PutItem', medianMs: round(putRaw), runs: WRITES },
      { name: 'event head put, ElectroDB create().go()', medianMs: round(putElectro), runs: WRITES },
      { name: 'event + root update transaction, raw', medianMs: round(txRaw), runs: WRITES },
      { name: 'event + root update transaction, ElectroDB params', medianMs: round(txElectro), runs: WRITES },
    ];
  } finally {
    dynamo().doc.destroy();
    await db.stop();
  }
}
