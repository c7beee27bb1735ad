import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { expectProblem, waitFor, sleep } from '../support/http-expectations';
import { level } from '../support/tournament-fixtures';
import { readEventsAfter } from '../../functions/store/tournament-log';

/**
 * The blind structure frozen with the settings (R-LIFE-2), dead stacks from the start (R-NOSHOW-2),
 * the late-entry stack (R-LATE-1) and the rebuy last level (R-REBUY-2), over real HTTP on DynamoDB
 * Local. The forced-bet model runs at a test pace (handsPerHour) so that an orbit lasts seconds.
 */
let api: TestApi;
let owner: string;
let clubId: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.token('sle-owner');
  const club = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Structure Club' }) });
  expect(club.status).toBe(201);
  clubId = club.body.clubId;
});
afterAll(async () => api?.close());

const t = (id: string) => `/v1/clubs/${clubId}/tournaments/${id}`;
const call = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { token: owner, ...(body !== undefined ? { body } : {}) });

async function grid(levels: unknown[], name = 'Grid'): Promise<string> {
  const res = await call('POST', `/v1/clubs/${clubId}/blind-structures`, { name, anteType: 'classic', levels });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.structureId;
}

async function announce(settings: Record<string, unknown>): Promise<string> {
  const now = Date.now();
  const res = await call('POST', `/v1/clubs/${clubId}/tournaments`, {
    name: 'Frozen cup',
    startAt: new Date(now - 60_000).toISOString(),
    lateRegEndsAt: new Date(now + 3_600_000).toISOString(),
    buyIn: 1000,
    startingStack: 1000,
    ...settings,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.tournamentId;
}

async function player(sub: string): Promise<void> {
  const token = await api.token(sub);
  const res = await api.call('POST', '/v1/players', { token, body: { displayName: sub, dateOfBirth: '1990-01-01', consent: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const ok = async (method: string, path: string, body?: unknown) => {
  const res = await call(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};

describe('the blind structure is frozen with the settings (R-LIFE-2)', () => {
  it('R-LIFE-2: copied at announcement; later grid edits and clock/start cannot change it; clock commands stay allowed and audited', async () => {
    const mine = await grid([level(100, 200, 600), level(200, 400, 600)], 'Ours');
    const other = await grid([level(5, 10, 600)], 'Other');
    const id = await announce({ blindStructureId: mine });

    // The club edits its grid after the announcement: the tournament keeps the copy it was announced with.
    expect(
      (
        await call('PUT', `/v1/clubs/${clubId}/blind-structures/${mine}`, {
          name: 'Ours v2',
          anteType: 'classic',
          levels: [level(1000, 2000, 60)],
        })
      ).status,
    ).toBe(200);
    const before = (await call('GET', `${t(id)}/clock`)).body.clock;
    expect(before).toMatchObject({
      status: 'not_started',
      structure: { structureId: mine, name: 'Ours', levelCount: 2 },
      current: { smallBlind: 100, bigBlind: 200 },
    });

    // While announced, naming a structure copies the grid it names now.
    const renamed = await call('PATCH', t(id), { blindStructureId: other });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await call('GET', `${t(id)}/clock`)).body.clock.structure).toMatchObject({ structureId: other, levelCount: 1 });
    expectProblem(await call('PATCH', t(id), { blindStructureId: 'bs_missing' }), 422, 'BLIND_STRUCTURE_NOT_FOUND');
    expect((await call('PATCH', t(id), { blindStructureId: mine })).status).toBe(200);
    expect((await call('GET', `${t(id)}/clock`)).body.clock.structure).toMatchObject({ structureId: mine, name: 'Ours v2', levelCount: 1 });

    // Frozen from here on: neither an edit nor clock/start replaces it, and grid edits do not reach it.
    await ok('POST', `${t(id)}/open-registration`);
    expectProblem(await call('PATCH', t(id), { blindStructureId: other }), 409, 'SETTINGS_FROZEN');
    expect(
      (
        await call('PUT', `/v1/clubs/${clubId}/blind-structures/${mine}`, {
          name: 'Ours v3',
          anteType: 'classic',
          levels: [level(7, 14, 60)],
        })
      ).status,
    ).toBe(200);
    await ok('POST', `${t(id)}/start`);
    const v0 = (await call('GET', t(id))).body.version;
    expectProblem(await call('POST', `${t(id)}/clock/start`, { structureId: other }), 409, 'SETTINGS_FROZEN');
    expectProblem(await call('POST', `${t(id)}/clock/start`, { structureId: 'default-turbo-10' }), 409, 'SETTINGS_FROZEN');
    expect((await call('GET', t(id))).body.version).toBe(v0);
    const started = await ok('POST', `${t(id)}/clock/start`, { structureId: mine });
    expect(started.clock).toMatchObject({
      status: 'running',
      structure: { name: 'Ours v2' },
      current: { smallBlind: 1000, bigBlind: 2000 },
    });

    // Adjustments during play stay allowed, and the log records who made each one.
    expect((await call('POST', `${t(id)}/clock/pause`)).status).toBe(200);
    const added = await ok('POST', `${t(id)}/clock/add-time`, { seconds: -30 });
    expect(added.clock.timeLeftMs).toBeLessThanOrEqual(30_000);
    expectProblem(await call('POST', `${t(id)}/clock/add-time`, { seconds: 120 }), 422, 'CLOCK_TIME_OUT_OF_RANGE');
    expect((await call('POST', `${t(id)}/clock/resume`)).status).toBe(200);
    const events = (await readEventsAfter(clubId, id, 0, true)).flatMap((e) => e.events as { type: string; by?: string }[]);
    const commands = events.filter((e) => ['clock.started', 'clock.paused', 'level.time_adjusted', 'clock.resumed'].includes(e.type));
    expect(commands.map((e) => e.type)).toEqual(['clock.started', 'clock.paused', 'level.time_adjusted', 'clock.resumed']);
    expect(commands.every((e) => e.by === 'sle-owner')).toBe(true);
  });

  it('R-LIFE-2: a tournament without a named structure freezes the default at announcement', async () => {
    const id = await announce({});
    expect((await call('GET', `${t(id)}/clock`)).body.clock.structure.structureId).toBe('default-standard-20');
    await ok('POST', `${t(id)}/open-registration`);
    await ok('POST', `${t(id)}/start`);
    expectProblem(await call('POST', `${t(id)}/clock/start`, { structureId: 'turbo-10' }), 409, 'SETTINGS_FROZEN');
    expect((await ok('POST', `${t(id)}/clock/start`, { structureId: 'standard-20' })).clock.status).toBe('running');
  });
});

describe('dead stacks from the start (R-NOSHOW-2)', () => {
  it('R-NOSHOW-2: a no-show is seated at the start, posts per orbit by the clock, is handed over as it stands, or goes out with no credit', async () => {
    for (const p of ['ds-here', 'ds-late', 'ds-never']) await player(p);
    // Two seats per table and 1800 hands an hour: an orbit lasts 4 s and costs a seat 100 + 200 = 300.
    const id = await announce({
      blindStructureId: await grid([level(100, 200, 600)]),
      noShowPolicy: 'absent_mode',
      seatsPerTable: 2,
      handsPerHour: 1800,
      startingStack: 500,
    });
    await ok('POST', `${t(id)}/open-registration`);
    const regs: Record<string, string> = {};
    for (const p of ['ds-here', 'ds-late', 'ds-never'])
      regs[p] = (await ok('POST', `${t(id)}/registrations`, { playerId: p })).item.registrationId;
    await ok('POST', `${t(id)}/registrations/${regs['ds-here']}/check-in`);

    // The start seats both no-shows with a dead stack; the draw gives everyone a seat.
    await ok('POST', `${t(id)}/start`);
    const absent = (await ok('GET', `${t(id)}/registrations?status=absent`)).items.map((r: { playerId: string }) => r.playerId).sort();
    expect(absent).toEqual(['ds-late', 'ds-never']);
    await ok('POST', `${t(id)}/seating/draw`, {});
    const seated = (await ok('GET', `${t(id)}/tables`)).tables.flatMap((tb: { seats: { entryId: string | null }[] }) =>
      tb.seats.filter((s) => s.entryId !== null),
    );
    expect(seated).toHaveLength(3);
    const deadOf = async (p: string) => (await ok('GET', `${t(id)}/entries?playerId=${p}`)).items[0];
    expect(await deadOf('ds-late')).toMatchObject({ deadStack: true, forcedBetsPosted: 0, chips: 500, status: 'active' });

    await ok('POST', `${t(id)}/clock/start`);
    // One orbit: each dead stack has posted 300, derived from the clock on every read.
    await waitFor('one orbit posted', async () => ((await deadOf('ds-late')).forcedBetsPosted === 300 ? true : undefined));
    const arrived = await ok('POST', `${t(id)}/registrations/${regs['ds-late']}/check-in`);
    expect(arrived.item.status).toBe('checked_in');
    const handed = await deadOf('ds-late');
    expect(handed).toMatchObject({ status: 'active', chips: 500, forcedBetsPosted: 300 });
    expect(handed.deadStack).toBeUndefined();

    // The second orbit empties the other dead stack; the next clock write records it as out.
    await waitFor('two orbits posted', async () => ((await deadOf('ds-never')).forcedBetsPosted === 500 ? true : undefined));
    expect((await call('POST', `${t(id)}/clock/pause`)).status).toBe(200);
    const out = await deadOf('ds-never');
    expect(out).toMatchObject({ status: 'busted', forcedBetsPosted: 500 });
    const kos = (await ok('GET', `${t(id)}/knockouts`)).items.filter((k: { bustedEntryId: string }) => k.bustedEntryId === out.entryId);
    expect(kos).toHaveLength(1);
    expect(kos[0].killers).toEqual([]);
    expectProblem(await call('POST', `${t(id)}/registrations/${regs['ds-never']}/check-in`), 409, 'ENTRY_NOT_ACTIVE');
    // The handed-over stack is the player's own now: nothing more is taken from it.
    await sleep(4_200);
    expect((await deadOf('ds-late')).forcedBetsPosted).toBe(300);
  });
});

describe('late-entry stack (R-LATE-1)', () => {
  it('R-LATE-1: minus_forced_bets gives the starting stack less the forced bets passed; full gives it whole', async () => {
    for (const p of ['le-a', 'le-b', 'le-c']) await player(p);
    const structure = await grid([level(100, 200, 600)]);
    const minus = await announce({
      blindStructureId: structure,
      seatsPerTable: 2,
      handsPerHour: 1800,
      startingStack: 1000,
      lateEntryStack: 'minus_forced_bets',
    });
    const full = await announce({ blindStructureId: structure, seatsPerTable: 2, handsPerHour: 1800, startingStack: 1000 });
    for (const id of [minus, full]) {
      await ok('POST', `${t(id)}/open-registration`);
      await ok('POST', `${t(id)}/start`);
      await ok('POST', `${t(id)}/clock/start`);
    }
    // An orbit lasts 4 s: after a bit more than one, the clocks stop with 300 posted per seat.
    await sleep(4_500);
    for (const id of [minus, full]) await ok('POST', `${t(id)}/clock/pause`);
    const late = await ok('POST', `${t(minus)}/entries`, { kind: 'late_registration', playerId: 'le-a' });
    expect(late.item.chips).toBe(700);
    const whole = await ok('POST', `${t(full)}/entries`, { kind: 'late_registration', playerId: 'le-b' });
    expect(whole.item.chips).toBe(1000);
    // Never below the floor: half the starting stack.
    await ok('POST', `${t(minus)}/clock/resume`);
    await sleep(4_200);
    await ok('POST', `${t(minus)}/clock/pause`);
    const floor = await ok('POST', `${t(minus)}/entries`, { kind: 'late_registration', playerId: 'le-c' });
    expect(floor.item.chips).toBe(500);
    expect((await ok('GET', t(minus))).settings.lateEntryStack).toBe('minus_forced_bets');
    expectProblem(await call('PATCH', t(minus), { lateEntryStack: 'full' }), 409, 'SETTINGS_FROZEN');
  });

  it('R-LATE-1: an unknown lateEntryStack value is refused at announcement', async () => {
    const res = await call('POST', `/v1/clubs/${clubId}/tournaments`, {
      name: 'x',
      startAt: new Date().toISOString(),
      lateRegEndsAt: new Date(Date.now() + 60_000).toISOString(),
      buyIn: 1,
      startingStack: 10,
      lateEntryStack: 'half',
    });
    expectProblem(res, 400, 'VALIDATION_FAILED');
  });
});

describe('rebuy last level (R-REBUY-2)', () => {
  it('R-REBUY-2: rebuys are taken through the last rebuy level and refused once the clock has left it', async () => {
    await player('rb-a');
    const id = await announce({
      blindStructureId: await grid([level(100, 200, 600), level(200, 400, 600)]),
      rebuy: 1000,
      rebuyEndsAtLevel: 1,
    });
    await ok('POST', `${t(id)}/open-registration`);
    const entry = (await ok('POST', `${t(id)}/entries`, { kind: 'late_registration', playerId: 'rb-a' })).item.entryId;
    await ok('POST', `${t(id)}/start`);
    await ok('POST', `${t(id)}/clock/start`);
    expect((await ok('POST', `${t(id)}/entries/${entry}/rebuys`, {})).item.chips).toBe(2000);
    await ok('POST', `${t(id)}/clock/next`);
    expectProblem(await call('POST', `${t(id)}/entries/${entry}/rebuys`, {}), 422, 'REBUY_WINDOW_CLOSED');
    expectProblem(
      await call('POST', `/v1/clubs/${clubId}/tournaments`, {
        name: 'x',
        startAt: new Date().toISOString(),
        lateRegEndsAt: new Date(Date.now() + 60_000).toISOString(),
        buyIn: 1,
        startingStack: 10,
        rebuyEndsAtLevel: 2,
      }),
      422,
      'SETTINGS_INVALID',
    );
  });
});
