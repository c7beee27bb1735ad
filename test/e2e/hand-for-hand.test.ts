import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

/*
 * Hand-for-hand over HTTP (R-HFH-1): seven players at two tables of four, five places paid (71 % of 7).
 * With seven left the bubble is two eliminations away and the start is refused; one bust puts the field on
 * the bubble. Hand 1 is played without a bust; in hand 2 one player busts at each table, in two knockout
 * calls: they share one elimination number and, in the results, place 5. The bubble burst in that hand, so
 * hand-for-hand ends when its last table reports.
 */

type Res = Awaited<ReturnType<TestApi['call']>>;
type Seat = { seat: number; entryId: string | null };
type TableV = { tableId: string; number: number; status: string; seats: Seat[] };

const OWNER = 'hfh-owner';
const PLAYERS = Array.from({ length: 7 }, (_, i) => `hfh-p${i + 1}`);

let api: TestApi;
let owner: string;
let base: string;
let t: string;
const entryOf = new Map<string, string>();

function expectProblem(r: Res, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  expect(r.headers.get('content-type')).toContain('application/problem+json');
}
const ok = (r: Res, status = 200) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r;
};

const version = async () => Number((await api.call('GET', t, { token: owner })).body.version);
const state = async () => ok(await api.call('GET', `${t}/hand-for-hand`, { token: owner })).body;
const tables = async () =>
  (ok(await api.call('GET', `${t}/tables`, { token: owner })).body.tables as TableV[])
    .filter((x) => x.status === 'active')
    .sort((a, b) => a.number - b.number);
const playersAt = (x: TableV) => x.seats.map((s) => s.entryId).filter((e): e is string => e !== null);
const done = (tableId: string, hand: unknown) =>
  api.call('POST', `${t}/hand-for-hand/tables/${tableId}/hand-done`, { token: owner, body: { hand } });
const knockout = (busted: string, killer: string) =>
  api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [busted], killers: [killer] } });

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, OWNER));
  await Promise.all(PLAYERS.map((p) => makePlayer(api, p)));
  const created = ok(
    await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ seatsPerTable: 4, itmPercent: 71 }, 60_000) }),
    201,
  );
  t = `${base}/tournaments/${created.body.tournamentId}`;
  ok(await api.call('POST', `${t}/open-registration`, { token: owner }));
  for (const playerId of PLAYERS) {
    const r = ok(await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId } }), 201);
    entryOf.set(playerId, r.body.item.entryId);
  }
  ok(await api.call('POST', `${t}/start`, { token: owner }));
  ok(await api.call('POST', `${t}/seating/draw`, { token: owner }));
  ok(await api.call('POST', `${t}/clock/start`, { token: owner }));
});
afterAll(async () => api?.close());

