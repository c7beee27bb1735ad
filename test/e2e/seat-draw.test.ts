import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

/*
 * The provable seat draw over HTTP (R-DRAW-1): the floor publishes the commitment before the start, the
 * start and the draw leave it as it was, the draw reveals the seed, and the repository's Python script
 * re-derives every seat of the draw and of the entries seated after it from what the API publishes. A
 * second tournament gets its commitment at the start.
 */

type Res = Awaited<ReturnType<TestApi['call']>>;
type Proof = {
  version: number;
  algorithm: string;
  commitment: string | null;
  seed: string | null;
  seatsPerTable: number | null;
  entryIds: string[];
  late: { sequence: number; entryId: string; tableNumber: number; freeSeats: number[]; seat: number }[];
};
type Tables = { tables: { number: number; seats: { seat: number; entryId: string | null }[] }[] };

const SCRIPT = join(import.meta.dirname, '../../scripts/verify-seat-draw.py');
const OWNER = 'draw-owner';
const PLAYERS = Array.from({ length: 29 }, (_, i) => `draw-p${String(i + 1).padStart(2, '0')}`);

let api: TestApi;
let owner: string;
let base: string;

beforeAll(async () => {
  const started = await startTestApi();
  // The one DynamoDB Local of a busy machine answers 503 at times: such a call is made again (as the API
  // asks with Retry-After). A command that landed before its answer was lost then finds itself done.
  api = {
    ...started,
    call: async (...args: Parameters<TestApi['call']>) => {
      for (let attempt = 1; ; attempt++) {
        const r = await started.call(...args);
        if (r.status !== 503 || attempt === 5) return attempt > 1 ? { ...r, retried: true } : r;
        await new Promise((done) => setTimeout(done, 1000 * attempt));
      }
    },
  };
  ({ owner, base } = await clubWithOwner(api, OWNER));
  // A few at a time: the machine's one DynamoDB Local serves every test file.
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
}
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const seatOf = (tables: Tables, entryId: string) =>
  tables.tables.flatMap((x) => x.seats.filter((s) => s.entryId === entryId).map((s) => ({ table: x.number, seat: s.seat })))[0];

function verify(proof: unknown, tables?: unknown, json = false) {
  const args = [SCRIPT, '--proof', '-'];
  if (tables) {
    const file = join(mkdtempSync(join(tmpdir(), 'seat-draw-')), 'tables.json');
    writeFileSync(file, JSON.stringify(tables));
    args.push('--tables', file);
  }
  if (json) args.push('--json');
  return spawnSync('python3', args, { input: JSON.stringify(proof), encoding: 'utf8', timeout: 60_000 });
}

async function openTournament(seats: number) {
  const body = tournamentBody({ formatLabel: 'reentry', reentry: 150_000, seatsPerTable: seats }, 60_000);
  const created = ok(await api.call('POST', `${base}/tournaments`, { token: owner, body }), 201);
  const t = `${base}/tournaments/${created.body.tournamentId}`;
  ok(await api.call('POST', `${t}/open-registration`, { token: owner }));
  return t;
}

const entryIn = async (t: string, playerId: string, kind = 'late_registration') =>
  ok(await api.call('POST', `${t}/entries`, { token: owner, body: { kind, playerId } }), 201).body.item.entryId as string;

// A loaded machine takes its time over twenty entries one by one.
describe('R-DRAW-1: a seat draw anyone can re-derive', { timeout: 300_000 }, () => {
  let t: string;
  let commitment: string;
  let afterDraw: Tables;
  let proof: Proof;
  const entryOf = new Map<string, string>();
  const field = PLAYERS.slice(0, 19);

  const readProof = async (token?: string) => ok(await api.call('GET', `${t}/seating/draw-proof`, token ? { token } : {})).body as Proof;

  it('R-DRAW-1: the commitment is published before the draw and never changes: not by a second publish, the start or the draw', async () => {
    t = await openTournament(9);
    for (const p of field) entryOf.set(p, await entryIn(t, p));
    const none = await readProof(owner);
    expect(none).toMatchObject({ algorithm: 'sport-poker/seat-draw/v1', commitment: null, seed: null, entryIds: [] });
    // Outsiders see the proof of a tournament on the public clock only.
    expectProblem(await api.call('GET', `${t}/seating/draw-proof`), 404, 'CLUB_NOT_FOUND');
    // A draw before any commitment would prove nothing: refused.
    expectProblem(await api.call('POST', `${t}/seating/draw`, { token: owner }), 409, 'SEAT_DRAW_NOT_COMMITTED');

    const published = ok(await api.call('POST', `${t}/seating/commitment`, { token: owner }));
    commitment = published.body.commitment;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(published.body.seed).toBeNull();
    // Publishing again answers the same commitment and writes nothing.
    const again = ok(await api.call('POST', `${t}/seating/commitment`, { token: owner }));
    expect(again.body.commitment).toBe(commitment);
    expect(again.body.version).toBe(published.body.version);

    ok(await api.call('POST', `${t}/start`, { token: owner }));
    expect((await readProof()).commitment).toBe(commitment);
    expect((await readProof()).seed).toBeNull();

    afterDraw = ok(await api.call('POST', `${t}/seating/draw`, { token: owner })).body as Tables;
    proof = await readProof();
    expect(proof.commitment).toBe(commitment);
    expect(sha256(proof.seed as string)).toBe(commitment);
    expect(proof.seatsPerTable).toBe(9);
    expect(proof.entryIds).toEqual([...entryOf.values()].sort());
    expect(ok(await api.call('POST', `${t}/seating/commitment`, { token: owner })).body.commitment).toBe(commitment);
    expect((await readProof()).commitment).toBe(commitment);
  });

  it('R-DRAW-1: the verification script re-derives every seat of the draw from the published entries and seed', () => {
    const check = verify(proof, afterDraw);
    expect(check.stdout).toContain(`commitment ${commitment} matches`);
    expect(check.stdout).toContain('19 initial seats derived');
    expect(check.stdout).toContain('published tables match the derived draw');
    expect(check.status, check.stderr).toBe(0);
    // Another seed, or another table plan, does not give these seats.
    expect(verify({ ...proof, seed: `${proof.seed}x` }, afterDraw).status).toBe(1);
    const moved = structuredClone(afterDraw);
    const [a, b] = [moved.tables[0]?.seats[0], moved.tables[1]?.seats[0]];
    if (a && b) [a.entryId, b.entryId] = [b.entryId, a.entryId];
    const forged = verify(proof, moved);
    expect(forged.stdout).toContain('DO NOT match');
    expect(forged.status).toBe(1);
  });

  it('R-DRAW-1: a late entry and a re-entry take their seats from the same committed stream, and the script checks them', async () => {
    const late = await entryIn(t, PLAYERS[19] as string);
    const tables = ok(await api.call('GET', `${t}/tables`, { token: owner })).body as Tables;
    let p = await readProof();
    expect(p.late).toHaveLength(1);
    expect(p.late[0]).toMatchObject({
      sequence: 1,
      entryId: late,
      ...{ tableNumber: seatOf(tables, late)?.table, seat: seatOf(tables, late)?.seat },
    });

    const out = entryOf.get(field[0] as string) as string;
    const killer = entryOf.get(field[1] as string) as string;
    const ko = (await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [out], killers: [killer] } })) as Res & {
      retried?: boolean;
    };
    // Made again after a 503 whose write had landed, the knockout finds its entry out; the re-entry below needs it out.
    if (!(ko.retried && ko.body.code === 'ENTRY_NOT_ACTIVE')) ok(ko, 201);
    const again = await entryIn(t, field[0] as string, 'reentry');
    p = await readProof();
    expect(p.late.map((l) => [l.sequence, l.entryId])).toEqual([
      [1, late],
      [2, again],
    ]);
    expect(p.commitment).toBe(commitment);
    expect(p.entryIds).toEqual(proof.entryIds);

    const check = verify(p, afterDraw, true);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('2 later seats match');
    const derived = JSON.parse(check.stdout.trim().split('\n').at(-1) as string);
    expect(derived.late).toEqual(p.late.map((l) => ({ sequence: l.sequence, entryId: l.entryId, table: l.tableNumber, seat: l.seat })));
    // A published later seat that the stream does not give fails the check.
    const wrong = structuredClone(p);
    const row = wrong.late[1] as Proof['late'][number];
    row.seat = row.freeSeats.find((s) => s !== row.seat) ?? row.seat;
    if (row.freeSeats.length > 1) expect(verify(wrong).status).toBe(1);
  });

  it('R-DRAW-1: without an earlier one, the start publishes the commitment and the draw reveals its seed', async () => {
    const u = await openTournament(6);
    for (const p of PLAYERS.slice(21, 29)) await entryIn(u, p);
    const before = ok(await api.call('GET', `${u}/seating/draw-proof`, { token: owner })).body as Proof;
    expect(before.commitment).toBeNull();
    ok(await api.call('POST', `${u}/start`, { token: owner }));
    const started = ok(await api.call('GET', `${u}/seating/draw-proof`)).body as Proof;
    expect(started.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(started.seed).toBeNull();
    const drawn = ok(await api.call('POST', `${u}/seating/draw`, { token: owner })).body;
    const proved = ok(await api.call('GET', `${u}/seating/draw-proof`)).body as Proof;
    expect(proved.commitment).toBe(started.commitment);
    expect(sha256(proved.seed as string)).toBe(started.commitment);
    const check = verify(proved, drawn);
    expect(check.stdout).toContain('published tables match the derived draw');
    expect(check.status).toBe(0);
  });
});
