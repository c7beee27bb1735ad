import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ensureTable, freePort } from '../../scripts/local/dynamodb-local';
import { startLocalApi, type LocalApi } from '../../scripts/local/local-api';
import { startLocalStreamPoller, type LocalStreamPoller } from '../../scripts/local/adapters/stream-poller';
import { startDynamoProxy, type DynamoProxy } from '../support/dynamo-proxy';
import { validClub } from '../support/local-api';

/**
 * An evening whose stream reader loses DynamoDB Local for a while: the desk keeps storing late entries
 * (its own connection stays up), the local stream poller's connection hangs and then fails, and comes back.
 * Every stored event is projected afterwards (the by-player row of each entry), none is given up, and
 * nothing waits on a fixed sleep: the checks poll the table with a bound.
 */

const PROJECTED_WITHIN_MS = 45_000;
const saved = { ...process.env };
let api: LocalApi;
let proxy: DynamoProxy;
let poller: LocalStreamPoller;
let tableName: string;
let owner: string;
let clubId: string;
let tournamentId: string;
let rowsOf: () => Promise<{ playerId: string; registrationStatus: string }[]>;

async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers,
    signal: AbortSignal.timeout(30_000),
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A player with a profile, registered by the desk as a late entry; answers the player id. */
async function lateEntry(tag: string): Promise<string> {
  const playerId = `${tag}-${randomUUID().slice(0, 8)}`;
  const token = await api.issuer.mint({ sub: playerId });
  const profile = await call('POST', '/v1/players', { token, body: { displayName: tag, dateOfBirth: '1990-01-01', consent: true } });
  expect(profile.status, JSON.stringify(profile.body)).toBe(201);
  const path = `/v1/clubs/${clubId}/tournaments/${tournamentId}`;
  const registered = await call('POST', `${path}/registrations`, { token: owner, body: { playerId } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const checkedIn = await call('POST', `${path}/registrations/${registered.body.item.registrationId}/check-in`, { token: owner });
  expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
  return playerId;
}

/** Waits (bounded) until every player has a by-player row in the state the log says. */
async function projected(players: readonly string[]): Promise<void> {
  await expect
    .poll(
      async () =>
        (await rowsOf())
          .filter((r) => players.includes(r.playerId))
          .map((r) => `${r.playerId}:${r.registrationStatus}`)
          .sort(),
      { timeout: PROJECTED_WITHIN_MS, interval: 200 },
    )
    .toEqual(players.map((p) => `${p}:checked_in`).sort());
}

beforeAll(async () => {
  const endpoint = inject('dynamoEndpoint');
  tableName = `t-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  proxy = await startDynamoProxy(endpoint);
  // The API (the desk) on DynamoDB Local itself; the table's stream read through the proxy, as below.
  Object.assign(process.env, { STREAMS: 'off', SCHEDULER: 'local' });
  api = await startLocalApi({ port: await freePort(), dynamoEndpoint: endpoint, tableName, logLevel: 'CRITICAL' });
  const { projectStreamRecords } = await import('../../functions/projections/consume');
  const { entities } = await import('../../functions/store/entities');
  rowsOf = async () => (await entities().playerRegistration.query.primary({ clubId, tournamentId }).go({ pages: 'all' })).data;
  // A hung call is given up after 5 s here, so that the outage ends within the test's waits.
  poller = startLocalStreamPoller({
    tableName,
    endpoint: proxy.endpoint,
    handle: projectStreamRecords,
    idleIntervalMs: 50,
    callTimeoutMs: 5_000,
  });

  owner = await api.issuer.mint({ sub: 'outage-owner' });
  const club = await call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Outage Club' }) });
  expect(club.status).toBe(201);
  clubId = club.body.clubId;
  const now = Date.now();
  const created = await call('POST', `/v1/clubs/${clubId}/tournaments`, {
    token: owner,
    body: {
      name: 'Outage evening',
      startAt: new Date(now - 60_000).toISOString(),
      lateRegEndsAt: new Date(now + 3_600_000).toISOString(),
      buyIn: 1000,
      startingStack: 10_000,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tournamentId = created.body.tournamentId;
  for (const step of ['open-registration', 'start']) {
    expect((await call('POST', `/v1/clubs/${clubId}/tournaments/${tournamentId}/${step}`, { token: owner })).status).toBe(200);
  }
});
afterAll(async () => {
  await poller?.stop();
  await api?.close();
  await proxy?.close();
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});

describe('the local stream poller through a DynamoDB outage', () => {
  it('resumes from where it read and projects every entry stored before, during and after the outage', async () => {
    const before = [await lateEntry('before-1'), await lateEntry('before-2')];
    await projected(before);

    // Mid-evening the poller's DynamoDB hangs: its calls are held unanswered.
    proxy.mode = 'freeze';
    const hung = [await lateEntry('hung-1'), await lateEntry('hung-2')];
    await expect.poll(() => proxy.held(), { timeout: PROJECTED_WITHIN_MS, interval: 100 }).toBeGreaterThan(0);
    // Then it answers, with errors only.
    proxy.mode = 'fail';
    const failing = [await lateEntry('failing-1'), await lateEntry('failing-2')];
    const rows = (await rowsOf()).map((r) => r.playerId);
    expect(failing.filter((p) => rows.includes(p))).toEqual([]);

    // Back: what was stored meanwhile is projected, and what comes after too.
    proxy.mode = 'pass';
    const after = [await lateEntry('after-1')];
    await projected([...before, ...hung, ...failing, ...after]);
    await poller.drain(PROJECTED_WITHIN_MS);
    expect(poller.deadLetters).toEqual([]);
    // Nothing else was written for them: one row per entry.
    expect((await rowsOf()).length).toBe(before.length + hung.length + failing.length + after.length);
  }, 180_000);
});
