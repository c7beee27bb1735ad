import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import { config, resetConfig } from '../../functions/runtime/config';
import { entities } from '../../functions/store/entities';
import { dynamo, resetDynamo } from '../../functions/store/client';
import { newId } from '../../functions/runtime/ids';
import { createTournamentItem, loadTournament, mutateTournament } from '../../functions/store/tournament-store';
import type { StoredTournament } from '../../functions/store/tournament-store';
import { useScheduler } from '../../functions/adapters/scheduler';
import type { ScheduledJob, SchedulerPort } from '../../functions/adapters/scheduler';
import { LocalScheduler } from '../../functions/adapters/scheduler/local';
import { startLocalPoller } from '../../scripts/local/adapters/scheduler-poller';
import { readFeed } from '../../functions/adapters/notifications/feed';
import { sharedOf, tournamentFeedKey } from '../../functions/adapters/notifications/tournament-feed';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startStreamPoller } from '../support/stream-poller';
import type { LocalStreamPoller } from '../../scripts/local/adapters/stream-poller';
import { runJob } from '../../functions/jobs/run-job';
import type { JobDeps } from '../../functions/jobs/context';
import { levelEndJobName, noShowJobName, syncTournamentJobs } from '../../functions/app/jobs/schedules';
import { handler as jobsLambda } from '../../functions/jobs/handler';
import { lambdaContext } from '../../scripts/local/http-adapter';
import {
  checkIn,
  createTournament,
  openRegistration,
  register,
  startTournament,
  changeStatus,
  tournamentWindow,
} from '../../domain/tournaments';
import { addToSchedules } from '../../functions/store/player-schedule';
import type { NoShowPolicy, TournamentResult } from '../../domain/tournaments';
import { initialTimer, pause, start } from '../../domain/clock';
import type { BlindStructure } from '../../domain/clock';
import type { Context } from '../../domain/core/context';
import { seededRandom } from '../../domain/core/random';

/**
 * The jobs handler on DynamoDB Local, with time injected: level ends (R-CLK-5) and no-show runs
 * (R-NOSHOW-1/-2) under at-least-once, early and late delivery.
 */

const MIN = 60_000;
/** In the past, so that the Lambda entry (which reads the real time) finds every level over. */
const T0 = Date.UTC(2025, 10, 29, 18, 0, 0);

/** 1 min levels; a break third; the last level long. */
const STRUCTURE: BlindStructure = {
  id: 'bs_test',
  name: 'Jobs grid',
  anteType: 'classic',
  levels: [
    { smallBlind: 100, bigBlind: 200, ante: 0, durationSec: 60, isBreak: false },
    { smallBlind: 200, bigBlind: 400, ante: 50, durationSec: 60, isBreak: false },
    { smallBlind: 0, bigBlind: 0, ante: 0, durationSec: 60, isBreak: true },
    { smallBlind: 300, bigBlind: 600, ante: 75, durationSec: 3600, isBreak: false },
  ],
};

/** Jobs made (replaced or created) and cancelled, in order. */
class RecordingScheduler implements SchedulerPort {
  scheduled: ScheduledJob[] = [];
  cancelled: string[] = [];
  async schedule(job: ScheduledJob) {
    this.scheduled.push(job);
  }
  async create(job: ScheduledJob) {
    this.scheduled.push(job);
  }
  async cancel(name: string) {
    this.cancelled.push(name);
  }
}

let recorder: RecordingScheduler;
let streams: LocalStreamPoller;
let now = T0;
const deps = (over: Partial<JobDeps> = {}): JobDeps => ({
  now: () => now,
  sleep: async (ms) => {
    now += ms;
  },
  maxEarlyWaitMs: 65_000,
  ...over,
});

const ctxAt = (at: number): Context => ({
  now: at,
  actor: { id: 'floor', role: 'manager' },
  rng: seededRandom(7),
  newId: (p) => newId(p, at),
});

const clubId = 'club_jobs';

type Players = { p1: string; p2: string; p3: string };
let players: Players;

/**
 * A running tournament with players p1 (checked in), p2 (checked in), p3 (registered only) and a clock
 * started at T0. Player ids are new for each tournament, so that every feed starts empty.
 */
