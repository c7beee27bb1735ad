import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

/**
 * R-REG-1 under concurrency: two registrations of one player into two tournaments that run at the same
 * time, sent at once (by two desks, or by the player and a desk), end with exactly one registration.
 */
let api: TestApi;
let owner: string;
let base: string;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, 'parallel-owner'));
});
afterAll(async () => api.close());

async function openTournament(name: string): Promise<string> {
  const t = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ name }) });
  expect(t.status).toBe(201);
  const open = await api.call('POST', `${base}/tournaments/${t.body.tournamentId}/open-registration`, { token: owner });
  expect(open.status).toBe(200);
  return t.body.tournamentId as string;
}

describe('R-REG-1: parallel registrations sent at once', () => {
  it('of 5 players, each sent to two overlapping tournaments at the same moment, each holds exactly one', async () => {
    const [a, b] = [await openTournament('Friday A'), await openTournament('Friday B')];
    for (let i = 0; i < 5; i++) {
      const sub = `racer-${i}`;
      await makePlayer(api, sub);
      const register = (t: string) => api.call('POST', `${base}/tournaments/${t}/registrations`, { token: owner, body: { playerId: sub } });
      const [ra, rb] = await Promise.all([register(a), register(b)]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses, JSON.stringify([ra.body, rb.body])).toEqual([201, 422]);
      const refused = ra.status === 422 ? ra : rb;
      expect(refused.body.code).toBe('PARALLEL_REGISTRATION');
    }
    // And the tournaments agree: every racer is registered in one of them, none in both.
    const lists = await Promise.all([a, b].map((t) => api.call('GET', `${base}/tournaments/${t}/registrations`, { token: owner })));
    const holders = lists.flatMap((l) =>
      (l.body.items as { playerId: string; status: string }[]).filter((r) => r.status !== 'cancelled').map((r) => r.playerId),
    );
    expect(holders.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `racer-${i}`));
  });

  it('after unregistering, the player may register in the other tournament at once', async () => {
    const [a, b] = [await openTournament('Saturday A'), await openTournament('Saturday B')];
    await makePlayer(api, 'switcher');
    const first = await api.call('POST', `${base}/tournaments/${a}/registrations`, { token: owner, body: { playerId: 'switcher' } });
    expect(first.status).toBe(201);
    const refused = await api.call('POST', `${base}/tournaments/${b}/registrations`, { token: owner, body: { playerId: 'switcher' } });
    expect(refused.status).toBe(422);
    const gone = await api.call('DELETE', `${base}/tournaments/${a}/registrations/${first.body.item.registrationId}`, { token: owner });
    expect(gone.status).toBe(200);
    // The schedule is released from the event stream: once it has caught up, the other tournament takes the player.
    await api.streams?.drain();
    const second = await api.call('POST', `${base}/tournaments/${b}/registrations`, { token: owner, body: { playerId: 'switcher' } });
    expect(second.status).toBe(201);
  });

  it('a cancelled tournament no longer ties its players', async () => {
    const [a, b] = [await openTournament('Sunday A'), await openTournament('Sunday B')];
    await makePlayer(api, 'stranded');
    expect(
      (await api.call('POST', `${base}/tournaments/${a}/registrations`, { token: owner, body: { playerId: 'stranded' } })).status,
    ).toBe(201);
    expect(
      (await api.call('POST', `${base}/tournaments/${b}/registrations`, { token: owner, body: { playerId: 'stranded' } })).status,
    ).toBe(422);
    expect((await api.call('POST', `${base}/tournaments/${a}/cancel`, { token: owner })).status).toBe(200);
    // Read from the tournament's own root at once: no wait for the stream.
    expect(
      (await api.call('POST', `${base}/tournaments/${b}/registrations`, { token: owner, body: { playerId: 'stranded' } })).status,
    ).toBe(201);
  });
});
