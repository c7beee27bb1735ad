import { emptyUsage, type CapacityMeter, type Usage } from './capacity-meter';
import type { BenchClient } from './client';
import type { RecordingScheduler } from './scheduler';
import { FIELD_WIDE, kindOf, OP, ORDER, ROUND_TRIP_EXEMPT, type OpKind } from './ops';

/** On-demand prices, us-east-1, USD. */
export const PRICES = {
  perMillionRru: 0.125,
  perMillionWru: 0.625,
  perMillionHttpApiRequests: 1.0,
  perMillionLambdaRequests: 0.2,
  perGbSecond: 0.0000166667,
  perMillionSchedulerInvocations: 1.0,
} as const;

export const TARGETS = {
  tournamentUsd: 0.01,
  writeRoundTrips: 3,
  readRoundTrips: 2,
  growth: 1.5,
  /** The stream consumer's requests for a field-wide event (draw, finish): per player, beyond a constant. */
  consumerPerPlayer: 0.1,
} as const;

export interface OpStats {
  op: string;
  kind: OpKind;
  /** HTTP requests, or job runs for scheduled jobs. */
  calls: number;
  roundTrips: number[];
  /** Server-side duration of each call, ms. */
  serverMs: number[];
  request: Usage;
  consumer: Usage;
  /** Drains that applied something (consumer invocations) and their duration, ms. */
  consumerCalls: number;
  consumerMs: number;
  schedulerCalls: number;
}

export interface RunStats {
  title: string;
  players: number;
  /** How the run was played: to the end, or sampled on a full field. */
  mode: 'played' | 'sampled';
  wallMs: number;
  finished: boolean;
  note?: string;
  ops: OpStats[];
}

/** Everything measured since the last snapshot, per operation; clears the meter for the next run. */
export function snapshot(meter: CapacityMeter, client: BenchClient, scheduler: RecordingScheduler, run: Omit<RunStats, 'ops'>): RunStats {
  const names = new Set<string>([...meter.entries().map((e) => e.op), ...meter.records.map((r) => r.op)]);
  names.delete('setup');
  const ops: OpStats[] = [];
  for (const op of names) {
    const req = meter.records.filter((r) => r.op === op && r.path === 'request');
    const con = meter.records.filter((r) => r.op === op && r.path === 'consumer');
    const usage = (path: 'request' | 'consumer') => meter.entries().find((e) => e.op === op && e.path === path)?.usage ?? emptyUsage();
    ops.push({
      op,
      kind: kindOf(op),
      calls: req.length,
      roundTrips: req.map((r) => r.roundTrips),
      serverMs: req.map((r) => r.ms),
      request: usage('request'),
      consumer: usage('consumer'),
      consumerCalls: con.length,
      consumerMs: con.reduce((s, r) => s + r.ms, 0),
      schedulerCalls: scheduler.apiCalls.get(op) ?? 0,
    });
  }
  ops.sort((a, b) => rank(a.op) - rank(b.op));
  meter.clear();
  client.latencies.clear();
  scheduler.apiCalls.clear();
  return { ...run, ops };
}

const rank = (op: string) => {
  const i = ORDER.indexOf(op);
  return i < 0 ? ORDER.length : i;
};

// ---- arithmetic ------------------------------------------------------------------------------

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
export const median = (xs: readonly number[]) => percentile(xs, 50);
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
}
const per = (total: number, n: number) => (n > 0 ? total / n : 0);
const units = (u: Usage) => u.rru + u.wru;

// ---- cost ------------------------------------------------------------------------------------

export interface Cost {
  rru: number;
  wru: number;
  /** Of rru and wru: AWS's per-request minimums that DynamoDB Local did not report. */
  minimumRru: number;
  minimumWru: number;
  httpRequests: number;
  lambdaRequests: number;
  gbSeconds: number;
  schedulerInvocations: number;
  usd: {
    dynamoReads: number;
    dynamoWrites: number;
    apiGateway: number;
    lambdaRequests: number;
    lambdaCompute: number;
    scheduler: number;
    total: number;
  };
}

