import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, tournamentBody } from '../support/tournament-fixtures';
import { entities } from '../../functions/store/entities';

/**
 * A player's own data over HTTP: editing it, and erasing it while the clubs' records stay (R-PD-1).
 * The player's side goes through the typed client (client/), the club's desk through api.call.
 */
let api: TestApi;
let operator: string;

beforeAll(async () => {
  api = await startTestApi();
  operator = await api.token('mod-pd', { operator: true });
});
afterAll(async () => api?.close());

const profile = {
  displayName: 'Ann K.',
  firstName: 'Анна',
  lastName: 'Карпова',
  dateOfBirth: '1990-05-17',
  city: 'Kazan',
  phone: '+7 900 000-00-00',
  email: 'ann@example.com',
  consent: true as const,
};

describe('my profile', () => {
  it('R-PD-1: I edit my own fields; null clears one; the date of birth is not editable', async () => {
    const me = api.client({ token: await api.token('pd-edit') });
    expect((await me.PATCH('/v1/me', { body: { city: 'Tula' } })).response.status).toBe(404);
    expect((await me.POST('/v1/players', { body: profile })).response.status).toBe(201);
    const res = await me.PATCH('/v1/me', { body: { city: 'Tula', phone: null, displayName: 'Anna' } });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ city: 'Tula', displayName: 'Anna', email: 'ann@example.com' });
    expect(res.data).not.toHaveProperty('phone');
    const read = (await me.GET('/v1/me')).data?.player;
    expect(read).toMatchObject({ city: 'Tula', displayName: 'Anna', dateOfBirth: '1990-05-17' });
    expect(read).not.toHaveProperty('phone');
    // Bodies the client's types refuse (cast through never): the API refuses them too.
    const dob = await me.PATCH('/v1/me', { body: { dateOfBirth: '2015-01-01' } as never });
    expect(dob.response.status).toBe(400);
    expect((await me.PATCH('/v1/me', { body: { email: 'not an email' } })).response.status).toBe(400);
    expect((await me.PATCH('/v1/me', { body: { displayName: null } as never })).response.status).toBe(400);
  });
});

