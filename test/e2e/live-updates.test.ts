import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, level, makePlayer, openAndBuyIn, tournamentBody } from '../support/tournament-fixtures';
import WebSocket from 'ws';
import { connectLive, refusedHandshake, type LiveTestClient } from '../support/live-client';
import { subscribeLive, type LiveEventFrame, type LiveOptions } from '../../client/src/live';

/*
 * Live updates over real sockets on the local API: the stream consumer turns each committed event into
 * messages for the subscribed sockets. Twelve players on two tables of six; two knockouts at table 1 make
 * the balancing move one player from table 2, which that player's socket and the screen's socket learn
 * (a timing is no test assertion on a busy machine), and nobody else. Then the scheduler ends a 2-second level and the screen sees it.
 */

type TableV = { tableId: string; number: number; seats: { seat: number; entryId: string | null; playerId: string | null }[] };

const OWNER = 'live-owner';
const players = Array.from({ length: 12 }, (_, i) => `live-p${String(i + 1).padStart(2, '0')}`);

let api: TestApi;
let owner: string;
let clubId: string;
let base: string;
let t: string;
let tournamentId: string;
const tokens = new Map<string, string>();
const sockets: LiveTestClient[] = [];

async function open(token?: string): Promise<LiveTestClient> {
  const c = await connectLive(api.url, token);
  sockets.push(c);
  return c;
}

async function subscribed(c: LiveTestClient, topics: unknown[]): Promise<void> {
  c.send({ action: 'subscribe', topics });
  await c.next((f) => f.type === 'subscribed');
}

const events = (c: LiveTestClient) => c.frames.filter((f) => f.type === 'event');

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, clubId, base } = await clubWithOwner(api, OWNER));
  for (const p of players) tokens.set(p, await makePlayer(api, p));
  const grid = await api.call('POST', `${base}/blind-structures`, {
    token: owner,
    body: { name: 'Live grid', anteType: 'classic', levels: [level(100, 200, 2), level(200, 400, 600)] },
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
  await api.streams?.drain();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await api?.close();
});

