import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer } from '../support/tournament-fixtures';

/**
 * A 60-player evening over real HTTP on DynamoDB Local: 50 check in before the start, 10 come by late
 * registration, players bust and re-enter, add-ons at the first break, and the desk settles everyone.
 * Every expected amount is computed here from the scenario below, never read back from the API.
 */

type Res = Awaited<ReturnType<TestApi['call']>>;

let api: TestApi;
let owner: string;
let base: string;
const PROF: Record<string, [number, number]> = {};
afterAll(() => { for (const [k, [n, ms]] of Object.entries(PROF)) console.info(`PROF ${k} n=${n} avg=${Math.round(ms / n)}`); });
/** Every response body of the run, scanned at the end for a prize pool (R-MONEY-3). */
const seen: unknown[] = [];

const call = async (method: string, path: string, body?: unknown): Promise<Res> => {
  const t0 = Date.now();
  const res = await api.call(method, path, { token: owner, ...(body !== undefined ? { body } : {}) });
  const k = `${method} ${path.split('/').slice(-1)[0]!.replace(/^(ent|reg|trn)_.*/, '$1')}`;
  PROF[k] = [(PROF[k]?.[0] ?? 0) + 1, (PROF[k]?.[1] ?? 0) + Date.now() - t0];
  seen.push(res.body);
  return res;
};
const ok = (res: Res, status: number) => expect(res.status, JSON.stringify(res.body)).toBe(status);
const refused = (res: Res, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
};

/** Independent calls, ~10 at a time: concurrent writes to one tournament retry under its version lock. */
async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>, size: number): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

/** Reads and other partitions in tens; writes on the one tournament a few at a time (each lost race reloads it). */
const READS = 10;
const WRITES = Number(process.env.WRITES ?? 3);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 50));
const iso = (ms: number) => new Date(ms).toISOString();

function poolKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => poolKeys(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(/pool/i.test(k) ? [`${path}.${k}`] : []), ...poolKeys(v, `${path}.${k}`)]);
}

const level = (smallBlind: number, bigBlind: number, durationSec: number) => ({ smallBlind, bigBlind, ante: 0, durationSec, isBreak: false });
const breakLevel = (durationSec: number) => ({ smallBlind: 0, bigBlind: 0, ante: 0, durationSec, isBreak: true });

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
/** Killers are never busted, so concurrent knockouts never race on a killer's status. */
const KILLERS = range(41, 50);

/** Before the break: who busts, then who of them re-enters (a new entry each time). */
const ROUNDS = [
  { bust: [...range(1, 12), 55, 56], reenter: [...range(1, 10), 55] },
  { bust: range(1, 4), reenter: range(1, 3) },
];
/** At the first break: who takes the add-on (on the entry they hold then). */
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

// --------------------------------------------------------------------------------------------------

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, 'evening-owner'));
  await inBatches(ALL, (n) => makePlayer(api, pid(n)), READS);
});
afterAll(async () => api?.close());

