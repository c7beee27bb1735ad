import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';

/*
 * Results show the players' names from one item the stream consumer writes at the finish (not from every
 * profile on every read). The names are those the players had when the tournament finished; an erasure
 * (R-PD-1) still reaches them at once.
 */

let api: TestApi;
let owner: string;
let t: string;
const players = ['names-a', 'names-b', 'names-c'];
const entryOf = new Map<string, string>();
const tokens = new Map<string, string>();

type Row = { place: number; playerId: string; displayName?: string };
const names = async (token?: string): Promise<Record<string, string | undefined>> => {
  const r = await api.call('GET', `${t}/results`, token ? { token } : {});
  expect(r.status).toBe(200);
  return Object.fromEntries((r.body.rows as Row[]).map((row) => [row.playerId, row.displayName]));
};

beforeAll(async () => {
  api = await startTestApi();
  let base: string;
  ({ owner, base } = await clubWithOwner(api, 'names-owner'));
  for (const p of players) tokens.set(p, await makePlayer(api, p));
  const created = await api.call('POST', `${base}/tournaments`, {
    token: owner,
    body: tournamentBody(
      {
        resultsPublic: true,
        // A prize per place: one written out, one range named by its kind only (R-PRZ-1).
        prizes: [
          { place: 1, description: 'Кубок, «золото»' },
          { placeFrom: 2, placeTo: 3, kind: 'medal' },
        ],
      },
      -60_000,
    ),
  });
  expect(created.status).toBe(201);
  t = `${base}/tournaments/${created.body.tournamentId}`;
  expect((await api.call('POST', `${t}/open-registration`, { token: owner })).status).toBe(200);
  for (const p of players) {
    const r = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId: p } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    entryOf.set(p, r.body.item.entryId);
  }
  expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
  for (const busted of ['names-c', 'names-b']) {
    const ko = await api.call('POST', `${t}/knockouts`, {
      token: owner,
      body: { busted: [entryOf.get(busted)], killers: [entryOf.get('names-a')] },
    });
    expect(ko.status, JSON.stringify(ko.body)).toBe(201);
  }
  const finished = await api.call('POST', `${t}/finish`, { token: owner });
  expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  await api.streams?.drain();
}, 120_000);
afterAll(async () => api?.close());

describe('names in results', () => {
  it('show each player as named at the finish, for staff and the public', async () => {
    expect(await names(owner)).toEqual({ 'names-a': 'names-a', 'names-b': 'names-b', 'names-c': 'names-c' });
    expect(await names()).toEqual({ 'names-a': 'names-a', 'names-b': 'names-b', 'names-c': 'names-c' });
  });

  it('are kept as they were when the tournament finished: a later rename does not rewrite the results', async () => {
    const renamed = await api.call('PATCH', '/v1/me', { token: tokens.get('names-b') as string, body: { displayName: 'Someone Else' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await names())['names-b']).toBe('names-b');
  });

  it('R-PD-1: an erased player is shown as the deleted player at once, for staff and the public', async () => {
    const erased = await api.call('DELETE', '/v1/me', { token: tokens.get('names-c') as string });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect((await names(owner))['names-c']).toBe('Deleted player');
    expect((await names())['names-c']).toBe('Deleted player');
  });

  it('R-PD-1: the CSV export carries the same names, the erased player under the pseudonym', async () => {
    for (const token of [owner, undefined]) {
      const csv = await api.call('GET', `${t}/results?format=csv`, token ? { token } : {});
      expect(csv.status).toBe(200);
      const [header, ...rows] = (csv.body as string).split('\r\n').filter(Boolean);
      expect(header).toBe('place,playerId,displayName,entryIds,lastEntryId,knockouts,prize');
      expect(rows).toEqual([
        expect.stringMatching(/^1,names-a,names-a,[^,]+,[^,]+,2,"Кубок, «золото»"$/),
        expect.stringMatching(/^2,names-b,names-b,[^,]+,[^,]+,0,Медаль$/),
        expect.stringMatching(/^3,names-c,Deleted player,[^,]+,[^,]+,0,Медаль$/),
      ]);
    }
  });
});