/**
 * What the run would cost on AWS. Lambda time is each call's server-side duration (from the request
 * reaching the gateway adapter to the response sent, or the job's run), rounded up to the millisecond as
 * Lambda bills it; the stream consumer is one invocation per drain that applied something.
 */
export function costOf(run: RunStats, memoryMb: number): Cost {
  let rru = 0;
  let wru = 0;
  let minimumRru = 0;
  let minimumWru = 0;
  let httpRequests = 0;
  let lambdaRequests = 0;
  let ms = 0;
  let schedulerInvocations = 0;
  for (const o of run.ops) {
    rru += o.request.rru + o.consumer.rru;
    wru += o.request.wru + o.consumer.wru;
    minimumRru += o.request.minimumRru + o.consumer.minimumRru;
    minimumWru += o.request.minimumWru + o.consumer.minimumWru;
    if (o.kind !== 'job') httpRequests += o.calls;
    else schedulerInvocations += o.calls;
    lambdaRequests += o.calls + o.consumerCalls;
    ms += sum(o.serverMs.map(Math.ceil)) + Math.ceil(o.consumerMs);
  }
  const gbSeconds = (ms / 1000) * (memoryMb / 1024);
  const usd = {
    dynamoReads: (rru / 1e6) * PRICES.perMillionRru,
    dynamoWrites: (wru / 1e6) * PRICES.perMillionWru,
    apiGateway: (httpRequests / 1e6) * PRICES.perMillionHttpApiRequests,
    lambdaRequests: (lambdaRequests / 1e6) * PRICES.perMillionLambdaRequests,
    lambdaCompute: gbSeconds * PRICES.perGbSecond,
    scheduler: (schedulerInvocations / 1e6) * PRICES.perMillionSchedulerInvocations,
    total: 0,
  };
  usd.total = usd.dynamoReads + usd.dynamoWrites + usd.apiGateway + usd.lambdaRequests + usd.lambdaCompute + usd.scheduler;
  return { rru, wru, minimumRru, minimumWru, httpRequests, lambdaRequests, gbSeconds, schedulerInvocations, usd };
}

// ---- formatting ------------------------------------------------------------------------------

const n1 = (x: number) => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1)) : '–');
const n0 = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const usd = (x: number) => `$${x < 0.0001 ? x.toExponential(2) : x.toFixed(5)}`;
const SHORT: Record<string, string> = {
  GetItem: 'Get',
  Query: 'Q',
  Scan: 'Scan',
  PutItem: 'Put',
  UpdateItem: 'Upd',
  DeleteItem: 'Del',
  BatchGetItem: 'BGet',
  BatchWriteItem: 'BWr',
  TransactGetItems: 'TGet',
  TransactWriteItems: 'TW',
};
function byType(u: Usage, calls: number): string {
  const parts = [...u.calls].sort((a, b) => b[1] - a[1]).map(([c, k]) => `${SHORT[c] ?? c} ${n1(per(k, calls || 1))}`);
  return parts.length ? parts.join(' · ') : '–';
}

/** Units spent on each GSI, per call (the table's own share is the rest). */
function indexUnits(u: Usage, calls: number): string {
  const parts = [...u.parts].filter(([name]) => name !== 'table').map(([name, k]) => `${name} ${n1(per(k, calls))}`);
  return parts.length ? parts.join(' · ') : '–';
}

export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

export const status = (ok: boolean): string => (ok ? 'met' : 'NOT MET');

// ---- report ----------------------------------------------------------------------------------

export interface DeskRun {
  work: 'check-in' | 'knockout';
  desks: number;
  ops: number;
  wallMs: number;
  latencies: number[];
  conflicts409: number;
  clientRetries: number;
  serverRetries: number;
  conditionalFailures: number;
  lostUpdates: number;
  duplicates: number;
}

export interface BigRun {
  entries: number;
  finished: boolean;
  note?: string;
  wallMs: number;
  medians: { op: string; calls: number; medianMs: number; rtPerCall: number; unitsPerCall: number }[];
}

