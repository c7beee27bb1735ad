import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { expectProblem } from '../support/http-expectations';

/**
 * R-MOD-1 over real HTTP: the operator hides one tournament, one prize row, one mystery prize or one
 * display name, with a reason; it is gone from the catalogue and the public views, the club is told
 * why, and the decision can be undone.
 */
let api: TestApi;
let owner: string;
let operator: string;
let clubId: string;
let t: string;
let tid: string;

const call = (method: string, path: string, opts: { token?: string; body?: unknown } = {}) => api.call(method, path, opts);
const ok = async (method: string, path: string, body?: unknown) => {
  const res = await call(method, path, { token: owner, ...(body !== undefined ? { body } : {}) });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
};
const op = (path: string, body: unknown) => call('POST', `/v1/operator${path}`, { token: operator, body });
const opPath = () => `/clubs/${clubId}/tournaments/${tid}`;

const catalogIds = async () =>
  ((await call('GET', '/v1/catalog/tournaments?limit=100')).body.items as { tournamentId: string }[]).map((i) => i.tournamentId);
const notices = async () =>
  (await call('GET', `/v1/clubs/${clubId}/moderation-notices`, { token: owner })).body.items as Record<string, unknown>[];

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.token('cm-owner');
  operator = await api.token('cm-operator', { operator: true });
  const club = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Moderated Club' }) });
  expect(club.status).toBe(201);
  clubId = club.body.clubId;
  for (const p of ['cm-p1', 'cm-p2']) {
    const token = await api.token(p);
    expect(
      (await api.call('POST', '/v1/players', { token, body: { displayName: `Name of ${p}`, dateOfBirth: '1990-01-01', consent: true } }))
        .status,
    ).toBe(201);
  }
  const now = Date.now();
  const created = await ok('POST', `/v1/clubs/${clubId}/tournaments`, {
    name: 'Moderated cup',
    startAt: new Date(now + 3_600_000).toISOString(),
    lateRegEndsAt: new Date(now + 7_200_000).toISOString(),
    buyIn: 1000,
    startingStack: 10_000,
    bountyType: 'mystery',
    mysteryBounty: true,
    prizes: [
      { place: 1, description: 'Champion cup' },
      { place: 2, description: 'Merch pack worth a lot' },
    ],
  });
  tid = created.tournamentId;
  t = `/v1/clubs/${clubId}/tournaments/${tid}`;
});
afterAll(async () => api?.close());

