import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

/*
 * A shootout over HTTP (R-SHOOT-1, R-SHOOT-2): eleven players at tables of four, two going on from each
 * table. Round 1 deals 4, 4 and 3 (the field does not divide); its knockouts move nobody; closing it early
 * is a 409 naming the tables still playing; the knockout deciding the last table closes it and round 2 is
 * drawn from the seat draw's seed (re-derived by the repository's script); round 2's two tables of three
 * send four players to the final. Places come out by round reached, then elimination order.
 */

type Res = Awaited<ReturnType<TestApi['call']>>;
type Tables = {
  version: number;
  tables: { tableId: string; number: number; status: string; seats: { seat: number; entryId: string | null }[] }[];
};

const SCRIPT = join(import.meta.dirname, '../../scripts/verify-seat-draw.py');
const OWNER = 'shoot-owner';
const PLAYERS = Array.from({ length: 11 }, (_, i) => `shoot-p${String(i + 1).padStart(2, '0')}`);

let api: TestApi;
let owner: string;
let base: string;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, OWNER));
  for (let i = 0; i < PLAYERS.length; i += 4) await Promise.all(PLAYERS.slice(i, i + 4).map((p) => makePlayer(api, p)));
});
afterAll(async () => api?.close());

const ok = (r: Res, status = 200) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r;
};
function expectProblem(r: Res, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  expect(r.headers.get('content-type')).toContain('application/problem+json');
}

const active = (t: Tables) => t.tables.filter((x) => x.status === 'active').sort((a, b) => a.number - b.number);
const playersAt = (x: Tables['tables'][number]) => x.seats.flatMap((s) => (s.entryId ? [s.entryId] : []));
const seatMap = (t: Tables) =>
  Object.fromEntries(active(t).flatMap((x) => x.seats.filter((s) => s.entryId).map((s) => [s.entryId, `${x.number}/${s.seat}`])));