describe('a 60-player evening', () => {
  let t = '';
  /** Each player's current (latest) entry id, as the floor would read it off the desk screen. */
  const current = new Map<number, string>();
  const entryOf = (n: number) => current.get(n) as string;
  /** The entries that took the add-on, recorded as the scenario gives them. */
  const addonEntries = new Set<string>();

  async function bustAll(players: readonly number[]) {
    await inBatches(players, async (n) => {
      const killer = KILLERS[n % KILLERS.length] as number;
      const res = await call('POST', `${t}/knockouts`, { busted: [entryOf(n)], killers: [entryOf(killer)] });
      ok(res, 201);
      expect(res.body.items[0]).toMatchObject({ bustedEntryId: entryOf(n), bustedPlayerId: pid(n), status: 'active' });
    }, WRITES);
  }

  async function reenterAll(players: readonly number[]) {
    await inBatches(players, async (n) => {
      const before = entryOf(n);
      const res = await call('POST', `${t}/entries`, { kind: 'reentry', playerId: pid(n) });
      ok(res, 201);
      // R-REENTRY-1: a new entry with the standard starting stack, numbered after the busted one.
      expect(res.body.item).toMatchObject({ playerId: pid(n), status: 'active', chips: STACK });
      expect(res.body.item.entryId).not.toBe(before);
      current.set(n, res.body.item.entryId);
    }, WRITES);
  }

  it('R-REG-3, R-LATE-1, R-REENTRY-1, R-REENTRY-3, R-ADDON-1, R-ADDON-2, R-ADDON-3, R-CLK-4, R-FEE-1, R-FEE-3, R-MONEY-3: registrations, late buy-ins, re-entries, add-ons at break 1, every debt settled to the expected total', async () => {
    const startedAt = Date.now();
    let lap = Date.now();
    const phase = (name: string) => { console.info(`PHASE ${name} ${Date.now() - lap}`); lap = Date.now(); };

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
    await inBatches(EARLY, async (n) => {
      const reg = await call('POST', `${t}/registrations`, { playerId: pid(n) });
      ok(reg, 201);
      const inn = await call('POST', `${t}/registrations/${reg.body.item.registrationId}/check-in`);
      ok(inn, 200);
      expect(inn.body.item).toMatchObject({ playerId: pid(n), status: 'checked_in' });
      current.set(n, inn.body.item.entryId);
    }, WRITES);
    phase('reg');
    const before = await call('GET', `${t}/players/${pid(1)}/fees`);
    ok(before, 200);
    expect(before.body.debt).toBe(BUY_IN);
    expect(before.body.operations).toEqual([expect.objectContaining({ kind: 'buy_in', amount: BUY_IN, chips: STACK, entryId: entryOf(1) })]);

    ok(await call('POST', `${t}/start`), 200);
    const draw = await call('POST', `${t}/seating/draw`);
    ok(draw, 200);
    expect(draw.body.tables.reduce((k: number, x: { players: number }) => k + x.players, 0)).toBe(EARLY.length);
    const clock = await call('POST', `${t}/clock/start`);
    ok(clock, 200);
    expect(clock.body.clock).toMatchObject({ status: 'running', breaksPassed: 0, current: { levelIndex: 0 } });

    // R-LATE-1: ten more buy in by late registration, each with the standard starting stack, seated at once.
    await inBatches(LATE, async (n) => {
      const res = await call('POST', `${t}/entries`, { kind: 'late_registration', playerId: pid(n) });
      ok(res, 201);
      expect(res.body.item).toMatchObject({ playerId: pid(n), number: 1, status: 'active', chips: STACK });
      current.set(n, res.body.item.entryId);
    }, WRITES);
    phase('late');
    const tables = await call('GET', `${t}/tables`);
    const seated = tables.body.tables.flatMap((x: { seats: { entryId: string | null }[] }) => x.seats.map((s) => s.entryId)).filter(Boolean);
    expect(new Set(seated)).toEqual(new Set(ALL.map(entryOf)));

    // R-REENTRY-1: re-entry is refused while the player's entry is still in play.
    refused(await call('POST', `${t}/entries`, { kind: 'reentry', playerId: pid(1) }), 409, 'ENTRY_STILL_ACTIVE');

    // Busts and re-entries before the break; one add-on attempt at each level before it is refused.
    const [first, second] = ROUNDS as [(typeof ROUNDS)[number], (typeof ROUNDS)[number]];
    await bustAll(first.bust);
    await reenterAll(first.reenter);
    phase('round1');
    refused(await call('POST', `${t}/entries/${entryOf(20)}/addons`, {}), 422, 'ADDON_WINDOW_CLOSED');
    const level2 = await call('POST', `${t}/clock/next`);
    ok(level2, 200);
    expect(level2.body.clock).toMatchObject({ breaksPassed: 0, current: { levelIndex: 1, isBreak: false } });
    await bustAll(second.bust);
    await reenterAll(second.reenter);
    refused(await call('POST', `${t}/entries/${entryOf(20)}/addons`, {}), 422, 'ADDON_WINDOW_CLOSED');
    for (const n of [1, 2, 3]) {
      const mine = await call('GET', `${t}/entries?playerId=${pid(n)}`);
      expect(mine.body.items.map((e: { number: number; status: string }) => [e.number, e.status])).toEqual([[1, 'busted'], [2, 'busted'], [3, 'active']]);
    }

    phase('round2');
    // R-CLK-4: the first break is reached; R-ADDON-2: "add-on at break 1" opens with it.
    const onBreak = await call('POST', `${t}/clock/next`);
    ok(onBreak, 200);
    expect(onBreak.body.clock).toMatchObject({ breaksPassed: 1, breakNumber: 1, current: { levelIndex: 2, isBreak: true } });
    await inBatches(ADDONS, async (n) => {
      addonEntries.add(entryOf(n));
      const res = await call('POST', `${t}/entries/${entryOf(n)}/addons`, {});
      ok(res, 200);
      // R-ADDON-1: the add-on's own chips on the same entry, no new entry.
      expect(res.body.item).toMatchObject({ entryId: entryOf(n), chips: STACK + ADDON_CHIPS, status: 'active' });
    }, WRITES);
    phase('addons');
    // A player who is out takes no add-on.
    refused(await call('POST', `${t}/entries/${entryOf(11)}/addons`, {}), 409, 'ENTRY_NOT_ACTIVE');
    // R-ADDON-3: once per player per tournament, on the same entry or on a later one.
    refused(await call('POST', `${t}/entries/${entryOf(5)}/addons`, {}), 422, 'ADDON_ALREADY_TAKEN');
    await bustAll(AFTER_BREAK.bust);
    await reenterAll(AFTER_BREAK.reenter);
    refused(await call('POST', `${t}/entries/${entryOf(6)}/addons`, {}), 422, 'ADDON_ALREADY_TAKEN');

    phase('afterbreak');
    // Chips granted per entry: the starting stack, plus addonChips on the entry that took the add-on.
    const entries = await call('GET', `${t}/entries`);
    ok(entries, 200);
    expect(entries.body.items).toHaveLength(expectedEntries);
    expect(addonEntries.size).toBe(ADDONS.length);
    for (const e of entries.body.items as { entryId: string; playerId: string; chips: number }[]) {
      expect(e.chips, `${e.playerId} entry ${e.entryId}`).toBe(STACK + (addonEntries.has(e.entryId) ? ADDON_CHIPS : 0));
    }
    const view = await call('GET', t);
    const outForGood = ALL.filter((n) => bustsOf(n) > reentriesOf(n)).length;
    expect(view.body.counts).toMatchObject({ checkedIn: ALL.length, entries: expectedEntries, activeEntries: ALL.length - outForGood });

    phase('checks');
    // R-FEE-1: every player's debt is his buy-in, re-entries at the re-entry price (R-REENTRY-3) and add-on.
    const fees = await inBatches(ALL, (n) => call('GET', `${t}/players/${pid(n)}/fees`), READS);
    ALL.forEach((n, i) => {
      const f = (fees[i] as Res).body;
      expect(f.debt, pid(n)).toBe(expectedDebt(n));
      const kinds = (f.operations as { kind: string; amount: number }[]).map((o) => `${o.kind}:${o.amount}`).sort();
      const wanted = [`buy_in:${BUY_IN}`, ...Array(reentriesOf(n)).fill(`reentry:${REENTRY}`), ...Array(addonOf(n)).fill(`addon:${ADDON}`)].sort();
      expect(kinds, pid(n)).toEqual(wanted);
    });

    phase('fees');
    // R-FEE-1, R-FEE-3: everyone settles at once, busted or playing, by a mix of methods.
    const METHODS = ['cash', 'card', 'transfer', 'other'] as const;
    const settlements = await inBatches(ALL, async (n) => {
      const method = METHODS[n % METHODS.length] as string;
      const res = await call('POST', `${t}/settlements`, { playerId: pid(n), method, expectedAmount: expectedDebt(n) });
      ok(res, 201);
      expect(res.body.item).toMatchObject({ playerId: pid(n), amount: expectedDebt(n), method, status: 'active' });
      return res.body.item as { amount: number; feeOperationIds: string[] };
    }, WRITES);
    phase('settle');
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

    // R-MONEY-3: the desk's totals are a report of fees collected; nothing anywhere forms a prize pool.
    seen.push((await call('GET', `${t}/standings`)).body, (await call('GET', `${t}/results`)).body);
    expect(seen.flatMap((b) => poolKeys(b))).toEqual([]);

    // eslint-disable-next-line no-console
    console.info(`evening: ${ALL.length} players, ${expectedEntries} entries, ${seen.length} responses in ${Date.now() - startedAt} ms`);
  });

  it('R-REENTRY-2, R-REENTRY-3, R-LATE-1: re-entry closes at its deadline, else at late registration\'s; the price falls back to the rebuy price', async () => {
    const T0 = Date.now();
    const LATE_END = T0 + 5_000;
    const REENTRY_END = LATE_END + 2_500;
    const REBUY = 70_000;
    // B: its own re-entry deadline after late registration's. C: no re-entry price or deadline, only a rebuy price.
    const make = async (tag: string, over: Record<string, unknown>) => {
      const created = await call('POST', `${base}/tournaments`, {
        name: `Short ${tag}`,
        startAt: iso(T0 - 60_000),
        lateRegEndsAt: iso(LATE_END),
        buyIn: BUY_IN,
        startingStack: STACK,
        ...over,
      });
      ok(created, 201);
      const path = `${base}/tournaments/${created.body.tournamentId}`;
      ok(await call('POST', `${path}/open-registration`), 200);
      const players = [1, 2, 3].map((i) => `short-${tag}-${i}`);
      await Promise.all(players.map((p) => makePlayer(api, p)));
      const entry: Record<string, string> = {};
      for (const p of players) {
        const reg = await call('POST', `${path}/registrations`, { playerId: p });
        ok(reg, 201);
        const inn = await call('POST', `${path}/registrations/${reg.body.item.registrationId}/check-in`);
        ok(inn, 200);
        entry[p] = inn.body.item.entryId;
      }
      ok(await call('POST', `${path}/start`), 200);
      return { path, players, entry };
    };
    const [b, c] = await Promise.all([
      make('b', { reentry: REENTRY, reentryEndsAt: iso(REENTRY_END) }),
      make('c', { rebuy: REBUY }),
    ]);
    const bust = async (x: typeof b, p: string, killer: string) =>
      ok(await call('POST', `${x.path}/knockouts`, { busted: [x.entry[p]], killers: [x.entry[killer]] }), 201);
    const reenter = async (x: typeof b, p: string) => {
      const res = await call('POST', `${x.path}/entries`, { kind: 'reentry', playerId: p });
      if (res.status === 201) x.entry[p] = res.body.item.entryId;
      return res;
    };
    const [b1, b2, b3] = b.players as [string, string, string];
    const [c1, c2, c3] = c.players as [string, string, string];

    // Inside both windows: a re-entry is taken in each, in C at the rebuy price (R-REENTRY-3).
    await Promise.all([bust(b, b1, b3), bust(c, c1, c3)]);
    ok(await reenter(b, b1), 201);
    ok(await reenter(c, c1), 201);
    await Promise.all([bust(b, b2, b3), bust(c, c2, c3)]);
    expect(Date.now()).toBeLessThan(LATE_END);

    await sleepUntil(LATE_END);
    // R-LATE-1: late registration is over in both.
    await makePlayer(api, 'short-late');
    refused(await call('POST', `${b.path}/entries`, { kind: 'late_registration', playerId: 'short-late' }), 422, 'LATE_REGISTRATION_CLOSED');
    // R-REENTRY-2: C has no re-entry deadline, so late registration's applies: refused.
    refused(await reenter(c, c2), 422, 'REENTRY_WINDOW_CLOSED');
    // B's own re-entry deadline is later: still open.
    ok(await reenter(b, b2), 201);
    await bust(b, b2, b3);
    expect(Date.now()).toBeLessThan(REENTRY_END);

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
  });
});
