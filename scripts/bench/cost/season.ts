import type { ObservedCall } from './capacity-meter';
import { playTournament, setupClub, setupPlayers, type Bench } from './drive';
import { OP } from './ops';
import { status, table } from './report';

/*
 * `npm run bench:cost -- --season`: what the stream consumer does when a counted tournament finishes
 * (R-LEAGUE-4, R-RATE-1). One club, opted into the rating, runs a league over a series; tournaments of
 * the series are played through the real API (drive.ts), the first ones with the same field, a smaller
 * one last. The consumer's DynamoDB calls of each finish are split by what they touch (the league's
 * standings partition and the club's leagues, the rating's items) and grouped into steps: the calls of
 * one kind sent together (parallel batch reads, one write pipeline) are one step, a call that waits for
 * an earlier one starts the next.
 */

export const SEASON_TARGETS = {
  /** Player-independent steps of each part of a finish. */
  steps: 3,
  /**
   * Requests each added player may add to a part: its 3-4 items go 25 to a batch (about 0.15); one
   * request of its own per player would add at least 1.
   */
  perPlayer: 0.2,
} as const;

export type Part = 'league' | 'rating';
const PARTS: readonly Part[] = ['league', 'rating'];
const READS = new Set(['GetItem', 'Query', 'BatchGetItem', 'TransactGetItems']);

export interface Step {
  command: string;
  requests: number;
}

export interface PartFigures {
  steps: Step[];
  requests: number;
  /** Items the part's requests name: keys read, items put, updated or deleted. */
  itemsRead: number;
  itemsWritten: number;
  rru: number;
  wru: number;
}

export interface SeasonFinish {
  players: number;
  tournamentId: string;
  finished: boolean;
  parts: Record<Part, PartFigures>;
  /** The consumer's other work of the finish (the players' rows, names, live fan-out), requests. */
  otherRequests: number;
}

/** The rating's items, the league rows of the club and each league's standings partition (entities/*.ts). */
export function partOf(call: Pick<ObservedCall, 'input'>): Part | 'other' {
  const text = JSON.stringify(call.input);
  if (text.includes('"rating#') || text.includes('rating-opt-in')) return 'rating';
  if (text.includes('#league#') || text.includes('"league#')) return 'league';
  return 'other';
}

/**
 * The calls' steps, in the order they were sent (see the header): calls sent before any call of the
 * current step answered are one round trip with it (a lease taken beside a batch read); after that, a
 * call of a kind the step already has continues it (a write pipeline), any other starts the next step.
 */
export function stepsOf(calls: readonly ObservedCall[]): Step[] {
  const steps: (Step & { kinds: Set<string>; firstEnd: number })[] = [];
  for (const c of [...calls].sort((a, b) => a.startedAt - b.startedAt)) {
    const current = steps.at(-1);
    const together = current !== undefined && c.startedAt < current.firstEnd;
    const continues = current !== undefined && current.kinds.has(c.command) && !READS.has(c.command);
    if (current && (together || continues)) {
      current.requests++;
      current.kinds.add(c.command);
      current.firstEnd = Math.min(current.firstEnd, c.endedAt);
      if (!current.command.split('+').includes(c.command)) current.command += `+${c.command}`;
    } else steps.push({ command: c.command, requests: 1, kinds: new Set([c.command]), firstEnd: c.endedAt });
  }
  return steps.map(({ command, requests }) => ({ command, requests }));
}

const perTable = (requestItems: unknown, count: (t: unknown) => number): number =>
  Object.values((requestItems ?? {}) as Record<string, unknown>).reduce<number>((n, t) => n + count(t), 0);
const length = (v: unknown) => (Array.isArray(v) ? v.length : 0);

/** The items one call reads and writes, from its request (what its units are charged for). */
export function itemsOf(call: Pick<ObservedCall, 'command' | 'input'>): { read: number; written: number } {
  const i = call.input;
  switch (call.command) {
    case 'GetItem':
      return { read: 1, written: 0 };
    case 'BatchGetItem':
      return { read: perTable(i.RequestItems, (t) => length((t as { Keys?: unknown }).Keys)), written: 0 };
    case 'TransactGetItems':
      return { read: length(i.TransactItems), written: 0 };
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return { read: 0, written: 1 };
    case 'BatchWriteItem':
      return { read: 0, written: perTable(i.RequestItems, length) };
    case 'TransactWriteItems':
      return { read: 0, written: length(i.TransactItems) };
    default:
      return { read: 0, written: 0 };
  }
}

export function figuresOf(calls: readonly ObservedCall[]): PartFigures {
  const items = calls.map(itemsOf);
  return {
    steps: stepsOf(calls),
    requests: calls.length,
    itemsRead: items.reduce((n, x) => n + x.read, 0),
    itemsWritten: items.reduce((n, x) => n + x.written, 0),
    rru: calls.reduce((s, c) => s + c.rru, 0),
    wru: calls.reduce((s, c) => s + c.wru, 0),
  };
}