describe('R-SHOOT-1, R-SHOOT-2: a 3-table shootout to a final', { timeout: 300_000 }, () => {
  let t: string;
  const out: string[] = [];
  const tables = async () => ok(await api.call('GET', `${t}/tables`, { token: owner })).body as Tables;
  const view = async () => ok(await api.call('GET', t, { token: owner })).body;
  /** Busts the first player of the table numbered `n`, knocked out by another player there. */
  const bust = async (n: number) => {
    const table = active(await tables()).find((x) => x.number === n) as Tables['tables'][number];
    const [victim, killer] = playersAt(table);
    ok(await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [victim], killers: [killer] } }), 201);
    out.push(victim as string);
  };

  it('R-SHOOT-1: bad shootout settings are refused with the field named', async () => {
    const bad = async (over: Record<string, unknown>, status: number, code: string) => {
      const r = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ seatsPerTable: 4, ...over }) });
      expectProblem(r, status, code);
      return r;
    };
    expect((await bad({ advancePerTable: 2 }, 422, 'SHOOTOUT_SETTINGS_INVALID')).body.errors[0].field).toBe('advancePerTable');
    await bad({ format: 'shootout', advancePerTable: 3 }, 422, 'SHOOTOUT_SETTINGS_INVALID');
    await bad({ format: 'knockout' }, 400, 'VALIDATION_FAILED');
    await bad({ format: 'shootout', advancePerTable: 'two' }, 400, 'VALIDATION_FAILED');
  });

  it('R-SHOOT-2: round 1 is the seat draw; its tables differ in size only because 11 does not divide by 3', async () => {
    const body = tournamentBody({ seatsPerTable: 4, format: 'shootout', advancePerTable: 2 }, 60_000);
    const created = ok(await api.call('POST', `${base}/tournaments`, { token: owner, body }), 201);
    expect(created.body.settings).toMatchObject({ format: 'shootout', advancePerTable: 2 });
    t = `${base}/tournaments/${created.body.tournamentId}`;
    ok(await api.call('POST', `${t}/open-registration`, { token: owner }));
    for (const playerId of PLAYERS)
      ok(await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId } }), 201);
    ok(await api.call('POST', `${t}/start`, { token: owner }));
    const drawn = ok(await api.call('POST', `${t}/seating/draw`, { token: owner })).body as Tables;
    expect(active(drawn).map((x) => playersAt(x).length)).toEqual([4, 4, 3]);
    expect((await view()).shootout).toMatchObject({
      round: 1,
      final: false,
      advancePerTable: 2,
      tables: [
        { number: 1, playersLeft: 4, decided: false },
        { number: 2, playersLeft: 4, decided: false },
        { number: 3, playersLeft: 3, decided: false },
      ],
      tablesStillPlaying: [1, 2, 3],
    });
  });

  it('R-SHOOT-1: a knockout moves nobody and breaks nothing', async () => {
    const before = seatMap(await tables());
    await bust(1);
    const after = await tables();
    const { [out[0] as string]: _gone, ...rest } = before;
    expect(seatMap(after)).toEqual(rest);
    expect(active(after).map((x) => playersAt(x).length)).toEqual([3, 4, 3]);
    const moves = ok(await api.call('GET', `${t}/moves`, { token: owner })).body;
    expect(moves.items).toEqual([]);
    expectProblem(
      await api.call('POST', `${t}/tables/${active(after)[2]?.tableId}/break`, { token: owner }),
      409,
      'SHOOTOUT_TABLES_ISOLATED',
    );
  });

  it('R-SHOOT-2: closing the round while tables have more than their advancing players is 409 naming them', async () => {
    await bust(1);
    const r = await api.call('POST', `${t}/shootout/close-round`, { token: owner });
    expectProblem(r, 409, 'SHOOTOUT_TABLES_STILL_PLAYING');
    expect(r.body.tables).toEqual([2, 3]);
    expect(r.body.detail).toContain('2, 3');
    // A decided table plays no more this round.
    const one = active(await tables())[0] as Tables['tables'][number];
    const two = active(await tables())[1] as Tables['tables'][number];
    const decided = await api.call('POST', `${t}/knockouts`, {
      token: owner,
      body: { busted: [playersAt(one)[0]], killers: [playersAt(two)[0]] },
    });
    expectProblem(decided, 409, 'SHOOTOUT_TABLE_DECIDED');
    expect(decided.body.tables).toEqual([1]);
    // A stale If-Match is refused like on any floor command.
    const stale = await api.call('POST', `${t}/shootout/close-round`, { token: owner, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_MISMATCH');
  });

  it('R-SHOOT-2: the knockout deciding the last table closes round 1; round 2 is drawn from the seed and the script re-derives it', async () => {
    await bust(2);
    await bust(2);
    const advancing = active(await tables()).flatMap(playersAt);
    expect(advancing).toHaveLength(7);
    await bust(3);
    const r2 = await tables();
    expect(active(r2).map((x) => [x.number, playersAt(x).length])).toEqual([
      [4, 3],
      [5, 3],
    ]);
    expect(active(r2).flatMap(playersAt).sort()).toEqual(advancing.filter((e) => e !== out.at(-1)).sort());
    expect((await view()).shootout).toMatchObject({ round: 2, final: false, tablesStillPlaying: [4, 5] });

    const proof = ok(await api.call('GET', `${t}/seating/draw-proof`, { token: owner })).body;
    expect(proof.rounds).toHaveLength(1);
    expect(proof.rounds[0]).toMatchObject({ round: 2, seatsPerTable: 4, firstTableNumber: 4 });
    const file = join(mkdtempSync(join(tmpdir(), 'shootout-')), 'tables.json');
    writeFileSync(file, JSON.stringify(r2));
    const check = spawnSync('python3', [SCRIPT, '--proof', '-', '--tables', file, '--round', '2'], {
      input: JSON.stringify(proof),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(check.stdout).toContain('published tables match the derived draw');
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const forged = spawnSync('python3', [SCRIPT, '--proof', '-', '--tables', file, '--round', '2'], {
      input: JSON.stringify({ ...proof, seed: `${proof.seed}x`, commitment: proof.commitment }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(forged.status).toBe(1);
  });

  it('R-SHOOT-2: round 2 sends four to the final, shown on the public screen data; the final is not closed, it plays to the winner', async () => {
    await bust(4);
    await bust(5);
    const final = await tables();
    expect(active(final).map((x) => [x.number, playersAt(x).length])).toEqual([[6, 4]]);
    ok(await api.call('POST', `${t}/clock/start`, { token: owner }));
    const screen = ok(await api.call('GET', `${t}/clock`)).body;
    expect(screen.board.shootout).toMatchObject({ round: 3, final: true, tables: [{ number: 6, playersLeft: 4, decided: false }] });
    expectProblem(await api.call('POST', `${t}/shootout/close-round`, { token: owner }), 409, 'SHOOTOUT_FINAL_ROUND');
  });

  it('R-SHOOT-2: places are by the round reached, then elimination order within the round', async () => {
    await bust(6);
    await bust(6);
    await bust(6);
    ok(await api.call('POST', `${t}/finish`, { token: owner }));
    const results = ok(await api.call('GET', `${t}/results`, { token: owner })).body;
    const byEntry = new Map<string, number>(results.rows.map((r: { lastEntryId: string; place: number }) => [r.lastEntryId, r.place]));
    // Out last = best: the final's three busts are 2nd to 4th, round 2's two 5th and 6th, round 1's five 7th to 11th.
    expect([...out].reverse().map((e) => byEntry.get(e))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(results.rows.find((r: { place: number }) => r.place === 1)).toBeDefined();
  });

  it('R-SHOOT-2: the close route is for the floor of a shootout only', async () => {
    const body = tournamentBody({ seatsPerTable: 4 }, 60_000);
    const regular = ok(await api.call('POST', `${base}/tournaments`, { token: owner, body }), 201);
    expect(regular.body.settings.format).toBeUndefined();
    const u = `${base}/tournaments/${regular.body.tournamentId}`;
    ok(await api.call('POST', `${u}/open-registration`, { token: owner }));
    expectProblem(await api.call('POST', `${u}/shootout/close-round`, { token: owner }), 409, 'NOT_A_SHOOTOUT');
    const anonymous = await api.call('POST', `${t}/shootout/close-round`);
    expect(anonymous.status).toBe(401);
  });
});