async function runningTournament(
  opts: { noShowPolicy?: NoShowPolicy; clock?: boolean; status?: 'registration_open' | 'running' } = {},
): Promise<StoredTournament> {
  const tag = randomUUID().slice(0, 8);
  players = { p1: `p1-${tag}`, p2: `p2-${tag}`, p3: `p3-${tag}` };
  const at = T0 - 30 * MIN;
  let r: TournamentResult = createTournament(
    {
      clubId,
      clubCurrency: 'RUB',
      settings: {
        name: 'Jobs cup',
        startAt: T0 - 60 * MIN,
        lateRegEndsAt: T0 + 10 * MIN,
        buyIn: 1000,
        startingStack: 10_000,
        noShowPolicy: opts.noShowPolicy ?? 'drop',
      },
    },
    ctxAt(at),
  );
  const ctx = ctxAt(at);
  r = openRegistration(r.state, ctx);
  for (const p of Object.values(players)) r = register(r.state, { playerId: p, otherRegistrations: [] }, ctx);
  for (const reg of Object.values(r.state.registrations).filter((x) => x.playerId !== players.p3)) {
    r = checkIn(r.state, { registrationId: reg.id }, ctx);
  }
  if (opts.status !== 'registration_open') r = startTournament(r.state, ctx);
  let state: StoredTournament = { ...r.state, version: 1 };
  if (opts.clock !== false) state = { ...state, clock: { timer: start(initialTimer(), STRUCTURE, T0).timer, structure: STRUCTURE } };
  await createTournamentItem(state);
  // Each player's schedule holds the registration, as the registering transaction writes it (the feed finds
  // the player's tournaments there).
  const window = tournamentWindow(state.settings);
  await addToSchedules(
    Object.values(state.registrations).map((reg) => ({
      playerId: reg.playerId,
      entry: { clubId, tournamentId: state.id, registrationId: reg.id, startAt: window.startAt, endAt: window.endAt, live: true },
    })),
    at,
  );
  // The stream consumer arms what the new tournament wants (tested below); each test looks at what follows.
  await streams.drain();
  recorder.scheduled = [];
  recorder.cancelled = [];
  return state;
}

const levelEnd = (t: StoredTournament, revision: number, levelIndex: number) => ({
  kind: 'level-end',
  clubId,
  tournamentId: t.id,
  revision,
  levelIndex,
});

async function stored(t: StoredTournament): Promise<StoredTournament> {
  const loaded = await loadTournament(clubId, t.id);
  if (!loaded) throw new Error('gone');
  return loaded.state;
}

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    POWERTOOLS_LOG_LEVEL: 'CRITICAL',
    SCHEDULER: 'local',
  });
  resetConfig();
  resetDynamo();
  streams = await startStreamPoller(tableName);
});
beforeEach(async () => {
  // What the previous test committed is scheduled through its recorder, not this one's.
  await streams.drain();
  now = T0;
  recorder = new RecordingScheduler();
  useScheduler(recorder);
});
afterAll(async () => {
  useScheduler(undefined);
  await streams.stop();
});

/** The players' feed, once the stream consumer has published what the committed events mean. */
async function drainedFeed(...args: Parameters<typeof readFeed>) {
  await streams.drain();
  return readFeed(...args);
}

