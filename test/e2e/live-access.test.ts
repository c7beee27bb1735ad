import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, level, makePlayer, tournamentBody, openAndBuyIn } from '../support/tournament-fixtures';
import { connectLive, type LiveTestClient } from '../support/live-client';
import { useLiveClock } from '../../functions/live/live-clock';
import { LIVE_ACCESS_TTL_MS } from '../../functions/live/access-cache';
import { MAX_TOPICS } from '../../functions/live/topics';
import { dynamo } from '../../functions/store/client';

/*
 * Who may go on receiving what, over real sockets on the local API: access to staff and player topics is
 * checked on every delivery (a removed member, an erased account, an expired token stop receiving), a
 * hidden tournament's public topic carries nothing and cannot be taken, and a subscription names a
 * tournament that exists. Time is moved with the live modules' clock, never waited for.
 */

const OWNER = 'la-owner';
const DEALER = 'la-dealer';
const players = ['la-p1', 'la-p2', 'la-p3', 'la-p4'];

let api: TestApi;
let owner: string;
let clubId: string;
let base: string;
let t: string;
let tournamentId: string;
let structureId: string;
const tokens = new Map<string, string>();
const entryOf = new Map<string, string>();
const sockets: LiveTestClient[] = [];
let paused = false;
/** How long a frame may take on a busy machine: no timing is asserted, this only bounds a wait. */
const WAIT = 30_000;

interface Watched extends LiveTestClient {
  /** The close, once the server closed the socket (undefined while it is open). */
  readonly closure: { code: number; reason: string } | undefined;
}

async function open(token?: string): Promise<Watched> {
  const c = await connectLive(api.url, token);
  sockets.push(c);
  let closure: { code: number; reason: string } | undefined;
  void c.closed.then((x) => (closure = x));
  return Object.defineProperty(c, 'closure', { get: () => closure }) as Watched;
}

/** The server's close of the socket, or 'still open' after WAIT (so a socket left open fails the test, not its timeout). */
const closeOf = (c: LiveTestClient) =>
  Promise.race([c.closed, new Promise<'still open'>((ok) => setTimeout(() => ok('still open'), WAIT))]);

async function subscribed(c: LiveTestClient, topics: unknown[], wait = WAIT): Promise<void> {
  const before = c.frames.length;
  c.send({ action: 'subscribe', topics });
  const answer = await c.next((f) => c.frames.indexOf(f) >= before && (f.type === 'subscribed' || f.type === 'error'), wait);
  expect(answer.type, JSON.stringify(answer)).toBe('subscribed');
}

/** A clock command (pause or resume, whichever applies): an event every staff topic hears. */
async function clockEvent(): Promise<number> {
  const r = await api.call('POST', `${t}/clock/${paused ? 'resume' : 'pause'}`, { token: owner });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  paused = !paused;
  return r.body.version as number;
}

const eventsAt = (c: LiveTestClient, version: number) => c.frames.filter((f) => f.type === 'event' && f.version === version);

