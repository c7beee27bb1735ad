import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { clubWithOwner, tournamentBody } from '../support/tournament-fixtures';

/**
 * R-MONEY-2 over HTTP: a money phrase is refused with 422 naming the field and the fragment; an
 * ambiguous text is stored but held, the tournament stays out of the catalogue and cannot open
 * registration until an operator approves it in the moderation queue; a rejection keeps it closed.
 */
let api: TestApi;
let operator: string;
let owner: string;
let base: string;

beforeAll(async () => {
  api = await startTestApi();
  operator = await api.token('mod-irina', { operator: true });
  ({ owner, base } = await clubWithOwner(api, 'owner-money-review'));
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const create = (over: Record<string, unknown>, startInMs = 50 * 3_600_000) =>
  api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody(over, startInMs) });
const catalogIds = async () =>
  ((await api.call('GET', '/v1/catalog/tournaments?limit=100')).body.items as { tournamentId: string }[]).map((i) => i.tournamentId);
const queue = async () =>
  (await api.call('GET', '/v1/operator/money-reviews?limit=100', { token: operator })).body.items as {
    tournamentId: string;
    items: { field: string; fragment: string }[];
  }[];
const decide = (id: string, body: Record<string, unknown>, token = operator) =>
  api.call('POST', `/v1/operator/clubs/${base.split('/').pop()}/tournaments/${id}/money-review`, { token, body });

describe('money wording review (R-MONEY-2)', () => {
  it('R-MONEY-2: clear money is refused with 422 MONEY_WORDING naming the field and the fragment; nothing is stored', async () => {
    const res = await create({
      name: 'Refused Cup',
      prizes: [
        { place: 1, kind: 'trophy' },
        { place: 2, description: 'Победителю 5 000 р.' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('MONEY_WORDING');
    expect(res.body.errors).toEqual([{ field: 'prizes[1].description', message: expect.stringContaining('5 000 р.') }]);
    expect(
      ((await api.call('GET', `${base}/tournaments`, { token: owner })).body.items as { name: string }[]).map((t) => t.name),
    ).not.toContain('Refused Cup');
  });

  it('R-MONEY-2: structured prizes need no free text; a clean tournament is not held', async () => {
    const res = await create({
      name: 'Clean Cup',
      prizes: [
        { place: 1, kind: 'trophy' },
        { place: 2, kind: 'certificate', certificateFor: 'ужин на двоих' },
        { place: 3, kind: 'rating_points', points: 500 },
        { placeFrom: 4, placeTo: 6, kind: 'satellite', entryTo: 'Главное событие серии' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.moneyHold).toBeUndefined();
    expect(res.body.settings.prizes.map((p: { description: string }) => p.description)).toEqual([
      'Кубок',
      'Сертификат: ужин на двоих',
      '500 рейтинговых очков',
      'Вход в турнир: Главное событие серии',
    ]);
    expect(await catalogIds()).toContain(res.body.tournamentId);
  });

  it('R-MONEY-2, R-MOD-1: a held text waits for an operator; approved, the tournament is listed and opens registration', async () => {
    const res = await create({ name: 'Held Cup', prizes: [{ place: 1, description: 'Приз 10 тыс.' }] });
    expect(res.status).toBe(201);
    const id = res.body.tournamentId as string;
    // The club sees what is held and why.
    expect(res.body.moneyHold).toMatchObject({
      status: 'held',
      items: [{ field: 'prizes[0].description', fragment: expect.stringContaining('10 тыс') }],
    });
    expect(await catalogIds()).not.toContain(id);
    const open = await api.call('POST', `${base}/tournaments/${id}/open-registration`, { token: owner });
    expect(open.status).toBe(409);
    expect(open.body.code).toBe('MONEY_WORDING_UNDER_REVIEW');
    // The moderation queue lists it; only operators read it and decide.
    expect((await queue()).find((q) => q.tournamentId === id)?.items[0]?.field).toBe('prizes[0].description');
    expect((await api.call('GET', '/v1/operator/money-reviews', { token: owner })).status).toBe(403);
    expect((await decide(id, { decision: 'approve', reason: 'points, not money' }, owner)).status).toBe(403);
    const approved = await decide(id, { decision: 'approve', reason: '10 тыс. очков рейтинга, уточнено у клуба' });
    expect(approved.status).toBe(200);
    expect(approved.body.moneyHold).toBeUndefined();
    expect((await queue()).map((q) => q.tournamentId)).not.toContain(id);
    expect(await catalogIds()).toContain(id);
    // A second decision has nothing to decide.
    expect((await decide(id, { decision: 'reject', reason: 'late' })).status).toBe(409);
    // An edit that leaves the approved text as it was is not held again.
    const edited = await api.call('PATCH', `${base}/tournaments/${id}`, { token: owner, body: { description: 'Старт в 19:00' } });
    expect(edited.status).toBe(200);
    expect(edited.body.moneyHold).toBeUndefined();
    expect((await api.call('POST', `${base}/tournaments/${id}/open-registration`, { token: owner })).status).toBe(200);
  });

  it('R-MONEY-2: a rejected text keeps the tournament closed until the club edits it; a clean edit lifts the hold', async () => {
    const id = (await create({ name: 'Rejected Cup', prizes: [{ place: 1, description: 'Кубок' }] })).body.tournamentId as string;
    // An edit of an announced tournament that introduces an ambiguous text does not take effect publicly.
    const edit = await api.call('PATCH', `${base}/tournaments/${id}`, {
      token: owner,
      body: { prizes: [{ place: 1, description: '1 место — 5000' }] },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.moneyHold.status).toBe('held');
    expect(await catalogIds()).not.toContain(id);
    const rejected = await decide(id, { decision: 'reject', reason: 'Сумма без единицы — похоже на деньги' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.moneyHold).toMatchObject({
      status: 'rejected',
      reason: 'Сумма без единицы — похоже на деньги',
      decidedBy: expect.any(String),
    });
    expect((await queue()).map((q) => q.tournamentId)).not.toContain(id);
    const open = await api.call('POST', `${base}/tournaments/${id}/open-registration`, { token: owner });
    expect(open.status).toBe(409);
    expect(open.body.code).toBe('MONEY_WORDING_UNDER_REVIEW');
    // The club rewrites the prize: nothing is held any more.
    const fixed = await api.call('PATCH', `${base}/tournaments/${id}`, { token: owner, body: { prizes: [{ place: 1, kind: 'trophy' }] } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.moneyHold).toBeUndefined();
    expect(await catalogIds()).toContain(id);
    expect((await api.call('POST', `${base}/tournaments/${id}/open-registration`, { token: owner })).status).toBe(200);
  });

  it("R-MONEY-2: a club's public texts are refused when they offer money; a street with a money word is a name", async () => {
    const token = await api.token('owner-cash-club');
    const refused = await api.call('POST', '/v1/clubs', { token, body: validClub({ name: 'Кэш-клуб «Наличка»' }) });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('MONEY_WORDING');
    expect(refused.body.errors).toEqual([{ field: 'name', message: expect.stringContaining('Кэш-клуб') }]);
    const ok = await api.call('POST', '/v1/clubs', {
      token,
      body: validClub({ name: 'Покерный клуб «Туз»', address: 'Денежный переулок, 5' }),
    });
    expect(ok.status).toBe(201);
    const renamed = await api.call('PATCH', `/v1/clubs/${ok.body.clubId}`, { token, body: { name: 'Клуб 5000 руб. за вход в финал' } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors[0].field).toBe('name');
  });
});
