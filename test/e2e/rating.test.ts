import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ordinal, rate, rating } from 'openskill';
import { bradleyTerryFull } from 'openskill/models';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import { expectProblem } from '../support/http-expectations';
import { ok, retryingCall } from '../support/season-play';
import { keptRatings, recomputedRatings } from '../../functions/app/season/rating';

/**
 * The cross-club rating end to end (R-RATE-1): a club opts in; each finish of its tournaments rates the
 * players by their order of finish; a club that has not opted in changes nothing. The values are
 * computed here with the openskill package from the published model and parameters (docs/decisions.md:
 * Bradley-Terry full pairing, mu 25, sigma 25/3, beta 25/6, tau 25/300, ordinal mu - 3 sigma).
 */
let api: TestApi;
let ownerA: string;
let baseA: string;
let ownerB: string;
let baseB: string;

const SLOW = { timeout: 300_000 };
const OPTIONS = { mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300, z: 3 };
type R = { mu: number; sigma: number };

/** The API as a client uses it: a 503 is retried after its Retry-After (test/support/season-play.ts). */
let call: TestApi['call'];

/** Plays a tournament of `order` (winner first): one entry each, knocked out from the last, then finished. */
async function play(base: string, token: string, name: string, order: string[]): Promise<string> {
  const t = ok(await call('POST', `${base}/tournaments`, { token, body: tournamentBody({ name }, -60_000) }), 201);
  const path = `${base}/tournaments/${t.tournamentId}`;
  ok(await call('POST', `${path}/open-registration`, { token }), 200);
  const entry: Record<string, string> = {};
  for (const playerId of order) {
    entry[playerId] = ok(await call('POST', `${path}/entries`, { token, body: { kind: 'late_registration', playerId } }), 201).item.entryId;
  }
  ok(await call('POST', `${path}/start`, { token }), 200);
  for (let i = order.length - 1; i >= 1; i--) {
    ok(
      await call('POST', `${path}/knockouts`, {
        token,
        body: { busted: [entry[order[i] as string]], killers: [entry[order[0] as string]] },
      }),
      201,
    );
  }
  ok(await call('POST', `${path}/finish`, { token }), 200);
  await api.streams?.drain();
  return t.tournamentId as string;
}

/** The expected ratings after one finish, from the openskill package directly. */
function expectedAfter(prior: Record<string, R>, order: string[]): Record<string, R & { tournaments: number }> {
  const before = order.map((p) => prior[p] ?? rating({}, OPTIONS));
  const rated = rate(
    before.map((r) => [r]),
    { ...OPTIONS, model: bradleyTerryFull, rank: order.map((_, i) => i + 1) },
  );
  return Object.fromEntries(
    order.map((p, i) => [
      p,
      { ...(rated[i]?.[0] as R), tournaments: ((prior[p] as { tournaments?: number } | undefined)?.tournaments ?? 0) + 1 },
    ]),
  );
}

const board = async () =>
  ok(await call('GET', '/v1/ratings?limit=100'), 200).items as (R & {
    playerId: string;
    displayName?: string;
    ordinal: number;
    tournaments: number;
  })[];

beforeAll(async () => {
  api = await startTestApi();
  call = retryingCall(api);
  ({ owner: ownerA, base: baseA } = await clubWithOwner(api, 'rate-owner-a'));
  ({ owner: ownerB, base: baseB } = await clubWithOwner(api, 'rate-owner-b'));
  for (const p of ['rate-p1', 'rate-p2', 'rate-p3', 'rate-p4', 'rate-p5', 'rate-p6']) await makePlayer(api, p);
}, 120_000);
afterAll(async () => api?.close());

