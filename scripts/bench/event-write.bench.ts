/**
 * The tournament log's hot write (functions/store/tournament-log.ts appendEvent): the conditional put of an
 * event's head, alone and in a transaction with the root's update, written raw with the document client and
 * through ElectroDB (`tournamentEvent.create(...)`), on DynamoDB Local. What a command pays for ElectroDB is
 * the difference: building the request (measured apart, without I/O) and formatting its answer.
 * The same for the other items of the log and the snapshots: an event's chunk (a seating draw's body, written
 * before its head, so on the command's path), a snapshot's part and the root's manifest update (the stream
 * consumer's, off the request path).
 * docs/decisions/storage.md records the figures and the decision they support.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoLocal, ensureTable } from '../local/dynamodb-local';

const WRITES = 200;
const PARAMS = 5_000;
/** Chunks and parts are large items (300 KB, 100 KB): fewer of them. */
const BIG_WRITES = 60;
const BIG_PARAMS = 1_000;

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
    const { tournamentEvent, tournament, tournamentEventChunk, tournamentSnapshotPart } = entities();
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

    // A chunk of a large event (300 KB of bytes) and a snapshot part (100 KB of gzipped text).
    const chunkBytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    const chunk = (tournamentId: string, v: number) => ({
      clubId,
      tournamentId,
      v,
      nonce: 'n',
      i: 0,
      kind: 'tournamentEventChunk' as const,
      c: chunkBytes,
    });
    const rawChunk = (tournamentId: string, v: number) => ({
      TableName: tableName,
      Item: { pk: tournamentPk(clubId, tournamentId), sk: `${eventSk(v)}#n#0000`, kind: 'tournamentEventChunk', c: chunkBytes },
    });
    const partBody = gzipSync(JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: `e${i}`, chips: (i * 7919) % 100_000 }))));
    const part = (tournamentId: string, pv: number) => ({
      clubId,
      tournamentId,
      part: 'm#entries#1',
      pv,
      kind: 'tournamentSnapshotPart' as const,
      z: partBody,
    });
    const rawPart = (tournamentId: string, pv: number) => ({
      pk: tournamentPk(clubId, tournamentId),
      sk: `meta#s#m#entries#1#${String(pv).padStart(12, '0')}`,
      kind: 'tournamentSnapshotPart',
      z: partBody,
    });
    const buildChunkRaw = await timedEach(BIG_PARAMS, async (i) => rawChunk('t-params', i));
    const buildChunkElectro = await timedEach(BIG_PARAMS, async (i) => tournamentEventChunk.put(chunk('t-params', i)).params());
    const buildPartRaw = await timedEach(BIG_PARAMS, async (i) => rawPart('t-params', i));
    const buildPartElectro = await timedEach(BIG_PARAMS, async (i) => tournamentSnapshotPart.put(part('t-params', i)).params());
    const [chunkRaw = 0, chunkElectro = 0] = await interleaved(BIG_WRITES, [
      (i) => doc.send(new PutCommand(rawChunk('t-raw-chunk', i + 1))),
      (i) => tournamentEventChunk.put(chunk('t-electro-chunk', i + 1)).go({ response: 'none' }),
    ]);

    // The manifest's conditional update on the root (the snapshot's commit point).
    await tournament.create(root('t-raw-snap')).go();
    await tournament.create(root('t-electro-snap')).go();
    const manifest = JSON.stringify({ v: 1, parts: { 'm#entries#1': [1, 100_000] }, buckets: {} });
    const [snapRaw = 0, snapElectro = 0] = await interleaved(WRITES, [
      (i) =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: tournamentPk(clubId, 't-raw-snap'), sk: 'meta' },
            UpdateExpression: 'SET snap = :m, snapV = :v',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(snapV) OR snapV < :v)',
            ExpressionAttributeValues: { ':m': manifest, ':v': i + 1 },
          }),
        ),
      (i) =>
        tournament
          .patch({ clubId, tournamentId: 't-electro-snap' })
          .set({ snap: manifest, snapV: i + 1 })
          .where((a, op) => `(${op.notExists(a.snapV)} OR ${op.lt(a.snapV, i + 1)})`)
          .go({ response: 'none' }),
    ]);
    console.log(
      `event chunk: ElectroDB adds ${(chunkElectro - chunkRaw).toFixed(3)} ms to a 300 KB put (${(buildChunkElectro - buildChunkRaw).toFixed(3)} ms building it); ` +
        `snapshot part: ${(buildPartElectro - buildPartRaw).toFixed(3)} ms building a 100 KB part; manifest update: ${(snapElectro - snapRaw).toFixed(3)} ms`,
    );
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
      { name: 'event chunk request (300 KB), raw object (no I/O)', medianMs: round(buildChunkRaw), runs: BIG_PARAMS },
      { name: 'event chunk request (300 KB), ElectroDB put().params() (no I/O)', medianMs: round(buildChunkElectro), runs: BIG_PARAMS },
      { name: 'event chunk put (300 KB), raw PutItem', medianMs: round(chunkRaw), runs: BIG_WRITES },
      { name: 'event chunk put (300 KB), ElectroDB put().go()', medianMs: round(chunkElectro), runs: BIG_WRITES },
      { name: 'snapshot part request (100 KB), raw object (no I/O)', medianMs: round(buildPartRaw), runs: BIG_PARAMS },
      { name: 'snapshot part request (100 KB), ElectroDB put().params() (no I/O)', medianMs: round(buildPartElectro), runs: BIG_PARAMS },
      { name: 'manifest update, raw UpdateItem', medianMs: round(snapRaw), runs: WRITES },
      { name: 'manifest update, ElectroDB patch().go()', medianMs: round(snapElectro), runs: WRITES },
    ];
  } finally {
    dynamo().doc.destroy();
    await db.stop();
  }
}
