/**
 * `npm run bench:cost`: what one live tournament costs on AWS. Plays tournaments through the real local
 * API (gateway adapter + the handlers the stack deploys) on DynamoDB Local, meters every DynamoDB call's
 * consumed capacity and round trips per operation, and prices them with API Gateway, Lambda and the
 * scheduler at on-demand us-east-1 prices.
 *
 *   npm run bench:cost                        fields of 50, 300 and 2000 players, then 1 vs 8 desks
 *   npm run bench:cost -- --sizes 300         one field (sizes above --play-up-to are sampled)
 *   npm run bench:cost -- --desks             the desks scenario only
 *   npm run bench:cost -- --entries 10000     a 10,000-entry tournament played to the end (time limit --max-minutes)
 *   npm run bench:cost -- --write             also writes the report to docs/bench/cost.md
 *   npm run bench:cost -- --live              only live updates, socket vs polling (a model: no tournament is played)
 *   npm run bench:cost -- --season            only a season's finishes: a league and the rating on the consumer
 *                                             (tournaments of 300, 300, 300 and 50 players, --season-sizes; a few
 *                                             minutes, so not part of the default run; with --write: docs/bench/season.md)
 *   npm run bench:cost -- --floor             only the floor's field-wide commands: a shootout round's last knockout,
 *                                             bagging, the day 2's qualify, handler and consumer (fields of 100 and
 *                                             1000, --floor-sizes; with --write: docs/bench/floor.md)
 *   npm run bench:cost -- --dynamo URL        an already running DynamoDB Local instead of one of its own
 *                                             (the bench's table is deleted at the end)
 */
import '../local/node-version';
import { parseArgs } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { ensureTable, freePort, localClient, startDynamoLocal } from '../local/dynamodb-local';
import { startLocalApi } from '../local/local-api';
import { stageConfig } from '../../infra/stage-config';
import { CapacityMeter } from './cost/capacity-meter';
import { BenchClient } from './cost/client';
import { costOf, medians, render, snapshot, type BigRun, type DeskRun, type RunStats } from './cost/report';
import { OP } from './cost/ops';
import { DEFAULT_SCENARIO, renderLiveCost } from './cost/live';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string' },
    main: { type: 'string' },
    'play-up-to': { type: 'string', default: '1000' },
    desks: { type: 'boolean', default: false },
    'desk-players': { type: 'string', default: '160' },
    entries: { type: 'string' },
    'max-minutes': { type: 'string', default: '90' },
    write: { type: 'boolean', default: false },
    live: { type: 'boolean', default: false },
    season: { type: 'boolean', default: false },
    'season-sizes': { type: 'string', default: '300,300,300,50' },
    floor: { type: 'boolean', default: false },
    'floor-sizes': { type: 'string', default: '100,1000' },
    dynamo: { type: 'string' },
  },
});
if (args.live) {
  console.log(renderLiveCost());
  process.exit(0);
}

const chosen = args.sizes !== undefined || args.desks || args.entries !== undefined || args.season || args.floor;
const sizes = (args.sizes ?? (chosen ? '' : '50,300,2000'))
  .split(',')
  .filter(Boolean)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 2);
const runDesks = args.desks || !chosen;
const playUpTo = Number(args['play-up-to']);
const mainSize = Number(args.main ?? (sizes.includes(300) ? 300 : Math.max(0, ...sizes.filter((n) => n <= playUpTo))));
const bigEntries = args.entries !== undefined ? Number(args.entries) : undefined;
/** The bench stops a tournament it cannot finish in this time and reports it unfinished. */
const maxMinutes = Number(args['max-minutes']);

/** The stack's function memory: the production stage's, as deployed. */
const memoryMb = stageConfig('prod').memorySize;

const started = Date.now();
/** The machine's load (1-minute average) when the bench began: figures under load are labelled with it. */
const loadAtStart = loadavg()[0] as number;
const db = args.dynamo !== undefined ? undefined : await startDynamoLocal();
// However the bench ends (a failed start included), Java does not outlive it.
process.once('exit', () => {
  if (db && db.process.exitCode === null) db.process.kill('SIGKILL');
});
const endpoint = args.dynamo ?? (db as { endpoint: string }).endpoint;
const tableName = `bench-cost-${Date.now()}`;
await ensureTable(endpoint, tableName);
// No local poller: the bench fires the scheduled jobs itself, so that each is one measured operation.
process.env.SCHEDULER = 'bench';
const api = await startLocalApi({ port: await freePort(), dynamoEndpoint: endpoint, tableName, logLevel: 'CRITICAL' });

