import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, level, makePlayer, tournamentBody, openAndBuyIn } from '../support/tournament-fixtures';
import { connectLive, type Frame, type LiveTestClient } from '../support/live-client';
import { subscribeLive, type LiveEventFrame, type LiveOptions, type LiveState } from '../../client/src/live';
import { MAX_REPLAY_EVENTS } from '../../functions/live/replay';

/*
 * Resuming a topic with `since` over real sockets: what a closed socket missed comes as one catch-up frame
 * per topic before `subscribed`, then live frames only above it; too far behind or ahead, a `refetch`
 * frame (too far behind on a player topic, the player's registration and seat as they are); a malformed `since` is an error frame and the connection stays. Then the typed client's
 * pause/resume: events while paused arrive once, in order, after the resume, and no gap is reported.
 */

type TableV = { number: number; seats: { entryId: string | null; playerId: string | null }[] };

const OWNER = 'resume-owner';
const players = Array.from({ length: 12 }, (_, i) => `resume-p${String(i + 1).padStart(2, '0')}`);

let api: TestApi;
let owner: string;
let clubId: string;
let t: string;
let tournamentId: string;
const tokens = new Map<string, string>();
const sockets: LiveTestClient[] = [];
let seated: { entryId: string; playerId: string }[] = [];

async function open(token?: string): Promise<LiveTestClient> {
  const c = await connectLive(api.url, token);
  sockets.push(c);
  return c;
}

/** The version of the newest command (nothing else writes to the tournament here: its levels are 10 minutes). */
let current = 0;
const versionNow = async (): Promise<number> => current;

async function knockout(): Promise<number> {
  const [victim, killer] = seated.splice(0, 2) as [(typeof seated)[0], (typeof seated)[0]];
  seated.push(killer);
  const r = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [victim.entryId], killers: [killer.entryId] } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (current = r.body.version as number);
}

async function pauseResume(): Promise<number> {
  expect((await api.call('POST', `${t}/clock/pause`, { token: owner })).status).toBe(200);
  const r = await api.call('POST', `${t}/clock/resume`, { token: owner });
  expect(r.status).toBe(200);
  return (current = r.body.version as number);
}

const subscribedFrame = (c: LiveTestClient) => c.next((f) => f.type === 'subscribed', 10_000);

