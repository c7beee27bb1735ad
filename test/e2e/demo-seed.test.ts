import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { DEMO, SERIES_NAME, seedDemo, seedUpcomingTournament, UPCOMING_NAME } from '../../scripts/local/seed';

/*
 * What `npm start` seeds: the demo club, and an announced tournament open for registration, in a series, that the
 * app's catalogue lists.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await seedDemo();
});
afterAll(async () => api?.close());

describe('the demo seed', () => {
  it('gives the catalogue an upcoming tournament of the demo club, open for registration, in a series, and makes no second one', async () => {
    const owner = await api.token(DEMO.ownerId);
    expect((await api.call('GET', '/v1/catalog/tournaments')).body.items).toEqual([]);
    const id = await seedUpcomingTournament(api.url, owner);
    const listed = await api.call('GET', '/v1/catalog/tournaments');
    expect(listed.body.items).toEqual([
      expect.objectContaining({ tournamentId: id, clubId: DEMO.clubId, name: UPCOMING_NAME, status: 'registration_open', city: 'Moscow' }),
    ]);
    expect(Date.parse(listed.body.items[0].startAt)).toBeGreaterThan(Date.now());
    // The same city filter the client example uses finds it.
    expect((await api.call('GET', '/v1/catalog/tournaments?city=Moscow')).body.items).toHaveLength(1);
    expect((await api.call('GET', '/v1/catalog/clubs?city=Moscow')).body.items.map((c: { clubId: string }) => c.clubId)).toEqual([
      DEMO.clubId,
    ]);

    // R-SER-1: the series' public page lists it in its schedule.
    const series = (await api.call('GET', `/v1/catalog/series?clubId=${DEMO.clubId}`)).body.items;
    expect(series).toEqual([expect.objectContaining({ name: SERIES_NAME })]);
    const page = await api.call('GET', `/v1/catalog/series/${series[0].seriesId}?clubId=${DEMO.clubId}`);
    expect(page.body.schedule.map((t: { tournamentId: string }) => t.tournamentId)).toEqual([id]);

    expect(await seedUpcomingTournament(api.url, owner)).toBe(id);
    expect((await api.call('GET', '/v1/catalog/tournaments')).body.items).toHaveLength(1);
    expect((await api.call('GET', `/v1/catalog/series?clubId=${DEMO.clubId}`)).body.items).toHaveLength(1);
    // Re-entries and the add-on work there once it runs: its settings carry their prices.
    const t = await api.call('GET', `/v1/clubs/${DEMO.clubId}/tournaments/${id}`, { token: owner });
    expect(t.body).toMatchObject({ settings: expect.objectContaining({ reentry: 300_000, addon: 200_000 }) });
  });
});
