import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner } from '../support/tournament-fixtures';

/** The Hold'em tools of the floor over HTTP (R-HE-1..9). */
let api: TestApi;
let owner: string;
let dealer: string;
let base: string;

beforeAll(async () => {
  api = await startTestApi();
  const club = await clubWithOwner(api, 'hands-owner');
  owner = club.owner;
  base = club.base;
  dealer = await api.token('hands-dealer');
  expect((await api.call('POST', `${base}/members`, { token: owner, body: { userId: 'hands-dealer', role: 'dealer' } })).status).toBe(200);
});
afterAll(async () => api?.close());

// Three-way all-in (R-HE-8): A (seat 1) all-in for 1000, B and C go to 3000 each.
const threeWay = {
  v: 1,
  id: 'e2e-1',
  betting: 'no-limit',
  blinds: { smallBlind: 100, bigBlind: 200, ante: 0, anteType: 'none' },
  button: 1,
  seats: [
    { seat: 1, name: 'Anna', stack: 1000 },
    { seat: 2, name: 'Boris', stack: 5000 },
    { seat: 3, name: 'Vera', stack: 5000 },
  ],
  cards: { holes: { '1': ['As', 'Ah'], '2': ['Ks', 'Kh'], '3': ['Qs', 'Qh'] }, board: ['2c', '7d', '9h', 'Js', '4c'] },
  actions: [
    { seat: 1, action: 'allin' },
    { seat: 2, action: 'call' },
    { seat: 3, action: 'call' },
    { seat: 2, action: 'bet', to: 2000 },
    { seat: 3, action: 'call' },
    { seat: 2, action: 'check' },
    { seat: 3, action: 'check' },
    { seat: 2, action: 'check' },
    { seat: 3, action: 'check' },
  ],
};

