import type { Usage } from './capacity-meter';
import type { CallOptions } from './client';
import { setupClub, setupPlayers, type Bench, type Club } from './drive';
import { status, table } from './report';

/*
 * `npm run bench:cost -- --floor`: the floor's field-wide commands through the real API (R-SHOOT-2,
 * R-FLIGHT-1, R-CHIP-1), at a small and a large field: the knockout that decides a shootout round's last
 * table (the round closes and the next is drawn in the same command), a flight bagged with every
 * survivor's count in one call, and the day 2 qualified from two such flights and drawn. For each, the
 * handler's DynamoDB round trips and the stream consumer's, with their units; a command or a projection
 * that went to DynamoDB once per player would add at least one request per added player, batches of 25
 * or 100 add 0.04 or 0.01. Everything else (entries, the other knockouts, links) is set-up, not counted.
 */

export const FLOOR_TARGETS = {
  /**
   * Round trips each added player may add to a command's handler or to its projection: a day 2's qualify
   * is a field of registrations and a draw at once, a by-player row and a notification per player 25 to a
   * BatchWriteItem (0.08), the schedules and three reads a hundred to a request (0.05). One request of its
   * own per player would add at least 1.
   */
  perPlayer: 0.2,
} as const;

export const FLOOR_OPS = {
  shootoutClose: 'shootout: last knockout of a round, next round drawn',
  bag: 'flight bagged: every count in one call',
  qualify: 'day 2 qualified and drawn',
} as const;
type FloorOp = (typeof FLOOR_OPS)[keyof typeof FLOOR_OPS];

const HOUR = 3_600_000;
const STACK = 20_000;
const SEATS = 10;
const iso = (ms: number) => new Date(ms).toISOString();

export interface FloorFigures {
  op: FloorOp;
  /** The field the command works on: the round's entries, the flight's survivors, the day 2's qualifiers. */
  players: number;
  handler: { roundTrips: number; commands: string; rru: number; wru: number };
  consumer: { roundTrips: number; commands: string; rru: number; wru: number };
}

export interface FloorRun {
  size: number;
  figures: FloorFigures[];
}

const commandsOf = (u: Usage) =>
  [...u.calls]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([c, n]) => `${c}×${n}`)
    .join(', ') || '–';
const roundTripsOf = (u: Usage) => [...u.calls.values()].reduce((s, n) => s + n, 0);

function figuresOf(b: Bench, op: FloorOp, players: number): FloorFigures {
  const side = (path: 'request' | 'consumer') => {
    const u = b.meter.of(op, path);
    return { roundTrips: roundTripsOf(u), commands: commandsOf(u), rru: u.rru, wru: u.wru };
  };
  return { op, players, handler: side('request'), consumer: side('consumer') };
}

/** A tournament of the club, open for registration: a flight, a day 2 or a shootout (settings `extra`). */
async function tournament(b: Bench, club: Club, name: string, startIn: number, extra: Record<string, unknown> = {}) {
  const start = Date.now() + startIn;
  const created = await setup(b, club, 'POST', `${club.base}/tournaments`, {
    body: {
      name,
      startAt: iso(start),
      lateRegEndsAt: iso(start + HOUR / 2),
      expectedDurationMinutes: 60,
      buyIn: 0,
      startingStack: STACK,
      seatsPerTable: SEATS,
      ...extra,
    },
  });
  const path = `${club.base}/tournaments/${created.body.tournamentId as string}`;
  await setup(b, club, 'POST', `${path}/open-registration`);
  return { id: created.body.tournamentId as string, path };
}

const setup = (b: Bench, club: Club, method: string, path: string, opts: CallOptions = {}) =>
  b.client.call('setup', method, path, { token: club.owner, ...opts });