beforeAll(async () => {
  api = await startTestApi();
  let base: string;
  ({ owner, clubId, base } = await clubWithOwner(api, OWNER));
  for (const p of players) tokens.set(p, await makePlayer(api, p));
  const grid = await api.call('POST', `${base}/blind-structures`, {
    token: owner,
    body: { name: 'Resume grid', anteType: 'classic', levels: [level(100, 200, 600), level(200, 400, 600)] },
  });
  expect(grid.status, JSON.stringify(grid.body)).toBe(201);
  const created = await api.call('POST', `${base}/tournaments`, {
    token: owner,
    body: tournamentBody({ seatsPerTable: 6, blindStructureId: grid.body.structureId }, -60_000),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tournamentId = created.body.tournamentId;
  t = `${base}/tournaments/${tournamentId}`;
  await openAndBuyIn(api, owner, t, players);
  expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
  expect((await api.call('POST', `${t}/seating/draw`, { token: owner })).status).toBe(200);
  const clock = await api.call('POST', `${t}/clock/start`, { token: owner });
  expect(clock.status, JSON.stringify(clock.body)).toBe(200);
  current = clock.body.version as number;
  const tables = (await api.call('GET', `${t}/tables`, { token: owner })).body.tables as TableV[];
  seated = tables
    .sort((a, b) => a.number - b.number)
    .flatMap((x) => x.seats.filter((s) => s.entryId).map((s) => ({ entryId: s.entryId as string, playerId: s.playerId as string })));
  await api.streams?.drain();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await api?.close();
});

describe('resuming live topics from a version', () => {
  it('a staff topic resumed from a version gets one catch-up frame of what it missed, then only newer frames', async () => {
    const since = await versionNow();
    const first = await knockout();
    const second = await knockout();
    await api.streams?.drain();

    const floor = await open(owner);
    floor.send({ action: 'subscribe', topics: [{ kind: 'staff', clubId, tournamentId, since }] });
    const answer = await subscribedFrame(floor);
    expect(answer.topics).toEqual([{ kind: 'staff', clubId, tournamentId }]);
    expect(answer.resumed).toEqual([{ topic: { kind: 'staff', clubId, tournamentId }, version: second, outcome: 'replayed' }]);
    const before = floor.frames.slice(0, floor.frames.indexOf(answer));
    expect(before).toHaveLength(1);
    const catchUp = before[0] as Frame;
    expect(catchUp).toMatchObject({ type: 'event', version: second, since, topic: { kind: 'staff', clubId, tournamentId } });
    expect(first).toBeLessThan(second);
    const types = (catchUp.data.events as { type: string }[]).map((e) => e.type);
    expect(types.filter((x) => x === 'entry.busted')).toHaveLength(2);
    expect(catchUp.data.tables).toEqual(expect.any(Array));

    // The next event comes live, above the catch-up; nothing at or below it comes again.
    const third = await knockout();
    await floor.next((f) => f.type === 'event' && f.version === third, 30_000);
    await api.streams?.drain();
    const versions = floor.frames.filter((f) => f.type === 'event').map((f) => f.version);
    expect(versions).toEqual([second, third]);
  }, 60_000);

  it('a topic already current is answered `current`; one resumed from ahead of the log or too far behind gets `refetch`, a player topic its standing', async () => {
    const now = await versionNow();
    await api.streams?.drain();
    const c = await open();
    c.send({ action: 'subscribe', topics: [{ kind: 'tournament', clubId, tournamentId, since: now }] });
    expect((await subscribedFrame(c)).resumed).toEqual([
      { topic: { kind: 'tournament', clubId, tournamentId }, version: now, outcome: 'current' },
    ]);
    expect(c.frames.map((f) => f.type)).toEqual(['subscribed']);

    const ahead = await open(owner);
    ahead.send({ action: 'subscribe', topics: [{ kind: 'staff', clubId, tournamentId, since: now + 1000 }] });
    await subscribedFrame(ahead);
    expect(ahead.frames.map((f) => [f.type, f.reason])).toEqual([
      ['refetch', 'SINCE_AHEAD'],
      ['subscribed', undefined],
    ]);
    expect(ahead.frames[0]).toMatchObject({ topic: { kind: 'staff', clubId, tournamentId }, version: now });

    let latest = now;
    while (latest - now <= MAX_REPLAY_EVENTS) latest = await pauseResume();
    await api.streams?.drain();
    const behind = await open(owner);
    behind.send({ action: 'subscribe', topics: [{ kind: 'staff', clubId, tournamentId, since: now }] });
    const answer = await subscribedFrame(behind);
    const before = behind.frames.slice(0, behind.frames.indexOf(answer));
    expect(before).toEqual([expect.objectContaining({ type: 'refetch', reason: 'TOO_FAR_BEHIND', version: latest })]);
    expect(answer.resumed).toEqual([{ topic: { kind: 'staff', clubId, tournamentId }, version: latest, outcome: 'refetch' }]);

    // A player topic as far behind: the player's registration and seat as they are now, no REST read.
    const player = seated.at(-1) as (typeof seated)[0];
    const phone = await open(tokens.get(player.playerId));
    const topic = { kind: 'player', playerId: player.playerId } as const;
    phone.send({ action: 'subscribe', topics: [{ ...topic, since: { clubId, tournamentId, version: now } }] });
    const phoneAnswer = await subscribedFrame(phone);
    expect(phone.frames.map((f) => f.type)).toEqual(['event', 'subscribed']);
    const tables = (await api.call('GET', `${t}/tables`, { token: owner })).body.tables as (TableV & { number: number })[];
    const table = tables.find((x) => x.seats.some((s) => s.playerId === player.playerId)) as TableV;
    expect(phone.frames[0]).toMatchObject({
      type: 'event',
      topic,
      version: latest,
      since: now,
      data: {
        registration: { entryId: player.entryId, eliminated: false },
        seat: { tableNumber: table.number, seat: table.seats.findIndex((s) => s.playerId === player.playerId) + 1 },
        moves: [],
        events: [],
      },
    });
    expect(phoneAnswer.resumed).toEqual([{ topic, version: latest, outcome: 'replayed' }]);
  }, 120_000);

  it('a malformed since is an error frame naming the field, and the connection stays', async () => {
    const c = await open();
    for (const since of [-1, 1.5, 'x', 1e15])
      c.send({ action: 'subscribe', topics: [{ kind: 'tournament', clubId, tournamentId, since }] });
    c.send({ action: 'subscribe', topics: [{ kind: 'player', playerId: 'p', since: 3 }] });
    await c.next((f) => f.type === 'error' && c.frames.length === 5);
    for (const f of c.frames) {
      expect(f).toMatchObject({ type: 'error', code: 'MESSAGE_INVALID' });
      expect((f.errors as { field: string }[]).map((e) => e.field)).toContain('topics.0.since');
    }
    c.send({ action: 'subscribe', topics: [{ kind: 'tournament', clubId, tournamentId }] });
    await subscribedFrame(c);
  });

  it("a player topic resumes from a tournament's version: the busted player hears of the knockout, a bystander only of the version", async () => {
    const since = await versionNow();
    const victim = seated[0] as (typeof seated)[0];
    const bystander = seated.at(-1) as (typeof seated)[0];
    const version = await knockout();
    await api.streams?.drain();
    const resumeFrom = { clubId, tournamentId, version: since };

    const mine = await open(tokens.get(victim.playerId));
    mine.send({ action: 'subscribe', topics: [{ kind: 'player', playerId: victim.playerId, since: resumeFrom }] });
    await subscribedFrame(mine);
    const catchUp = mine.frames[0] as Frame;
    expect(catchUp).toMatchObject({ type: 'event', version, since, topic: { kind: 'player', playerId: victim.playerId } });
    expect(catchUp.data.events).toContain('entry.busted');
    expect(catchUp.data.registration).toMatchObject({ eliminated: true });

    const other = await open(tokens.get(bystander.playerId));
    other.send({ action: 'subscribe', topics: [{ kind: 'player', playerId: bystander.playerId, since: resumeFrom }] });
    const answer = await subscribedFrame(other);
    expect(other.frames.map((f) => f.type)).toEqual(['subscribed']);
    expect(answer.resumed).toEqual([{ topic: { kind: 'player', playerId: bystander.playerId }, version, outcome: 'replayed' }]);
  }, 60_000);

  it("the typed client's pause() closes the socket; resume() delivers what was missed once, in order, without a gap", async () => {
    const url = `${api.url.replace('http', 'ws')}/v1/live`;
    const got: LiveEventFrame[] = [];
    const gaps: unknown[] = [];
    const states: LiveState[] = [];
    let hidden = false;
    let onChange = () => undefined as void;
    const sub = subscribeLive({
      url,
      topics: [{ kind: 'staff', clubId, tournamentId }],
      token: () => owner,
      WebSocket: WebSocket as unknown as LiveOptions['WebSocket'],
      onEvent: (f) => got.push(f),
      onGap: (topic) => gaps.push(topic),
      onState: (s) => states.push(s),
      visibility: { hidden: () => hidden, subscribe: (f) => ((onChange = f), () => undefined) },
    });
    await expect.poll(() => sub.state, { timeout: 5_000, interval: 50 }).toBe('open');
    const seen = await pauseResume();
    await expect.poll(() => got.map((f) => f.version), { timeout: 10_000, interval: 50 }).toContain(seen);

    // The app goes to the background: the socket closes, events go on.
    hidden = true;
    onChange();
    expect(sub.state).toBe('paused');
    const missed = [await knockout(), await pauseResume()];
    await api.streams?.drain();
    expect(got.at(-1)?.version).toBe(seen);

    hidden = false;
    onChange();
    const latest = missed.at(-1) as number;
    await expect.poll(() => got.at(-1)?.version, { timeout: 10_000, interval: 50 }).toBe(latest);
    expect(got.at(-1)?.since).toBe(seen);
    const after = await pauseResume();
    await expect.poll(() => got.at(-1)?.version, { timeout: 10_000, interval: 50 }).toBe(after);
    const versions = got.map((f) => f.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    expect(gaps).toEqual([]);
    sub.close();
    expect(states).toEqual(['connecting', 'open', 'paused', 'connecting', 'open', 'closed']);
  }, 60_000);
});