describe('deleting my account', () => {
  it('R-PD-1: erases and pseudonymises my personal fields, keeps the fee records by player id, and later calls get 410', async () => {
    const { owner, base } = await clubWithOwner(api, 'pd-owner');
    const me = api.client({ token: await api.token('pd-ann') });
    expect((await me.POST('/v1/players', { body: profile })).response.status).toBe(201);
    const tid = (await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({}, 5 * 3_600_000) })).body
      .tournamentId;
    const t = `${base}/tournaments/${tid}`;
    await api.call('POST', `${t}/open-registration`, { token: owner });
    const reg = await api.call('POST', `${t}/registrations`, { token: owner, body: { playerId: 'pd-ann' } });
    expect(reg.status).toBe(201);
    await api.call('POST', `${t}/registrations/${reg.body.item.registrationId}/check-in`, { token: owner });
    const settled = await api.call('POST', `${t}/settlements`, { token: owner, body: { playerId: 'pd-ann', method: 'cash' } });
    expect(settled.status).toBe(201);
    const feesBefore = (await api.call('GET', `${t}/players/pd-ann/fees`, { token: owner })).body;

    const del = await me.DELETE('/v1/me');
    expect(del.response.status).toBe(200);
    expect(del.data).toMatchObject({
      userId: 'pd-ann',
      erased: ['firstName', 'lastName', 'dateOfBirth', 'city', 'phone', 'email'],
      pseudonymised: { displayName: 'Deleted player' },
      kept: { adult: true, registrations: 1, memberships: [] },
    });
    // 200 is the finished erasure's answer (202 would be the one still under way).
    expect(del.data && 'kept' in del.data ? del.data.kept.consentWithdrawnAt : undefined).toBe(del.data?.deletedAt);

    // What remains of the profile: the id, the pseudonym, the fact of the age check, consent dates.
    const { data: item } = await entities().player.get({ userId: 'pd-ann' }).go({ consistent: true });
    expect(item).toMatchObject({ userId: 'pd-ann', displayName: 'Deleted player', adult: true, deletedAt: del.data?.deletedAt });
    for (const field of ['firstName', 'lastName', 'dateOfBirth', 'city', 'phone', 'email']) expect(item).not.toHaveProperty(field);
    expect(JSON.stringify(item)).not.toMatch(/Карпова|Анна|1990-05-17|ann@example\.com|900 000/);

    // The clubs' records stay as they were: fee operations and the settlement, by player id.
    const feesAfter = (await api.call('GET', `${t}/players/pd-ann/fees`, { token: owner })).body;
    expect(feesAfter).toEqual(feesBefore);
    expect(feesAfter.operations.length).toBeGreaterThan(0);
    const regs = (await api.call('GET', `${t}/registrations`, { token: owner })).body.items;
    expect(regs.map((r: { playerId: string }) => r.playerId)).toContain('pd-ann');

    // The same token now gets a clear answer.
    const later = {
      GET: await me.GET('/v1/me'),
      PATCH: await me.PATCH('/v1/me', { body: { city: 'Moscow' } }),
      DELETE: await me.DELETE('/v1/me'),
    };
    for (const [method, res] of Object.entries(later)) {
      expect(res.response.status, method).toBe(410);
      expect(res.error?.code).toBe('ACCOUNT_DELETED');
    }
    expect((await me.GET('/v1/me/registrations')).response.status).toBe(410);
  });

  it('R-PD-1: a club member who erases their account leaves no name on the membership; the role stays', async () => {
    const { owner, base, clubId } = await clubWithOwner(api, 'pd-owner-2');
    const me = api.client({ token: await api.token('pd-dealer') });
    expect((await me.POST('/v1/players', { body: { ...profile, displayName: 'Dina D.' } })).response.status).toBe(201);
    const added = await api.call('POST', `${base}/members`, {
      token: owner,
      body: { userId: 'pd-dealer', role: 'dealer', displayName: 'Dina Dealer' },
    });
    expect(added.status).toBe(200);
    const before = (await api.call('GET', `${base}/members`, { token: owner })).body.items.find(
      (m: { userId: string }) => m.userId === 'pd-dealer',
    );
    expect(before).toMatchObject({ role: 'dealer', displayName: 'Dina Dealer' });

    const del = await me.DELETE('/v1/me');
    expect(del.response.status).toBe(200);
    const { data: member } = await entities().member.get({ clubId, userId: 'pd-dealer' }).go({ consistent: true });
    expect(member).toMatchObject({ clubId, userId: 'pd-dealer', role: 'dealer' });
    expect(member).not.toHaveProperty('displayName');
    expect(JSON.stringify(member)).not.toContain('Dina');
  });

  it('R-PD-1, R-MOD-1: a suspended player may still erase their data', async () => {
    const me = api.client({ token: await api.token('pd-sus') });
    await me.POST('/v1/players', { body: profile });
    expect(
      (
        await api.call('POST', '/v1/operator/players/pd-sus/suspension', {
          token: operator,
          body: { suspended: true, reason: 'abuse at the table' },
        })
      ).status,
    ).toBe(200);
    expect((await me.GET('/v1/me')).error?.code).toBe('ACCOUNT_SUSPENDED');
    const del = await me.DELETE('/v1/me');
    expect(del.response.status).toBe(200);
    const { data: item } = await entities().player.get({ userId: 'pd-sus' }).go({ consistent: true });
    // The operator's suspension stays on record; the personal fields do not.
    expect(item).toMatchObject({ suspended: true, displayName: 'Deleted player' });
    expect(item).not.toHaveProperty('email');
  });

  it('without a player profile there is nothing to delete', async () => {
    const res = await api.client({ token: await api.token('pd-nobody') }).DELETE('/v1/me');
    expect(res.response.status).toBe(404);
    expect(res.error?.code).toBe('PLAYER_NOT_FOUND');
  });
});
