import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, tournamentBody } from '../support/tournament-fixtures';

let api: TestApi;
let owner: string;
let base: string;
let otherOwner: string;
let otherBase: string;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, 'series-owner'));
  ({ owner: otherOwner, base: otherBase } = await clubWithOwner(api, 'series-other-owner'));
});
afterAll(async () => api?.close());

const series = (over: Record<string, unknown> = {}, b = base, token = owner) =>
  api.call('POST', `${b}/series`, { token, body: { name: 'Зимний фестиваль', startsOn: '2026-12-10', endsOn: '2026-12-20', ...over } });
const tournament = (over: Record<string, unknown> = {}, startInMs?: number) =>
  api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody(over, startInMs) });
const attach = (tid: string, seriesId: string, b = base, token = owner) =>
  api.call('PUT', `${b}/tournaments/${tid}/series-membership`, { token, body: { seriesId } });

describe('series of a club', () => {
  it('R-SER-1: created, read, edited and listed page by page', async () => {
    const a = await series();
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: 'Зимний фестиваль', startsOn: '2026-12-10', endsOn: '2026-12-20', description: '', version: 1 });
    const sid = a.body.seriesId;
    expect((await api.call('GET', `${base}/series/${sid}`, { token: owner })).body.name).toBe('Зимний фестиваль');
    const edited = await api.call('PATCH', `${base}/series/${sid}`, {
      token: owner,
      body: { description: 'Пять дней турниров', endsOn: '2026-12-21' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'Пять дней турниров', endsOn: '2026-12-21', version: 2 });
    const stale = await api.call('PATCH', `${base}/series/${sid}`, { token: owner, body: { name: 'X' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_MISMATCH');
    await series({ name: 'Весенняя серия' });
    const first = await api.call('GET', `${base}/series?limit=1`, { token: owner });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).toBeTypeOf('string');
    const second = await api.call('GET', `${base}/series?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`, { token: owner });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0].seriesId).not.toBe(first.body.items[0].seriesId);
  });

  it('R-SER-1, R-MONEY-2: a name the money checker holds is kept with its hold, out of the catalogue until the club words it otherwise', async () => {
    const held = await series({ name: 'Кубок евро' });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.moneyHold).toEqual([expect.objectContaining({ field: 'name', fragment: expect.stringMatching(/евро/i) })]);
    const { seriesId, clubId } = held.body;
    const publicPage = () => api.call('GET', `/v1/catalog/series/${seriesId}?clubId=${clubId}`, {});
    const listed = async () =>
      (await api.call('GET', `/v1/catalog/series?clubId=${clubId}&limit=100`, {})).body.items.map((x: { seriesId: string }) => x.seriesId);
    expect((await publicPage()).status).toBe(404);
    expect(await listed()).not.toContain(seriesId);
    // The club still reads and lists it.
    expect((await api.call('GET', `${base}/series/${seriesId}`, { token: owner })).body.moneyHold).toHaveLength(1);
    const renamed = await api.call('PATCH', `${base}/series/${seriesId}`, { token: owner, body: { name: 'Кубок клуба' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).not.toHaveProperty('moneyHold');
    expect((await publicPage()).status).toBe(200);
    expect(await listed()).toContain(seriesId);
  });

  it('R-SER-1: an unknown series and another club’s are 404 within the tenant', async () => {
    const mine = (await series()).body.seriesId;
    const unknown = await api.call('GET', `${base}/series/ser_nope`, { token: owner });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SERIES_NOT_FOUND');
    const theirs = await api.call('GET', `${otherBase}/series/${mine}`, { token: otherOwner });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('SERIES_NOT_FOUND');
    const edit = await api.call('PATCH', `${otherBase}/series/${mine}`, { token: otherOwner, body: { name: 'Чужая' } });
    expect(edit.status).toBe(404);
  });

  it('bad input is a 4xx problem with a stable code', async () => {
    const backwards = await series({ startsOn: '2026-12-20', endsOn: '2026-12-10' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.code).toBe('SERIES_INVALID');
    expect(backwards.body.errors.map((e: { field: string }) => e.field)).toContain('endsOn');
    const notADay = await series({ startsOn: '2026-02-30' });
    expect(notADay.status).toBe(422);
    expect(notADay.body.code).toBe('SERIES_INVALID');
    const shape = await series({ startsOn: 'tomorrow' });
    expect(shape.status).toBe(400);
    expect(shape.headers.get('content-type')).toContain('application/problem+json');
    const extra = await series({ prizePool: 1 });
    expect(extra.status).toBe(400);
    const money = await series({ description: 'Гарантия 100 000 ₽' });
    expect(money.status).toBe(422);
    expect(money.body.code).toBe('MONEY_WORDING');
    const long = await series({ name: 'x'.repeat(201) });
    expect(long.status).toBe(422);
    expect(long.body.code).toBe('SERIES_INVALID');
  });
});

describe('tournaments of a series', () => {
  it('R-SER-1: attached while announced, refused with 409 once registration opens', async () => {
    const sid = (await series()).body.seriesId;
    const t = (await tournament()).body.tournamentId;
    const joined = await attach(t, sid);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ tournamentId: t, seriesId: sid });
    // Attaching again to the same series changes nothing.
    expect((await attach(t, sid)).body.version).toBe(joined.body.version);
    const other = (await series({ name: 'Другая серия' })).body.seriesId;
    const twice = await attach(t, other);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TOURNAMENT_IN_ANOTHER_SERIES');
    const late = (await tournament()).body.tournamentId;
    await api.call('POST', `${base}/tournaments/${late}/open-registration`, { token: owner });
    const frozen = await attach(late, sid);
    expect(frozen.status).toBe(409);
    expect(frozen.body.code).toBe('SERIES_FROZEN');
  });

  it('R-SER-1: another club’s series is not found (404), and so is an unknown one', async () => {
    const theirs = (await series({}, otherBase, otherOwner)).body.seriesId;
    const t = (await tournament()).body.tournamentId;
    const res = await attach(t, theirs);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('SERIES_NOT_FOUND');
    expect((await attach(t, 'ser_unknown')).status).toBe(404);
  });

  it('R-SER-1: attached at creation, shown in the tournament view, detached while announced', async () => {
    const sid = (await series()).body.seriesId;
    const t = await tournament({ seriesId: sid });
    expect(t.status).toBe(201);
    expect(t.body.seriesId).toBe(sid);
    const tid = t.body.tournamentId;
    expect((await api.call('GET', `${base}/tournaments/${tid}`, { token: owner })).body.seriesId).toBe(sid);
    const left = await api.call('DELETE', `${base}/tournaments/${tid}/series-membership`, { token: owner });
    expect(left.status).toBe(200);
    expect(left.body.seriesId).toBeNull();
    expect((await api.call('GET', `${base}/tournaments/${tid}`, { token: owner })).body.seriesId).toBeUndefined();
    const schedule = await api.call('GET', `/v1/catalog/series/${sid}?clubId=${t.body.clubId}`, {});
    expect(schedule.body.schedule).toEqual([]);
    await api.call('POST', `${base}/tournaments/${tid}/cancel`, { token: owner });
    const frozen = await api.call('DELETE', `${base}/tournaments/${tid}/series-membership`, { token: owner });
    expect(frozen.status).toBe(409);
    expect(frozen.body.code).toBe('SERIES_FROZEN');
  });

  it('R-SER-1: a create naming another club’s series is a 404 and creates nothing', async () => {
    const theirs = (await series({}, otherBase, otherOwner)).body.seriesId;
    const before = (await api.call('GET', `${base}/tournaments?limit=100`, { token: owner })).body.items.length;
    const res = await tournament({ seriesId: theirs });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('SERIES_NOT_FOUND');
    expect((await api.call('GET', `${base}/tournaments?limit=100`, { token: owner })).body.items.length).toBe(before);
  });

  it('R-SER-1: the series in the public catalogue with its schedule, its tournaments by start', async () => {
    const s = (await series({ name: 'Открытый кубок', description: 'Три дня турниров' })).body;
    const late = (await tournament({ name: 'Финал' }, 5 * 3_600_000)).body.tournamentId;
    const early = (await tournament({ name: 'Отборочный', seriesId: s.seriesId }, 2 * 3_600_000)).body.tournamentId;
    await attach(late, s.seriesId);
    const page = await api.call('GET', `/v1/catalog/series/${s.seriesId}?clubId=${s.clubId}`, {});
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ name: 'Открытый кубок', description: 'Три дня турниров', startsOn: '2026-12-10' });
    expect(page.body.schedule.map((t: { tournamentId: string }) => t.tournamentId)).toEqual([early, late]);
    expect(page.body.schedule[0]).toMatchObject({ name: 'Отборочный', status: 'announced' });
    const list = await api.call('GET', `/v1/catalog/series?clubId=${s.clubId}&limit=100`, {});
    expect(list.body.items.map((x: { seriesId: string }) => x.seriesId)).toContain(s.seriesId);
    expect(list.body.items[0]).not.toHaveProperty('version');
    const unknown = await api.call('GET', `/v1/catalog/series/ser_unknown?clubId=${s.clubId}`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SERIES_NOT_FOUND');
    expect((await api.call('GET', `/v1/catalog/series?clubId=club_unknown`, {})).body.code).toBe('CLUB_NOT_FOUND');
  });
});