export interface ReportInput {
  memoryMb: number;
  memorySource: string;
  levelChanges: string;
  runs: RunStats[];
  main: RunStats | undefined;
  desks: DeskRun[];
  big: BigRun | undefined;
  elapsedMs: number;
  consumerPresent: boolean;
}

function perOpTable(run: RunStats): string {
  // Work with no request of its own (snapshots) shows in the consumer table only.
  const rows = run.ops
    .filter((o) => o.calls > 0 || o.request.calls.size > 0)
    .map((o) => {
      const rt = o.roundTrips;
      return [
        o.op,
        String(o.calls),
        `${n1(per(sum(rt), rt.length))} / ${rt.length ? Math.max(...rt) : 0}`,
        byType(o.request, o.calls),
        n1(per(o.request.rru, o.calls)),
        n1(per(o.request.wru, o.calls)),
        indexUnits(o.request, o.calls),
        n0(o.request.rru),
        n0(o.request.wru),
        n1(median(o.serverMs)),
      ];
    });
  return table(
    [
      'operation',
      'calls',
      'round trips/call (avg / max)',
      'by request type (avg/call)',
      'RRU/call',
      'WRU/call',
      'of which GSI units/call',
      'RRU total',
      'WRU total',
      'server ms p50',
    ],
    rows,
  );
}

function consumerTable(run: RunStats): string {
  const rows = run.ops
    .filter((o) => o.consumer.calls.size > 0)
    .map((o) => [
      `projections (stream consumer): ${o.op}`,
      String(o.consumerCalls),
      byType(o.consumer, o.calls),
      // Snapshots answer no request: only their totals mean something.
      o.calls ? n1(per(o.consumer.rru, o.calls)) : '–',
      o.calls ? n1(per(o.consumer.wru, o.calls)) : '–',
      indexUnits(o.consumer, o.calls),
      n0(o.consumer.rru),
      n0(o.consumer.wru),
    ]);
  if (rows.length === 0) return '';
  return table(
    [
      'operation',
      'consumer invocations (drains that applied something)',
      'by request type (avg per operation)',
      'RRU/op',
      'WRU/op',
      'of which GSI units/op',
      'RRU total',
      'WRU total',
    ],
    rows,
  );
}

function costTable(c: Cost, memoryMb: number): string {
  return table(
    ['item', 'quantity', 'price', 'cost'],
    [
      [
        'DynamoDB reads',
        `${n0(c.rru)} RRU (${n0(c.minimumRru)} of them minimums)`,
        `$${PRICES.perMillionRru} / M RRU`,
        usd(c.usd.dynamoReads),
      ],
      [
        'DynamoDB writes',
        `${n0(c.wru)} WRU (${n0(c.minimumWru)} of them minimums)`,
        `$${PRICES.perMillionWru} / M WRU`,
        usd(c.usd.dynamoWrites),
      ],
      [
        'API Gateway (HTTP API)',
        `${n0(c.httpRequests)} requests`,
        `$${PRICES.perMillionHttpApiRequests.toFixed(2)} / M`,
        usd(c.usd.apiGateway),
      ],
      [
        'Lambda requests',
        `${n0(c.lambdaRequests)} invocations`,
        `$${PRICES.perMillionLambdaRequests.toFixed(2)} / M`,
        usd(c.usd.lambdaRequests),
      ],
      ['Lambda compute', `${c.gbSeconds.toFixed(1)} GB-s at ${memoryMb} MB`, `$${PRICES.perGbSecond} / GB-s`, usd(c.usd.lambdaCompute)],
      [
        'EventBridge Scheduler',
        `${n0(c.schedulerInvocations)} invocations`,
        `$${PRICES.perMillionSchedulerInvocations.toFixed(2)} / M`,
        usd(c.usd.scheduler),
      ],
      ['**total**', '', '', `**${usd(c.usd.total)}**`],
    ],
  );
}

