import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { makePlayer } from '../support/tournament-fixtures';
import { MAX_DEVICES_PER_ACCOUNT } from '../../schemas/limits';
import { dynamo } from '../../functions/store/client';
import { config } from '../../functions/runtime/config';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

/*
 * Devices for pushes, over real HTTP: an account keeps at most MAX_DEVICES_PER_ACCOUNT (one more removes
 * the least recently registered, also when registrations arrive at once), the list is paged with sealed
 * cursors, and a push token belongs to one account: registered from another it moves there, the first is
 * told, and nobody removes a device but their own.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

const tokenOf = (who: string, n: number) => `${who.replace(/-/g, '_')}_push_token_${String(n).padStart(3, '0')}_0123456789abcdef`;
type DeviceView = { deviceId: string; platform: string; registeredAt: string };

async function allDevices(token: string, limit: number): Promise<{ items: DeviceView[]; pages: number }> {
  const items: DeviceView[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const r = await api.call('GET', `/v1/me/devices?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...r.body.items);
    cursor = r.body.nextCursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

const storedCount = async (playerId: string) =>
  (
    await dynamo().doc.send(
      new GetCommand({ TableName: config().tableName, Key: { pk: `push#${playerId}`, sk: 'count' }, ConsistentRead: true }),
    )
  ).Item?.n;

describe('devices of an account', () => {
  it(`keeps at most ${MAX_DEVICES_PER_ACCOUNT} devices under concurrent registrations; the list comes in pages`, async () => {
    const me = await makePlayer(api, 'dev-many');
    // Most of the limit one by one, then more than the rest at once: the race is at the limit.
    const first = MAX_DEVICES_PER_ACCOUNT - 4;
    for (let i = 0; i < first; i++)
      expect(
        (await api.call('POST', '/v1/me/devices', { token: me, body: { platform: 'fcm', token: tokenOf('dev-many', i) } })).status,
      ).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.call('POST', '/v1/me/devices', { token: me, body: { platform: 'fcm', token: tokenOf('dev-many', first + i) } }),
      ),
    );
    // Each answer is a registration, or a conflict that lost every retry (never a 5xx, never past the limit).
    for (const a of answers)
      expect(a.status === 201 || (a.status === 409 && a.body.code === 'CONCURRENT_UPDATE'), JSON.stringify(a.body)).toBe(true);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(4);

    const { items, pages } = await allDevices(me, 7);
    expect(items).toHaveLength(MAX_DEVICES_PER_ACCOUNT);
    expect(new Set(items.map((d) => d.deviceId)).size).toBe(MAX_DEVICES_PER_ACCOUNT);
    expect(pages).toBe(3);
    expect(await storedCount('dev-many')).toBe(MAX_DEVICES_PER_ACCOUNT);

    // One more, alone: the least recently registered goes, at the push service too.
    const oldest = [...items].sort((a, b) => a.registeredAt.localeCompare(b.registeredAt))[0]!;
    const more = await api.call('POST', '/v1/me/devices', { token: me, body: { platform: 'apns', token: tokenOf('dev-many', 999) } });
    expect(more.status).toBe(201);
    const after = (await allDevices(me, 100)).items;
    expect(after).toHaveLength(MAX_DEVICES_PER_ACCOUNT);
    expect(after.map((d) => d.deviceId)).toContain(more.body.deviceId);
    expect(after.map((d) => d.deviceId)).not.toContain(oldest.deviceId);

    // A cursor of another list, or an edited one, is refused.
    const page = await api.call('GET', '/v1/me/devices?limit=5', { token: me });
    const other = await makePlayer(api, 'dev-other');
    for (const cursor of [page.body.nextCursor, `${page.body.nextCursor}x`, 'e30.abc']) {
      const r = await api.call('GET', `/v1/me/devices?cursor=${encodeURIComponent(cursor)}`, {
        token: cursor === page.body.nextCursor ? other : me,
      });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('CURSOR_INVALID');
    }
  }, 180_000);

  it("a token belongs to one account: registered from another it moves there, the first is told, and only the owner's removal counts", async () => {
    const a = await makePlayer(api, 'dev-ann');
    const b = await makePlayer(api, 'dev-bob');
    const token = tokenOf('dev-ann', 1);
    const mine = await api.call('POST', '/v1/me/devices', { token: a, body: { platform: 'apns', token } });
    expect(mine.status).toBe(201);
    const deviceId: string = mine.body.deviceId;

    // Bob registers Ann's token: the device is Bob's now, Ann's list no longer shows it and her feed says so.
    const taken = await api.call('POST', '/v1/me/devices', { token: b, body: { platform: 'apns', token } });
    expect(taken.status).toBe(201);
    expect(taken.body.deviceId).toBe(deviceId);
    expect((await api.call('GET', '/v1/me/devices', { token: a })).body.items).toEqual([]);
    expect((await api.call('GET', '/v1/me/devices', { token: b })).body.items.map((d: DeviceView) => d.deviceId)).toEqual([deviceId]);
    const feed = await api.call('GET', '/v1/me/notifications', { token: a });
    expect(feed.status).toBe(200);
    expect(feed.body.items.map((n: { type: string }) => n.type)).toContain('device.moved');
    expect(await storedCount('dev-ann')).toBe(0);
    expect(await storedCount('dev-bob')).toBe(1);

    // Ann cannot remove it (not hers any more); Ann registering it again takes it back, and Bob is told.
    expect((await api.call('DELETE', `/v1/me/devices/${deviceId}`, { token: a })).body.code).toBe('DEVICE_NOT_FOUND');
    expect((await api.call('GET', '/v1/me/devices', { token: b })).body.items).toHaveLength(1);
    expect((await api.call('POST', '/v1/me/devices', { token: a, body: { platform: 'apns', token } })).status).toBe(201);
    expect((await api.call('GET', '/v1/me/devices', { token: b })).body.items).toEqual([]);
    expect((await api.call('GET', '/v1/me/notifications', { token: b })).body.items.map((n: { type: string }) => n.type)).toContain(
      'device.moved',
    );
    // Bob's removal of a device that is no longer his changes nothing of Ann's, at the push service neither.
    const endpointsGone = api.push.gone.size;
    expect((await api.call('DELETE', `/v1/me/devices/${deviceId}`, { token: b })).status).toBe(404);
    expect((await api.call('GET', '/v1/me/devices', { token: a })).body.items.map((d: DeviceView) => d.deviceId)).toEqual([deviceId]);
    expect(api.push.gone.size).toBe(endpointsGone);
    // Ann's own removal unregisters it.
    expect((await api.call('DELETE', `/v1/me/devices/${deviceId}`, { token: a })).status).toBe(204);
    expect(api.push.gone.size).toBe(endpointsGone + 1);
    expect(await storedCount('dev-ann')).toBe(0);
  }, 120_000);
});