describe('guaranteed prizes', () => {
  it('R-GTD-1: a guaranteed preset is not cut to the field and is shown as guaranteed in the view, the catalogue and the clock screen data', async () => {
    const gtd = await tournament({ name: 'Гарантированный кубок', prizePreset: 'cup_and_free_entries', prizesGuaranteed: true });
    expect(gtd.status).toBe(201);
    expect(gtd.body.settings.prizesGuaranteed).toBe(true);
    const plain = (await tournament({ name: 'Обычный кубок', prizePreset: 'cup_and_free_entries' })).body;
    expect(plain.settings.prizesGuaranteed).toBeUndefined();
    const tid = gtd.body.tournamentId;
    // Nobody has entered yet: a preset is cut to an empty field, a guaranteed one stands whole.
    const board = (await api.call('GET', `${base}/tournaments/${tid}/clock`, { token: owner })).body.board;
    expect(board.prizes.map((p: { placeFrom: number }) => p.placeFrom)).toEqual([1, 2, 3]);
    expect(board.prizes.every((p: { guaranteed?: boolean }) => p.guaranteed === true)).toBe(true);
    const plainBoard = (await api.call('GET', `${base}/tournaments/${plain.tournamentId}/clock`, { token: owner })).body.board;
    expect(plainBoard.prizes).toEqual([]);
    const catalogue = await api.call('GET', `/v1/catalog/tournaments?limit=100`, {});
    const listed = (id: string) => catalogue.body.items.find((t: { tournamentId: string }) => t.tournamentId === id);
    expect(listed(tid)?.prizesGuaranteed).toBe(true);
    expect(listed(plain.tournamentId)).toBeDefined();
    expect(listed(plain.tournamentId).prizesGuaranteed).toBeUndefined();
    // And on the series' public page.
    const s = (await series()).body;
    await attach(tid, s.seriesId);
    const page = await api.call('GET', `/v1/catalog/series/${s.seriesId}?clubId=${s.clubId}`, {});
    expect(page.body.schedule).toEqual([expect.objectContaining({ tournamentId: tid, prizesGuaranteed: true })]);
  });

  it('R-GTD-1: guaranteed own rows are kept whole, and can be turned off while announced', async () => {
    const rows = [
      { place: 1, description: 'Кубок' },
      { placeFrom: 2, placeTo: 5, description: 'Медаль' },
    ];
    const t = (await tournament({ prizes: rows, prizesGuaranteed: true })).body;
    const board = (await api.call('GET', `${base}/tournaments/${t.tournamentId}/clock`, { token: owner })).body.board;
    expect(board.prizes).toEqual([
      { placeFrom: 1, placeTo: 1, description: 'Кубок', guaranteed: true },
      { placeFrom: 2, placeTo: 5, description: 'Медаль', guaranteed: true },
    ]);
    const off = await api.call('PATCH', `${base}/tournaments/${t.tournamentId}`, { token: owner, body: { prizesGuaranteed: false } });
    expect(off.status).toBe(200);
    expect(off.body.settings.prizesGuaranteed).toBeUndefined();
  });

  it('R-GTD-1: non-monetary only, and only a structure with fixed rows can be guaranteed (4xx with stable codes)', async () => {
    const money = await tournament({ prizes: [{ place: 1, description: 'Гарантия 100 000 ₽' }], prizesGuaranteed: true });
    expect(money.status).toBe(422);
    expect(money.body.code).toBe('MONEY_WORDING');
    const itm = await tournament({ prizePreset: 'freerolls_for_itm', prizesGuaranteed: true });
    expect(itm.status).toBe(422);
    expect(itm.body.code).toBe('GUARANTEE_NEEDS_FIXED_ROWS');
    expect(itm.body.errors.map((e: { field: string }) => e.field)).toContain('prizePreset');
    const nothing = await tournament({ prizesGuaranteed: true });
    expect(nothing.status).toBe(422);
    expect(nothing.body.code).toBe('AWARD_STRUCTURE_INVALID');
    const type = await tournament({ prizesGuaranteed: 'yes' });
    expect(type.status).toBe(400);
    expect(type.headers.get('content-type')).toContain('application/problem+json');
  });
});
