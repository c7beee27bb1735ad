import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { breakLevel, clubWithOwner, level, makePlayer, tournamentBody } from '../support/tournament-fixtures';

/*
 * Chip counts and colour-ups over HTTP (R-CHIP-1, R-CHIP-2): twelve players, one rebuy and two add-ons, so
 * the chips in play are 12 x 20,000 + 20,000 + 2 x 30,000 = 320,000 and the average 320,000 / 12. The floor
 * records one stack, then several at once; the leader follows the counts and leaves with a bust. The grid
 * takes the 5 chip off at level 2 and the 25 and 50 chips at the level after the break; the clock screen's
 * data announces each during the level before it.
 */

type Res = Awaited<ReturnType<TestApi['call']>>;

const OWNER = 'chips-owner';
const STACK = 20_000;
const ADDON_CHIPS = 30_000;
const PLAYERS = Array.from({ length: 12 }, (_, i) => `chips-p${String(i + 1).padStart(2, '0')}`);
const IN_PLAY = PLAYERS.length * STACK + STACK + 2 * ADDON_CHIPS;

let api: TestApi;
let owner: string;
let base: string;
let t: string;
const entryOf = new Map<string, string>();
const entry = (n: number) => entryOf.get(PLAYERS[n - 1] as string) as string;

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
const counts = async () => ok(await api.call('GET', `${t}/chip-counts`, { token: owner })).body;
const board = async () => ok(await api.call('GET', `${t}/clock`, { token: owner })).body;
const record = (body: unknown, headers: Record<string, string> = {}) =>
  api.call('POST', `${t}/chip-counts`, { token: owner, body, headers });

const GRID = {
  name: 'Colour-up grid',
  anteType: 'none',
  levels: [level(25, 50, 1200), level(50, 100, 1200), breakLevel(600), level(100, 200, 1200), level(200, 400, 1200)],
  colorUps: [
    { levelIndex: 1, denominations: [5] },
    { levelIndex: 3, denominations: [25, 50] },
  ],
};

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, OWNER));
  await Promise.all(PLAYERS.map((p) => makePlayer(api, p)));
});
afterAll(async () => api?.close());