describe('level-end job (R-CLK-5)', () => {
  it('R-CLK-5: a due level end is persisted, the next one is scheduled, and players are told (R-CLK-4)', async () => {
    const t = await runningTournament();
    now = T0 + 60_000;
    expect(await runJob(levelEnd(t, 1, 0), deps())).toBe('advanced');
    const after = await stored(t);
    expect(after.version).toBe(2);
    expect(after.clock?.timer).toMatchObject({ status: 'running', levelIndex: 1, levelStartedAt: T0 + 60_000, revision: 1 });
    // The stream consumer arms the next level end from the committed event and drops the one that fired.
    await streams.drain();
    expect(recorder.scheduled).toEqual([
      { name: levelEndJobName(t.id, { revision: 1, levelIndex: 1 }), at: T0 + 120_000, payload: levelEnd(t, 1, 1) },
    ]);
    expect(recorder.cancelled).toEqual([levelEndJobName(t.id, { revision: 1, levelIndex: 0 })]);
    // Every registered player (checked in or not) learns the new level.
    for (const p of [players.p1, players.p3]) {
      const feed = await drainedFeed(p, { limit: 10, cursor: null, now });
      expect(feed.items.map((n) => [n.type, n.data.levelIndex, n.data.bigBlind])).toEqual([['level.started', 1, 400]]);
    }
    // Written once for the tournament, not once per player: the players' own partitions hold nothing of it.
    const feedItem = await dynamo().doc.send(new GetCommand({ TableName: config().tableName, Key: tournamentFeedKey(clubId, t.id) }));
    expect(sharedOf(feedItem.Item).map((n) => n.type)).toEqual(['level.started']);
    for (const p of Object.values(players)) expect((await entities().notification.query.primary({ playerId: p }).go()).data).toEqual([]);
  });

  it('R-CLK-5: a duplicated delivery changes nothing', async () => {
    const t = await runningTournament();
    now = T0 + 61_000;
    expect(await runJob(levelEnd(t, 1, 0), deps())).toBe('advanced');
    await streams.drain();
    const once = await loadTournament(clubId, t.id);
    now = T0 + 62_000;
    expect(await runJob(levelEnd(t, 1, 0), deps())).toBe('stale');
    const twice = await loadTournament(clubId, t.id);
    expect(twice?.state.version).toBe(once?.state.version);
    expect(JSON.parse(JSON.stringify(twice?.state))).toEqual(JSON.parse(JSON.stringify(once?.state)));
    expect((await drainedFeed(players.p1, { limit: 10, cursor: null, now })).items).toHaveLength(1);
    // The stale run only makes sure the current level end is armed: it is, so nothing is sent twice.
    expect(recorder.scheduled.map((j) => j.name)).toEqual([levelEndJobName(t.id, { revision: 1, levelIndex: 1 })]);
  });

  it('R-CLK-5: a stale delivery (the clock was paused since) changes nothing and schedules nothing', async () => {
    const t = await runningTournament();
    await mutateTournament(clubId, t.id, (s) => ({
      state: { ...s, clock: { ...s.clock!, timer: pause(s.clock!.timer, s.clock!.structure, T0 + 30_000).timer } },
      events: [],
    }));
    const before = await loadTournament(clubId, t.id);
    now = T0 + 5 * MIN;
    expect(await runJob(levelEnd(t, 1, 0), deps())).toBe('stale');
    const after = await loadTournament(clubId, t.id);
    expect(after?.state.version).toBe(before?.state.version);
    expect(after?.state.clock?.timer).toEqual(before?.state.clock?.timer);
    await streams.drain();
    expect(recorder.scheduled).toEqual([]);
    // The pause dropped the level end it had pending.
    expect(recorder.cancelled).toEqual([levelEndJobName(t.id, { revision: 1, levelIndex: 0 })]);
  });

  it('R-CLK-5: an early delivery (EventBridge fires within the minute) waits for the level end, then applies it', async () => {
    const t = await runningTournament();
    now = T0 + 20_000;
    expect(await runJob(levelEnd(t, 1, 0), deps())).toBe('advanced');
    expect(now).toBeGreaterThanOrEqual(T0 + 60_000);
    expect((await stored(t)).clock?.timer.levelIndex).toBe(1);
  });

  it('R-CLK-5: a delivery far too early changes nothing and schedules itself again for the level end', async () => {
    const t = await runningTournament();
    now = T0 + 20_000;
    expect(await runJob(levelEnd(t, 1, 0), deps({ maxEarlyWaitMs: 5_000 }))).toBe('not_due');
    expect((await stored(t)).version).toBe(1);
    expect(recorder.scheduled).toEqual([
      { name: levelEndJobName(t.id, { revision: 1, levelIndex: 0 }), at: T0 + 60_000, payload: levelEnd(t, 1, 0) },
    ]);
  });

  it('R-CLK-5, R-CLK-4: a late delivery catches up every level end at its exact time, through the break', async () => {
    const t = await runningTournament();
    now = T0 + 3 * MIN + 5_000;
    expect(await runJob(levelEnd(t, 1, 0), deps())).toBe('advanced');
    expect((await stored(t)).clock?.timer).toMatchObject({ levelIndex: 3, levelStartedAt: T0 + 3 * MIN });
    const feed = await drainedFeed(players.p2, { limit: 20, cursor: null, now });
    const seen = feed.items.map((n) => [n.type, Date.parse(n.at) - T0]).reverse();
    expect(seen).toEqual([
      ['level.started', 60_000],
      ['break.started', 120_000],
      ['break.ended', 180_000],
      ['level.started', 180_000],
    ]);
    expect(recorder.scheduled.at(-1)).toMatchObject({
      name: levelEndJobName(t.id, { revision: 1, levelIndex: 3 }),
      at: T0 + 3 * MIN + 3_600_000,
    });
  });

  it('a job of a tournament that is not running or gone is dropped; a payload that is no job is refused', async () => {
    const t = await runningTournament();
    await mutateTournament(clubId, t.id, (s) => {
      const r = changeStatus(s, { to: 'cancelled' }, ctxAt(T0));
      return { state: { ...s, ...r.state }, events: r.events };
    });
    now = T0 + 2 * MIN;
    expect(await runJob(levelEnd(t, 1, 0), deps())).toBe('stale');
    await streams.drain();
    expect(recorder.scheduled).toEqual([]);
    expect(await runJob({ ...levelEnd(t, 1, 0), tournamentId: 'trn_nope' }, deps())).toBe('gone');
    expect(await runJob({ kind: 'level-end', clubId }, deps())).toBe('invalid');
  });

  it('the Lambda entry runs the job from the schedule input', async () => {
    const t = await runningTournament();
    // Real time here: the level has long ended.
    const res = await jobsLambda(levelEnd(t, 1, 0), lambdaContext('jobs', 'job-1'));
    expect(res).toEqual({ outcome: 'advanced' });
    expect((await stored(t)).clock?.timer.status).toBe('finished');
  });
});