/** Avg round trips and units per call of one op in one run (request path + consumer), or undefined. */
function figures(run: RunStats, op: string) {
  const o = run.ops.find((x) => x.op === op);
  if (!o || o.calls === 0) return undefined;
  return {
    rt: per(sum(o.roundTrips), o.roundTrips.length),
    maxRt: Math.max(...o.roundTrips),
    units: per(units(o.request) + units(o.consumer), o.calls),
  };
}

export function render(input: ReportInput): { text: string; allMet: boolean } {
  const out: string[] = [];
  const verdicts: boolean[] = [];
  const runs = [...input.runs].sort((a, b) => a.players - b.players);
  const smallest = runs[0];
  const largest = runs.at(-1);

  out.push(
    `Memory per function: ${input.memoryMb} MB (${input.memorySource}). Lambda time: the server-side duration of each request or job run on this`,
  );
  out.push('machine (DynamoDB Local answers slower than DynamoDB, so it is on the high side).');
  out.push('Units are what DynamoDB Local reports, raised to the minimum AWS charges per request where it reports less (an empty');
  out.push('Query, BatchGetItem keys not found, transactional items, refused conditional writes); the tables say how many.');
  out.push(
    `Request types: ${Object.entries(SHORT)
      .map(([full, short]) => `${short} = ${full}`)
      .join(', ')}.`,
  );
  out.push(`Level changes: ${input.levelChanges}.`);
  out.push(
    input.consumerPresent
      ? 'Stream consumer: the local API drains its stream poller after every operation; its work is charged to `projections (stream consumer)`,\n' +
          'one invocation per operation it wrote for (AWS batches records, so at most that many), lasting as long as the drain.'
      : 'Stream consumer: none in this local API (no `streams` on it); every projection is written on the request path.',
  );

  for (const run of runs) {
    out.push('');
    out.push(`## ${run.title}`);
    out.push('');
    out.push(
      `${run.mode === 'played' ? 'Played to the end' : 'Sampled on a full field'}: ${run.finished ? 'finished' : `not finished${run.note ? ` (${run.note})` : ''}`}, ${(run.wallMs / 1000).toFixed(0)} s.`,
    );
    out.push('');
    out.push(perOpTable(run));
    const consumer = consumerTable(run);
    if (consumer) out.push('', consumer);
    const c = costOf(run, input.memoryMb);
    if (run.mode === 'sampled') out.push('', 'Cost of the operations measured here, not of a whole tournament:');
    out.push('', costTable(c, input.memoryMb));
    if (run.mode === 'played' && run.finished) out.push('', `Per player: ${usd(c.usd.total / run.players)}.`);
  }

  // Targets.
  const targetRows: string[][] = [];
  if (input.main) {
    const c = costOf(input.main, input.memoryMb);
    const ok = input.main.finished && c.usd.total < TARGETS.tournamentUsd;
    verdicts.push(ok);
    targetRows.push([
      `whole ${input.main.players}-player tournament under $${TARGETS.tournamentUsd} (DynamoDB + API Gateway + Lambda + Scheduler)`,
      usd(c.usd.total),
      status(ok),
    ]);
  }
  const reference = input.main ?? largest;
  if (reference) {
    const writes = reference.ops.filter((o) => o.kind !== 'read' && !ROUND_TRIP_EXEMPT.has(o.op) && o.calls > 0);
    const overW = writes.filter((o) => Math.max(...o.roundTrips) > TARGETS.writeRoundTrips);
    verdicts.push(overW.length === 0);
    targetRows.push([
      `at most ${TARGETS.writeRoundTrips} DynamoDB round trips per mutating request, authorization included (N=${reference.players})`,
      overW.length
        ? overW.map((o) => `${o.op}: max ${Math.max(...o.roundTrips)}`).join('; ')
        : `max ${Math.max(0, ...writes.flatMap((o) => o.roundTrips))}`,
      status(overW.length === 0),
    ]);
    const reads = reference.ops.filter((o) => o.kind === 'read' && o.calls > 0);
    const overR = reads.filter((o) => Math.max(...o.roundTrips) > TARGETS.readRoundTrips);
    verdicts.push(overR.length === 0);
    targetRows.push([
      `at most ${TARGETS.readRoundTrips} round trips per GET (N=${reference.players})`,
      overR.length
        ? overR.map((o) => `${o.op}: max ${Math.max(...o.roundTrips)}`).join('; ')
        : `max ${Math.max(0, ...reads.flatMap((o) => o.roundTrips))}`,
      status(overR.length === 0),
    ]);
  }
  if (smallest && largest && smallest !== largest) {
    // Each operation between the smallest and the largest field it was measured on (finish and results
    // only on fields played to the end).
    const span = (op: string) => {
      const measured = runs.map((r) => ({ players: r.players, f: figures(r, op) })).filter((x) => x.f !== undefined);
      return measured.length > 1 ? { a: measured[0], b: measured.at(-1) } : undefined;
    };
    const grown = ORDER.flatMap((op) => {
      const s = span(op);
      if (!s?.a?.f || !s.b?.f) return [];
      const { a, b } = { a: s.a.f, b: s.b.f };
      // The average, not the maximum: an occasional snapshot write or a retried race is no growth.
      return b.rt >= a.rt + 0.5 ? [`${op}: ${n1(a.rt)} @${s.a.players} → ${n1(b.rt)} @${s.b.players}`] : [];
    });
    verdicts.push(grown.length === 0);
    targetRows.push([
      'no operation whose round trips grow with the field (draw, finish and clock start included: no per-player round trips)',
      grown.length ? grown.join('; ') : 'none grows',
      status(grown.length === 0),
    ]);
    const over = ORDER.filter((op) => {
      if (FIELD_WIDE.has(op) || op === OP.snapshots) return false;
      const a = figures(smallest, op);
      const b = figures(largest, op);
      return a && b && b.units > TARGETS.growth * Math.max(a.units, 1e-9);
    });
    verdicts.push(over.length === 0);
    targetRows.push([
      `read+write units per command at N=${largest.players} at most ${TARGETS.growth}x those at N=${smallest.players} (snapshots on their own line)`,
      over.length ? `${over.length} over: ${over.slice(0, 6).join(', ')}${over.length > 6 ? ', …' : ''}` : 'all within',
      status(over.length === 0),
    ]);
    // Field-wide work: per player, between the smallest and the largest field each was measured on.
    const overField = [...FIELD_WIDE].flatMap((op) => {
      const s = span(op);
      if (!s?.a?.f || !s.b?.f) return [];
      const ratio = s.b.f.units / s.b.players / Math.max(s.a.f.units / s.a.players, 1e-9);
      return [{ op, ratio, text: `${op} ${ratio.toFixed(2)}x (@${s.a.players}→@${s.b.players})` }];
    });
    const fieldOk = overField.every((x) => x.ratio <= TARGETS.growth);
    verdicts.push(fieldOk);
    targetRows.push([
      `field-wide work (draw, finish, results pages): units per player at the largest field at most ${TARGETS.growth}x those at N=${smallest.players}`,
      overField.map((x) => x.text).join('; ') || '–',
      status(fieldOk),
    ]);
  }
  const desk = (work: DeskRun['work'], d: number) => input.desks.find((x) => x.work === work && x.desks === d);
  for (const work of ['check-in', 'knockout'] as const) {
    const one = desk(work, 1);
    const eight = desk(work, 8);
    if (!one || !eight) continue;
    const t1 = per(one.ops, one.wallMs / 1000);
    const t8 = per(eight.ops, eight.wallMs / 1000);
    const ok = t8 >= t1 && eight.lostUpdates === 0 && eight.duplicates === 0 && one.lostUpdates === 0;
    verdicts.push(ok);
    targetRows.push([
      `${work}s: 8 desks at least 1 desk's throughput, no lost update`,
      `${n1(t8)} vs ${n1(t1)} ops/s; ${eight.lostUpdates} lost, ${eight.duplicates} duplicated`,
      status(ok),
    ]);
  }
  const consumer = consumerSection(runs, input.memoryMb);
  if (consumer) {
    verdicts.push(consumer.ok);
    targetRows.push(...consumer.targets);
  }
  if (targetRows.length) out.push('', '## Targets', '', table(['target', 'figure', 'status'], targetRows));
  if (consumer) out.push('', consumer.text);

  // Growth.
  if (runs.length > 1) {
    out.push('', '## Growth per command (request path + stream consumer)', '');
    const head = [
      'operation',
      ...runs.map((r) => `round trips @${r.players}`),
      ...runs.map((r) => `RRU+WRU/call @${r.players}`),
      `ratio ${largest?.players}/${smallest?.players}`,
      `≤ ${TARGETS.growth}x`,
    ];
    const rows: string[][] = [];
    for (const op of ORDER) {
      const f = runs.map((r) => figures(r, op));
      if (f.every((x) => x === undefined)) continue;
      const defined = f.filter((x) => x !== undefined);
      const a = f[0];
      // Finish and results exist only on fields played to the end: their last measured field.
      const b = FIELD_WIDE.has(op) ? defined.at(-1) : f.at(-1);
      const measured = runs.flatMap((r, i) => (f[i] ? [r.players] : []));
      const ratio =
        !a || !b
          ? NaN
          : FIELD_WIDE.has(op)
            ? b.units / (measured.at(-1) ?? 1) / Math.max(a.units / (measured[0] ?? 1), 1e-9)
            : b.units / Math.max(a.units, 1e-9);
      rows.push([
        FIELD_WIDE.has(op) ? `${op} (ratio per player)` : op,
        ...f.map((x) => (x ? n1(x.rt) : '–')),
        ...f.map((x) => (x ? n1(x.units) : '–')),
        Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '–',
        Number.isFinite(ratio) ? status(ratio <= TARGETS.growth) : '–',
      ]);
    }
    out.push(table(head, rows));
  }

  // Desks.
  if (input.desks.length) {
    out.push('', '## Concurrent desks (one tournament)', '');
    out.push(
      table(
        [
          'work',
          'desks',
          'ops',
          'throughput ops/s',
          'p50 ms',
          'p99 ms',
          '409 CONCURRENT_UPDATE',
          'client retries',
          'server retries (TournamentWriteConflict)',
          'failed conditional writes',
          'lost updates',
          'duplicates',
        ],
        input.desks.map((d) => [
          d.work,
          String(d.desks),
          String(d.ops),
          n1(per(d.ops, d.wallMs / 1000)),
          n1(median(d.latencies)),
          n1(percentile(d.latencies, 99)),
          String(d.conflicts409),
          String(d.clientRetries),
          String(d.serverRetries),
          String(d.conditionalFailures),
          String(d.lostUpdates),
          String(d.duplicates),
        ]),
      ),
    );
  }

  if (input.big) {
    const big = input.big;
    out.push('', `## ${big.entries.toLocaleString('en-US')}-entry tournament`, '');
    out.push(
      `${big.finished ? 'Finished' : `Not finished${big.note ? ` (${big.note})` : ''}`} in ${(big.wallMs / 1000).toFixed(0)} s.`,
      '',
    );
    out.push(
      table(
        ['operation', 'calls', 'median ms', 'round trips/call', 'RRU+WRU/call'],
        big.medians.map((m) => [m.op, String(m.calls), n1(m.medianMs), n1(m.rtPerCall), n1(m.unitsPerCall)]),
      ),
    );
  }

  out.push('', `Bench ran ${(input.elapsedMs / 1000).toFixed(0)} s.`);
  return { text: out.join('\n'), allMet: verdicts.every(Boolean) };
}