describe('R-CHIP-2: a colour-up schedule on the blind structure', () => {
  it('R-CHIP-2: a schedule at a break, out of order, or removing a chip twice is refused with the field named', async () => {
    const bad = async (colorUps: unknown, field: string) => {
      const r = await api.call('POST', `${base}/blind-structures`, { token: owner, body: { ...GRID, colorUps } });
      expectProblem(r, 422, 'STRUCTURE_INVALID');
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await bad([{ levelIndex: 2, denominations: [5] }], 'colorUps[0].levelIndex');
    await bad([{ levelIndex: 0, denominations: [5] }], 'colorUps[0].levelIndex');
    await bad([{ levelIndex: 9, denominations: [5] }], 'colorUps[0].levelIndex');
    await bad(
      [
        { levelIndex: 3, denominations: [5] },
        { levelIndex: 1, denominations: [25] },
      ],
      'colorUps[1].levelIndex',
    );
    await bad(
      [
        { levelIndex: 1, denominations: [5] },
        { levelIndex: 3, denominations: [5] },
      ],
      'colorUps[1].denominations[0]',
    );
    await bad([{ levelIndex: 1, denominations: [] }], 'colorUps[0].denominations');
    await bad([{ levelIndex: 1, denominations: [-5] }], 'colorUps[0].denominations[0]');
  });

  it('R-CHIP-2: the schedule is kept with the structure, and a tournament runs on it', async () => {
    const grid = ok(await api.call('POST', `${base}/blind-structures`, { token: owner, body: GRID }), 201);
    expect(grid.body.colorUps).toEqual(GRID.colorUps);
    const read = ok(await api.call('GET', `${base}/blind-structures/${grid.body.structureId}`, { token: owner }));
    expect(read.body.colorUps).toEqual(GRID.colorUps);
    const plain = ok(await api.call('POST', `${base}/blind-structures`, { token: owner, body: { ...GRID, colorUps: undefined } }), 201);
    expect(plain.body.colorUps).toEqual([]);

    const body = tournamentBody(
      { blindStructureId: grid.body.structureId, startingStack: STACK, rebuy: 100_000, addon: 50_000, addonChips: ADDON_CHIPS },
      60_000,
    );
    const created = ok(await api.call('POST', `${base}/tournaments`, { token: owner, body }), 201);
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
});

describe('R-CHIP-1: chips in play, the average and the chip leader', () => {
  it('R-CHIP-1: chips in play are the starting stacks plus rebuys and add-ons; the average is over the players left', async () => {
    const before = await counts();
    expect(before.chipsInPlay).toEqual({ total: PLAYERS.length * STACK, startingStacks: PLAYERS.length * STACK, rebuys: 0, addOns: 0 });
    ok(await api.call('POST', `${t}/entries/${entry(1)}/rebuys`, { token: owner, body: {} }));
    ok(await api.call('POST', `${t}/entries/${entry(2)}/addons`, { token: owner, body: {} }));
    ok(await api.call('POST', `${t}/entries/${entry(3)}/addons`, { token: owner, body: {} }));
    const c = await counts();
    expect(c.chipsInPlay).toEqual({ total: IN_PLAY, startingStacks: PLAYERS.length * STACK, rebuys: STACK, addOns: 2 * ADDON_CHIPS });
    expect(c).toMatchObject({ playersLeft: 12, averageStack: Math.round(IN_PLAY / 12), countedEntries: 0, chipLeader: null, items: [] });
    const b = (await board()).board;
    expect(b).toMatchObject({ chipsInPlay: IN_PLAY, averageStack: Math.round(IN_PLAY / 12), chipLeader: null });
  });

  it('R-CHIP-1: one stack recorded under If-Match makes its entry the chip leader; a stale If-Match is refused', async () => {
    const v = await version();
    const r = ok(await record({ counts: [{ entryId: entry(4), chips: 55_000 }] }, { 'if-match': `"${v}"` }));
    expect(r.headers.get('etag')).toBe(`"${v + 1}"`);
    expect(r.body.chipLeader).toMatchObject({ entryId: entry(4), chips: 55_000 });
    expect(r.body.countedEntries).toBe(1);
    expectProblem(await record({ counts: [{ entryId: entry(5), chips: 1 }] }, { 'if-match': `"${v}"` }), 409, 'VERSION_MISMATCH');
    expect(await version()).toBe(v + 1);
  });

  it('R-CHIP-1: many stacks in one call; the leader is the largest, shown with its seat on the clock screen data', async () => {
    const r = ok(
      await record({
        counts: [
          { entryId: entry(5), chips: 61_000 },
          { entryId: entry(6), chips: 9_000 },
          { entryId: entry(4), chips: 40_000 },
        ],
      }),
    );
    expect(r.body.chipLeader).toMatchObject({ entryId: entry(5), chips: 61_000 });
    expect(r.body.items.map((i: { entryId: string; chips: number }) => [i.entryId, i.chips])).toEqual([
      [entry(5), 61_000],
      [entry(4), 40_000],
      [entry(6), 9_000],
    ]);
    const tables = ok(await api.call('GET', `${t}/tables`, { token: owner })).body;
    const at = tables.tables.flatMap((x: { number: number; seats: { seat: number; entryId: string | null }[] }) =>
      x.seats.filter((s) => s.entryId === entry(5)).map((s) => ({ tableNumber: x.number, seat: s.seat })),
    );
    expect(at).toHaveLength(1);
    expect((await board()).board.chipLeader).toEqual({ chips: 61_000, entryId: entry(5), ...at[0] });
  });

  it('R-CHIP-1: bad counts change nothing: unknown entry 404, negative 422, listed twice 422, above chips in play 422, none 400, busted 409', async () => {
    const v = await version();
    expectProblem(await record({ counts: [{ entryId: 'ent_nobody', chips: 100 }] }), 404, 'ENTRY_NOT_FOUND');
    const negative = await record({ counts: [{ entryId: entry(7), chips: -1 }] });
    expectProblem(negative, 422, 'CHIP_COUNT_INVALID');
    expect(negative.body.errors).toEqual([expect.objectContaining({ field: 'counts[0].chips' })]);
    const twice = await record({
      counts: [
        { entryId: entry(7), chips: 100 },
        { entryId: entry(7), chips: 200 },
      ],
    });
    expectProblem(twice, 422, 'CHIP_COUNT_INVALID');
    expect(twice.body.errors).toEqual([expect.objectContaining({ field: 'counts[1].entryId' })]);
    const over = await record({
      counts: [
        { entryId: entry(7), chips: IN_PLAY },
        { entryId: entry(8), chips: 1 },
      ],
    });
    expectProblem(over, 422, 'CHIPS_EXCEED_IN_PLAY');
    expect(over.body.detail).toContain('1 more than');
    expectProblem(await record({ counts: [] }), 400, 'VALIDATION_FAILED');
    expect(await version()).toBe(v);

    // The leader busts: his count no longer counts, the next largest leads, and he cannot be counted again.
    ok(await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [entry(5)], killers: [entry(4)] } }), 201);
    const after = await counts();
    expect(after).toMatchObject({ playersLeft: 11, averageStack: Math.round(IN_PLAY / 11), countedEntries: 2 });
    expect(after.chipLeader).toMatchObject({ entryId: entry(4), chips: 40_000 });
    const v2 = await version();
    expectProblem(await record({ counts: [{ entryId: entry(5), chips: 10 }] }), 409, 'ENTRY_NOT_ACTIVE');
    expect(await version()).toBe(v2);
  });
});

describe('R-CHIP-2: the clock screen data announces a colour-up during the level before it', () => {
  it('R-CHIP-2: level 1 announces the 5 chip off at level 2; level 2 announces nothing; the break announces 25 and 50', async () => {
    const first = await board();
    expect(first.clock.current.levelIndex).toBe(0);
    expect(first.board.colorUp).toEqual({ levelIndex: 1, levelNumber: 2, denominations: [5], startsInMs: first.clock.timeLeftMs });

    ok(await api.call('POST', `${t}/clock/next`, { token: owner }));
    const second = await board();
    expect(second.clock.current.levelIndex).toBe(1);
    expect(second.board.colorUp).toBeNull();

    ok(await api.call('POST', `${t}/clock/next`, { token: owner }));
    const onBreak = await board();
    expect(onBreak.clock.current.isBreak).toBe(true);
    expect(onBreak.board.colorUp).toEqual({ levelIndex: 3, levelNumber: 3, denominations: [25, 50], startsInMs: onBreak.clock.timeLeftMs });

    ok(await api.call('POST', `${t}/clock/next`, { token: owner }));
    expect((await board()).board.colorUp).toBeNull();
  });
});