// Loaded once the environment is set: the handler modules read it on first use.
const { dynamo } = await import('../../functions/store/client');
const { useScheduler } = await import('../../functions/adapters/scheduler');
const { RecordingScheduler } = await import('./cost/scheduler');
const { Progress, playTournament, sampleTournament, setupClub, setupPlayers } = await import('./cost/drive');
const { desksScenario } = await import('./cost/desks');
const { renderSeason, seasonScenario } = await import('./cost/season');
const { floorScenario, renderFloor } = await import('./cost/floor');

const meter = new CapacityMeter();
// Snapshots are amortised over many events; their own line keeps them out of the per-command figures.
const { observeSnapshots } = await import('../../functions/store/tournament-store');
observeSnapshots(async (write) => (await meter.run(OP.snapshots, 'consumer', write)).value);
const scheduler = new RecordingScheduler(meter);
useScheduler(scheduler);
meter.wrapServer(api.server);
const streams = (api as { streams?: { drain(timeoutMs?: number): Promise<void> } }).streams;
/** A draw or a level change of a large field fans out to every player: the consumer may need minutes. */
const DRAIN_TIMEOUT_MS = 10 * 60_000;
const client = new BenchClient(api.url, meter, streams ? () => streams.drain(DRAIN_TIMEOUT_MS) : undefined, () =>
  meter.attach(dynamo().raw),
);
const bench = { client, meter, scheduler, mint: (sub: string) => api.issuer.mint({ sub }), progress: new Progress() };

const runs: RunStats[] = [];
const desks: DeskRun[] = [];
let big: BigRun | undefined;
let season: Awaited<ReturnType<typeof seasonScenario>> = [];
let floor: Awaited<ReturnType<typeof floorScenario>> = [];
/** Phases that failed: the report keeps what the others measured. */
const failures: string[] = [];
/** Runs a phase; a failure is reported, not fatal, and gives `fallback`. */
async function phase<T>(name: string, fn: () => Promise<T>, fallback: (message: string) => T): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const message = (e as Error).message.slice(0, 300);
    failures.push(`${name}: ${message}`);
    process.stderr.write(`${name} failed: ${message}\n`);
    return fallback(message);
  }
}
const failed = (message: string) => ({ finished: false, tournamentId: '', entries: 0, knockouts: 0, note: `failed: ${message}` });

try {
  for (const n of sizes) {
    const prefix = `n${n}-${Date.now().toString(36)}`;
    const played = n <= playUpTo;
    process.stderr.write(`${played ? 'playing' : 'sampling'} a ${n}-player tournament\n`);
    const club = await setupClub(bench, prefix, 1);
    const players = await setupPlayers(bench, prefix, n);
    const t0 = Date.now();
    const deadline = t0 + maxMinutes * 60_000;
    const outcome = await phase(
      `${n} players`,
      () =>
        played
          ? playTournament(bench, club, players, {
              players: n,
              reentries: Math.round((n / 6) * 0.7),
              rebuys: Math.round(n / 6) - Math.round((n / 6) * 0.7),
              addons: Math.round(n / 10),
              levelChanges: 12,
              fill: 'desk',
              deadline,
            })
          : sampleTournament(bench, club, players, { players: n, sample: 40, deadline }),
      failed,
    );
    runs.push(
      snapshot(meter, client, scheduler, {
        title: `${n} players${played ? '' : ' (sampled)'}`,
        players: n,
        mode: played ? 'played' : 'sampled',
        wallMs: Date.now() - t0,
        finished: outcome.finished,
        ...(outcome.note ? { note: outcome.note } : {}),
      }),
    );
  }

  if (runDesks) {
    const players = Number(args['desk-players']);
    for (const d of [1, 8]) {
      process.stderr.write(`desks: ${d} desk(s), ${players} check-ins and ${players / 2} knockouts\n`);
      desks.push(
        ...(await phase(
          `${d} desk(s)`,
          () => desksScenario(bench, d, players, players / 2),
          () => [],
        )),
      );
      meter.clear();
    }
  }

  if (args.season) {
    const seasonSizes = args['season-sizes'].split(',').map(Number);
    season = await phase(
      'season',
      () => seasonScenario(bench, seasonSizes),
      () => [],
    );
  }

  if (args.floor) {
    const floorSizes = args['floor-sizes'].split(',').map(Number);
    floor = await phase(
      'floor',
      () => floorScenario(bench, floorSizes),
      () => [],
    );
  }

  if (bigEntries !== undefined) {
    process.stderr.write(`playing a ${bigEntries}-entry tournament (limit ${maxMinutes} min)\n`);
    const prefix = `big-${Date.now().toString(36)}`;
    const club = await setupClub(bench, prefix, 1);
    const players = await setupPlayers(bench, prefix, bigEntries);
    const t0 = Date.now();
    const outcome = await phase(
      `${bigEntries} entries`,
      () =>
        playTournament(bench, club, players, {
          players: bigEntries,
          reentries: 0,
          rebuys: 0,
          addons: 0,
          levelChanges: 12,
          fill: 'late',
          deadline: t0 + maxMinutes * 60_000,
        }),
      failed,
    );
    const run = snapshot(meter, client, scheduler, {
      title: `${bigEntries} entries`,
      players: bigEntries,
      mode: 'played',
      wallMs: Date.now() - t0,
      finished: outcome.finished,
    });
    big = {
      entries: bigEntries,
      finished: outcome.finished,
      ...(outcome.note ? { note: outcome.note } : {}),
      wallMs: run.wallMs,
      medians: medians(run),
    };
  }
} finally {
  await api.close();
  if (db) await db.stop();
  else await localClient(endpoint).send(new DeleteTableCommand({ TableName: tableName }));
}