/** The subscription items in the table: what a caller's subscribes cost in storage. */
async function subscriptionItems(): Promise<{ pk: string; sk: string }[]> {
  const out: { pk: string; sk: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().doc.send(
      new ScanCommand({
        TableName: api.tableName,
        FilterExpression: 'kind = :k',
        ExpressionAttributeValues: { ':k': 'liveSubscription' },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    out.push(...((page.Items ?? []) as { pk: string; sk: string }[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

async function newTournament(): Promise<string> {
  const created = await api.call('POST', `${base}/tournaments`, {
    token: owner,
    body: tournamentBody({ blindStructureId: structureId }, -60_000),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.tournamentId as string;
}

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, clubId, base } = await clubWithOwner(api, OWNER));
  tokens.set(DEALER, await api.token(DEALER));
  const added = await api.call('POST', `${base}/members`, { token: owner, body: { userId: DEALER, role: 'dealer' } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  for (const p of players) tokens.set(p, await makePlayer(api, p));
  const grid = await api.call('POST', `${base}/blind-structures`, {
    token: owner,
    body: { name: 'Access grid', anteType: 'classic', levels: [level(100, 200, 3_600)] },
  });
  expect(grid.status, JSON.stringify(grid.body)).toBe(201);
  structureId = grid.body.structureId;
  tournamentId = await newTournament();
  t = `${base}/tournaments/${tournamentId}`;
  for (const [playerId, entryId] of await openAndBuyIn(api, owner, t, players)) entryOf.set(playerId, entryId);
  expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
  expect((await api.call('POST', `${t}/seating/draw`, { token: owner })).status).toBe(200);
  expect((await api.call('POST', `${t}/clock/start`, { token: owner })).status).toBe(200);
  await api.streams?.drain();
}, 180_000);
afterEach(() => useLiveClock(undefined));
afterAll(async () => {
  useLiveClock(undefined);
  for (const s of sockets) s.close();
  await api?.close();
});

describe('access is checked on each delivery', () => {
  it('a member removed from the club stops getting staff frames once the access TTL has passed', async () => {
    const staff = { kind: 'staff', clubId, tournamentId };
    const floor = await open(owner);
    await subscribed(floor, [staff]);
    const dealer = await open(tokens.get(DEALER));
    await subscribed(dealer, [staff]);
    const before = await clockEvent();
    await dealer.next((f) => f.type === 'event' && f.version === before, WAIT);

    const removed = await api.call('DELETE', `${base}/members/${DEALER}`, { token: owner });
    expect(removed.status).toBe(204);
    expect((await api.call('GET', `${t}/tables`, { token: tokens.get(DEALER) })).status).toBe(404);
    useLiveClock(() => Date.now() + LIVE_ACCESS_TTL_MS + 1_000);
    const after = await clockEvent();
    await floor.next((f) => f.type === 'event' && f.version === after, WAIT);
    await api.streams?.drain();

    expect(eventsAt(dealer, after)).toEqual([]);
    await expect.poll(() => dealer.closure, { timeout: WAIT }).toEqual({ code: 4403, reason: expect.stringContaining('CLUB_NOT_FOUND') });
    expect(floor.closure).toBeUndefined();
  });

  it('a token that expired: a subscribe is refused, and an open staff subscription stops with 4401 TOKEN_EXPIRED', async () => {
    const staff = { kind: 'staff', clubId, tournamentId };
    const short = await api.token(OWNER, { expiresInSec: 120 });
    const floor = await open(owner);
    await subscribed(floor, [staff]);
    const tablet = await open(short);
    await subscribed(tablet, [staff]);
    const late = await open(short);
    useLiveClock(() => Date.now() + 121_000);

    late.send({ action: 'subscribe', topics: [staff] });
    expect(await closeOf(late)).toEqual({ code: 4401, reason: expect.stringContaining('TOKEN_EXPIRED') });
    expect(late.frames).toEqual([]);

    const version = await clockEvent();
    await floor.next((f) => f.type === 'event' && f.version === version, WAIT);
    await api.streams?.drain();
    expect(eventsAt(tablet, version)).toEqual([]);
    await expect.poll(() => tablet.closure, { timeout: WAIT }).toEqual({ code: 4401, reason: expect.stringContaining('TOKEN_EXPIRED') });
  });

  it("after DELETE /v1/me the open socket gets no more of the player's registration, entry and seat", async () => {
    const [, , killer, erased] = players as [string, string, string, string];
    const mine = await open(tokens.get(erased));
    await subscribed(mine, [{ kind: 'player', playerId: erased }]);
    const floor = await open(owner);
    await subscribed(floor, [{ kind: 'staff', clubId, tournamentId }]);
    // The floor moves the player to a free seat: their topic hears of it.
    const tables = (await api.call('GET', `${t}/tables`, { token: owner })).body.tables as {
      tableId: string;
      seats: { seat: number; entryId: string | null }[];
    }[];
    const table = tables.find((x) => x.seats.some((seat) => seat.entryId === entryOf.get(erased)));
    const free = table?.seats.find((seat) => seat.entryId === null);
    const moved = await api.call('POST', `${t}/moves`, {
      token: owner,
      body: { entryId: entryOf.get(erased), to: { tableId: table?.tableId, seat: free?.seat } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const seen = await mine.next((f) => f.type === 'event' && f.version === moved.body.version, WAIT);
    expect(seen.data.seat).toMatchObject({ seat: free?.seat });

    expect((await api.call('DELETE', '/v1/me', { token: tokens.get(erased) })).status).toBe(200);
    useLiveClock(() => Date.now() + LIVE_ACCESS_TTL_MS + 1_000);
    // The player's entry is busted: a frame with their registration, entry and seat, were it sent.
    const second = await api.call('POST', `${t}/knockouts`, {
      token: owner,
      body: { busted: [entryOf.get(erased)], killers: [entryOf.get(killer)] },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const version = second.body.version as number;
    await floor.next((f) => f.type === 'event' && f.version === version, WAIT);
    await api.streams?.drain();

    expect(eventsAt(mine, version)).toEqual([]);
    await expect.poll(() => mine.closure, { timeout: WAIT }).toEqual({ code: 4403, reason: expect.stringContaining('ACCOUNT_DELETED') });
  });
});

describe('R-MOD-1: a hidden tournament on the live topics', () => {
  it('its public topic carries nothing and is refused like the public clock (404 CLUB_NOT_FOUND); showing it again restores both', async () => {
    const operator = await api.token('la-operator', { operator: true });
    const visibility = `/v1/operator/clubs/${clubId}/tournaments/${tournamentId}/visibility`;
    const screen = await open();
    await subscribed(screen, [{ kind: 'tournament', clubId, tournamentId }]);
    const floor = await open(owner);
    await subscribed(floor, [{ kind: 'staff', clubId, tournamentId }]);

    const hid = await api.call('POST', visibility, { token: operator, body: { hidden: true, reason: 'reported' } });
    expect(hid.status, JSON.stringify(hid.body)).toBe(200);
    const clock = await api.call('GET', `${t}/clock`);
    expect([clock.status, clock.body.code]).toEqual([404, 'CLUB_NOT_FOUND']);
    const late = await open();
    late.send({ action: 'subscribe', topics: [{ kind: 'tournament', clubId, tournamentId }] });
    expect(await closeOf(late)).toEqual({ code: 4404, reason: expect.stringContaining('CLUB_NOT_FOUND') });

    const hidden = await clockEvent();
    await floor.next((f) => f.type === 'event' && f.version === hidden, WAIT);
    await api.streams?.drain();
    expect(eventsAt(screen, hidden)).toEqual([]);

    const shown = await api.call('POST', visibility, { token: operator, body: { hidden: false, reason: 'reviewed' } });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const again = await open();
    await subscribed(again, [{ kind: 'tournament', clubId, tournamentId }]);
    const restored = await clockEvent();
    const frame = await screen.next((f) => f.type === 'event' && f.version === restored, WAIT);
    expect(frame.data.clock).toEqual(expect.objectContaining({ status: paused ? 'paused' : 'running' }));
    await again.next((f) => f.type === 'event' && f.version === restored, WAIT);
    expect(screen.closure).toBeUndefined();
  });
});

describe('a subscription names a tournament that exists', () => {
  it('made-up ids are refused with 4404 and the REST code, and store nothing', async () => {
    const stored = (await subscriptionItems()).length;
    const cases: [string | undefined, unknown, string][] = [
      [undefined, { kind: 'tournament', clubId, tournamentId: 'trn_madeup' }, 'CLUB_NOT_FOUND'],
      [undefined, { kind: 'tournament', clubId: 'club_madeup', tournamentId }, 'CLUB_NOT_FOUND'],
      [owner, { kind: 'staff', clubId, tournamentId: 'trn_madeup' }, 'TOURNAMENT_NOT_FOUND'],
    ];
    for (const [token, topic, code] of cases) {
      const c = await open(token);
      c.send({ action: 'subscribe', topics: [topic] });
      expect(await closeOf(c)).toEqual({ code: 4404, reason: expect.stringContaining(code) });
      expect(c.frames).toEqual([]);
    }
    // Anonymous sockets asking for the most topics a message may name, all made up.
    const madeUp = Array.from({ length: MAX_TOPICS }, (_, i) => ({ kind: 'tournament', clubId, tournamentId: `trn_fake${i}` }));
    const floods = await Promise.all(Array.from({ length: 5 }, () => open()));
    for (const c of floods) c.send({ action: 'subscribe', topics: madeUp });
    for (const c of floods) expect(await closeOf(c)).toMatchObject({ code: 4404 });
    expect((await subscriptionItems()).length).toBe(stored);
  }, 180_000);
});