/** Buys every player in (one late registration each), starts the tournament and draws its seats: the entries. */
async function playing(b: Bench, club: Club, path: string, players: readonly string[], label: string): Promise<string[]> {
  const entries: string[] = [];
  for (const [i, playerId] of players.entries()) {
    const r = await setup(b, club, 'POST', `${path}/entries`, { body: { kind: 'late_registration', playerId } });
    entries.push(r.body.item.entryId as string);
    b.progress.tick(`${label}: entries`, i + 1, players.length);
  }
  await setup(b, club, 'POST', `${path}/start`);
  await setup(b, club, 'POST', `${path}/seating/draw`);
  return entries;
}

/** The seated entries of each active table, by table number. */
async function tablesOf(b: Bench, club: Club, path: string): Promise<string[][]> {
  const r = await setup(b, club, 'GET', `${path}/tables`);
  return (r.body.tables as { number: number; status?: string; seats: { entryId: string | null }[] }[])
    .filter((t) => t.status !== 'broken')
    .sort((x, y) => x.number - y.number)
    .map((t) => t.seats.flatMap((s) => (s.entryId ? [s.entryId] : [])));
}

/**
 * R-SHOOT-1..2: `n` entries at tables of 10, each table played down to its one advancing player in one
 * hand (several busts in one knockout); the measured command is the knockout that decides the last table.
 */
async function shootoutRound(b: Bench, club: Club, players: readonly string[]): Promise<FloorFigures> {
  const t = await tournament(b, club, `Bench shootout ${players.length}`, -60_000, { format: 'shootout', advancePerTable: 1 });
  await playing(b, club, t.path, players, `shootout ${players.length}`);
  const tables = await tablesOf(b, club, t.path);
  const bust = (busted: string[], killer: string, op: FloorOp | 'setup' = 'setup') =>
    b.client.call(op, 'POST', `${t.path}/knockouts`, { token: club.owner, body: { busted, killers: [killer] } });
  for (const [i, [winner, ...rest]] of tables.entries()) {
    const last = i === tables.length - 1;
    // The last table keeps one loser for the measured knockout.
    const now = last ? rest.slice(1) : rest;
    if (now.length > 0) await bust(now, winner as string);
    b.progress.tick(`shootout ${players.length}: tables decided`, i + 1, tables.length);
  }
  const [winner, loser] = tables.at(-1) as [string, string];
  await bust([loser], winner, FLOOR_OPS.shootoutClose);
  const round = (await setup(b, club, 'GET', t.path)).body.shootout?.round;
  if (round !== 2) throw new Error(`the deciding knockout left the shootout in round ${String(round)}, not 2`);
  return figuresOf(b, FLOOR_OPS.shootoutClose, players.length);
}

/** Every survivor's count, about the starting stack each, together exactly the chips in play. */
function countsOf(entries: readonly string[]): { entryId: string; chips: number }[] {
  const counts = entries.map((entryId, i) => ({ entryId, chips: STACK + ((i % 7) - 3) * 1_000 }));
  const sum = counts.reduce((s, c) => s + c.chips, 0);
  (counts[counts.length - 1] as { chips: number }).chips += STACK * entries.length - sum;
  return counts;
}

/**
 * R-FLIGHT-1: two flights of `n` entries (a tenth of the second's players also played the first, an hour
 * earlier), each bagged in one call (the first measured), then the day 2 qualified and drawn (measured).
 */