describe('R-RATE-1: a cross-club rating from the order of finish, opt-in per club', SLOW, () => {
  it('R-RATE-1: opted-in finishes rate the field as openskill does; a club that has not opted in changes nothing; recomputable from the stored results', async () => {
    expect(ok(await call('GET', `${baseA}/rating-opt-in`, { token: ownerA }), 200)).toEqual({ clubId: expect.any(String), optIn: false });
    ok(await call('PUT', `${baseA}/rating-opt-in`, { token: ownerA, body: { optIn: true } }), 200);
    expect(ok(await call('GET', `${baseA}/rating-opt-in`, { token: ownerA }), 200).optIn).toBe(true);

    const t1 = await play(baseA, ownerA, 'Rated one', ['rate-p1', 'rate-p2', 'rate-p3', 'rate-p4']);
    const after1 = expectedAfter({}, ['rate-p1', 'rate-p2', 'rate-p3', 'rate-p4']);
    // Club B has not opted in: its finish moves no rating.
    await play(baseB, ownerB, 'Unrated', ['rate-p4', 'rate-p3', 'rate-p5']);
    const t3 = await play(baseA, ownerA, 'Rated two', ['rate-p5', 'rate-p1', 'rate-p3']);
    const expected = { ...after1, ...expectedAfter(after1, ['rate-p5', 'rate-p1', 'rate-p3']) };

    const rows = await board();
    expect(rows.map((r) => r.playerId).sort()).toEqual(Object.keys(expected).sort());
    for (const r of rows) {
      const e = expected[r.playerId] as R & { tournaments: number };
      expect(r.mu).toBeCloseTo(e.mu, 9);
      expect(r.sigma).toBeCloseTo(e.sigma, 9);
      expect(r.ordinal).toBeCloseTo(ordinal(e, OPTIONS), 9);
      expect(r.tournaments).toBe(e.tournaments);
      expect(r.displayName).toBe(r.playerId);
    }
    // Highest ordinal first.
    const ordinals = rows.map((r) => r.ordinal);
    expect(ordinals).toEqual([...ordinals].sort((a, b) => b - a));
    // The winner of the first finish rose above the start, the last fell below it.
    expect(expected['rate-p4']?.mu).toBeLessThan(25);
    expect(after1['rate-p1']?.mu).toBeGreaterThan(25);

    // A player's history, newest first, public and as their own.
    const history = ok(await call('GET', '/v1/ratings/players/rate-p1'), 200);
    expect(history.rating).toMatchObject({ playerId: 'rate-p1', rated: true, tournaments: 2 });
    expect(history.items.map((h: { tournamentId: string; place: number }) => [h.tournamentId, h.place])).toEqual([
      [t3, 2],
      [t1, 1],
    ]);
    expect(history.items[1].before.mu).toBe(25);
    expect(history.items[1].after.mu).toBeCloseTo(after1['rate-p1']?.mu as number, 9);
    expect(history.items[0].after.mu).toBeCloseTo(expected['rate-p1']?.mu as number, 9);
    const mine = ok(await call('GET', '/v1/me/rating', { token: await api.token('rate-p1') }), 200);
    expect(mine).toEqual(history);
    const paged = ok(await call('GET', '/v1/ratings/players/rate-p1?limit=1'), 200);
    expect(paged.items).toHaveLength(1);
    const rest = ok(await call('GET', `/v1/ratings/players/rate-p1?limit=1&cursor=${encodeURIComponent(paged.nextCursor)}`), 200);
    expect(rest.items[0].tournamentId).toBe(t1);

    // Reproducible: a replay of the rated finishes from their stored results gives the kept ratings.
    const kept = await keptRatings();
    const again = await recomputedRatings();
    expect(Object.keys(again).sort()).toEqual(Object.keys(kept).sort());
    for (const [playerId, r] of Object.entries(kept)) {
      expect(again[playerId]?.mu).toBeCloseTo(r.mu, 12);
      expect(again[playerId]?.sigma).toBeCloseTo(r.sigma, 12);
      expect(again[playerId]?.tournaments).toBe(r.tournaments);
    }

    // The stream sends the last finish again (a retry): the same ratings, in three requests, none per player:
    // the club's choice is the one the finish recorded, the lease is taken with the batch read, the finish
    // is found rated and the lease let go.
    const { projectRatingFinish } = await import('../../functions/app/season/rating');
    const { loadTournament } = await import('../../functions/store/tournament-store');
    const { dynamo } = await import('../../functions/store/client');
    const last = (await loadTournament(baseA.split('/').at(-1) as string, t3))?.state;
    if (!last) throw new Error('no finish');
    const doc = dynamo().doc;
    const original = doc.send.bind(doc) as (...args: unknown[]) => Promise<unknown>;
    const measured = new AsyncLocalStorage<true>();
    const sends: string[] = [];
    const spy = vi.spyOn(doc, 'send').mockImplementation(((command: object, ...rest: unknown[]) => {
      if (measured.getStore()) sends.push(command.constructor.name);
      return original(command, ...rest);
    }) as never);
    try {
      await measured.run(true, () => projectRatingFinish(last));
    } finally {
      spy.mockRestore();
    }
    expect(last.ratingOptIn).toBe(true);
    expect(sends).toEqual(['UpdateCommand', 'BatchGetCommand', 'UpdateCommand']);
    expect(await keptRatings()).toEqual(kept);

    // A player without any rated finish has the initial rating; an unknown id is 404.
    const fresh = ok(await call('GET', `/v1/me/rating`, { token: await api.token('rate-p6') }), 200);
    expect(fresh.rating).toMatchObject({ playerId: 'rate-p6', rated: false, mu: 25, tournaments: 0 });
    expect(fresh.items).toEqual([]);
    // A signed-in user without a player profile has no rating to show.
    expectProblem(await call('GET', '/v1/me/rating', { token: await api.token('rate-owner-b') }), 404, 'PLAYER_NOT_FOUND');
    expectProblem(await call('GET', '/v1/ratings/players/nobody-at-all'), 404, 'PLAYER_NOT_FOUND');
  });

  it('R-RATE-1, R-PD-1: an erased player keeps the rating under the pseudonym', async () => {
    const before = (await board()).find((r) => r.playerId === 'rate-p5');
    expect(before).toBeDefined();
    const erased = await call('DELETE', '/v1/me', { token: await api.token('rate-p5') });
    expect([200, 202]).toContain(erased.status);
    const after = (await board()).find((r) => r.playerId === 'rate-p5');
    expect(after).toEqual({ ...before, displayName: 'Deleted player' });
    expect(ok(await call('GET', '/v1/ratings/players/rate-p5'), 200).rating).toMatchObject({
      displayName: 'Deleted player',
      mu: before?.mu,
    });
  });

  it('R-RATE-1: bad input is a 4xx problem; the opt-in is the club’s own', async () => {
    expectProblem(await call('PUT', `${baseA}/rating-opt-in`, { token: ownerA, body: { optIn: 'yes' } }), 400, 'VALIDATION_FAILED');
    expectProblem(await call('PUT', `${baseA}/rating-opt-in`, { token: ownerA, body: {} }), 400, 'VALIDATION_FAILED');
    expectProblem(await call('PUT', `${baseA}/rating-opt-in`, { token: ownerB, body: { optIn: false } }), 404, 'CLUB_NOT_FOUND');
    expectProblem(await call('GET', `${baseA}/rating-opt-in`, { token: ownerB }), 404, 'CLUB_NOT_FOUND');
    expectProblem(await call('PUT', `${baseA}/rating-opt-in`, { body: { optIn: false } }), 401, 'UNAUTHENTICATED');
    expectProblem(await call('GET', '/v1/ratings?limit=0'), 400, 'VALIDATION_FAILED');
    expectProblem(await call('GET', '/v1/ratings?cursor=forged'), 400, 'CURSOR_INVALID');
    expectProblem(await call('GET', `/v1/ratings/players/${'x'.repeat(200)}`), 400, 'VALIDATION_FAILED');
    expectProblem(await call('GET', '/v1/me/rating'), 401, 'UNAUTHENTICATED');
  });
});
