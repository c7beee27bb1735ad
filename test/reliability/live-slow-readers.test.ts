import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, level, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import { connectLive, type LiveTestClient } from '../support/live-client';
import { rawUpgrade, type RawSocket } from '../support/raw-websocket';
import { subscribersOf } from '../../functions/live/connections';
import { topicKey } from '../../functions/live/topics';

/*
 * Two sockets on the floor's topic stop reading (their TCP sockets are paused) with megabytes queued for
 * them. A third socket on the same topic still gets every event, and the stream consumer (which also
 * writes the notification feed) keeps up: the slow sockets are closed with 1013 instead.
 */

let api: TestApi;
let owner: string;
let t: string;
let staff: { kind: 'staff'; clubId: string; tournamentId: string };
let healthy: LiveTestClient;
const slow: RawSocket[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const club = await clubWithOwner(api, 'slow-owner');
  owner = club.owner;
  const grid = await api.call('POST', `${club.base}/blind-structures`, {
    token: owner,
    body: { name: 'Slow grid', anteType: 'classic', levels: [level(100, 200, 3_600)] },
  });
  expect(grid.status, JSON.stringify(grid.body)).toBe(201);
  const created = await api.call('POST', `${club.base}/tournaments`, {
    token: owner,
    body: tournamentBody({ blindStructureId: grid.body.structureId }, -60_000),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  t = `${club.base}/tournaments/${created.body.tournamentId}`;
  staff = { kind: 'staff', clubId: club.clubId, tournamentId: created.body.tournamentId };
  expect((await api.call('POST', `${t}/open-registration`, { token: owner })).status).toBe(200);
  for (const playerId of ['slow-p1', 'slow-p2']) {
    await makePlayer(api, playerId);
    expect((await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId } })).status).toBe(201);
  }
  expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
  expect((await api.call('POST', `${t}/clock/start`, { token: owner })).status).toBe(200);
  await api.streams?.drain();
});
afterAll(async () => {
  healthy?.close();
  for (const s of slow) s.socket.destroy();
  await api?.close();
});

describe('a socket that does not read', () => {
  it('stops neither the other sockets nor the stream consumer, and is closed with 1013', async () => {
    healthy = await connectLive(api.url, owner);
    healthy.send({ action: 'subscribe', topics: [staff] });
    await healthy.next((f) => f.type === 'subscribed');
    for (let i = 0; i < 2; i++) {
      const s = await rawUpgrade(`${api.url.replace('http', 'ws')}/v1/live`, ['sport-poker.v1', `bearer.${owner}`]);
      s.send({ opcode: 1, payload: Buffer.from(JSON.stringify({ action: 'subscribe', topics: [staff] })) });
      await expect.poll(() => s.texts().some((x) => x.includes('"subscribed"')), { timeout: 10_000 }).toBe(true);
      s.socket.pause();
      slow.push(s);
    }

    // Which connection is whose: the reading socket sees the probe posted to its own id.
    const ids = await subscribersOf(topicKey(staff));
    expect(ids).toHaveLength(3);
    for (const id of ids) await api.live.gateway.post(id, JSON.stringify({ type: 'probe', id }));
    const own = (await healthy.next((f) => f.type === 'probe')).id;
    const stalled = ids.filter((id) => id !== own);
    expect(stalled).toHaveLength(2);

    // 20 MB for each paused socket: more than the kernel's socket buffers hold. The posts are not awaited:
    // the server decides what happens to frames nobody reads.
    const big = JSON.stringify({ type: 'filler', pad: 'x'.repeat(100_000) });
    for (const id of stalled) for (let i = 0; i < 200; i++) void api.live.gateway.post(id, big).catch(() => undefined);

    for (const action of ['pause', 'resume', 'pause']) {
      const r = await api.call('POST', `${t}/clock/${action}`, { token: owner });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const frame = await healthy.next((f) => f.type === 'event' && f.version === r.body.version, 30_000);
      expect(frame.data.events.map((e: { type: string }) => e.type)).toContain(`clock.${action === 'pause' ? 'paused' : 'resumed'}`);
    }
    await api.streams?.drain(30_000);

    // Once they read again, the paused sockets find the reason they were closed.
    for (const s of slow) s.socket.resume();
    for (const s of slow) expect(await s.closeCode()).toBe(1013);
    await expect.poll(() => api.live.size, { timeout: 10_000 }).toBe(1);
  }, 120_000);
});
