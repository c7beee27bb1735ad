import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { level, breakLevel } from '../support/tournament-fixtures';
import type { Res } from '../support/http-expectations';
import { clubWithOwner, makePlayer } from '../support/tournament-fixtures';

/**
 * A 60-player evening over real HTTP on DynamoDB Local: 50 check in before the start, 10 come by late
 * registration, players bust and re-enter, add-ons are taken at the first break, and the desk settles
 * everyone. Every expected amount is computed here from the scenario below, never read back from the API.
 */

let api: TestApi;
let owner: string;
let base: string;
/** Every response body of the run, scanned for a prize pool (R-MONEY-3). */
const seen: unknown[] = [];

const call = async (method: string, path: string, body?: unknown): Promise<Res> => {
  const res = await api.call(method, path, { token: owner, ...(body !== undefined ? { body } : {}) });
  seen.push(res.body);
  return res;
};
const ok = (res: Res, status: number) => expect(res.status, JSON.stringify(res.body)).toBe(status);
const refused = (res: Res, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
};

/**
 * Independent calls, `size` at a time. Reads and other partitions go in tens. Writes to the one
 * tournament go one by one: every lost race reloads the whole aggregate, so on two cores a desk-sized
 * queue is faster than a crowd. The add-ons at the break go as a burst of ten, as the desks would
 * take them, and land through the tournament's optimistic-lock retries.
 */
async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>, size: number): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}
const READS = 10;
const ONE_BY_ONE = 1;
const BURST = 10;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 50));
const iso = (ms: number) => new Date(ms).toISOString();

/** Paths of any key naming a pool, anywhere in a JSON value. */
function poolKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => poolKeys(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(/pool/i.test(k) ? [`${path}.${k}`] : []), ...poolKeys(v, `${path}.${k}`)]);
}

// ---- The scenario -------------------------------------------------------------------------------

const BUY_IN = 150_000;
const REENTRY = 100_000;
const ADDON = 50_000;
const STACK = 20_000;
const ADDON_CHIPS = 15_000;

const pid = (n: number) => `eve-${String(n).padStart(2, '0')}`;
const EARLY = range(1, 50); // register and check in before the start
const LATE = range(51, 60); // late registration after the start
const ALL = [...EARLY, ...LATE];
/** Killers are never busted. */
const KILLERS = range(41, 50);

/** Before the break: who busts, then who of them re-enters (a new entry each time). */
const ROUNDS = [
  { bust: [...range(1, 12), 55, 56], reenter: [...range(1, 10), 55] },
  { bust: range(1, 4), reenter: range(1, 3) },
];
/** At the first break: who takes the add-on, on the entry they hold then (11, 12, 4 and 56 are out). */
const ADDONS = [...range(1, 3), ...range(5, 10), ...range(13, 30), ...range(51, 55)];
/** After the break: an add-on taker busts and re-enters; his new entry cannot take another add-on (R-ADDON-3). */
const AFTER_BREAK = { bust: [6], reenter: [6] };
const REENTRY_ROUNDS = [...ROUNDS, AFTER_BREAK];

const bustsOf = (n: number) => REENTRY_ROUNDS.filter((r) => r.bust.includes(n)).length;
const reentriesOf = (n: number) => REENTRY_ROUNDS.filter((r) => r.reenter.includes(n)).length;
const addonOf = (n: number) => (ADDONS.includes(n) ? 1 : 0);
const expectedDebt = (n: number) => BUY_IN + reentriesOf(n) * REENTRY + addonOf(n) * ADDON;
const expectedTotal = ALL.reduce((sum, n) => sum + expectedDebt(n), 0);
const expectedEntries = ALL.length + REENTRY_ROUNDS.reduce((k, r) => k + r.reenter.length, 0);
const outForGood = ALL.filter((n) => bustsOf(n) > reentriesOf(n)).length;

/** The short tournaments of the deadline test: three players each (suffixed by the run's attempt). */
const SHORT = { b: ['short-b-1', 'short-b-2', 'short-b-3'], c: ['short-c-1', 'short-c-2', 'short-c-3'], late: 'short-late' };

// --------------------------------------------------------------------------------------------------

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, 'evening-owner'));
  await inBatches(ALL.map(pid), (p) => makePlayer(api, p), READS);
}, 180_000);
afterAll(async () => api?.close());

