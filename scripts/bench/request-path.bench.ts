/**
 * The full per-request path (HTTP, authentication, authorization, the tournament store on DynamoDB
 * Local) at 1,000 and 10,000 entries: a knockout and a tournament GET on a warm API, and the first
 * request after a restart (a cold container: snapshot and log read from the table). The event log
 * makes a command's cost independent of the field; the ratio 10,000 / 1,000 shows it.
 */
import { startDynamoLocal, ensureTable, freePort } from '../local/dynamodb-local';
import { startLocalApi, type LocalApi } from '../local/local-api';
import { seedDemo, DEMO } from '../local/seed';
import { seededRandom } from '../../domain/core/random';
import type { Context } from '../../domain/core/context';
import { checkIn, createTournament, changeStatus, register, type Tournament } from '../../domain/tournaments';
import type { FloorTournament } from '../../domain/floor/aggregate';

const START = Date.now() - 3_600_000;
const KNOCKOUTS = 30;
const GETS = 20;

let n = 0;
const ctx = (now: number): Context => ({
  now,
  actor: { id: DEMO.ownerId, role: 'owner' },
  rng: seededRandom(n + 1),
  newId: (p) => `${p}_${(++n).toString(36)}`,
});

/** A running tournament with `entries` checked-in players, built with the domain functions (fast, no HTTP). */
function field(entries: number): Tournament {
  let t = createTournament(
    {
      clubId: DEMO.clubId,
      clubCurrency: 'RUB',
      settings: {
        name: `Bench ${entries}`,
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
    const r = register(t, { playerId: `bench_${entries}_${i}`, otherRegistrations: [] }, ctx(START - 3_000_000));
    const created = r.events.find((e) => e.type === 'registration.created');
    t = checkIn(
      r.state,
      { registrationId: created && 'registrationId' in created ? created.registrationId : '' },
      ctx(START - 2_000_000),
    ).state;
  }
  return changeStatus(t, { to: 'running' }, ctx(START)).state;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : NaN;
};

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  await res.text();
  if (!res.ok) throw new Error(`bench request failed: ${res.status}`);
  return performance.now() - t0;
}

async function measure(api: LocalApi, token: string, entries: number) {
  const { createTournamentItem } = await import('../../functions/store/tournament-store');
  const { forgetTournaments } = await import('../../functions/store/tournament-cache');
  const state = { ...field(entries), version: 1 } as FloorTournament;
  await createTournamentItem(state);
  const base = `${api.url}/v1/clubs/${DEMO.clubId}/tournaments/${state.id}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const draw = await timed(() => fetch(`${base}/seating/draw`, { method: 'POST', headers }));
  const ids = Object.keys(state.entries);
  const knockouts: number[] = [];
  for (let i = 0; i < KNOCKOUTS; i++) {
    const body = JSON.stringify({ busted: [ids[2 * i]], killers: [ids[2 * i + 1]] });
    knockouts.push(await timed(() => fetch(`${base}/knockouts`, { method: 'POST', headers, body })));
  }
  const gets: number[] = [];
  for (let i = 0; i < GETS; i++) gets.push(await timed(() => fetch(base, { headers })));
  // A restarted container: nothing cached, the snapshot and the log's tail come from the table.
  forgetTournaments();
  const cold = await timed(() => fetch(base, { headers }));
  return { entries, draw, knockout: median(knockouts.slice(1)), get: median(gets), cold };
}

export async function run() {
  const db = await startDynamoLocal();
  const tableName = `bench-${Date.now()}`;
  await ensureTable(db.endpoint, tableName);
  // The stream consumer is off the request path: left off here, so that it does not share the CPU.
  process.env.STREAMS = 'off';
  const api = await startLocalApi({ port: await freePort(), dynamoEndpoint: db.endpoint, tableName, logLevel: 'CRITICAL' });
  try {
    await seedDemo();
    const token = await api.issuer.mint({ sub: DEMO.ownerId });
    const small = await measure(api, token, 1_000);
    const large = await measure(api, token, 10_000);
    const ratio = large.knockout / small.knockout;
    console.log(
      `request path: knockout median ${small.knockout.toFixed(1)} ms at 1,000 entries, ${large.knockout.toFixed(1)} ms at 10,000 ` +
        `(ratio ${ratio.toFixed(2)}, target at most 1.5: ${ratio <= 1.5 ? 'met' : 'NOT MET'})`,
    );
    return [small, large].flatMap((r) => [
      { name: `knockout, warm, ${r.entries} entries (median of ${KNOCKOUTS - 1})`, medianMs: round(r.knockout), runs: KNOCKOUTS - 1 },
      { name: `GET tournament, warm, ${r.entries} entries`, medianMs: round(r.get), runs: GETS },
      { name: `GET tournament, cold container, ${r.entries} entries`, medianMs: round(r.cold), runs: 1 },
      { name: `seating draw, ${r.entries} entries`, medianMs: round(r.draw), runs: 1 },
    ]);
  } finally {
    await api.close();
    await db.stop();
  }
}

const round = (x: number) => Math.round(x * 10) / 10;