describe('no-show job (R-NOSHOW-1, R-NOSHOW-2)', () => {
  const noShows = (t: StoredTournament) => ({ kind: 'no-shows', clubId, tournamentId: t.id });

  it('R-NOSHOW-1: at the end of late registration registrations never checked in are cancelled, once', async () => {
    const t = await runningTournament({ clock: false });
    now = T0 + 10 * MIN;
    expect(await runJob(noShows(t), deps())).toBe('processed');
    const after = await stored(t);
    const byPlayer = Object.fromEntries(Object.values(after.registrations).map((r) => [r.playerId, r]));
    expect(byPlayer[players.p3]).toMatchObject({ status: 'cancelled', cancelReason: 'no_show' });
    expect([byPlayer[players.p1]?.status, byPlayer[players.p2]?.status]).toEqual(['checked_in', 'checked_in']);
    expect((await drainedFeed(players.p3, { limit: 5, cursor: null, now })).items.map((n) => n.type)).toEqual(['registration.no_show']);
    // At least once: the second delivery finds nothing to do and writes nothing.
    const version = after.version;
    expect(await runJob(noShows(t), deps())).toBe('nothing_to_do');
    expect((await stored(t)).version).toBe(version);
  });

  it('R-NOSHOW-1: seats are held until late registration ends: an early delivery changes nothing and comes back at the deadline', async () => {
    const t = await runningTournament({ clock: false });
    now = T0;
    expect(await runJob(noShows(t), deps())).toBe('not_due');
    expect((await stored(t)).version).toBe(1);
    expect(recorder.scheduled).toEqual([{ name: noShowJobName(t.id), at: T0 + 10 * MIN, payload: noShows(t) }]);
  });

  it('R-NOSHOW-1: before the start nothing happens (starting schedules the run again)', async () => {
    const t = await runningTournament({ clock: false, status: 'registration_open' });
    now = T0 + 11 * MIN;
    expect(await runJob(noShows(t), deps())).toBe('not_running');
    expect((await stored(t)).version).toBe(1);
  });

  it('R-NOSHOW-2: under absent_mode the no-show plays a dead stack from the start; the job finds nothing left', async () => {
    const t = await runningTournament({ clock: false, noShowPolicy: 'absent_mode' });
    now = T0 + 10 * MIN;
    expect(await runJob(noShows(t), deps())).toBe('nothing_to_do');
    const after = await stored(t);
    const p3 = Object.values(after.registrations).find((r) => r.playerId === players.p3);
    expect(p3?.status).toBe('absent');
    expect(after.entries[p3?.entryId ?? '']).toMatchObject({ playerId: players.p3, status: 'active', deadStack: true, chips: 10_000 });
    expect(await runJob(noShows(t), deps())).toBe('nothing_to_do');
  });

  it('syncTournamentJobs: the no-show run while registration is open or running; nothing once over, nor a level end', async () => {
    const t = await runningTournament();
    await syncTournamentJobs({ before: undefined, after: { ...t, status: 'registration_open' }, at: T0 });
    expect(recorder.scheduled).toEqual([{ name: noShowJobName(t.id), at: T0 + 10 * MIN, payload: noShows(t) }]);
    await syncTournamentJobs({ before: t, after: { ...t, status: 'cancelled' }, at: T0 });
    expect(recorder.cancelled).toEqual([levelEndJobName(t.id, { revision: 1, levelIndex: 0 }), noShowJobName(t.id)]);
  });

  it('a new tournament gets what it wants from the stream: its level end and its no-show run', async () => {
    const t = await runningTournament();
    // The fixture drained and forgot what its creation armed: replay that event's effects on a fresh tournament instead.
    const fresh = { ...t, id: `${t.id}-again` };
    await syncTournamentJobs({ before: undefined, after: fresh, at: T0 });
    expect(recorder.scheduled).toEqual([
      {
        name: levelEndJobName(fresh.id, { revision: 1, levelIndex: 0 }),
        at: T0 + MIN,
        payload: { ...levelEnd(t, 1, 0), tournamentId: fresh.id },
      },
      { name: noShowJobName(fresh.id), at: T0 + 10 * MIN, payload: { ...noShows(t), tournamentId: fresh.id } },
    ]);
    // The same event again: the level end is armed already, the no-show run is the same job.
    recorder.scheduled = [];
    await syncTournamentJobs({ before: undefined, after: fresh, at: T0 });
    expect(recorder.scheduled.map((j) => j.name)).toEqual([noShowJobName(fresh.id)]);
  });
});