describe('a 60-player evening', () => {
  let t = '';
  /** Each player's current (latest) entry id and its number, as the floor reads them off the desk screen. */
  const current = new Map<number, { entryId: string; number: number }>();
  const entryOf = (n: number) => current.get(n)?.entryId as string;
  /** The entries that took the add-on, as the scenario gives them. */
  const addonEntries = new Set<string>();

  async function bustAll(players: readonly number[]) {
    await inBatches(
      players,
      async (n) => {
        const killer = KILLERS[n % KILLERS.length] as number;
        const res = await call('POST', `${t}/knockouts`, { busted: [entryOf(n)], killers: [entryOf(killer)] });
        ok(res, 201);
        expect(res.body.items[0]).toMatchObject({ bustedEntryId: entryOf(n), bustedPlayerId: pid(n), status: 'active' });
      },
      ONE_BY_ONE,
    );
  }

  async function reenterAll(players: readonly number[]) {
    await inBatches(
      players,
      async (n) => {
        const before = current.get(n) as { entryId: string; number: number };
        const res = await call('POST', `${t}/entries`, { kind: 'reentry', playerId: pid(n) });
        ok(res, 201);
        // R-REENTRY-1: a NEW entry, numbered after the busted one, with the standard starting stack.
        expect(res.body.item).toMatchObject({ playerId: pid(n), number: before.number + 1, status: 'active', chips: STACK });
        expect(res.body.item.entryId).not.toBe(before.entryId);
        current.set(n, { entryId: res.body.item.entryId, number: before.number + 1 });
      },
      ONE_BY_ONE,
    );
  }

  it('R-REG-3, R-LATE-1, R-REENTRY-1, R-REENTRY-3, R-ADDON-1, R-ADDON-2, R-ADDON-3, R-CLK-4, R-FEE-1, R-FEE-3, R-MONEY-3: registrations, late buy-ins, re-entries, add-ons at break 1, every debt settled to the expected total', async () => {
    // A grid whose first break comes after two levels; the floor reaches it with `next`.
    const grid = await call('POST', `${base}/blind-structures`, {
      name: 'Evening grid',
      anteType: 'none',
      levels: [level(100, 200, 1200), level(200, 400, 1200), breakLevel(900), level(300, 600, 1200)],
    });
    ok(grid, 201);

    const now = Date.now();
    const created = await call('POST', `${base}/tournaments`, {
      name: 'Friday 60',
      formatLabel: 'reentry',
      startAt: iso(now - 60_000),
      lateRegEndsAt: iso(now + 3_600_000),
      reentryEndsAt: iso(now + 2 * 3_600_000),
      buyIn: BUY_IN,
      reentry: REENTRY,
      addon: ADDON,
      addonChips: ADDON_CHIPS,
      addonAtBreak: 1,
      startingStack: STACK,
      seatsPerTable: 9,
      blindStructureId: grid.body.structureId,
      prizes: [{ place: 1, description: 'Кубок' }],
    });
    ok(created, 201);
    t = `${base}/tournaments/${created.body.tournamentId}`;
    ok(await call('POST', `${t}/open-registration`), 200);

    // R-REG-3: 50 register and check in at the desk; each sits without paying, the buy-in accrues as debt.
    await inBatches(
      EARLY,
      async (n) => {
        const reg = await call('POST', `${t}/registrations`, { playerId: pid(n) });
        ok(reg, 201);
        const inn = await call('POST', `${t}/registrations/${reg.body.item.registrationId}/check-in`);
        ok(inn, 200);
        expect(inn.body.item).toMatchObject({ playerId: pid(n), status: 'checked_in' });
        current.set(n, { entryId: inn.body.item.entryId, number: 1 });
      },
      ONE_BY_ONE,
    );
    const before = await call('GET', `${t}/players/${pid(1)}/fees`);
    ok(before, 200);
    expect(before.body.debt).toBe(BUY_IN);
    expect(before.body.operations).toEqual([
      expect.objectContaining({ kind: 'buy_in', amount: BUY_IN, chips: STACK, entryId: entryOf(1) }),
    ]);

    ok(await call('POST', `${t}/start`), 200);
    const draw = await call('POST', `${t}/seating/draw`);
    ok(draw, 200);
    expect(draw.body.tables.reduce((k: number, x: { players: number }) => k + x.players, 0)).toBe(EARLY.length);
    const clock = await call('POST', `${t}/clock/start`);
    ok(clock, 200);
    expect(clock.body.clock).toMatchObject({ status: 'running', breaksPassed: 0, current: { levelIndex: 0 } });

    // R-LATE-1: ten more buy in by late registration, each with the standard starting stack, seated at once.
    await inBatches(
      LATE,
      async (n) => {
        const res = await call('POST', `${t}/entries`, { kind: 'late_registration', playerId: pid(n) });
        ok(res, 201);
        expect(res.body.item).toMatchObject({ playerId: pid(n), number: 1, status: 'active', chips: STACK });
        current.set(n, { entryId: res.body.item.entryId, number: 1 });
      },
      ONE_BY_ONE,
    );
    const tables = await call('GET', `${t}/tables`);
    const seated = tables.body.tables
      .flatMap((x: { seats: { entryId: string | null }[] }) => x.seats.map((s) => s.entryId))
      .filter(Boolean);
    expect(new Set(seated)).toEqual(new Set(ALL.map(entryOf)));

    // R-REENTRY-1: no re-entry while the player's entry is still in play.
    refused(await call('POST', `${t}/entries`, { kind: 'reentry', playerId: pid(1) }), 409, 'ENTRY_STILL_ACTIVE');

    // Busts and re-entries before the break; an add-on at each level before it is refused (R-ADDON-2).
    const [first, second] = ROUNDS as [(typeof ROUNDS)[number], (typeof ROUNDS)[number]];
    await bustAll(first.bust);
    await reenterAll(first.reenter);
    refused(await call('POST', `${t}/entries/${entryOf(20)}/addons`, {}), 422, 'ADDON_WINDOW_CLOSED');
    const level2 = await call('POST', `${t}/clock/next`);
    ok(level2, 200);
    expect(level2.body.clock).toMatchObject({ breaksPassed: 0, current: { levelIndex: 1, isBreak: false } });
    await bustAll(second.bust);
    await reenterAll(second.reenter);
    refused(await call('POST', `${t}/entries/${entryOf(20)}/addons`, {}), 422, 'ADDON_WINDOW_CLOSED');
    for (const n of [1, 2, 3]) {
      const mine = await call('GET', `${t}/entries?playerId=${pid(n)}`);
      expect(mine.body.items.map((e: { number: number; status: string }) => [e.number, e.status])).toEqual([
        [1, 'busted'],
        [2, 'busted'],
        [3, 'active'],
      ]);
    }

    // R-CLK-4: the first break is reached; R-ADDON-2: "add-on at break 1" opens with it.
    const onBreak = await call('POST', `${t}/clock/next`);
    ok(onBreak, 200);
    expect(onBreak.body.clock).toMatchObject({ breaksPassed: 1, breakNumber: 1, current: { levelIndex: 2, isBreak: true } });
    await inBatches(
      ADDONS,
      async (n) => {
        addonEntries.add(entryOf(n));
        const res = await call('POST', `${t}/entries/${entryOf(n)}/addons`, {});
        ok(res, 200);
        // R-ADDON-1: the add-on's own chips on the same entry, no new entry.
        expect(res.body.item).toMatchObject({
          entryId: entryOf(n),
          number: current.get(n)?.number,
          chips: STACK + ADDON_CHIPS,
          status: 'active',
        });
      },
      BURST,
    );
    // A player who is out takes no add-on.
    refused(await call('POST', `${t}/entries/${entryOf(11)}/addons`, {}), 409, 'ENTRY_NOT_ACTIVE');
    // R-ADDON-3: once per player per tournament, on the same entry or on a later one.
    refused(await call('POST', `${t}/entries/${entryOf(5)}/addons`, {}), 422, 'ADDON_ALREADY_TAKEN');
    await bustAll(AFTER_BREAK.bust);
    await reenterAll(AFTER_BREAK.reenter);
    refused(await call('POST', `${t}/entries/${entryOf(6)}/addons`, {}), 422, 'ADDON_ALREADY_TAKEN');

    // Chips granted per entry: the starting stack, plus addonChips on the entry that took the add-on.
    const entries = await call('GET', `${t}/entries`);
    ok(entries, 200);
    expect(entries.body.items).toHaveLength(expectedEntries);
    expect(addonEntries.size).toBe(ADDONS.length);
    for (const e of entries.body.items as { entryId: string; playerId: string; chips: number }[]) {
      expect(e.chips, `${e.playerId} entry ${e.entryId}`).toBe(STACK + (addonEntries.has(e.entryId) ? ADDON_CHIPS : 0));
    }
    const view = await call('GET', t);
    expect(view.body.counts).toMatchObject({ checkedIn: ALL.length, entries: expectedEntries, activeEntries: ALL.length - outForGood });

    // R-FEE-1: each debt is the buy-in, the re-entries at the re-entry price (R-REENTRY-3) and the add-on.
    const fees = await inBatches(ALL, (n) => call('GET', `${t}/players/${pid(n)}/fees`), READS);
    ALL.forEach((n, i) => {
      const f = (fees[i] as Res).body;
      expect(f.debt, pid(n)).toBe(expectedDebt(n));
      const kinds = (f.operations as { kind: string; amount: number }[]).map((o) => `${o.kind}:${o.amount}`).sort();
      const wanted = [
        `buy_in:${BUY_IN}`,
        ...Array<string>(reentriesOf(n)).fill(`reentry:${REENTRY}`),
        ...Array<string>(addonOf(n)).fill(`addon:${ADDON}`),
      ];
      expect(kinds, pid(n)).toEqual(wanted.sort());
    });

    // R-FEE-1, R-FEE-3: everyone settles all at once, busted or playing, by a mix of methods.
    const METHODS = ['cash', 'card', 'transfer', 'other'] as const;
    const settlements = await inBatches(
      ALL,
      async (n) => {
        const method = METHODS[n % METHODS.length] as string;
        const res = await call('POST', `${t}/settlements`, { playerId: pid(n), method, expectedAmount: expectedDebt(n) });
        ok(res, 201);
        expect(res.body.item).toMatchObject({ playerId: pid(n), amount: expectedDebt(n), method, status: 'active' });
        return res.body.item as { amount: number; method: string };
      },
      ONE_BY_ONE,
    );
    expect(new Set(settlements.map((s) => s.method))).toEqual(new Set(METHODS));
    // The desk's report: what was collected equals what the scenario charged.
    expect(settlements.reduce((sum, s) => sum + s.amount, 0)).toBe(expectedTotal);
    // Settling again is harmless: nothing owed, no record.
    const again = await call('POST', `${t}/settlements`, { playerId: pid(1), method: 'cash' });
    ok(again, 200);
    expect(again.body.item).toBeNull();
    const after = await inBatches(ALL, (n) => call('GET', `${t}/players/${pid(n)}/fees`), READS);
    ALL.forEach((n, i) => {
      const f = (after[i] as Res).body;
      expect(f.debt, pid(n)).toBe(0);
      expect(f.settlements).toHaveLength(1);
      expect((f.operations as { settlementId?: string }[]).every((o) => o.settlementId === f.settlements[0].settlementId)).toBe(true);
    });

    // R-MONEY-3: fees are a desk report, never a prize pool: no response anywhere carries one.
    await call('GET', `${t}/standings`);
    await call('GET', `${t}/results`);
    expect(seen.length).toBeGreaterThan(300);
    expect(seen.flatMap((b) => poolKeys(b))).toEqual([]);
  }, 240_000);

  it("R-REENTRY-2, R-REENTRY-3, R-LATE-1: re-entry closes at its own deadline, else at late registration's; the price falls back to the rebuy price", async () => {
    // The deadlines are wall-clock times fixed when the tournaments are created. When a loaded machine runs
    // the set-up past them, the same run is made again with fresh players and windows twice as wide: what
    // is asserted never changes, only how much room the set-up gets.
    for (const [attempt, room] of [5_000, 10_000, 20_000, 40_000].entries()) {
      const outcome = await deadlineRun(attempt, room).catch((e: unknown) => {
        if (e instanceof Overran) return 'late' as const;
        throw e;
      });
      if (outcome === 'done') return;
    }
    throw new Error('the set-up ran past its deadlines at every width');
  }, 240_000);
});