/** Plays one tournament of `n` players per entry of `sizes` (the first `n` of one set of players). */
export async function seasonScenario(b: Bench, sizes: readonly number[]): Promise<SeasonFinish[]> {
  const prefix = `season-${Date.now().toString(36)}`;
  const club = await setupClub(b, prefix, 1);
  const players = await setupPlayers(b, prefix, Math.max(...sizes));
  const setup = (method: string, path: string, body: unknown) => b.client.call('setup', method, path, { token: club.owner, body });
  const series = await setup('POST', `${club.base}/series`, { name: 'Bench season', startsOn: '2026-01-01', endsOn: '2026-12-31' });
  const seriesId = series.body.seriesId as string;
  await setup('POST', `${club.base}/leagues`, {
    name: 'Bench league',
    source: { kind: 'series', seriesId },
    points: { kind: 'linear', knockoutPoints: 1 },
  });
  await setup('PUT', `${club.base}/rating-opt-in`, { optIn: true });

  const out: SeasonFinish[] = [];
  for (const [i, n] of sizes.entries()) {
    process.stderr.write(`season: tournament ${i + 1} of ${sizes.length}, ${n} players\n`);
    const calls: ObservedCall[] = [];
    b.meter.observer = (c) => {
      if (c.op === OP.finish && c.path === 'consumer') calls.push(c);
    };
    try {
      const outcome = await playTournament(b, club, players.slice(0, n), {
        players: n,
        reentries: 0,
        rebuys: 0,
        addons: 0,
        levelChanges: 1,
        fill: 'late',
        seed: 100 + i,
        seriesId,
      });
      const mine = (p: Part | 'other') => calls.filter((c) => partOf(c) === p);
      out.push({
        players: n,
        tournamentId: outcome.tournamentId,
        finished: outcome.finished,
        parts: { league: figuresOf(mine('league')), rating: figuresOf(mine('rating')) },
        otherRequests: mine('other').length,
      });
    } finally {
      b.meter.observer = undefined;
    }
  }
  return out;
}

const stepsText = (f: PartFigures) =>
  f.steps.length === 0 ? '–' : `${f.steps.length}: ${f.steps.map((s) => `${s.command}×${s.requests}`).join(' → ')}`;
const units = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));

/** The figures of every finish and the targets beside them (the report's style, report.ts). */
export function renderSeason(finishes: readonly SeasonFinish[]): { text: string; allMet: boolean } {
  const rows = finishes.flatMap((f, i) =>
    PARTS.map((p) => {
      const x = f.parts[p];
      return [
        String(i + 1),
        String(f.players),
        p,
        stepsText(x),
        String(x.requests),
        (x.requests / f.players).toFixed(3),
        String(x.itemsRead),
        units(x.rru),
        String(x.itemsWritten),
        units(x.wru),
      ];
    }),
  );
  const targets: string[][] = [];
  let allMet = finishes.length > 0 && finishes.every((f) => f.finished);
  for (const p of PARTS) {
    const counts = finishes.map((f) => f.parts[p].steps.length);
    const most = Math.max(0, ...counts);
    const ran = finishes.every((f) => f.parts[p].requests > 0);
    const good = ran && most <= SEASON_TARGETS.steps;
    allMet &&= good;
    targets.push([
      `${p}: ≤${SEASON_TARGETS.steps} round trips per player-independent step (steps of each finish)`,
      ran ? `max ${most} (${counts.join(', ')})` : 'not run at every finish',
      status(good),
    ]);
  }
  // The largest field against the smallest, the later of each (the league then has standings to update).
  const large = finishes.filter((f) => f.players === Math.max(...finishes.map((x) => x.players))).at(-1);
  const small = finishes.filter((f) => f.players === Math.min(...finishes.map((x) => x.players))).at(-1);
  if (large && small && large.players > small.players) {
    for (const p of PARTS) {
      const [ra, rb] = [small.parts[p].requests, large.parts[p].requests];
      const slope = (rb - ra) / (large.players - small.players);
      const sameSteps = small.parts[p].steps.length === large.parts[p].steps.length;
      const good = slope <= SEASON_TARGETS.perPlayer && sameSteps;
      allMet &&= good;
      targets.push([
        `${p}: no per-player round trips (batch writes): at most ${SEASON_TARGETS.perPlayer} requests per added player, the same steps`,
        `${slope.toFixed(3)} per player (${ra} @${small.players} → ${rb} @${large.players}), steps ${small.parts[p].steps.length} → ${large.parts[p].steps.length}`,
        status(good),
      ]);
    }
  }
  const text = [
    '## A season finish on the stream consumer',
    '',
    "The consumer's DynamoDB work for each finish of a tournament counted by a league of its club, the club",
    'opted into the rating. A step is the calls of one kind sent together (parallel batch reads, one write',
    'pipeline); the parts run side by side.',
    '',
    table(['#', 'players', 'part', 'steps', 'requests', 'per player', 'items read', 'RCU', 'items written', 'WCU'], rows),
    '',
    "Each part's units are those DynamoDB reported for its own requests (the calls are told apart by the",
    'partitions they name). At the same field the two parts cost about the same by their shape: each reads',
    "one item per player and two more (the lease, the league's count or the rating's rated-finish record),",
    'consistently; the league writes a ranking row and a record per player, the record 2 WCU with its',
    "by-player index, the rating a history row, the current rating and a board row; from a player's second",
    "finish on, each deletes the player's old ranking or board row too. The last transaction is 2 items of 2 WCU",
    'each. Records larger than 1 KB (a league record grows with its results) cost more.',
    '',
    `Other consumer work of the finishes (players' rows, names, live fan-out), requests: ${finishes.map((f) => f.otherRequests).join(', ')}.`,
    '',
    '### Targets',
    '',
    table(['target', 'figure', 'status'], targets),
  ].join('\n');
  return { text, allMet };
}