/** Per-operation medians of a run (the big run's summary). */
export function medians(run: RunStats): BigRun['medians'] {
  return run.ops.map((o) => ({
    op: o.op,
    calls: o.calls,
    medianMs: median(o.serverMs),
    rtPerCall: per(sum(o.roundTrips), o.roundTrips.length),
    unitsPerCall: per(units(o.request) + units(o.consumer), o.calls),
  }));
}

// ---- the stream consumer ------------------------------------------------------------------------

const requestsOf = (u: Usage): number => sum([...u.calls.values()]);

/**
 * The stream consumer apart: its DynamoDB requests for the draw and the finish per player at each field
 * size, the per-player slope between the smallest and the largest field (the target: at most
 * TARGETS.consumerPerPlayer beyond a constant), and its share of each evening's requests and bill.
 */
function consumerSection(runs: readonly RunStats[], memoryMb: number): { text: string; targets: string[][]; ok: boolean } | undefined {
  // A sampled field still draws its seats on the consumer (it is not played to the finish): its draw counts.
  const measured = runs.filter((r) => r.ops.some((o) => o.consumer.calls.size > 0));
  const played = measured.filter((r) => r.mode === 'played');
  if (measured.length === 0) return undefined;
  const requests = (r: RunStats, op: string) => {
    const o = r.ops.find((x) => x.op === op);
    return o ? requestsOf(o.consumer) : undefined;
  };
  const rows = measured.map((r) => {
    const draw = requests(r, OP.draw);
    const finish = requests(r, OP.finish);
    const perPlayer = (x: number | undefined) => (x === undefined ? '–' : (x / r.players).toFixed(3));
    return [
      String(r.players),
      draw === undefined ? '–' : n0(draw),
      perPlayer(draw),
      finish === undefined ? '–' : n0(finish),
      perPlayer(finish),
    ];
  });
  const share = played.map((r) => {
    const consumerOps = r.ops.filter((o) => o.consumer.calls.size > 0 || o.consumerCalls > 0);
    const cRequests = sum(r.ops.map((o) => requestsOf(o.consumer)));
    const hRequests = sum(r.ops.map((o) => requestsOf(o.request)));
    const cDynamo = sum(r.ops.map((o) => (o.consumer.rru / 1e6) * PRICES.perMillionRru + (o.consumer.wru / 1e6) * PRICES.perMillionWru));
    const cLambda =
      (sum(consumerOps.map((o) => o.consumerCalls)) / 1e6) * PRICES.perMillionLambdaRequests +
      (sum(consumerOps.map((o) => Math.ceil(o.consumerMs))) / 1000) * (memoryMb / 1024) * PRICES.perGbSecond;
    const total = costOf(r, memoryMb).usd.total;
    return [
      String(r.players),
      `${n0(cRequests)} of ${n0(cRequests + hRequests)} (${((100 * cRequests) / Math.max(cRequests + hRequests, 1)).toFixed(0)}%)`,
      usd(cDynamo),
      usd(cLambda),
      `${usd(cDynamo + cLambda)} of ${usd(total)} (${((100 * (cDynamo + cLambda)) / Math.max(total, 1e-12)).toFixed(0)}%)`,
    ];
  });
  const text = [
    '## The stream consumer apart',
    '',
    'DynamoDB requests the consumer made for each field-wide event, in all and per player:',
    '',
    table(['players', 'draw requests', 'per player', 'finish requests', 'per player'], rows),
    '',
    'Its share of each evening (requests; DynamoDB units and its Lambda invocations and time, priced as above):',
    '',
    table(['players', 'consumer requests of all', 'consumer DynamoDB', 'consumer Lambda', 'consumer of the evening'], share),
  ].join('\n');
  const targets: string[][] = [];
  let ok = true;
  for (const op of [OP.draw, OP.finish]) {
    const withOp = measured.filter((r) => requests(r, op) !== undefined);
    const [a, b] = [withOp[0], withOp.at(-1)];
    if (a && b && a !== b) {
      const ra = requests(a, op) as number;
      const rb = requests(b, op) as number;
      const slope = (rb - ra) / (b.players - a.players);
      const good = slope <= TARGETS.consumerPerPlayer;
      ok &&= good;
      targets.push([
        `consumer requests for the ${op}: at most ${TARGETS.consumerPerPlayer} per player beyond a constant`,
        `${slope.toFixed(3)} per player (${n0(ra)} @${a.players} → ${n0(rb)} @${b.players})`,
        status(good),
      ]);
    }
  }
  return { text, targets, ok };
}