/** The set-up of a deadline run ran past one of its deadlines: the run is made again with wider windows. */
class Overran extends Error {}

/** `ok`, unless the answer is a refusal that a deadline already past explains: then the run overran. */
const okBefore = (res: Res, status: number, deadline: number) => {
  if (res.status !== status && Date.now() >= deadline) throw new Overran(`${res.status} past the deadline`);
  ok(res, status);
};

/** One run of the deadline test with `room` ms before late registration ends; 'late' when the set-up overran. */
async function deadlineRun(attempt: number, room: number): Promise<'done' | 'late'> {
  const short = {
    b: SHORT.b.map((p) => `${p}-${attempt}`),
    c: SHORT.c.map((p) => `${p}-${attempt}`),
    late: `${SHORT.late}-${attempt}`,
  };
  await inBatches([...short.b, ...short.c, short.late], (p) => makePlayer(api, p), READS);
  const T0 = Date.now();
  const LATE_END = T0 + room;
  const REENTRY_END = LATE_END + room / 2;
  const REBUY = 70_000;
  // B: a re-entry price and its own deadline after late registration's. C: only a rebuy price, no deadline.
  const make = async (players: string[], over: Record<string, unknown>) => {
    const created = await call('POST', `${base}/tournaments`, {
      name: 'Short',
      startAt: iso(T0 - 60_000),
      lateRegEndsAt: iso(LATE_END),
      buyIn: BUY_IN,
      startingStack: STACK,
      ...over,
    });
    ok(created, 201);
    const path = `${base}/tournaments/${created.body.tournamentId}`;
    ok(await call('POST', `${path}/open-registration`), 200);
    const entry: Record<string, string> = {};
    for (const p of players) {
      const reg = await call('POST', `${path}/registrations`, { playerId: p });
      okBefore(reg, 201, LATE_END);
      const inn = await call('POST', `${path}/registrations/${reg.body.item.registrationId}/check-in`);
      okBefore(inn, 200, LATE_END);
      entry[p] = inn.body.item.entryId;
    }
    okBefore(await call('POST', `${path}/start`), 200, LATE_END);
    return { path, entry };
  };
  const [b, c] = await Promise.all([make(short.b, { reentry: REENTRY, reentryEndsAt: iso(REENTRY_END) }), make(short.c, { rebuy: REBUY })]);
  const bust = async (x: typeof b, p: string, killer: string) =>
    ok(await call('POST', `${x.path}/knockouts`, { busted: [x.entry[p]], killers: [x.entry[killer]] }), 201);
  const reenter = async (x: typeof b, p: string) => {
    const res = await call('POST', `${x.path}/entries`, { kind: 'reentry', playerId: p });
    if (res.status === 201) x.entry[p] = res.body.item.entryId;
    return res;
  };
  const [b1, b2, b3] = short.b as [string, string, string];
  const [c1, c2, c3] = short.c as [string, string, string];

  // Inside both windows: a re-entry in each; in C at the rebuy price (R-REENTRY-3).
  await Promise.all([bust(b, b1, b3), bust(c, c1, c3)]);
  okBefore(await reenter(b, b1), 201, LATE_END);
  okBefore(await reenter(c, c1), 201, LATE_END);
  await Promise.all([bust(b, b2, b3), bust(c, c2, c3)]);
  if (Date.now() >= LATE_END) return 'late';

  await sleepUntil(LATE_END);
  // R-LATE-1: late registration is over.
  refused(await call('POST', `${b.path}/entries`, { kind: 'late_registration', playerId: short.late }), 422, 'LATE_REGISTRATION_CLOSED');
  // R-REENTRY-2: C has no re-entry deadline, so late registration's applies.
  refused(await reenter(c, c2), 422, 'REENTRY_WINDOW_CLOSED');
  // B's own re-entry deadline is later: still open.
  const inB = await reenter(b, b2);
  if (Date.now() >= REENTRY_END && inB.status !== 201) return 'late';
  ok(inB, 201);
  await bust(b, b2, b3);
  if (Date.now() >= REENTRY_END) return 'late';

  await sleepUntil(REENTRY_END);
  refused(await reenter(b, b2), 422, 'REENTRY_WINDOW_CLOSED');

  // Debts follow what was accepted, and only that.
  const debt = async (x: typeof b, p: string) => (await call('GET', `${x.path}/players/${p}/fees`)).body.debt as number;
  expect(await debt(b, b1)).toBe(BUY_IN + REENTRY);
  expect(await debt(b, b2)).toBe(BUY_IN + REENTRY);
  expect(await debt(b, b3)).toBe(BUY_IN);
  expect(await debt(c, c1)).toBe(BUY_IN + REBUY);
  expect(await debt(c, c2)).toBe(BUY_IN);
  expect(poolKeys(seen)).toEqual([]);
  return 'done';
}
