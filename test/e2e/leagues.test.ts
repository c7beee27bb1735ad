import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AsyncLocalStorage } from 'node:async_hooks';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import { expectedStandings, type ScriptedFinish, type StandingRow } from '../support/season-play';

/*
 * A league of three small tournaments played over HTTP to the finish. Every knockout is scripted, so
 * each player's places and knockout credits are known here; the expected standings are computed below
 * from the league's rules (R-LEAGUE-1..3) and compared with what the stream consumer kept.
 */

type Res = Awaited<ReturnType<TestApi['call']>>;
type Row = StandingRow;

const OWNER = 'lg-owner';
const players = ['lga', 'lgb', 'lgc', 'lgd', 'lge'];

let api: TestApi;
let owner: string;
let base: string;
const tournaments: string[] = [];
/** tournament -> player -> current entry. */
const entryOf = new Map<string, Map<string, string>>();

function expectProblem(r: Res, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  expect(r.headers.get('content-type')).toContain('application/problem+json');
}

/** A tournament of the club (ITM: half the field is paid), not yet open. */
async function newTournament(name: string): Promise<string> {
  const created = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ name, itmPercent: 50 }, -60_000) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.tournamentId as string;
}

/** Opens, seats `field` and starts it: one tournament at a time, as a player plays one at a time (R-REG-1). */
async function start(id: string, field: string[]): Promise<void> {
  const t = `${base}/tournaments/${id}`;
  await api.call('POST', `${t}/open-registration`, { token: owner });
  const entries = new Map<string, string>();
  for (const playerId of field) {
    const r = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    entries.set(playerId, r.body.item.entryId);
  }
  await drained();
  entryOf.set(id, entries);
  expect((await api.call('POST', `${t}/start`, { token: owner })).body.status).toBe('running');
}

/** Starts it with `field`, busts players one hand at a time (each by one killer), then finishes. */
async function playOut(id: string, field: string[], hands: [busted: string, killer: string][]): Promise<void> {
  await start(id, field);
  const t = `${base}/tournaments/${id}`;
  const e = entryOf.get(id) as Map<string, string>;
  for (const [busted, killer] of hands) {
    const r = await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [e.get(busted)], killers: [e.get(killer)] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  const fin = await api.call('POST', `${t}/finish`, { token: owner });
  expect(fin.status, JSON.stringify(fin.body)).toBe(200);
  expect(fin.body.status).toBe('finished');
  await drained();
}

/**
 * The scripted finishes: the last busted is 2nd, the first busted last; the winner is the one left. Each
 * row: place, knockouts, the field size. Written by hand from the hands played below.
 */
type Finish = ScriptedFinish & { tournament: number };
const FINISHES: Finish[] = [
  // T1: d by a, c by b, b by a.
  {
    tournament: 0,
    entries: 4,
    paid: 2,
    rows: {
      lga: { place: 1, knockouts: 2 },
      lgb: { place: 2, knockouts: 1 },
      lgc: { place: 3, knockouts: 0 },
      lgd: { place: 4, knockouts: 0 },
    },
  },
  // T2: e by c, a by c, b by c.
  {
    tournament: 1,
    entries: 4,
    paid: 2,
    rows: {
      lgc: { place: 1, knockouts: 3 },
      lgb: { place: 2, knockouts: 0 },
      lga: { place: 3, knockouts: 0 },
      lge: { place: 4, knockouts: 0 },
    },
  },
  // T3: b by d, e by d.
  {
    tournament: 2,
    entries: 3,
    paid: 2,
    rows: { lgd: { place: 1, knockouts: 2 }, lge: { place: 2, knockouts: 0 }, lgb: { place: 3, knockouts: 0 } },
  },
];

/** R-LEAGUE-3 written out (test/support/season-play.ts). */
const expected = expectedStandings;

const linearKo = (f: ScriptedFinish, r: { place: number; knockouts: number }) => f.entries - r.place + 1 + r.knockouts;
const tableItm = (f: ScriptedFinish, r: { place: number; knockouts: number }) =>
  ([10, 6, 3][r.place - 1] ?? 0) + (r.place <= f.paid ? 5 : 0);

let linear: string;
let best: string;

/** The stream consumer's work so far, with room for a busy machine (a pass projects every event since the last). */
const drained = async () => api.streams?.drain(120_000);

const standings = async (league: string, query = ''): Promise<Res> => {
  await drained();
  return api.call('GET', `${base}/leagues/${league}/standings${query}`);
};

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, OWNER));
  await Promise.all(players.map((p) => makePlayer(api, p)));
  for (const n of [1, 2, 3]) tournaments.push(await newTournament(`League night ${n}`));
}, 180_000);
afterAll(async () => api?.close());