describe('R-HFH-1: hand-for-hand at the bubble', () => {
  it('R-HFH-1: outside the bubble the start is refused with 409; bad input is a 4xx; nothing runs before the start', async () => {
    expect(await state()).toMatchObject({ onBubble: false, handForHand: null });
    expectProblem(await api.call('POST', `${t}/hand-for-hand/start`, { token: owner }), 409, 'HAND_FOR_HAND_NOT_AT_BUBBLE');
    expectProblem(await api.call('POST', `${t}/hand-for-hand/stop`, { token: owner }), 409, 'HAND_FOR_HAND_NOT_ON');
    const [a] = await tables();
    expectProblem(await done((a as TableV).tableId, 1), 409, 'HAND_FOR_HAND_NOT_ON');
    const bad = await api.call('POST', `${t}/hand-for-hand/start`, { token: owner, body: { clock: 'sometimes' } });
    expect(bad.status).toBe(400);
    const extra = await api.call('POST', `${t}/hand-for-hand/start`, {
      token: owner,
      body: { clock: 'time_per_hand', secondsPerHand: 'x' },
    });
    expect(extra.status).toBe(400);
    // A player has no floor rights: the club's routes do not even show the club to him.
    const player = await api.token(PLAYERS[0] as string);
    expect((await api.call('POST', `${t}/hand-for-hand/start`, { token: player })).status).toBe(404);
  });

  it('R-HFH-1: one bust puts the field on the bubble; the floor starts it under If-Match', async () => {
    const [a] = await tables();
    const [busted, killer] = playersAt(a as TableV) as [string, string];
    ok(await knockout(busted, killer), 201);
    expect((await state()).onBubble).toBe(true);
    const v = await version();
    expectProblem(
      await api.call('POST', `${t}/hand-for-hand/start`, { token: owner, headers: { 'if-match': `"${v - 1}"` } }),
      409,
      'VERSION_MISMATCH',
    );
    const pauseWithSeconds = await api.call('POST', `${t}/hand-for-hand/start`, { token: owner, body: { secondsPerHand: 60 } });
    expectProblem(pauseWithSeconds, 422, 'HAND_FOR_HAND_INVALID');
    const r = ok(await api.call('POST', `${t}/hand-for-hand/start`, { token: owner, headers: { 'if-match': `"${v}"` } }));
    expect(r.body.handForHand).toMatchObject({ on: true, hand: 1, clock: 'pause_between_hands', reported: [], eliminationNumber: null });
    expect(r.body.handForHand.playing.map((x: { tableNumber: number }) => x.tableNumber)).toEqual([1, 2]);
    expectProblem(await api.call('POST', `${t}/hand-for-hand/start`, { token: owner }), 409, 'HAND_FOR_HAND_ALREADY_ON');
  });

  it('R-HFH-1: the staff clock and the public screen data show hand-for-hand and the tables still playing', async () => {
    const staff = ok(await api.call('GET', `${t}/clock`, { token: owner })).body.board.handForHand;
    expect(staff).toMatchObject({ on: true, hand: 1 });
    expect(staff.playing).toHaveLength(2);
    const pub = ok(await api.call('GET', `${t}/clock`)).body.board.handForHand;
    expect(pub).toEqual(staff);
  });

  it('R-HFH-1: the next hand starts when every table has reported; a repeated report has one effect; bad reports are refused', async () => {
    const [a, b] = (await tables()) as [TableV, TableV];
    expectProblem(await done(a.tableId, 2), 409, 'HAND_NOT_STARTED');
    expectProblem(await done(a.tableId, 0), 422, 'HAND_NUMBER_INVALID');
    expect((await done(a.tableId, 'one')).status).toBe(400);
    expectProblem(await done('tbl_missing', 1), 404, 'TABLE_NOT_FOUND');
    const first = ok(await done(a.tableId, 1));
    expect(first.body.handForHand.playing.map((x: { tableId: string }) => x.tableId)).toEqual([b.tableId]);
    // R-HFH-1 pause_between_hands: a table waits for the others with the clock stopped.
    expect(ok(await api.call('GET', `${t}/clock`, { token: owner })).body.clock.status).toBe('paused');
    const v = await version();
    const twice = await Promise.all([done(a.tableId, 1), done(a.tableId, 1)]);
    for (const r of twice) expect(ok(r).body.handForHand.playing).toHaveLength(1);
    expect(await version()).toBe(v);
    const second = ok(await done(b.tableId, 1));
    expect(second.body.handForHand).toMatchObject({ on: true, hand: 2, reported: [] });
    expect(second.body.handForHand.playing).toHaveLength(2);
    expect(ok(await api.call('GET', `${t}/clock`, { token: owner })).body.clock.status).toBe('running');
    // A late copy of hand 1's report does not count for hand 2.
    expect(ok(await done(b.tableId, 1)).body.handForHand.playing).toHaveLength(2);
  });

  it('R-HFH-1, R-KO-4: two busts in one hand at two tables share the place; hand-for-hand ends with the hand', async () => {
    const [a, b] = (await tables()) as [TableV, TableV];
    const [bustA, killA] = playersAt(a) as [string, string];
    const [bustB, killB] = playersAt(b) as [string, string];
    ok(await knockout(bustA, killA), 201);
    const mid = await state();
    expect(mid.handForHand).toMatchObject({ on: true, hand: 2, bubbleBurst: true });
    ok(await done(a.tableId, 2));
    ok(await knockout(bustB, killB), 201);
    const list = ok(await api.call('GET', `${t}/knockouts`, { token: owner })).body.items as {
      bustedEntryId: string;
      eliminationNumber: number;
    }[];
    const numberOf = (e: string) => list.find((k) => k.bustedEntryId === e)?.eliminationNumber;
    expect(numberOf(bustA)).toBe(2);
    expect(numberOf(bustB)).toBe(2);
    const end = ok(await done(b.tableId, 2));
    expect(end.body.handForHand).toMatchObject({ on: false, hand: 2, endReason: 'bubble_burst', playing: [] });
    expect(ok(await api.call('GET', `${t}/clock`)).body.board.handForHand.on).toBe(false);
    expectProblem(await api.call('POST', `${t}/hand-for-hand/stop`, { token: owner }), 409, 'HAND_FOR_HAND_NOT_ON');

    // The rest is played out without hand-for-hand: each bust takes its own number.
    for (;;) {
      const left = (await tables()).flatMap(playersAt);
      if (left.length <= 1) break;
      ok(await knockout(left[0] as string, left[1] as string), 201);
    }
    ok(await api.call('POST', `${t}/finish`, { token: owner }));
    const rows = ok(await api.call('GET', `${t}/results`, { token: owner })).body.rows as { place: number; lastEntryId: string }[];
    const placeOf = (e: string) => rows.find((r) => r.lastEntryId === e)?.place;
    expect(placeOf(bustA)).toBe(5);
    expect(placeOf(bustB)).toBe(5);
    expect(rows.map((r) => r.place).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 5, 7]);
  });
});