describe('the local scheduler and its poller', () => {
  it('R-CLK-5: fires due jobs once, after replacing and cancelling by name', async () => {
    const local = new LocalScheduler();
    const ran: Record<string, unknown>[] = [];
    let clock = T0;
    const a = { name: `a-${randomUUID()}`, at: T0 + 1_000, payload: { n: 1 } };
    await local.schedule(a);
    await local.schedule({ ...a, at: T0 + 2_000, payload: { n: 2 } }); // replaces a
    const b = { name: `b-${randomUUID()}`, at: T0 + 1_500, payload: { n: 3 } };
    await local.schedule(b);
    await local.cancel(b.name);
    await local.cancel('never-scheduled');
    // Two pollers on one table: each due job is claimed by exactly one of them.
    const p1 = startLocalPoller({ run: async (p) => void ran.push(p), now: () => clock, intervalMs: 60_000 });
    const p2 = startLocalPoller({ run: async (p) => void ran.push(p), now: () => clock, intervalMs: 60_000 });
    try {
      clock = T0 + 1_999;
      expect(await p1.pollOnce()).toBe(0);
      clock = T0 + 2_000;
      const [x, y] = await Promise.all([p1.pollOnce(), p2.pollOnce()]);
      expect(x + y).toBe(1);
      expect(ran).toEqual([{ n: 2 }]);
      const left = await entities().schedule.query.primary({}).go({ pages: 'all' });
      expect(left.data.filter((s) => s.name === a.name || s.name === b.name)).toEqual([]);
      expect((await entities().scheduleName.get({ name: a.name }).go({ consistent: true })).data).toBeNull();
    } finally {
      await p1.stop();
      await p2.stop();
    }
  });

  it('a failed run is retried a few times, like the retry policy in AWS', async () => {
    const local = new LocalScheduler();
    let clock = T0;
    let calls = 0;
    const job = { name: `f-${randomUUID()}`, at: T0, payload: { n: 1 } };
    await local.schedule(job);
    const poller = startLocalPoller({
      run: async () => {
        calls++;
        throw new Error('boom');
      },
      now: () => clock,
      intervalMs: 60_000,
    });
    try {
      for (let i = 0; i < 5; i++) {
        await poller.pollOnce();
        clock += 1_000;
      }
      expect(calls).toBe(3);
    } finally {
      await poller.stop();
    }
  });
});
