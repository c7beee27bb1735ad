import { putItems } from '../../../functions/store/tournament-log';
import { emptySchedule } from '../../../functions/store/player-schedule';
import { seededRandom, type Random } from '../../../domain/core/random';
import { createClub } from '../../../domain/clubs/club';
import { entities } from '../../../functions/store/entities';
import { clubCatalogKey } from '../../../functions/store/club-catalog';
import type { CapacityMeter } from './capacity-meter';
import type { BenchClient, CallOptions } from './client';
import type { RecordingScheduler } from './scheduler';
import { OP, type OpName } from './ops';

/*
 * The tournament the cost benchmark plays, through the real routes, one request at a time, as the desk,
 * the floor, the scheduler and the players' app would send them.
 */

export interface Bench {
  client: BenchClient;
  meter: CapacityMeter;
  scheduler: RecordingScheduler;
  mint: (sub: string) => Promise<string>;
  progress: Progress;
}

/** One line every few seconds on stderr, so a long phase shows it is alive. */
export class Progress {
  private last = 0;
  private readonly started = Date.now();
  constructor(private readonly everyMs = 5_000) {}
  tick(phase: string, done: number, total: number, force = false): void {
    const now = Date.now();
    if (!force && now - this.last < this.everyMs) return;
    this.last = now;
    const s = ((now - this.started) / 1000).toFixed(0);
    process.stderr.write(`  [${s}s] ${phase}: ${done}/${total}\n`);
  }
}

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const METHODS = ['cash', 'card', 'transfer', 'other'] as const;
const level = (smallBlind: number, bigBlind: number) => ({ smallBlind, bigBlind, ante: 0, durationSec: 1_200, isBreak: false });
const breakLevel = () => ({ smallBlind: 0, bigBlind: 0, ante: 0, durationSec: 900, isBreak: true });
/** Twenty-minute levels, a break after the fourth level (add-ons, R-ADDON-2) and after the ninth. */
const GRID = [
  level(100, 200),
  level(200, 400),
  level(300, 600),
  level(400, 800),
  breakLevel(),
  level(500, 1_000),
  level(600, 1_200),
  level(800, 1_600),
  level(1_000, 2_000),
  level(1_200, 2_400),
  breakLevel(),
  level(1_500, 3_000),
  level(2_000, 4_000),
  level(2_500, 5_000),
  level(3_000, 6_000),
  level(4_000, 8_000),
  level(5_000, 10_000),
  level(6_000, 12_000),
  level(8_000, 16_000),
];
/** Level changes before the first break: re-entries and rebuys happen before it, add-ons on it. */
const CHANGES_TO_BREAK = 4;

export interface Club {
  clubId: string;
  base: string;
  owner: string;
  /** One staff token per desk (managers). */
  desks: string[];
}

/** The club, its owner and desk managers, written to the table directly: set-up, not measured. */
export async function setupClub(b: Bench, prefix: string, deskCount: number): Promise<Club> {
  const clubId = `club_${prefix}`;
  const ownerId = `${prefix}-owner`;
  const deskIds = Array.from({ length: deskCount }, (_, i) => `${prefix}-desk-${i + 1}`);
  await b.meter.run('setup', 'request', async () => {
    const now = Date.now();
    const club = createClub(
      {
        name: `Bench Club ${prefix}`,
        city: 'Kazan',
        address: 'Baumana st., 10',
        legalForm: 'ul',
        inn: '7736207543',
        ogrn: '1027700229193',
        kpp: '770401001',
        contacts: { email: 'desk@bench.example', phone: '+7 843 000-00-00' },
        currency: 'RUB',
      },
      { now, actor: { id: ownerId, role: 'owner' }, rng: seededRandom(1), newId: () => clubId },
    );
    const { club: clubs, member } = entities();
    await clubs.create({ ...club, catalogKey: clubCatalogKey(club) }).go();
    const at = club.createdAt;
    await member.put({ clubId, userId: ownerId, role: 'owner', displayName: 'Owner', addedBy: ownerId, addedAt: at }).go();
    for (const userId of deskIds) {
      await member.put({ clubId, userId, role: 'manager', displayName: userId, addedBy: ownerId, addedAt: at }).go();
    }
  });
  return { clubId, base: `/v1/clubs/${clubId}`, owner: await b.mint(ownerId), desks: await Promise.all(deskIds.map((d) => b.mint(d))) };
}