describe('POST /v1/clubs/{clubId}/hands/evaluate', () => {
  it('R-HE-2: ranks the hands and names the winners; a split is several winners', async () => {
    const res = await api.call('POST', `${base}/hands/evaluate`, {
      token: dealer,
      body: {
        board: ['Ah', 'Kd', '7c', '7s', '2d'],
        hands: [
          { id: 'p1', cards: ['As', 'Qd'] },
          { id: 'p2', cards: ['Ac', 'Qh'] },
          { id: 'p3', cards: ['Kc', 'Jh'] },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.winners).toEqual(['p1', 'p2']);
    expect(res.body.hands[0]).toMatchObject({
      id: 'p1',
      category: 'two-pair',
      description: 'two pair, Aces and Sevens',
      best: ['Ah', 'As', '7c', '7s', 'Kd'],
    });
    expect(res.body.hands[0].handClass).toBe(res.body.hands[1].handClass);
  });

  it('R-HE-1: 422 for a duplicate or malformed card, naming it', async () => {
    const dup = await api.call('POST', `${base}/hands/evaluate`, {
      token: dealer,
      body: { board: ['Ah', 'Kd', '7c'], hands: [{ id: 'p1', cards: ['Ah', 'Qd'] }] },
    });
    expect(dup.status).toBe(422);
    expect(dup.headers.get('content-type')).toContain('application/problem+json');
    expect(dup.body).toMatchObject({ code: 'CARD_DUPLICATE', errors: [{ field: 'hands[0].cards[0]' }] });
    const bad = await api.call('POST', `${base}/hands/evaluate`, {
      token: dealer,
      body: { board: ['Ah', 'Kd', '7x'], hands: [{ id: 'p1', cards: ['As', 'Qd'] }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'CARD_INVALID', errors: [{ field: 'board[2]' }] });
    const few = await api.call('POST', `${base}/hands/evaluate`, {
      token: dealer,
      body: { board: ['Ah'], hands: [{ id: 'p1', cards: ['As', 'Qd'] }] },
    });
    expect(few.status).toBe(422);
    expect(few.body.code).toBe('CARD_COUNT');
  });

  it('is for the club staff only: a stranger gets 404, a body that is not an evaluation 400', async () => {
    const stranger = await api.token('hands-stranger');
    expect(
      (await api.call('POST', `${base}/hands/evaluate`, { token: stranger, body: { hands: [{ id: 'x', cards: ['As'] }] } })).status,
    ).toBe(404);
    const bad = await api.call('POST', `${base}/hands/evaluate`, { token: owner, body: { hands: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /v1/clubs/{clubId}/hands/replay', () => {
  it("R-HE-8: replays a three-way all-in into a main and a side pot with each step's legal actions", async () => {
    const res = await api.call('POST', `${base}/hands/replay`, { token: dealer, body: threeWay });
    expect(res.status).toBe(200);
    expect(res.body.complete).toBe(true);
    expect(res.body.pots.map((p: { amount: number; eligible: number[]; winners: unknown }) => [p.amount, p.eligible, p.winners])).toEqual([
      [3000, [2, 3, 1], [{ seat: 1, amount: 3000 }]],
      [4000, [2, 3], [{ seat: 2, amount: 4000 }]],
    ]);
    expect(res.body.stacks.map((s: { end: number }) => s.end)).toEqual([3000, 6000, 2000]);
    expect(res.body.steps).toHaveLength(9);
    expect(res.body.steps[0].legal).toMatchObject({ seat: 1, actions: ['fold', 'call', 'raise', 'allin'], allInTo: 1000 });
    expect(res.body.text).toContain('*** SHOW DOWN ***');
    expect(res.body.text).toContain('Anna collected 3000 from main pot');
  });

  it('R-HE-4: the BB ante is dead money in the pot, never returned to the big blind as an uncalled bet', async () => {
    const checks = [2, 3, 1].flatMap(() => [2, 3, 1].map((seat) => ({ seat, action: 'check' })));
    const bbAnte = (actions: { seat: number; action: string; to?: number }[]) => ({
      v: 1,
      betting: 'no-limit',
      blinds: { smallBlind: 5, bigBlind: 10, ante: 10, anteType: 'bb' },
      button: 1,
      seats: [1, 2, 3].map((seat) => ({ seat, stack: 1000 })),
      cards: { holes: { '1': ['Ah', 'Ad'], '2': ['Ks', 'Kh'], '3': ['Qs', 'Qh'] }, board: ['2c', '7d', '9h', 'Js', '4c'] },
      actions,
    });
    const limped = await api.call('POST', `${base}/hands/replay`, {
      token: dealer,
      body: bbAnte([{ seat: 1, action: 'call' }, { seat: 2, action: 'call' }, { seat: 3, action: 'check' }, ...checks]),
    });
    expect(limped.status, JSON.stringify(limped.body)).toBe(200);
    expect(limped.body.pots.map((p: { amount: number; uncalled: boolean; winners: unknown }) => [p.amount, p.uncalled, p.winners])).toEqual(
      [[40, false, [{ seat: 1, amount: 40 }]]],
    );
    expect(limped.body.stacks.map((s: { end: number }) => s.end)).toEqual([1030, 990, 980]);
    expect(limped.body.text).not.toContain('Uncalled bet');

    const raised = await api.call('POST', `${base}/hands/replay`, {
      token: dealer,
      body: bbAnte([
        { seat: 1, action: 'raise', to: 30 },
        { seat: 2, action: 'fold' },
        { seat: 3, action: 'call' },
        ...checks.filter((c) => c.seat !== 2),
      ]),
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.pots.map((p: { amount: number; uncalled: boolean }) => [p.amount, p.uncalled])).toEqual([[75, false]]);
    expect(raised.body.stacks.map((s: { end: number }) => s.end)).toEqual([1045, 995, 960]);
  });

  it('a seat name with a bidirectional override or a control character: 422 INVALID_CHARACTERS naming the seat, as every other name', async () => {
    for (const name of ['Anna \u202Enna', 'Bo\u0000ris', 'Ve\u2066ra', 'Line\nbreak']) {
      const body = { ...threeWay, seats: threeWay.seats.map((s, i) => (i === 1 ? { ...s, name } : s)) };
      const res = await api.call('POST', `${base}/hands/replay`, { token: dealer, body });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body).toMatchObject({ code: 'INVALID_CHARACTERS', errors: [{ field: 'body.seats.1.name' }] });
      expect(JSON.stringify(res.body)).not.toContain(name);
    }
    // A name in another script is text like any other, stored in NFC.
    const ok = await api.call('POST', `${base}/hands/replay`, {
      token: dealer,
      body: { ...threeWay, seats: threeWay.seats.map((s, i) => (i === 1 ? { ...s, name: 'Арам' } : s)) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.text).toContain('Арам');
  });

  it('R-HE-5: 422 names the first illegal action by index, with what was legal', async () => {
    const body = {
      ...threeWay,
      seats: threeWay.seats.map((s) => ({ ...s, stack: 10000 })),
      actions: [
        { seat: 1, action: 'raise', to: 600 },
        { seat: 2, action: 'raise', to: 900 },
      ],
    };
    const res = await api.call('POST', `${base}/hands/replay`, { token: owner, body });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('ACTION_ILLEGAL');
    expect(res.body.errors).toEqual([
      { field: 'actions[1]', message: expect.stringContaining('seat 2 cannot raise to 900; legal: fold, call 500, raise to 1000..10000') },
    ]);
  });

  it('a hand record replays to the same result over HTTP and in another process', { timeout: 120_000 }, async () => {
    const record = { ...threeWay, id: 'seeded', cards: { seed: 'club-night/table-2/hand-17' } };
    const res = await api.call('POST', `${base}/hands/replay`, { token: dealer, body: record });
    expect(res.status).toBe(200);
    const cli = spawnSync('npx', ['tsx', join(import.meta.dirname, '..', 'unit', 'holdem', 'replay-cli.ts')], {
      input: JSON.stringify(record),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    const other = JSON.parse(cli.stdout);
    expect(other).toEqual({ board: res.body.board, pots: res.body.pots, stacks: res.body.stacks, text: res.body.text });
    expect(res.body.board).toHaveLength(5);
  });
});