async function flightsIntoDay2(b: Bench, club: Club, pool: readonly string[], n: number): Promise<FloorFigures[]> {
  const day2 = await tournament(b, club, `Bench day 2 ${n}`, 24 * HOUR);
  const a = await tournament(b, club, `Bench day 1A ${n}`, -60_000);
  const bFlight = await tournament(b, club, `Bench day 1B ${n}`, 2 * HOUR);
  await setup(b, club, 'PUT', `${day2.path}/flights`, { body: { flightIds: [a.id, bFlight.id] } });
  const overlap = Math.floor(n / 10);
  const playersA = pool.slice(0, n);
  const playersB = [...pool.slice(0, overlap), ...pool.slice(n, 2 * n - overlap)];
  const entriesA = await playing(b, club, a.path, playersA, `flight 1A ${n}`);
  const entriesB = await playing(b, club, bFlight.path, playersB, `flight 1B ${n}`);
  await b.client.call(FLOOR_OPS.bag, 'POST', `${a.path}/flight/bag`, { token: club.owner, body: { counts: countsOf(entriesA) } });
  const bagged = figuresOf(b, FLOOR_OPS.bag, n);
  await setup(b, club, 'POST', `${bFlight.path}/flight/bag`, { body: { counts: countsOf(entriesB) } });
  await setup(b, club, 'POST', `${day2.path}/seating/commitment`);
  const field = await b.client.call(FLOOR_OPS.qualify, 'POST', `${day2.path}/day2/qualify`, { token: club.owner });
  const qualifiers = (field.body.qualifiers as unknown[]).length;
  if (qualifiers !== 2 * n - overlap) throw new Error(`the day 2 took ${qualifiers} players, not ${2 * n - overlap}`);
  return [bagged, figuresOf(b, FLOOR_OPS.qualify, qualifiers)];
}

/** One run per size: its own club and players, the meter cleared before each. */
export async function floorScenario(b: Bench, sizes: readonly number[]): Promise<FloorRun[]> {
  const out: FloorRun[] = [];
  for (const n of sizes) {
    b.meter.clear();
    const prefix = `floor-${n}-${Date.now().toString(36)}`;
    const club = await setupClub(b, prefix, 1);
    const pool = await setupPlayers(b, prefix, 3 * n);
    process.stderr.write(`floor: a shootout of ${n}, two flights of ${n} into a day 2\n`);
    const shootout = await shootoutRound(b, club, pool.slice(2 * n));
    const flights = await flightsIntoDay2(b, club, pool, n);
    out.push({ size: n, figures: [shootout, ...flights] });
  }
  return out;
}

const units = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));

/** The figures of each command at each size, and the growth between the smallest and the largest beside the target. */
export function renderFloor(runs: readonly FloorRun[]): { text: string; allMet: boolean } {
  const rows = runs.flatMap((r) =>
    r.figures.map((f) => [
      f.op,
      String(f.players),
      `${f.handler.roundTrips}: ${f.handler.commands}`,
      `${f.consumer.roundTrips}: ${f.consumer.commands}`,
      units(f.handler.rru + f.consumer.rru),
      units(f.handler.wru + f.consumer.wru),
    ]),
  );
  const targets: string[][] = [];
  let allMet = runs.length >= 2;
  const [small, large] = [runs[0], runs.at(-1)];
  for (const op of Object.values(FLOOR_OPS)) {
    const s = small?.figures.find((f) => f.op === op);
    const l = large?.figures.find((f) => f.op === op);
    if (!s || !l || l.players <= s.players) {
      allMet = false;
      targets.push([`${op}: no per-player round trips`, 'needs two sizes', status(false)]);
      continue;
    }
    for (const side of ['handler', 'consumer'] as const) {
      const slope = (l[side].roundTrips - s[side].roundTrips) / (l.players - s.players);
      const good = slope <= FLOOR_TARGETS.perPlayer;
      allMet &&= good;
      targets.push([
        `${op}, ${side}: at most ${FLOOR_TARGETS.perPlayer} round trips per added player (batches)`,
        `${slope.toFixed(3)} (${s[side].roundTrips} @${s.players} → ${l[side].roundTrips} @${l.players})`,
        status(good),
      ]);
    }
  }
  const text = [
    '## Floor procedures: shootout rounds, bagging, the day 2',
    '',
    "DynamoDB round trips of the command's handler and of the stream consumer's projection of its event, by",
    'command (×count), with the units of both. Players: the entries of the shootout round, the survivors',
    "bagged, the day 2's qualifiers (two flights of the size, a tenth of the players in both).",
    '',
    table(['command', 'players', 'handler', 'consumer', 'RCU', 'WCU'], rows),
    '',
    '### Targets',
    '',
    table(['target', 'figure', 'status'], targets),
  ].join('\n');
  return { text, allMet };
}