// Three tournaments played hand by hand over HTTP: minutes on a busy machine.
describe('a league of three tournaments, played to the finish', { timeout: 300_000 }, () => {
  it('R-LEAGUE-2, R-MONEY-3: a formula that is too long, cannot be evaluated or names a fee is refused with 422 naming the part', async () => {
    const create = (points: unknown) =>
      api.call('POST', `${base}/leagues`, {
        token: owner,
        body: { name: 'Refused', source: { kind: 'tournaments', tournamentIds: tournaments }, points },
      });
    const long = await create({ kind: 'formula', formula: `place${' + place'.repeat(100)}` });
    expectProblem(long, 422, 'FORMULA_TOO_LONG');
    expect(long.body.errors[0].field).toBe('points.formula');
    const div = await create({ kind: 'formula', formula: 'entries / (entries - place)' });
    expectProblem(div, 422, 'FORMULA_NOT_EVALUABLE');
    expect(div.body.errors[0].message).toContain('place');
    const fee = await create({ kind: 'formula', formula: 'buyIn / 1000 + entries - place' });
    expectProblem(fee, 422, 'FORMULA_FEE_FIGURE');
    expect(fee.body.errors[0].message).toContain('buyIn');
    expectProblem(await create({ kind: 'formula', formula: 'nope(place)' }), 422, 'FORMULA_UNKNOWN_FUNCTION');
    const options = await api.call('POST', `${base}/leagues`, {
      token: owner,
      body: { name: 'Refused', source: { kind: 'tournaments', tournamentIds: tournaments }, points: { kind: 'linear' }, bestOf: 0 },
    });
    expectProblem(options, 422, 'LEAGUE_OPTIONS_INVALID');
    expect((await api.call('GET', `${base}/leagues`, { token: owner })).body.items).toEqual([]);
  });

  it('R-LEAGUE-1: leagues over picked tournaments, with a preset and knockout points, and a formula with best-N and a minimum', async () => {
    const a = await api.call('POST', `${base}/leagues`, {
      token: owner,
      body: {
        name: 'Winter league',
        source: { kind: 'tournaments', tournamentIds: tournaments.slice(0, 2) },
        points: { kind: 'linear', knockoutPoints: 1 },
      },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ formula: 'entries - place + 1 + 1 * knockouts', version: 1, audit: [] });
    linear = a.body.leagueId;
    const b = await api.call('POST', `${base}/leagues`, {
      token: owner,
      body: {
        name: 'Best-of league',
        source: { kind: 'tournaments', tournamentIds: tournaments },
        points: { kind: 'formula', formula: 'byPlace(place) + 5 * itm', table: [10, 6, 3] },
        bestOf: 1,
        minPlayed: 2,
      },
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    best = b.body.leagueId;
    expect((await standings(linear)).body.items).toEqual([]);
  });

  it('R-LEAGUE-3, R-LEAGUE-4: each finish updates the standings of the leagues it counts for', async () => {
    await playOut(
      tournaments[0] as string,
      ['lga', 'lgb', 'lgc', 'lgd'],
      [
        ['lgd', 'lga'],
        ['lgc', 'lgb'],
        ['lgb', 'lga'],
      ],
    );
    expect((await standings(linear)).body.items).toEqual(expected(FINISHES.slice(0, 1), linearKo));
    await playOut(
      tournaments[1] as string,
      ['lga', 'lgb', 'lgc', 'lge'],
      [
        ['lge', 'lgc'],
        ['lga', 'lgc'],
        ['lgb', 'lgc'],
      ],
    );
    await playOut(
      tournaments[2] as string,
      ['lgb', 'lgd', 'lge'],
      [
        ['lgb', 'lgd'],
        ['lge', 'lgd'],
      ],
    );
    const lin = expected(FINISHES.slice(0, 2), linearKo);
    // lga: (4 - 1 + 1 + 2) + (4 - 3 + 1) = 8; lgc: 2 + (4 + 3) = 9: c leads; lgd and lge share the 4th place.
    expect(lin.map((r) => [r.playerId, r.points])).toEqual([
      ['lgc', 9],
      ['lga', 8],
      ['lgb', 7],
      ['lgd', 1],
      ['lge', 1],
    ]);
    expect((await standings(linear)).body.items).toEqual(lin);
    const bst = expected(FINISHES, tableItm, { bestOf: 1, minPlayed: 2 });
    expect((await standings(best)).body.items).toEqual(bst);
    // Best of one: three winners share the 1st place; among the 11s, lgb played more than lge.
    expect(bst.map((r) => [r.playerId, r.place, r.points])).toEqual([
      ['lga', 1, 15],
      ['lgc', 1, 15],
      ['lgd', 1, 15],
      ['lgb', 4, 11],
      ['lge', 5, 11],
    ]);
  });

  it('R-LEAGUE-5: pages in ranking order with shared places, the CSV, the public view and my own places', async () => {
    const all = (await standings(linear)).body.items as Row[];
    const p1 = await standings(linear, '?limit=2');
    expect(p1.body.items).toEqual(all.slice(0, 2));
    const p2 = await standings(linear, `?limit=2&cursor=${encodeURIComponent(p1.body.nextCursor)}`);
    expect(p2.body.items).toEqual(all.slice(2, 4));
    const p3 = await standings(linear, `?limit=2&cursor=${encodeURIComponent(p2.body.nextCursor)}`);
    // lgd and lge share the 4th place, across the page boundary.
    expect(p3.body.items).toEqual(all.slice(4));
    expect(p3.body.items[0].place).toBe(4);
    expect(p2.body.items[1].place).toBe(4);

    const csv = await standings(linear, '?format=csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('place,playerId,points,played,counted,wins,bestPlace,qualified');
    expect(lines[1]).toBe('1,lgc,9,2,2,1,1,true');
    expect(lines).toHaveLength(6);

    const catalogue = await api.call('GET', `/v1/catalog/leagues?clubId=${base.split('/').at(-1)}`);
    expect(catalogue.body.items.map((l: { name: string }) => l.name).sort()).toEqual(['Best-of league', 'Winter league']);

    const mine = await api.call('GET', '/v1/me/leagues', { token: await api.token('lge') });
    expect(mine.status).toBe(200);
    const byLeague = Object.fromEntries(mine.body.items.map((i: { leagueId: string; standing: Row }) => [i.leagueId, i.standing]));
    expect(byLeague[linear]).toEqual(all.find((r) => r.playerId === 'lge'));
    expect(byLeague[best]).toMatchObject({ playerId: 'lge', place: 5, points: 11 });
  });

  it('R-LEAGUE-4: a finish projected again is a no-op by version; its cost is three steps at any field size (the leagues are those its finish recorded), none per player; a projection failing part-way leaves the previous standings readable and the retry completes them', async () => {
    await drained();
    // The functions' own modules, loaded once the local API has set the environment they read.
    const { projectFinish, rebuiltStandings } = await import('../../functions/app/season/league-standings');
    const { getLeague } = await import('../../functions/app/season/leagues');
    const { dynamo } = await import('../../functions/store/client');
    const { readParts, writeStandings } = await import('../../functions/store/league-standings');
    const { loadTournament } = await import('../../functions/store/tournament-store');
    const clubId = base.split('/').at(-1) as string;
    const t1 = (await loadTournament(clubId, tournaments[0] as string))?.state;
    const t2 = (await loadTournament(clubId, tournaments[1] as string))?.state;
    const t3 = (await loadTournament(clubId, tournaments[2] as string))?.state;
    if (!t1 || !t2 || !t3) throw new Error('no tournaments');
    const before = (await standings(linear)).body.items as Row[];
    const sends: string[] = [];
    const doc = dynamo().doc;
    const original = doc.send.bind(doc) as (...args: unknown[]) => Promise<unknown>;
    // Only the requests of the projection measured: the clock's jobs run in this process too.
    const measured = new AsyncLocalStorage<true>();
    const inScope = <T>(fn: () => Promise<T>) => measured.run(true, fn);
    const project = (t: NonNullable<typeof t1>, version: number) => inScope(() => projectFinish(t, version, true));
    /**
     * Records each request's command. `breakWrites`: every BatchWriteItem applies only the players'
     * records (not the ranking rows) and then fails, as a write step cut off part-way.
     */
    const spy = (breakWrites = false) =>
      vi.spyOn(doc, 'send').mockImplementation((async (command: object, ...rest: unknown[]) => {
        if (!measured.getStore()) return original(command, ...rest);
        sends.push(command.constructor.name);
        if (breakWrites && command instanceof BatchWriteCommand) {
          const items = command.input.RequestItems ?? {};
          const [table, requests] = Object.entries(items)[0] as [string, { PutRequest?: { Item: { sk: string } } }[]];
          const records = requests.filter((r) => r.PutRequest?.Item.sk.startsWith('player#'));
          await original(new BatchWriteCommand({ RequestItems: { [table]: records as never } }));
          throw new Error('injected failure');
        }
        return original(command, ...rest);
      }) as never);
    const send = spy();
    try {
      // The finish recorded the leagues that count it (two for T1, one for T3): no query of the club's leagues.
      expect(t1.countingLeagues?.map((l) => l.leagueId).sort()).toEqual([linear, best].sort());
      expect(t3.countingLeagues).toHaveLength(1);
      // An event the leagues already hold (their count records carry the finish's version): the leases
      // taken with the batch read, let go, nothing written.
      await project(t1, 1);
      expect(sends).toEqual(['UpdateCommand', 'UpdateCommand', 'BatchGetCommand', 'UpdateCommand', 'UpdateCommand']);
      // A later version of the same results (two leagues count T1): one batch read with the leagues'
      // leases taken, one batch-write step, the count records with the leases let go in one transaction last.
      sends.length = 0;
      await project(t1, t1.version + 1000);
      expect(sends).toEqual(['UpdateCommand', 'UpdateCommand', 'BatchGetCommand', 'BatchWriteCommand', 'TransactWriteCommand']);
      // T3: another field size (3 players, one league counting it): the same steps.
      sends.length = 0;
      await project(t3, t3.version + 1000);
      expect(sends).toEqual(['UpdateCommand', 'BatchGetCommand', 'BatchWriteCommand', 'TransactWriteCommand']);

      // The store alone, fields of 10 and 120 players: requests grow by batch (100 keys to a read, 25
      // writes to a batch), never by player, and the steps stay the same.
      const fieldCost = async (n: number) => {
        const league = { clubId, leagueId: `scratch-${n}` };
        const ids = Array.from({ length: n }, (_, i) => `sp${String(i).padStart(4, '0')}`);
        sends.length = 0;
        const {
          read: [read],
          held,
        } = await inScope(() => readParts([{ league, tournamentId: 'tx', players: ids }], 'tx#1'));
        const changed = ids.map((playerId, i) => ({
          playerId,
          results: [{ tournamentId: 'tx', centipoints: (n - i) * 100, place: i + 1 }],
          totalCentipoints: (n - i) * 100,
          played: 1,
          counted: 1,
          wins: i === 0 ? 1 : 0,
          bestPlace: i + 1,
          qualified: true,
        }));
        await inScope(() =>
          writeStandings(
            [
              {
                league,
                current: read?.current ?? {},
                changed,
                removed: [],
                counts: [{ ...league, tournamentId: 'tx', players: ids, pv: 1 }],
              },
            ],
            { tournamentId: 'tx', version: 1 },
            held,
          ),
        );
        return { sends: [...sends] };
      };
      const small = await fieldCost(10);
      expect(small.sends).toEqual(['UpdateCommand', 'BatchGetCommand', 'BatchWriteCommand', 'TransactWriteCommand']);
      const large = await fieldCost(120);
      // 122 keys (the lease's too): two reads; 240 writes: ten batches; one transaction.
      expect(large.sends).toEqual([
        'UpdateCommand',
        'BatchGetCommand',
        'BatchGetCommand',
        ...Array(10).fill('BatchWriteCommand'),
        'TransactWriteCommand',
      ]);
    } finally {
      send.mockRestore();
    }
    expect((await standings(linear)).body.items).toEqual(before);

    // A change of T2's results (its first and last place swapped) whose write step is cut off after the
    // players' records: the ranking rows, which the standings are read from, are still the previous ones.
    const rows = t2.results?.rows ?? [];
    const swapped = rows.map((r, i) => ({
      ...r,
      playerId: (rows[i === 0 ? rows.length - 1 : i === rows.length - 1 ? 0 : i] as typeof r).playerId,
    }));
    const changedT2 = { ...t2, results: { ...(t2.results as NonNullable<typeof t2.results>), rows: swapped } };
    const failing = spy(true);
    try {
      await expect(project(changedT2, t2.version + 3000)).rejects.toThrow('injected failure');
    } finally {
      failing.mockRestore();
    }
    const partial = await standings(linear);
    expect(partial.status).toBe(200);
    expect(partial.body.items).toEqual(before);
    // The retry (as the stream sends the record again) deletes the ranking rows the written records replaced.
    await projectFinish(changedT2, t2.version + 3000, true);
    const after = (await standings(linear)).body.items as Row[];
    expect(after.map((r) => r.playerId).sort()).toEqual(before.map((r) => r.playerId).sort());
    expect(after).not.toEqual(before);
    // T2's kept results projected again (a later version) give the table of the stored results back.
    await projectFinish(t2, t2.version + 4000, true);
    expect((await standings(linear)).body.items).toEqual(before);
    // Reproducible: the table rebuilt from the stored results from scratch is the one kept.
    const rebuilt = await rebuiltStandings(await getLeague(clubId, linear));
    expect(rebuilt.players.map((p) => [p.playerId, p.totalCentipoints / 100])).toEqual(before.map((r: Row) => [r.playerId, r.points]));
  });

  it('R-LEAGUE-2, R-LEAGUE-4: the points are frozen after a counted finish; a change with recompute rebuilds the table from the stored results and is audited', async () => {
    const url = `${base}/leagues/${linear}`;
    expectProblem(await api.call('PATCH', url, { token: owner, body: { points: { kind: 'linear' } } }), 409, 'LEAGUE_POINTS_FROZEN');
    // A rebuild from scratch with the same rules gives exactly the table kept incrementally.
    const kept = (await standings(linear)).body.items;
    const same = await api.call('PATCH', url, { token: owner, body: { recompute: true } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await standings(linear)).body.items).toEqual(kept);

    const changed = await api.call('PATCH', url, { token: owner, body: { points: { kind: 'linear' }, recompute: true } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.audit).toEqual([
      expect.objectContaining({ by: OWNER, from: 'entries - place + 1 + 1 * knockouts', to: 'entries - place + 1' }),
    ]);
    expect((await standings(linear)).body.items).toEqual(expected(FINISHES.slice(0, 2), (f, r) => f.entries - r.place + 1));

    // A tournament added to the picked list counts at once.
    const added = await api.call('PATCH', url, { token: owner, body: { source: { kind: 'tournaments', tournamentIds: tournaments } } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await standings(linear)).body.items).toEqual(expected(FINISHES, (f, r) => f.entries - r.place + 1));
  });

  it('R-LEAGUE-5, R-MONEY-2: a name the money checker holds is kept with its hold; the league is not public until the club words it otherwise', async () => {
    const created = await api.call('POST', `${base}/leagues`, {
      token: owner,
      body: { name: 'Лига евро', source: { kind: 'tournaments', tournamentIds: [tournaments[0]] }, points: { kind: 'linear' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.moneyHold).toEqual([expect.objectContaining({ field: 'name', fragment: expect.stringMatching(/евро/i) })]);
    const id = created.body.leagueId as string;
    const clubId = base.split('/').at(-1) as string;
    const lga = await api.token('lga');
    const catalogue = async () =>
      (await api.call('GET', `/v1/catalog/leagues?clubId=${clubId}`)).body.items.map((l: { leagueId: string }) => l.leagueId);
    const mine = async () =>
      (await api.call('GET', '/v1/me/leagues', { token: lga })).body.items.map((l: { leagueId: string }) => l.leagueId);
    // The table is kept (T1's results count), but only the club sees it.
    expect((await api.call('GET', `${base}/leagues/${id}/standings`, { token: owner })).body.items).toHaveLength(4);
    expectProblem(await standings(id), 404, 'LEAGUE_NOT_FOUND');
    expectProblem(await api.call('GET', `${base}/leagues/${id}/standings-board`), 404, 'LEAGUE_NOT_FOUND');
    expect((await api.call('GET', `${base}/leagues/${id}/standings-screen`)).status).toBe(404);
    expect(await catalogue()).not.toContain(id);
    expect(await mine()).not.toContain(id);
    expect(await mine()).toContain(linear);

    const renamed = await api.call('PATCH', `${base}/leagues/${id}`, { token: owner, body: { name: 'Лига клуба' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).not.toHaveProperty('moneyHold');
    expect((await standings(id)).body.items).toHaveLength(4);
    expect((await api.call('GET', `${base}/leagues/${id}/standings-board`)).status).toBe(200);
    expect(await catalogue()).toContain(id);
    expect(await mine()).toContain(id);
    // Held again by an edit: out of sight again.
    expect(
      (await api.call('PATCH', `${base}/leagues/${id}`, { token: owner, body: { name: 'Overlay league' } })).body.moneyHold,
    ).toHaveLength(1);
    expect(await catalogue()).not.toContain(id);
  });

  it('R-LEAGUE-1: another club’s league is not found within the other club, and this club is not the other owner’s', async () => {
    const other = await clubWithOwner(api, 'lg-other-owner');
    // The standings and their board are public: under this club's path the other owner reads them as anyone does.
    for (const [method, path, isPublic] of [
      ['GET', `/leagues/${linear}`, false],
      ['PATCH', `/leagues/${linear}`, false],
      ['DELETE', `/leagues/${linear}`, false],
      ['GET', `/leagues/${linear}/standings`, true],
      ['GET', `/leagues/${linear}/standings-board`, true],
    ] as const) {
      const options = { token: other.owner, ...(method === 'PATCH' ? { body: { name: 'Taken over' } } : {}) };
      expectProblem(await api.call(method, `${other.base}${path}`, options), 404, 'LEAGUE_NOT_FOUND');
      const here = await api.call(method, `${base}${path}`, options);
      if (isPublic) expect(here.status).toBe(200);
      else expectProblem(here, 404, 'CLUB_NOT_FOUND');
    }
    // Still there, unchanged, for its own club.
    expect((await api.call('GET', `${base}/leagues/${linear}`, { token: owner })).body.name).not.toBe('Taken over');
  });

  it('R-LEAGUE-1: a league over a series is accepted; without tournaments carrying it, its table is empty', async () => {
    const s = await api.call('POST', `${base}/leagues`, {
      token: owner,
      body: { name: 'Series league', source: { kind: 'series', seriesId: 'ser_unknown' }, points: { kind: 'sqrt_decay' } },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect((await standings(s.body.leagueId)).body.items).toEqual([]);
    expect((await api.call('DELETE', `${base}/leagues/${s.body.leagueId}`, { token: owner })).status).toBe(204);
    expectProblem(await api.call('GET', `${base}/leagues/${s.body.leagueId}`, { token: owner }), 404, 'LEAGUE_NOT_FOUND');
  });

  it('R-LEAGUE-1, R-SER-1: a league over a series counts the tournaments that joined the series, and no other', async () => {
    const series = await api.call('POST', `${base}/series`, {
      token: owner,
      body: { name: 'League series', startsOn: '2026-01-01', endsOn: '2026-12-31' },
    });
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    const seriesId = series.body.seriesId as string;
    const member = await newTournament('Series night');
    const outsider = await newTournament('Outside night');
    const joined = await api.call('PUT', `${base}/tournaments/${member}/series-membership`, { token: owner, body: { seriesId } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    // Created before the finishes: the stream's projection is what fills it.
    const league = await api.call('POST', `${base}/leagues`, {
      token: owner,
      body: { name: 'Series league', source: { kind: 'series', seriesId }, points: { kind: 'linear' } },
    });
    expect(league.status, JSON.stringify(league.body)).toBe(201);
    const id = league.body.leagueId as string;
    await playOut(member, ['lga', 'lgb'], [['lgb', 'lga']]);
    await playOut(outsider, ['lgc', 'lgd'], [['lgd', 'lgc']]);
    const only: Finish = { tournament: 3, entries: 2, paid: 1, rows: { lga: { place: 1, knockouts: 1 }, lgb: { place: 2, knockouts: 0 } } };
    const want = expected([only], (f, r) => f.entries - r.place + 1);
    expect(want.map((r) => [r.playerId, r.points])).toEqual([
      ['lga', 2],
      ['lgb', 1],
    ]);
    expect((await standings(id)).body.items).toEqual(want);
    // A rebuild from the stored results finds the same tournaments through the series' membership.
    const rebuilt = await api.call('PATCH', `${base}/leagues/${id}`, { token: owner, body: { recompute: true } });
    expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(200);
    expect((await standings(id)).body.items).toEqual(want);
  });
});
