/**
 * `npm run bench:big`: a 10,000-entry tournament played to the end through the real local API on
 * DynamoDB Local: the seating draw, a knockout for every entry but the winner (tables balanced and
 * broken as the field shrinks), finish and results. The field is written directly as the tournament's
 * first event (registering 10,000 players over HTTP would only measure registration, which
 * `npm run bench:cost` does). Prints the time per knockout over the evening and the largest item the
 * partition holds: no size ceiling, no cost that grows with the field.
 *
 *   npm run bench:big -- --entries 10000
 */
import '../local/node-version';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { startDynamoLocal, ensureTable, freePort, localClient } from '../local/dynamodb-local';
import { startLocalApi } from '../local/local-api';
import { seedDemo, DEMO } from '../local/seed';
import { seededRandom } from '../../domain/core/random';
import type { Context } from '../../domain/core/context';
import { checkIn, createTournament, changeStatus, register, type Tournament } from '../../domain/tournaments';
import type { FloorTournament } from '../../domain/floor/aggregate';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ENTRIES = arg('entries', 10_000);
const START = Date.now() - 3_600_000;
/** Targets: the consumer's lag at the finish, and the knockout's median late in the evening against early. */
const LAG_TARGET_MS = 5_000;
const KNOCKOUT_GROWTH = 1.2;

let n = 0;
const ctx = (now: number): Context => ({
  now,
  actor: { id: DEMO.ownerId, role: 'owner' },
  rng: seededRandom(n + 1),
  newId: (p) => `${p}_${(++n).toString(36)}`,
});

function field(entries: number): Tournament {
  let t = createTournament(
    {
      clubId: DEMO.clubId,
      clubCurrency: 'RUB',
      settings: {
        name: `Big ${entries}`,
        startAt: START,
        lateRegEndsAt: START + 8 * 3_600_000,
        buyIn: 100_000,
        startingStack: 30_000,
        seatsPerTable: 10,
      },
    },
    ctx(START - 86_400_000),
  ).state;
  t = changeStatus(t, { to: 'registration_open' }, ctx(START - 3_600_000)).state;
  for (let i = 0; i < entries; i++) {
    const r = register(t, { playerId: `big_${i}`, otherRegistrations: [] }, ctx(START - 3_000_000));
    const created = r.events.find((e) => e.type === 'registration.created');
    t = checkIn(
      r.state,
      { registrationId: created && 'registrationId' in created ? created.registrationId : '' },
      ctx(START - 2_000_000),
    ).state;
  }
  return changeStatus(t, { to: 'running' }, ctx(START)).state;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;

async function main() {
  const db = await startDynamoLocal();
  const tableName = `big-${Date.now()}`;
  await ensureTable(db.endpoint, tableName);
  // The stream consumer is off the request path; it runs (snapshots, projections) as it would in AWS.
  const api = await startLocalApi({
    port: await freePort(),
    dynamoEndpoint: db.endpoint,
    tableName,
    logLevel: 'CRITICAL',
    // As `npm start` runs it: in a thread of its own, off the event loop that answers the requests.
    consumer: 'thread',
  });
  const started = Date.now();
  try {
    await seedDemo();
    const token = await api.issuer.mint({ sub: DEMO.ownerId });
    const { createTournamentItem } = await import('../../functions/store/tournament-store');
    const state = { ...field(ENTRIES), version: 1 } as FloorTournament;
    await createTournamentItem(state);
    const base = `${api.url}/v1/clubs/${DEMO.clubId}/tournaments/${state.id}`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => {
      const t0 = performance.now();
      // A client retries a 503 after its Retry-After, as the API asks (a loaded DynamoDB Local can time out).
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${base}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
        const text = await res.text();
        if (res.status === 503 && attempt < 5) {
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
          continue;
        }
        // A command answered 503 may still have been carried out (its write landed, the answer did not):
        // the retry then finds it done, which is what the client wanted.
        if (res.status === 409 && attempt > 1 && /ENTRY_NOT_ACTIVE|INVALID_STATUS_TRANSITION/.test(text))
          return { ms: performance.now() - t0, body: text };
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
        return { ms: performance.now() - t0, body: text };
      }
    };
    console.log(`field of ${ENTRIES} written (${((Date.now() - started) / 1000).toFixed(0)} s); drawing seats`);
    const draw = await call('POST', '/seating/draw');
    const ids = Object.keys(state.entries);
    const winner = ids[ids.length - 1] as string;
    const times: number[] = [];
    let lastPrint = Date.now();
    for (let i = 0; i < ids.length - 1; i++) {
      times.push((await call('POST', '/knockouts', { busted: [ids[i]], killers: [winner] })).ms);
      if (Date.now() - lastPrint > 15_000) {
        lastPrint = Date.now();
        console.log(`  ${i + 1} knockouts, last 500 median ${pct(times.slice(-500), 0.5).toFixed(1)} ms`);
      }
    }
    const finish = await call('POST', '/finish');
    // The consumer's lag at the finish: from the finish's commit (its answer) until the consumer has
    // projected every record written before (a drain resolves after a whole pass that began after it).
    const committed = performance.now();
    await api.streams?.drain(600_000);
    const lagMs = performance.now() - committed;
    const results = JSON.parse((await call('GET', '/results')).body) as { items?: unknown[]; rows?: unknown[] };
    const rows = (results.items ?? results.rows ?? []).length;
    const client = localClient(db.endpoint);
    let largest = 0;
    let items = 0;
    let start: Record<string, never> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: `club#${DEMO.clubId}#t#${state.id}` } },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const it of page.Items ?? []) {
        items++;
        const size = Object.entries(it).reduce((s, [k, v]) => s + k.length + (v.B ? v.B.byteLength : JSON.stringify(v).length), 0);
        largest = Math.max(largest, size);
      }
      start = page.LastEvaluatedKey as Record<string, never> | undefined;
    } while (start);
    client.destroy();
    const first = times.slice(0, 500);
    const last = times.slice(-500);
    console.log(`\n${ENTRIES}-entry tournament played to the end in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
    console.table({
      'seating draw (ms)': Math.round(draw.ms),
      knockouts: times.length,
      'knockout median, first 500 (ms)': +pct(first, 0.5).toFixed(1),
      'knockout median, last 500 (ms)': +pct(last, 0.5).toFixed(1),
      'knockout p99, whole evening (ms)': +pct(times, 0.99).toFixed(1),
      'finish (ms)': Math.round(finish.ms),
      'consumer lag at the finish (ms)': Math.round(lagMs),
      'result rows': rows,
      'items in the partition': items,
      'largest item (bytes)': largest,
    });
    const ok = rows === ENTRIES && largest < 400_000;
    console.log(`target: played to the end, every item under 400 KB: ${ok ? 'met' : 'NOT MET'}`);
    const lagOk = lagMs < LAG_TARGET_MS;
    console.log(
      `target: consumer lag at the finish under ${LAG_TARGET_MS / 1000} s: ${(lagMs / 1000).toFixed(1)} s, ${lagOk ? 'met' : 'NOT MET'}`,
    );
    const ratio = pct(last, 0.5) / pct(first, 0.5);
    const flatOk = ratio <= KNOCKOUT_GROWTH;
    console.log(
      `target: knockout median, last 500 within ${KNOCKOUT_GROWTH}x the first 500: ${ratio.toFixed(2)}x, ${flatOk ? 'met' : 'NOT MET'}`,
    );
    if (!ok || !lagOk || !flatOk) process.exitCode = 1;
  } finally {
    await api.close();
    await db.stop();
  }
}

await main();
