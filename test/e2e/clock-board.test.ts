import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { expectProblem } from '../support/http-expectations';
import { level, breakLevel } from '../support/tournament-fixtures';
import { MAX_ANNOUNCEMENT_LENGTH } from '../../domain/floor/announcement';

/**
 * What the clock GET hands the clock screen besides the clock (its board), and the announcement line the
 * floor puts on the screen, over real HTTP on DynamoDB Local. Levels last 10 minutes: nothing moves on its own.
 */
let api: TestApi;
let owner: string;
let dealer: string;
let clubId: string;
let t: string;

async function ok(method: string, path: string, body?: unknown, token = owner) {
  const res = await api.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.token('board-owner');
  dealer = await api.token('board-dealer');
  clubId = (await ok('POST', '/v1/clubs', validClub({ name: 'Board Club' }))).clubId;
  await ok('POST', `/v1/clubs/${clubId}/members`, { userId: 'board-dealer', role: 'dealer' });
  const structureId = (
    await ok('POST', `/v1/clubs/${clubId}/blind-structures`, {
      name: 'Board grid',
      anteType: 'classic',
      levels: [level(100, 200, 600), level(200, 400, 600, 50), level(300, 600, 600, 75), breakLevel(900), level(400, 800, 600, 100)],
    })
  ).structureId;
  const now = Date.now();
  const id = (
    await ok('POST', `/v1/clubs/${clubId}/tournaments`, {
      name: 'Board Cup',
      startAt: new Date(now - 60_000).toISOString(),
      lateRegEndsAt: new Date(now + 3_600_000).toISOString(),
      buyIn: 1000,
      startingStack: 10_000,
      rebuy: 1000,
      addon: 1000,
      addonChips: 5_000,
      blindStructureId: structureId,
    })
  ).tournamentId;
  t = `/v1/clubs/${clubId}/tournaments/${id}`;
  await ok('POST', `${t}/open-registration`);
  const entries: string[] = [];
  for (const sub of ['board-p1', 'board-p2']) {
    await ok('POST', '/v1/players', { displayName: sub, dateOfBirth: '1990-01-01', consent: true }, await api.token(sub));
    entries.push((await ok('POST', `${t}/entries`, { kind: 'late_registration', playerId: sub })).item.entryId);
  }
  await ok('POST', `${t}/start`);
  await ok('POST', `${t}/clock/start`);
  await ok('POST', `${t}/entries/${entries[0]}/rebuys`, {});
  await ok('POST', `${t}/entries/${entries[1]}/addons`, {});
}, 120_000);
afterAll(async () => api?.close());

const board = async () => (await api.call('GET', `${t}/clock`)).body.board;

describe("the clock screen's board", () => {
  it('counts chips in play, rebuys and add-ons, names the starting stack and lists the next 3 levels', async () => {
    const b = await board();
    expect(b).toMatchObject({
      entries: 2,
      playersLeft: 2,
      startingStack: 10_000,
      rebuys: 1,
      addOns: 1,
      chipsInPlay: 2 * 10_000 + 10_000 + 5_000,
      announcement: null,
    });
    expect(b.upcoming.map((l: { smallBlind: number; ante: number; isBreak: boolean }) => [l.smallBlind, l.ante, l.isBreak])).toEqual([
      [200, 50, false],
      [300, 75, false],
      [0, 0, true],
    ]);
    // At the last level but one, only one level is left to list.
    await ok('POST', `${t}/clock/adjust`, { by: 3 });
    expect((await board()).upcoming.map((l: { levelNumber: number | null }) => l.levelNumber)).toEqual([4]);
    await ok('POST', `${t}/clock/adjust`, { by: -3 });
  });
});

describe('the announcement line (floor staff)', () => {
  it('is put, replaced and taken down by the floor; the board carries it; the version moves', async () => {
    const put = await api.call('PUT', `${t}/announcement`, { token: owner, body: { text: '  Dinner break at 20:00  ' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.announcement).toMatchObject({ text: 'Dinner break at 20:00', by: 'board-owner' });
    expect(put.headers.get('etag')).toBe(`"${put.body.version}"`);
    expect((await board()).announcement).toBe('Dinner break at 20:00');
    // The same text again changes nothing.
    const again = await api.call('PUT', `${t}/announcement`, { token: owner, body: { text: 'Dinner break at 20:00' } });
    expect(again.body.version).toBe(put.body.version);
    const replaced = await api.call('PUT', `${t}/announcement`, { token: owner, body: { text: 'Стол 7 закрывается' } });
    expect(replaced.body.version).toBe(put.body.version + 1);
    expect((await board()).announcement).toBe('Стол 7 закрывается');
    // If-Match: a stale version is refused.
    const stale = await api.call('PUT', `${t}/announcement`, {
      token: owner,
      body: { text: 'late' },
      headers: { 'if-match': `"${put.body.version}"` },
    });
    expectProblem(stale, 409, 'VERSION_MISMATCH');
    const gone = await api.call('DELETE', `${t}/announcement`, { token: owner });
    expect(gone.status).toBe(200);
    expect(gone.body.announcement).toBeNull();
    expect((await board()).announcement).toBeNull();
  });

  it('is refused to staff off the floor, and for money wording, text held for review, and bad length', async () => {
    expect((await api.call('PUT', `${t}/announcement`, { token: dealer, body: { text: 'Hello' } })).status).toBe(403);
    expect((await api.call('DELETE', `${t}/announcement`, { token: dealer })).status).toBe(403);
    expect((await api.call('PUT', `${t}/announcement`, { body: { text: 'Hello' } })).status).toBe(401);
    const money = await api.call('PUT', `${t}/announcement`, { token: owner, body: { text: 'Победителю 5 000 р.' } });
    expectProblem(money, 422, 'MONEY_WORDING');
    expect(money.body.errors[0].field).toBe('text');
    // A screen cannot wait for an operator: what the checker would hold is refused too.
    expectProblem(await api.call('PUT', `${t}/announcement`, { token: owner, body: { text: 'Приз 10 тыс.' } }), 422, 'MONEY_WORDING');
    expectProblem(
      await api.call('PUT', `${t}/announcement`, { token: owner, body: { text: 'x'.repeat(MAX_ANNOUNCEMENT_LENGTH + 1) } }),
      422,
      'ANNOUNCEMENT_INVALID',
    );
    expectProblem(await api.call('PUT', `${t}/announcement`, { token: owner, body: { text: '   ' } }), 400, 'VALIDATION_FAILED');
    expect((await board()).announcement).toBeNull();
  });
});
