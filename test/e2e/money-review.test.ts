import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { clubWithOwner, tournamentBody } from '../support/tournament-fixtures';
import { readEventsAfter } from '../../functions/store/tournament-log';
import { MAX_OPERATOR_REASON_LENGTH } from '../../schemas/limits';

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

  it('R-MONEY-2: each decision names the operator and its reason (required to reject) in the tournament, its log, the notices and the feed', async () => {
    const clubId = base.split('/').pop() as string;
    const id = (await create({ name: 'Audited Cup', prizes: [{ place: 1, description: 'Приз 7 тыс.' }] })).body.tournamentId as string;
    // A rejection without a reason, with a blank one, too long or with hidden characters is refused; nothing changes.
    const bare = await decide(id, { decision: 'reject' });
    expect(bare.status).toBe(422);
    expect(bare.body).toMatchObject({ code: 'REASON_REQUIRED', errors: [{ field: 'reason' }] });
    expect((await decide(id, { decision: 'reject', reason: '   ' })).status).toBe(400);
    expect((await decide(id, { decision: 'reject', reason: 'x'.repeat(MAX_OPERATOR_REASON_LENGTH + 1) })).status).toBe(400);
    const bidi = await decide(id, { decision: 'reject', reason: 'ok \u202e yenom' });
    expect(bidi.status).toBe(422);
    expect(bidi.body.code).toBe('INVALID_CHARACTERS');
    expect((await queue()).map((q) => q.tournamentId)).toContain(id);

    const why = 'Сумма без единицы: укажите, что это очки';
    const rejected = await decide(id, { decision: 'reject', reason: why });
    expect(rejected.status).toBe(200);
    expect(rejected.body.moneyHold).toMatchObject({ status: 'rejected', decidedBy: 'mod-irina', reason: why });
    expect(rejected.body.moneyReview).toMatchObject({
      decision: 'reject',
      decidedBy: 'mod-irina',
      reason: why,
      items: [{ field: 'prizes[0].description' }],
    });
    // The club edits the prize into another text that needs a look; approved without a reason, the approval is named too.
    const edited = await api.call('PATCH', `${base}/tournaments/${id}`, {
      token: owner,
      body: { prizes: [{ place: 1, description: 'Приз 8 тыс.' }] },
    });
    expect(edited.body.moneyHold.status).toBe('held');
    const approved = await decide(id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.moneyHold).toBeUndefined();
    expect(approved.body.moneyReview).toEqual({
      decision: 'approve',
      decidedBy: 'mod-irina',
      decidedAt: expect.stringMatching(/^\d{4}-/),
      items: [expect.objectContaining({ field: 'prizes[0].description' })],
    });
    const read = await api.call('GET', `${base}/tournaments/${id}`, { token: owner });
    expect(read.body.moneyReview.decision).toBe('approve');

    // The log keeps both decisions with who and why.
    const logged = (await readEventsAfter(clubId, id, 0, true))
      .flatMap((e) => e.events as { type: string; decidedBy?: string; reason?: string }[])
      .filter((e) => e.type.startsWith('tournament.money_review_'));
    expect(logged.map((e) => [e.type, e.decidedBy, e.reason])).toEqual([
      ['tournament.money_review_rejected', 'mod-irina', why],
      ['tournament.money_review_approved', 'mod-irina', undefined],
    ]);
    // The club's moderation notices and its feed say who decided and why.
    const notices = (await api.call('GET', `${base}/moderation-notices`, { token: owner })).body.items as Record<string, unknown>[];
    const mine = notices.filter((n) => n.tournamentId === id);
    expect(mine.map((n) => [n.action, n.by, n.reason])).toEqual([
      ['money_approve', 'mod-irina', ''],
      ['money_reject', 'mod-irina', why],
    ]);
    const feed = (await api.call('GET', '/v1/me/notifications?limit=50', { token: owner })).body.items as {
      type: string;
      title: string;
      tournamentId?: string;
      data: Record<string, unknown>;
    }[];
    const told = feed.find((n) => n.type === 'tournament.money_review_rejected' && n.tournamentId === id);
    expect(told?.title).toContain(why);
    expect(told?.title).toContain('mod-irina');
    expect(told?.data).toMatchObject({ decision: 'reject', decidedBy: 'mod-irina', reason: why });
    expect(feed.find((n) => n.type === 'tournament.money_review_approved' && n.tournamentId === id)?.data).toMatchObject({
      decision: 'approve',
      decidedBy: 'mod-irina',
    });
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