describe('the live protocol over real sockets', () => {
  it('a knockout that moves a player reaches that player and the screen, and no other player', async () => {
    const screen = await open();
    await subscribed(screen, [{ kind: 'tournament', clubId, tournamentId }]);
    const floor = await open(owner);
    await subscribed(floor, [{ kind: 'staff', clubId, tournamentId }]);
    const mine = new Map<string, LiveTestClient>();
    for (const p of players) {
      const c = await open(tokens.get(p));
      await subscribed(c, [{ kind: 'player', playerId: p }]);
      mine.set(p, c);
    }

    const tables = (await api.call('GET', `${t}/tables`, { token: owner })).body.tables as TableV[];
    const [one, two] = tables.sort((a, b) => a.number - b.number) as [TableV, TableV];
    const atOne = one.seats.filter((s) => s.entryId).map((s) => ({ entryId: s.entryId as string, playerId: s.playerId as string }));
    expect(atOne).toHaveLength(6);
    const [victim1, victim2, killer, bystander] = atOne as [(typeof atOne)[0], (typeof atOne)[0], (typeof atOne)[0], (typeof atOne)[0]];

    // 6/6 -> 5/6: within the allowed skew, nobody moves.
    const first = await api.call('POST', `${t}/knockouts`, {
      token: owner,
      body: { busted: [victim1.entryId], killers: [killer.entryId] },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await screen.next((f) => f.type === 'event' && f.version === first.body.version);

    // 5/6 -> 4/6: one player of table 2 moves to table 1 (R-SEAT-2).
    const second = await api.call('POST', `${t}/knockouts`, {
      token: owner,
      body: { busted: [victim2.entryId], killers: [killer.entryId] },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const version = second.body.version as number;
    const moves = (await api.call('GET', `${t}/moves`, { token: owner })).body.items as {
      entryId: string;
      reason: string;
      to: { tableNumber: number; seat: number };
    }[];
    const move = moves.at(-1);
    expect(move?.reason).toBe('balance');
    const moved = two.seats.find((s) => s.entryId === move?.entryId)?.playerId as string;
    expect(moved).toBeDefined();

    const toPlayer = await (mine.get(moved) as LiveTestClient).next((f) => f.type === 'event' && f.version === version, 30_000);
    expect(toPlayer.topic).toEqual({ kind: 'player', playerId: moved });
    expect(toPlayer.data.moves).toEqual([
      expect.objectContaining({
        entryId: move?.entryId,
        reason: 'balance',
        to: expect.objectContaining({ tableNumber: 1, seat: move?.to.seat }),
      }),
    ]);
    expect(toPlayer.data.seat).toMatchObject({ tableNumber: 1, seat: move?.to.seat });

    const toScreen = await screen.next((f) => f.type === 'event' && f.version === version, 30_000);
    expect(toScreen.data.tables.map((x: { number: number; players: number }) => [x.number, x.players])).toEqual([
      [1, 5],
      [2, 5],
    ]);
    expect(toScreen.data.standings).toMatchObject({ entries: 12, playersLeft: 10 });
    // The public picture names nobody.
    expect(JSON.stringify(toScreen.data)).not.toContain(moved);

    const toFloor = await floor.next((f) => f.type === 'event' && f.version === version, 30_000);
    expect(
      toFloor.data.tables.find((x: TableV) => x.number === 1).seats.some((s: { playerId: string | null }) => s.playerId === moved),
    ).toBe(true);

    // The busted player hears of it; a player the knockout did not concern hears nothing at all.
    await (mine.get(victim2.playerId) as LiveTestClient).next((f) => f.type === 'event' && f.version === version, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(events(mine.get(bystander.playerId) as LiveTestClient)).toEqual([]);
    const others = players.filter((p) => ![moved, victim1.playerId, victim2.playerId, killer.playerId].includes(p));
    for (const p of others) expect(events(mine.get(p) as LiveTestClient).filter((f) => f.version === version)).toEqual([]);
    // Every frame of an event carries its version: versions only grow on a socket.
    const versions = events(screen).map((f) => f.version as number);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  }, 60_000);

  it('R-CLK-5: a level change made by the scheduler (a 2-second first level) reaches the screen', async () => {
    const screen = await open();
    await subscribed(screen, [{ kind: 'tournament', clubId, tournamentId }]);
    const started = await api.call('POST', `${t}/clock/start`, { token: owner });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const atStart = await screen.next((f) => f.type === 'event' && f.version === started.body.version, 2_000);
    expect(atStart.data.clock.current.levelIndex).toBe(0);
    const next = await screen.next(
      (f) =>
        f.type === 'event' &&
        (f.data?.events as string[] | undefined)?.includes('level.started') === true &&
        f.data.clock.current.levelIndex === 1,
      10_000,
    );
    expect(next.data.clock.current).toMatchObject({ smallBlind: 200, bigBlind: 400 });
    expect(next.version).toBeGreaterThan(started.body.version);
  }, 60_000);

  it('a subscription to another player or another club refuses with a close code and a reason, and sends nothing', async () => {
    const [a, b] = players as [string, string];
    const snooper = await open(tokens.get(a));
    snooper.send({
      action: 'subscribe',
      topics: [
        { kind: 'player', playerId: a },
        { kind: 'player', playerId: b },
      ],
    });
    expect(await snooper.closed).toEqual({ code: 4403, reason: expect.stringContaining('FORBIDDEN') });
    expect(snooper.frames).toEqual([]);

    const { owner: otherOwner } = await clubWithOwner(api, 'live-other-owner', {
      name: 'Other Club',
      inn: '7707083893',
      ogrn: '1027700132195',
    });
    const outsider = await open(otherOwner);
    outsider.send({ action: 'subscribe', topics: [{ kind: 'staff', clubId, tournamentId }] });
    expect(await outsider.closed).toEqual({ code: 4403, reason: expect.stringContaining('FORBIDDEN') });
    expect(outsider.frames).toEqual([]);

    const anonymous = await open();
    anonymous.send({ action: 'subscribe', topics: [{ kind: 'player', playerId: a }] });
    expect((await anonymous.closed).code).toBe(4401);
    expect(anonymous.frames).toEqual([]);

    // The refused sockets hold no subscription: the next event reaches none of them.
    const r = await api.call('POST', `${t}/clock/pause`, { token: owner });
    expect(r.status).toBe(200);
    await api.streams?.drain();
    expect([...snooper.frames, ...outsider.frames, ...anonymous.frames]).toEqual([]);
  }, 60_000);

  it('a malformed message gets an error frame and the connection stays', async () => {
    const c = await open();
    c.send('not json');
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'MESSAGE_INVALID' });
    c.send({ action: 'subscribe', topics: [{ kind: 'everything' }] });
    const second = await c.next((f) => f.type === 'error' && c.frames.filter((x) => x.type === 'error').length === 2);
    expect(second).toMatchObject({ code: 'MESSAGE_INVALID', errors: expect.any(Array) });
    // A ping is not answered; the connection is still there to subscribe.
    c.send({ action: 'ping' });
    await subscribed(c, [{ kind: 'tournament', clubId, tournamentId }]);
    expect(c.frames.map((f) => f.type)).toEqual(['error', 'error', 'subscribed']);
  });

  it("the typed client's subscription helper follows a topic and stops on a refusal", async () => {
    const url = `${api.url.replace('http', 'ws')}/v1/live`;
    const Socket = WebSocket as unknown as LiveOptions['WebSocket'];
    const got: LiveEventFrame[] = [];
    const states: string[] = [];
    const sub = subscribeLive({
      url,
      topics: [{ kind: 'staff', clubId, tournamentId }],
      token: () => owner,
      WebSocket: Socket,
      onEvent: (f) => got.push(f),
      onState: (s) => states.push(s),
    });
    await expect.poll(() => sub.state, { timeout: 5_000, interval: 50 }).toBe('open');
    const r = await api.call('POST', `${t}/clock/resume`, { token: owner });
    expect(r.status).toBe(200);
    await expect.poll(() => got.map((f) => f.version), { timeout: 2_000, interval: 50 }).toContain(r.body.version);
    expect(got.at(-1)?.topic).toEqual({ kind: 'staff', clubId, tournamentId });
    sub.close();
    expect(states).toEqual(['connecting', 'open', 'closed']);

    const refused: [number, string][] = [];
    const snoop = subscribeLive({
      url,
      topics: [{ kind: 'player', playerId: 'live-p02' }],
      token: tokens.get('live-p01'),
      WebSocket: Socket,
      onEvent: () => undefined,
      onRefused: (code, reason) => refused.push([code, reason]),
    });
    await expect.poll(() => refused, { timeout: 5_000, interval: 50 }).toEqual([[4403, expect.stringContaining('FORBIDDEN')]]);
    expect(snoop.state).toBe('closed');
  });

  it('the handshake needs the subprotocol and, when a token is offered, a valid one (never in the URL)', async () => {
    expect(await refusedHandshake(api.url, ['bearer.not-a-jwt', 'sport-poker.v1'])).toBe(401);
    expect(await refusedHandshake(api.url, ['chat'])).toBe(400);
    const expired = await api.token('live-p01', { expiresInSec: -60 });
    expect(await refusedHandshake(api.url, ['sport-poker.v1', `bearer.${expired}`])).toBe(401);
  });
});
