import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody, openAndBuyIn } from '../support/tournament-fixtures';
import { connectLive, type LiveTestClient } from '../support/live-client';

/*
 * `npm start`'s stream consumer in a worker thread of its own: the projections it writes reach the
 * player's reads, its live frames reach a socket of the main thread's server, and closing the API ends
 * the thread (draining it afterwards is refused).
 */
const OWNER = 'thread-owner';
const players = ['thread-p1', 'thread-p2', 'thread-p3'];

let api: TestApi;
let owner: string;
let clubId: string;
let t: string;
let tournamentId: string;
const tokens = new Map<string, string>();
let screen: LiveTestClient | undefined;

beforeAll(async () => {
  api = await startTestApi({ consumer: 'thread' });
  let base: string;
  ({ owner, clubId, base } = await clubWithOwner(api, OWNER));
  for (const p of players) tokens.set(p, await makePlayer(api, p));
  const created = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ seatsPerTable: 6 }, -60_000) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tournamentId = created.body.tournamentId;
  t = `${base}/tournaments/${tournamentId}`;
  await openAndBuyIn(api, owner, t, players);
  expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
});
afterAll(async () => {
  screen?.close();
  await api?.close();
});

describe('the stream consumer in a worker thread', () => {
  it("projects the draw into the players' reads and sends its frame to a socket of the main thread", async () => {
    screen = await connectLive(api.url);
    screen.send({ action: 'subscribe', topics: [{ kind: 'tournament', clubId, tournamentId }] });
    await screen.next((f) => f.type === 'subscribed');
    const drawn = await api.call('POST', `${t}/seating/draw`, { token: owner });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    // `/v1/me` reads drain the thread's poller first.
    const mine = await api.call('GET', '/v1/me/registrations', { token: tokens.get('thread-p1') as string });
    expect(mine.status).toBe(200);
    const row = (mine.body.items as { tournamentId: string; seat: { tableNumber: number; seat: number } | null }[]).find(
      (r) => r.tournamentId === tournamentId,
    );
    expect(row?.seat?.tableNumber).toBe(1);
    expect(row?.seat?.seat).toBeGreaterThanOrEqual(1);
    const frame = await screen.next(
      (f) => f.type === 'event' && (f.data?.events as string[] | undefined)?.includes('seating.drawn') === true,
      30_000,
    );
    expect(frame.topic).toEqual({ kind: 'tournament', clubId, tournamentId });
    expect(api.streams?.deadLetters).toEqual([]);
  });

  it('ends with the API: a drain after close is refused', async () => {
    await api.close();
    await expect(api.streams?.drain(1_000)).rejects.toThrow();
  });
});