describe('content moderation (R-MOD-1)', () => {
  it('R-MOD-1: only the operator decides, always with a reason; an unknown item is a 404', async () => {
    expectProblem(
      await call('POST', `/v1/operator${opPath()}/visibility`, { token: owner, body: { hidden: true, reason: 'not mine to decide' } }),
      403,
      'FORBIDDEN',
    );
    expectProblem(await op(`${opPath()}/visibility`, { hidden: true }), 400, 'VALIDATION_FAILED');
    expectProblem(await op(`${opPath()}/prizes/5/visibility`, { hidden: true, reason: 'no such row' }), 404, 'PRIZE_ROW_NOT_FOUND');
    expectProblem(
      await op(`${opPath()}/mystery-draws/md_unknown/visibility`, { hidden: true, reason: 'no such draw' }),
      404,
      'MYSTERY_DRAW_NOT_FOUND',
    );
    expectProblem(await op('/players/nobody/display-name/visibility', { hidden: true, reason: 'no such player' }), 404, 'PLAYER_NOT_FOUND');
    expectProblem(await op(`${opPath()}/visibility`, { hidden: false, reason: 'nothing to restore' }), 409, 'CONTENT_NOT_HIDDEN');
    expect(await notices()).toEqual([]);
  });

  it('R-MOD-1: a hidden tournament leaves the catalogue, the club is told why, and it comes back when restored', async () => {
    expect(await catalogIds()).toContain(tid);
    const hid = await op(`${opPath()}/visibility`, { hidden: true, reason: 'The announcement misleads players' });
    expect(hid.status, JSON.stringify(hid.body)).toBe(200);
    expect(hid.body).toMatchObject({
      kind: 'tournament',
      targetId: tid,
      tournamentId: tid,
      hidden: true,
      reason: 'The announcement misleads players',
      by: 'cm-operator',
    });
    expect(await catalogIds()).not.toContain(tid);
    // The club still runs and reads its tournament.
    expect((await call('GET', t, { token: owner })).status).toBe(200);
    expect(await notices()).toEqual([
      expect.objectContaining({ action: 'hide', kind: 'tournament', tournamentId: tid, reason: 'The announcement misleads players' }),
    ]);
    const feed = (await call('GET', '/v1/me/notifications?limit=50', { token: owner })).body.items as {
      type: string;
      title: string;
      data: { reason: string };
    }[];
    expect(feed.find((n) => n.type === 'content.hidden')?.data.reason).toBe('The announcement misleads players');
    expectProblem(await op(`${opPath()}/visibility`, { hidden: true, reason: 'again' }), 409, 'CONTENT_ALREADY_HIDDEN');

    const back = await op(`${opPath()}/visibility`, { hidden: false, reason: 'The club corrected the text' });
    expect(back.status).toBe(200);
    expect(await catalogIds()).toContain(tid);
    expect((await notices()).map((n) => n.action)).toEqual(['restore', 'hide']);
  });

  it('R-MOD-1: a hidden prize row leaves the public clock screen; a hidden tournament takes the public clock away', async () => {
    await ok('POST', `${t}/open-registration`);
    for (const p of ['cm-p1', 'cm-p2']) await ok('POST', `${t}/entries`, { kind: 'late_registration', playerId: p });
    await ok('POST', `${t}/start`);
    await ok('POST', `${t}/clock/start`);
    const prizesShown = async () =>
      ((await call('GET', `${t}/clock`)).body.board.prizes as { description: string }[]).map((p) => p.description);
    expect(await prizesShown()).toEqual(['Champion cup', 'Merch pack worth a lot']);

    const hid = await op(`${opPath()}/prizes/1/visibility`, { hidden: true, reason: 'A prize must not state a value' });
    expect(hid.body).toMatchObject({ kind: 'prize_row', targetId: '1', hidden: true });
    expect(await prizesShown()).toEqual(['Champion cup']);
    // The club's own settings still show the row, so it knows what was hidden.
    expect((await call('GET', t, { token: owner })).body.settings.prizes).toHaveLength(2);
    expect((await notices())[0]).toMatchObject({ action: 'hide', kind: 'prize_row', targetId: '1', tournamentId: tid });

    expect((await op(`${opPath()}/visibility`, { hidden: true, reason: 'Under review' })).status).toBe(200);
    expectProblem(await call('GET', `${t}/clock`), 404, 'CLUB_NOT_FOUND');
    expect((await call('GET', `${t}/screen`)).status).toBe(404);
    expect((await call('GET', `${t}/clock`, { token: owner })).status).toBe(200);
    expect((await op(`${opPath()}/visibility`, { hidden: false, reason: 'Review done' })).status).toBe(200);
    expect((await call('GET', `${t}/clock`)).status).toBe(200);
  });

  it('R-MOD-1: public results lose a hidden mystery prize, a hidden prize row and a hidden display name; staff see everything', async () => {
    const entries = (await ok('GET', `${t}/entries`)).items as { entryId: string; playerId: string }[];
    const entryOf = (p: string) => entries.find((e) => e.playerId === p)?.entryId;
    const ko = await ok('POST', `${t}/knockouts`, { busted: [entryOf('cm-p2')], killers: [entryOf('cm-p1')] });
    const draw = await ok('POST', `${t}/knockouts/${ko.items[0].knockoutId}/mystery-draw`, { prizeText: 'Rude words cap' });
    const hid = await op(`${opPath()}/mystery-draws/${draw.item.drawId}/visibility`, { hidden: true, reason: 'Offensive prize text' });
    expect(hid.body).toMatchObject({ kind: 'mystery_prize', targetId: draw.item.drawId, hidden: true });
    const name = await op('/players/cm-p1/display-name/visibility', { hidden: true, reason: 'Offensive display name' });
    expect(name.body).toMatchObject({ kind: 'display_name', targetId: 'cm-p1', hidden: true });
    expectProblem(await op('/players/cm-p1/display-name/visibility', { hidden: true, reason: 'again' }), 409, 'CONTENT_ALREADY_HIDDEN');
    await ok('POST', `${t}/finish`);

    const pub = (await call('GET', `${t}/results`)).body.rows as Record<string, unknown>[];
    const staff = (await call('GET', `${t}/results`, { token: owner })).body.rows as Record<string, unknown>[];
    expect(staff[0]).toMatchObject({
      place: 1,
      playerId: 'cm-p1',
      displayName: 'Name of cm-p1',
      prize: 'Champion cup',
      mysteryPrizes: ['Rude words cap'],
    });
    expect(staff[1]).toMatchObject({ place: 2, prize: 'Merch pack worth a lot' });
    expect(pub[0]).toMatchObject({ place: 1, playerId: 'cm-p1', prize: 'Champion cup', mysteryPrizes: [] });
    expect(pub[0]).not.toHaveProperty('displayName');
    expect(pub[1]).toMatchObject({ place: 2, displayName: 'Name of cm-p2' });
    expect(pub[1]).not.toHaveProperty('prize');

    // Reversible: the name and the prize row show again.
    expect((await op('/players/cm-p1/display-name/visibility', { hidden: false, reason: 'Name changed back' })).status).toBe(200);
    expect((await op(`${opPath()}/prizes/1/visibility`, { hidden: false, reason: 'Accepted after review' })).status).toBe(200);
    const again = (await call('GET', `${t}/results`)).body.rows as Record<string, unknown>[];
    expect(again[0]).toMatchObject({ displayName: 'Name of cm-p1' });
    expect(again[1]).toMatchObject({ prize: 'Merch pack worth a lot' });

    // A hidden tournament's results are not public at all.
    expect((await op(`${opPath()}/visibility`, { hidden: true, reason: 'Removed for good' })).status).toBe(200);
    expect((await call('GET', `${t}/results`)).status).toBe(404);
    expect((await call('GET', `${t}/results`, { token: owner })).status).toBe(200);
  });
});