/** Player profiles, batch-written to the table: set-up, not measured. */
export async function setupPlayers(b: Bench, prefix: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}-p${String(i + 1).padStart(5, '0')}`);
  const at = new Date().toISOString();
  await b.meter.run('setup', 'request', async () => {
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500).map((userId) => ({
        userId,
        displayName: userId,
        dateOfBirth: '1990-05-17',
        city: 'Kazan',
        consentAt: at,
        suspended: false,
        createdAt: at,
        updatedAt: at,
      }));
      const player = entities().player;
      await putItems(batch.map((p) => player.put(p).params<{ Item: Record<string, unknown> }>().Item));
      // Sign-up writes each new player's empty R-REG-1 schedule beside the profile (functions/http/players.ts).
      await putItems(batch.map((p) => (emptySchedule(p.userId).Put as { Item: Record<string, unknown> }).Item));
    }
  });
  return ids;
}

export interface TournamentPlan {
  /** Players in the field (each buys in once). */
  players: number;
  /** Re-entries, rebuys and add-ons over the evening. */
  reentries: number;
  rebuys: number;
  addons: number;
  /** Scheduled level changes. */
  levelChanges: number;
  /** Buy-ins through register + check-in (the desk), or late registration's one request (the big run). */
  fill: 'desk' | 'late';
  /** Stop (unfinished) past this instant, ms since the epoch. */
  deadline?: number;
  seed?: number;
  /** R-SER-1: the series the tournament is created in (the season scenario's league counts it). */
  seriesId?: string;
}

export interface PlayOutcome {
  finished: boolean;
  tournamentId: string;
  entries: number;
  knockouts: number;
  note?: string;
}

/** The tournament's state as the desk and the floor track it from the answers they get. */
class Floor {
  /** Entries in play -> player. */
  readonly active = new Map<string, string>();
  /** Player -> current entry. */
  readonly entryOf = new Map<string, string>();
  readonly addonTaken = new Set<string>();
  finalTableAssembled = false;
  knockouts = 0;
  entries = 0;
  private sinceTablesCheck = 0;

  constructor(
    private readonly b: Bench,
    private readonly t: string,
    private readonly token: string,
    private readonly seatsPerTable: number,
  ) {}

  call(op: OpName, method: string, path: string, opts: CallOptions = {}) {
    return this.b.client.call(op, method, path, { token: this.token, ...opts });
  }

  seat(playerId: string, entryId: string) {
    this.active.set(entryId, playerId);
    this.entryOf.set(playerId, entryId);
    this.entries++;
  }

  /** Busts `victim` by a random other entry; the floor breaks a table when the seating asks for it. */
  async knockout(victim: string, rng: Random): Promise<void> {
    const others = [...this.active.keys()].filter((e) => e !== victim);
    const killer = others[rng.int(others.length)] as string;
    const r = await this.call(OP.knockout, 'POST', `${this.t}/knockouts`, { body: { busted: [victim], killers: [killer] } });
    this.active.delete(victim);
    this.knockouts++;
    const flags = r.body.flags as { finalTableReady: boolean } | null;
    if (flags?.finalTableReady && !this.finalTableAssembled) {
      await this.call(OP.finalTable, 'POST', `${this.t}/final-table`);
      this.finalTableAssembled = true;
      return;
    }
    // The floor looks at the tables once a table's worth of players is out, and breaks the one named.
    if (++this.sinceTablesCheck >= this.seatsPerTable && !this.finalTableAssembled) {
      this.sinceTablesCheck = 0;
      const tables = await this.call(OP.tables, 'GET', `${this.t}/tables`);
      const toBreak = tables.body.flags?.tableToBreak as string | null | undefined;
      if (toBreak) await this.call(OP.tableBreak, 'POST', `${this.t}/tables/${toBreak}/break`);
    }
  }

  randomActive(rng: Random, except?: (entryId: string) => boolean): string | undefined {
    const list = [...this.active.keys()].filter((e) => !except?.(e));
    return list.length ? list[rng.int(list.length)] : undefined;
  }
}

/** Structure, tournament, open registration; measured under their own names, or all as `label` (set-up). */
export async function createTournament(b: Bench, club: Club, token: string, name: string, label?: 'setup', seriesId?: string) {
  const call = (op: OpName, method: string, path: string, opts: CallOptions = {}) =>
    b.client.call(label ?? op, method, path, { token, ...opts });
  const grid = await call(OP.createStructure, 'POST', `${club.base}/blind-structures`, {
    body: { name: 'Bench grid', anteType: 'none', levels: GRID },
  });
  const now = Date.now();
  const created = await call(OP.createTournament, 'POST', `${club.base}/tournaments`, {
    body: {
      name,
      formatLabel: 'reentry',
      startAt: iso(now - 60_000),
      lateRegEndsAt: iso(now + 6 * HOUR),
      reentryEndsAt: iso(now + 6 * HOUR),
      expectedDurationMinutes: 8 * 60,
      buyIn: 150_000,
      reentry: 100_000,
      rebuy: 100_000,
      addon: 50_000,
      addonChips: 15_000,
      addonAtBreak: 1,
      startingStack: 20_000,
      seatsPerTable: 9,
      blindStructureId: grid.body.structureId,
      prizes: [
        { place: 1, description: 'Кубок' },
        { place: 2, description: 'Медаль' },
        { place: 3, description: 'Футболка клуба' },
      ],
      ...(seriesId !== undefined ? { seriesId } : {}),
    },
  });
  const tournamentId = created.body.tournamentId as string;
  const t = `${club.base}/tournaments/${tournamentId}`;
  await call(OP.openRegistration, 'POST', `${t}/open-registration`);
  return { tournamentId, t };
}

/** Spreads `total` items over `parts` slots as evenly as whole numbers allow. */
const spread = (total: number, parts: number) =>
  Array.from({ length: parts }, (_, i) => Math.floor(((i + 1) * total) / parts) - Math.floor((i * total) / parts));

/**
 * A whole tournament: registrations and check-ins at the desk, the start, the draw, the clock, level
 * changes fired as the scheduler fires them, re-entries, rebuys and add-ons, knockouts to one player with
 * the floor breaking tables and assembling the final table, fee settlements as players leave, the finish
 * and the results; with the reads the floor, the public clock screen and the players' app make meanwhile.
 */
export async function playTournament(b: Bench, club: Club, players: readonly string[], plan: TournamentPlan): Promise<PlayOutcome> {
  const rng = seededRandom(plan.seed ?? 42);
  const token = club.desks[0] ?? club.owner;
  const { tournamentId, t } = await createTournament(b, club, token, `Bench ${plan.players}`, undefined, plan.seriesId);
  const floor = new Floor(b, t, token, 9);
  const call = (op: OpName, method: string, path: string, opts: CallOptions = {}) => floor.call(op, method, path, opts);
  const playerTokens = new Map<string, string>();
  const asPlayer = async (op: OpName, path: string) => {
    const p = players[rng.int(players.length)] as string;
    if (!playerTokens.has(p)) playerTokens.set(p, await b.mint(p));
    return b.client.call(op, 'GET', path, { token: playerTokens.get(p) as string });
  };
  const late = () => plan.deadline !== undefined && Date.now() > plan.deadline;
  const stop = (note: string): PlayOutcome => ({ finished: false, tournamentId, entries: floor.entries, knockouts: floor.knockouts, note });

  // Buy-ins.
  const listEvery = Math.max(1, Math.floor(players.length / 3));
  const myRegEvery = Math.max(1, Math.floor(players.length / 15));
  if (plan.fill === 'desk') {
    const regs: string[] = [];
    for (const [i, playerId] of players.entries()) {
      const r = await call(OP.register, 'POST', `${t}/registrations`, { body: { playerId } });
      regs.push(r.body.item.registrationId as string);
      if ((i + 1) % listEvery === 0) await call(OP.listRegistrations, 'GET', `${t}/registrations`);
      if ((i + 1) % myRegEvery === 0) await asPlayer(OP.myRegistrations, '/v1/me/registrations');
      b.progress.tick(`registrations (${plan.players})`, i + 1, players.length);
      if (late()) return stop('time limit during registrations');
    }
    for (const [i, registrationId] of regs.entries()) {
      const r = await call(OP.checkIn, 'POST', `${t}/registrations/${registrationId}/check-in`);
      floor.seat(players[i] as string, r.body.item.entryId as string);
      b.progress.tick(`check-ins (${plan.players})`, i + 1, regs.length);
      if (late()) return stop('time limit during check-ins');
    }
    await call(OP.listRegistrations, 'GET', `${t}/registrations`);
  } else {
    for (const [i, playerId] of players.entries()) {
      const r = await call(OP.lateRegistration, 'POST', `${t}/entries`, { body: { kind: 'late_registration', playerId } });
      floor.seat(playerId, r.body.item.entryId as string);
      b.progress.tick(`late registrations (${plan.players})`, i + 1, players.length);
      if (late()) return stop('time limit during registrations');
    }
  }

  await call(OP.start, 'POST', `${t}/start`);
  await call(OP.draw, 'POST', `${t}/seating/draw`);
  await call(OP.clockStart, 'POST', `${t}/clock/start`);

  // The evening: knockouts spread over the levels; re-entries and rebuys before the first break, add-ons on it.
  const totalKnockouts = plan.players + plan.reentries - 1;
  const segments = plan.levelChanges + 1;
  const perSegment = spread(totalKnockouts, segments);
  const rebuysPerSegment = spread(plan.rebuys, Math.min(CHANGES_TO_BREAK, segments));
  let reentriesLeft = plan.reentries;
  const settled = new Set<string>();

  const periodicReads = async () => {
    await b.client.call(OP.publicClock, 'GET', `${t}/clock`);
    await call(OP.getTournament, 'GET', t);
    await call(OP.tables, 'GET', `${t}/tables`);
    await asPlayer(OP.notifications, '/v1/me/notifications');
    await asPlayer(OP.notifications, '/v1/me/notifications');
    await asPlayer(OP.myRegistrations, '/v1/me/registrations');
  };
  await periodicReads();

  for (let seg = 0; seg < segments; seg++) {
    const beforeBreak = seg < CHANGES_TO_BREAK;
    for (let k = 0; k < (rebuysPerSegment[seg] ?? 0); k++) {
      const entryId = floor.randomActive(rng);
      if (entryId) await call(OP.rebuy, 'POST', `${t}/entries/${entryId}/rebuys`, { body: {} });
    }
    const quota = seg === segments - 1 ? Number.POSITIVE_INFINITY : (perSegment[seg] ?? 0);
    for (let k = 0; k < quota && floor.active.size > 1; k++) {
      const victim = floor.randomActive(rng) as string;
      const playerId = floor.active.get(victim) as string;
      await floor.knockout(victim, rng);
      if (beforeBreak && reentriesLeft > 0) {
        reentriesLeft--;
        const r = await call(OP.reentry, 'POST', `${t}/entries`, { body: { kind: 'reentry', playerId } });
        floor.seat(playerId, r.body.item.entryId as string);
      } else if (!settled.has(playerId)) {
        settled.add(playerId);
        await call(OP.settlement, 'POST', `${t}/settlements`, { body: { playerId, method: METHODS[settled.size % METHODS.length] } });
      }
      b.progress.tick(`knockouts (${plan.players})`, floor.knockouts, totalKnockouts);
      if (late()) return stop('time limit during knockouts');
    }
    if (seg === segments - 1) break;

    // The level ends: the scheduler fires the job the last clock command scheduled.
    b.meter.current = OP.levelEnd;
    b.client.mark(OP.levelEnd);
    const job = b.scheduler.find(tournamentId, 'level-end');
    if (!job) throw new Error(`no level end scheduled after segment ${seg}`);
    const outcome = await b.scheduler.fire(job, OP.levelEnd);
    if (outcome !== 'advanced') throw new Error(`level end: ${outcome}`);
    await b.client.settle(OP.levelEnd);
    await periodicReads();

    if (seg + 1 === CHANGES_TO_BREAK) {
      // On the first break: add-ons, one per player, on the entry each holds.
      let taken = 0;
      for (let tries = 0; taken < plan.addons && tries < plan.addons * 4; tries++) {
        const entryId = floor.randomActive(rng, (e) => floor.addonTaken.has(floor.active.get(e) as string));
        if (!entryId) break;
        floor.addonTaken.add(floor.active.get(entryId) as string);
        await call(OP.addon, 'POST', `${t}/entries/${entryId}/addons`, { body: {} });
        taken++;
      }
      // Late registration closes about here: the scheduler's no-show run (nothing to drop: all checked in).
      const noShows = b.scheduler.find(tournamentId, 'no-shows');
      if (noShows) {
        b.meter.current = OP.noShows;
        b.client.mark(OP.noShows);
        await b.scheduler.fire(noShows, OP.noShows);
        await b.client.settle(OP.noShows);
      }
    }
  }

  // One left: the winner settles, the tournament finishes, the results are read and exported.
  const winner = [...floor.active.values()][0] as string;
  if (!settled.has(winner)) await call(OP.settlement, 'POST', `${t}/settlements`, { body: { playerId: winner, method: 'cash' } });
  await call(OP.finish, 'POST', `${t}/finish`);
  await call(OP.results, 'GET', `${t}/results`);
  await call(OP.resultsCsv, 'GET', `${t}/results?format=csv`);
  for (let i = 0; i < 3; i++) await b.client.call(OP.publicResults, 'GET', `${t}/results`);
  return { finished: true, tournamentId, entries: floor.entries, knockouts: floor.knockouts };
}

export interface SamplePlan {
  players: number;
  /** How many of each operation to measure once the field is full. */
  sample: number;
  deadline?: number;
  seed?: number;
}

/**
 * The same operations on a field of `players` without playing it out: the field is bought in through
 * late registration (set-up, not measured), then each operation is measured on a sample. Enough to see
 * how each operation's cost grows with the field, in bounded time; finish and results need the end.
 */
export async function sampleTournament(b: Bench, club: Club, players: readonly string[], plan: SamplePlan): Promise<PlayOutcome> {
  const rng = seededRandom(plan.seed ?? 7);
  const token = club.desks[0] ?? club.owner;
  b.meter.current = 'setup';
  const { tournamentId, t } = await createTournament(b, club, token, `Bench sample ${plan.players}`);
  const floor = new Floor(b, t, token, 9);
  const call = (op: OpName, method: string, path: string, opts: CallOptions = {}) => floor.call(op, method, path, opts);
  const late = () => plan.deadline !== undefined && Date.now() > plan.deadline;
  const stop = (note: string): PlayOutcome => ({ finished: false, tournamentId, entries: floor.entries, knockouts: floor.knockouts, note });
  const measured = players.slice(players.length - plan.sample);
  const filler = players.slice(0, players.length - plan.sample);

  for (const [i, playerId] of filler.entries()) {
    const r = await b.client.call('setup', 'POST', `${t}/entries`, { token, body: { kind: 'late_registration', playerId } });
    floor.seat(playerId, r.body.item.entryId as string);
    b.progress.tick(`filling the field (${plan.players})`, i + 1, filler.length);
    if (late()) return stop('time limit while filling the field');
  }
  const regs: [string, string][] = [];
  for (const playerId of measured) {
    const r = await call(OP.register, 'POST', `${t}/registrations`, { body: { playerId } });
    regs.push([playerId, r.body.item.registrationId as string]);
  }
  await call(OP.listRegistrations, 'GET', `${t}/registrations`);
  for (const [playerId, registrationId] of regs) {
    const r = await call(OP.checkIn, 'POST', `${t}/registrations/${registrationId}/check-in`);
    floor.seat(playerId, r.body.item.entryId as string);
  }
  const asPlayer = async (op: OpName, path: string) =>
    b.client.call(op, 'GET', path, { token: await b.mint(measured[rng.int(measured.length)] as string) });
  for (let i = 0; i < 3; i++) await asPlayer(OP.myRegistrations, '/v1/me/registrations');

  await call(OP.start, 'POST', `${t}/start`);
  await call(OP.draw, 'POST', `${t}/seating/draw`);
  await call(OP.clockStart, 'POST', `${t}/clock/start`);
  const bust = async (n: number, reenter: boolean) => {
    for (let i = 0; i < n; i++) {
      const victim = floor.randomActive(rng) as string;
      const playerId = floor.active.get(victim) as string;
      await floor.knockout(victim, rng);
      if (reenter) {
        const r = await call(OP.reentry, 'POST', `${t}/entries`, { body: { kind: 'reentry', playerId } });
        floor.seat(playerId, r.body.item.entryId as string);
      } else {
        await call(OP.settlement, 'POST', `${t}/settlements`, { body: { playerId, method: 'cash' } });
      }
      b.progress.tick(`sampled knockouts (${plan.players})`, floor.knockouts, plan.sample * 2);
    }
  };
  const fire = async () => {
    b.meter.current = OP.levelEnd;
    b.client.mark(OP.levelEnd);
    const job = b.scheduler.find(tournamentId, 'level-end');
    if (!job) throw new Error('no level end scheduled');
    await b.scheduler.fire(job, OP.levelEnd);
    await b.client.settle(OP.levelEnd);
    await b.client.call(OP.publicClock, 'GET', `${t}/clock`);
    await call(OP.getTournament, 'GET', t);
    await call(OP.tables, 'GET', `${t}/tables`);
    await asPlayer(OP.notifications, '/v1/me/notifications');
  };
  const perLevel = Math.max(1, Math.ceil(plan.sample / CHANGES_TO_BREAK));
  for (let l = 0; l < CHANGES_TO_BREAK; l++) {
    await bust(perLevel, true);
    for (let i = 0; i < Math.ceil(perLevel / 3); i++)
      await call(OP.rebuy, 'POST', `${t}/entries/${floor.randomActive(rng)}/rebuys`, { body: {} });
    await fire();
    if (late()) return stop('time limit during the sampled play');
  }
  for (let i = 0; i < plan.sample; i++) {
    const entryId = floor.randomActive(rng, (e) => floor.addonTaken.has(floor.active.get(e) as string));
    if (!entryId) break;
    floor.addonTaken.add(floor.active.get(entryId) as string);
    await call(OP.addon, 'POST', `${t}/entries/${entryId}/addons`, { body: {} });
  }
  await bust(plan.sample, false);
  await fire();
  return { finished: false, tournamentId, entries: floor.entries, knockouts: floor.knockouts, note: 'sampled: not played to the end' };
}