/** A scenario run on its own (--season, --floor): its report, written to docs/bench/<file> with --write, then the exit. */
function endScenario(report: { text: string; allMet: boolean }, file: string, title: string, flag: string): never {
  console.log(report.text);
  if (failures.length) console.log(`\nFailed phases:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  if (args.write) {
    const path = join(dirname(fileURLToPath(import.meta.url)), '../../docs/bench', file);
    const header = [
      `# ${title}`,
      '',
      `Measured by \`npm run bench:cost -- ${flag}\` on ${new Date().toISOString().slice(0, 10)} (node ${process.version},`,
      `DynamoDB Local, ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] as number).toFixed(1)} at the end,`,
      `${((Date.now() - started) / 60_000).toFixed(0)} min). Consumed capacity is what DynamoDB Local reports for each call, raised to AWS's`,
      'per-request minimums (scripts/bench/cost/capacity-meter.ts). Steps, requests and units do not depend on the load.',
      '',
    ];
    writeFileSync(path, `${[...header, report.text].join('\n')}\n`);
    process.stderr.write(`written to ${path}\n`);
  }
  process.exit(failures.length || !report.allMet ? 1 : 0);
}
if (args.season)
  endScenario(renderSeason(season), 'season.md', 'Cost of a season finish', `--season --season-sizes ${args['season-sizes']}`);
if (args.floor) endScenario(renderFloor(floor), 'floor.md', 'Cost of the floor procedures', '--floor');

const { text } = render({
  memoryMb,
  memorySource: 'infra/stage-config.ts, stage prod',
  levelChanges:
    "fired by the bench through runJob (functions/jobs/run-job.ts), the jobs Lambda's handler, with the payload the handlers scheduled",
  runs,
  main: runs.find((r) => r.players === mainSize && r.mode === 'played'),
  desks,
  big,
  elapsedMs: Date.now() - started,
  consumerPresent: streams !== undefined,
});
console.log(text);
const evening = runs.find((r) => r.players === DEFAULT_SCENARIO.players && r.mode === 'played');
console.log(`\n${renderLiveCost(DEFAULT_SCENARIO, undefined, evening ? costOf(evening, memoryMb).usd.total : undefined)}`);
if (failures.length) console.log(`\nFailed phases:\n${failures.map((f) => `- ${f}`).join('\n')}`);
if (args.write) {
  const file = join(dirname(fileURLToPath(import.meta.url)), '../../docs/bench/cost.md');
  mkdirSync(dirname(file), { recursive: true });
  const header = [
    '# Cost of a tournament',
    '',
    `Measured by \`npm run bench:cost\` on ${new Date().toISOString().slice(0, 10)} (node ${process.version}, DynamoDB Local,`,
    'two cores). Consumed capacity is what DynamoDB Local reports for each call (`ReturnConsumedCapacity: INDEXES`);',
    'prices are on-demand us-east-1. Set-up (the club, its staff, the player profiles) is not counted.',
    "A season's finishes (a league and the rating on the stream consumer) are measured apart, by",
    '`npm run bench:cost -- --season` (docs/bench/season.md).',
    '',
  ];
  writeFileSync(file, `${[...header, text, ...failures.map((f) => `- failed: ${f}`)].join('\n')}\n`);
  process.stderr.write(`written to ${file}\n`);
}
// Nothing else is left to run; the SDK's and fetch's idle sockets would only delay the exit.
process.exit(failures.length ? 1 : 0);
