import { afterAll, beforeAll, beforeEach, describe, expect, it, inject, onTestFinished } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ensureTable, freePort } from '../../scripts/local/dynamodb-local';
import { startLocalApi, type LocalApi } from '../../scripts/local/local-api';
import { startDynamoProxy, type DynamoCall, type DynamoProxy } from '../support/dynamo-proxy';
import { validClub } from '../support/local-api';
import { tournamentBody } from '../support/tournament-fixtures';
import { forgetTournaments } from '../../functions/store/tournament-cache';
import { useScheduler, type ScheduledJob } from '../../functions/adapters/scheduler';
import { forgetClubBadge } from '../../functions/app/club-badge';
import { logoPng } from '../support/screen-logo';

/**
 * What authorising a club request costs on the wire: the membership (or API key) and the club's
 * suspension flag come in one strongly consistent BatchGetItem. The API talks to DynamoDB Local through
 * a recording proxy, so every round trip is counted, retries included.
 */
let api: LocalApi;
let proxy: DynamoProxy;
let tableName: string;
let owner: string;
let clubId: string;
let apiKey: string;
let keyId: string;

async function call(method: string, path: string, auth: { token?: string; apiKey?: string }, body?: unknown) {
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.apiKey) headers['x-api-key'] = auth.apiKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api.url}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** The keys one BatchGetItem asked for, as `pk|sk`, and whether the read was strongly consistent. */
function batchKeys(c: DynamoCall): { keys: string[]; consistent: boolean } {
  const items = (c.input.RequestItems as Record<string, { Keys: { pk: { S: string }; sk: { S: string } }[]; ConsistentRead?: boolean }>)[
    tableName
  ];
  return { keys: (items?.Keys ?? []).map((k) => `${k.pk.S}|${k.sk.S}`).sort(), consistent: items?.ConsistentRead === true };
}

beforeAll(async () => {
  const dynamoEndpoint = inject('dynamoEndpoint');
  tableName = `t-${randomUUID()}`;
  await ensureTable(dynamoEndpoint, tableName);
  proxy = await startDynamoProxy(dynamoEndpoint);
  // Only the API's own calls on the wire: no scheduler poller, no stream reader.
  process.env.SCHEDULER = 'aws';
  process.env.STREAMS = 'off';
  api = await startLocalApi({ port: await freePort(), dynamoEndpoint: proxy.endpoint, tableName, logLevel: 'CRITICAL' });
  owner = await api.issuer.mint({ sub: 'auth-owner' });
  const club = await call('POST', '/v1/clubs', { token: owner }, validClub({ name: 'Counted Club' }));
  expect(club.status).toBe(201);
  clubId = club.body?.clubId as string;
  const key = await call('POST', `/v1/clubs/${clubId}/api-keys`, { token: owner }, { name: 'till', role: 'manager' });
  expect(key.status).toBe(201);
  apiKey = key.body?.key as string;
  keyId = key.body?.keyId as string;
});

afterAll(async () => {
  await api?.close();
  await proxy?.close();
});

beforeEach(() => {
  proxy.calls.length = 0;
  proxy.intercept = undefined;
});

const memberKey = (userId: string) => `club#${clubId}|member#${userId}`;
const clubKey = () => `club#${clubId}|profile`;

describe('authorising a club request', () => {
  it("a member: one consistent BatchGetItem for membership and club, then only the route's own read", async () => {
    const r = await call('GET', `/v1/clubs/${clubId}/tournaments`, { token: owner });
    expect(r.status).toBe(200);
    // The list is one Query on the by-club index; everything before it is authorisation.
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'Query']);
    expect(batchKeys(proxy.calls[0]!)).toEqual({ keys: [clubKey(), memberKey('auth-owner')].sort(), consistent: true });
  });

  it('an API key: the key and its club in one consistent BatchGetItem, nothing more before the route', async () => {
    const r = await call('GET', `/v1/clubs/${clubId}/tournaments`, { apiKey });
    expect(r.status).toBe(200);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'Query']);
    expect(batchKeys(proxy.calls[0]!)).toEqual({ keys: [`club#${clubId}|apikey#${keyId}`, clubKey()].sort(), consistent: true });
  });

  it('a stranger gets 404 CLUB_NOT_FOUND after that one read', async () => {
    const stranger = await api.issuer.mint({ sub: 'auth-stranger' });
    const r = await call('GET', `/v1/clubs/${clubId}/tournaments`, { token: stranger });
    expect(r.status).toBe(404);
    expect(r.body?.code).toBe('CLUB_NOT_FOUND');
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem']);
  });

  it('a member of an unknown club gets 404 as well, and a role the route does not allow gets 403', async () => {
    const missing = await call('GET', '/v1/clubs/club_nonexistent00000000000/tournaments', { token: owner });
    expect(missing.status).toBe(404);
    expect(missing.body?.code).toBe('CLUB_NOT_FOUND');
    // Editing the club is for owners: the manager key is refused by role, after the same single read.
    proxy.calls.length = 0;
    const forbidden = await call('PATCH', `/v1/clubs/${clubId}`, { apiKey }, { name: 'Renamed' });
    expect([forbidden.status, forbidden.body?.code]).toEqual([403, 'FORBIDDEN']);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem']);
    // Key management is closed to API keys whatever their role.
    const keysOnly = await call('GET', `/v1/clubs/${clubId}/api-keys`, { apiKey });
    expect([keysOnly.status, keysOnly.body?.code]).toEqual([403, 'USER_TOKEN_REQUIRED']);
  });

  it('a suspension counts at once for members and keys (403 CLUB_SUSPENDED), each refused after one read', async () => {
    const operator = await api.issuer.mint({ sub: 'auth-operator', operator: true });
    const suspend = (suspended: boolean) =>
      call('POST', `/v1/operator/clubs/${clubId}/suspension`, { token: operator }, { suspended, reason: 'checking access' });
    expect((await suspend(true)).status).toBe(200);
    try {
      proxy.calls.length = 0;
      const asOwner = await call('GET', `/v1/clubs/${clubId}/tournaments`, { token: owner });
      expect([asOwner.status, asOwner.body?.code]).toEqual([403, 'CLUB_SUSPENDED']);
      const asKey = await call('GET', `/v1/clubs/${clubId}/tournaments`, { apiKey });
      expect([asKey.status, asKey.body?.code]).toEqual([403, 'CLUB_SUSPENDED']);
      expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'BatchGetItem']);
    } finally {
      expect((await suspend(false)).status).toBe(200);
    }
    expect((await call('GET', `/v1/clubs/${clubId}/tournaments`, { token: owner })).status).toBe(200);
  });

  it('a revoked key is refused on its next request (401 API_KEY_REVOKED)', async () => {
    const other = await call('POST', `/v1/clubs/${clubId}/api-keys`, { token: owner }, { name: 'old till', role: 'cashier' });
    expect((await call('GET', `/v1/clubs/${clubId}/tournaments`, { apiKey: other.body?.key as string })).status).toBe(200);
    expect((await call('DELETE', `/v1/clubs/${clubId}/api-keys/${other.body?.keyId as string}`, { token: owner })).status).toBe(204);
    const r = await call('GET', `/v1/clubs/${clubId}/tournaments`, { apiKey: other.body?.key as string });
    expect([r.status, r.body?.code]).toEqual([401, 'API_KEY_REVOKED']);
  });

  it('asks again for keys DynamoDB left unprocessed, and answers 503 when it keeps leaving them', async () => {
    // DynamoDB returns a batch's keys as UnprocessedKeys when it is over its limits.
    const leaveUnprocessed = (times: number) => {
      let left = times;
      proxy.intercept = (c) => {
        if (c.operation !== 'BatchGetItem' || left <= 0) return undefined;
        left--;
        return { Responses: {}, UnprocessedKeys: c.input.RequestItems };
      };
    };
    leaveUnprocessed(2);
    const r = await call('GET', `/v1/clubs/${clubId}/tournaments`, { token: owner });
    expect(r.status).toBe(200);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'BatchGetItem', 'BatchGetItem', 'Query']);

    proxy.calls.length = 0;
    leaveUnprocessed(Infinity);
    const refused = await call('GET', `/v1/clubs/${clubId}/tournaments`, { token: owner });
    expect([refused.status, refused.body?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'BatchGetItem', 'BatchGetItem', 'BatchGetItem']);
  });
});

describe('a registration reads the player with the authorization', () => {
  let tournamentPath: string;
  const player = async (sub: string) => {
    const token = await api.issuer.mint({ sub });
    const made = await call('POST', '/v1/players', { token }, { displayName: sub, dateOfBirth: '1990-01-01', consent: true });
    expect(made.status).toBe(201);
    return token;
  };
  const playerKeys = (sub: string) => [`player#${sub}|profile`, `player#${sub}|schedule`];

  beforeAll(async () => {
    proxy.intercept = undefined;
    const t = await call('POST', `/v1/clubs/${clubId}/tournaments`, { token: owner }, tournamentBody({ name: 'Counted Deepstack' }));
    expect(t.status).toBe(201);
    tournamentPath = `/v1/clubs/${clubId}/tournaments/${t.body?.tournamentId as string}`;
    expect((await call('POST', `${tournamentPath}/open-registration`, { token: owner })).status).toBe(200);
  });

  it('announcing a tournament: the club (currency, city) comes with the authorization, then one transaction', async () => {
    proxy.calls.length = 0;
    const t = await call('POST', `/v1/clubs/${clubId}/tournaments`, { token: owner }, tournamentBody({ name: 'Counted Turbo' }));
    expect(t.status).toBe(201);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'TransactWriteItems']);
    expect(batchKeys(proxy.calls[0]!).keys).toEqual([clubKey(), memberKey('auth-owner')].sort());
  });

  it('R-REG-1 at the desk: one BatchGetItem (membership, club, profile, schedule), the log tail, one transaction', async () => {
    await player('counted-a');
    proxy.calls.length = 0;
    const r = await call('POST', `${tournamentPath}/registrations`, { token: owner }, { playerId: 'counted-a' });
    expect(r.status).toBe(201);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'Query', 'TransactWriteItems']);
    expect(batchKeys(proxy.calls[0]!)).toEqual({
      keys: [clubKey(), memberKey('auth-owner'), ...playerKeys('counted-a')].sort(),
      consistent: true,
    });
  });

  it('with an API key: the key, its club, the profile and the schedule in that one read', async () => {
    await player('counted-b');
    proxy.calls.length = 0;
    const r = await call('POST', `${tournamentPath}/registrations`, { apiKey }, { playerId: 'counted-b' });
    expect(r.status).toBe(201);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'Query', 'TransactWriteItems']);
    expect(batchKeys(proxy.calls[0]!).keys).toEqual([`club#${clubId}|apikey#${keyId}`, clubKey(), ...playerKeys('counted-b')].sort());
  });

  it('the player registering himself: his account, schedule and the club in one read', async () => {
    const token = await player('counted-c');
    proxy.calls.length = 0;
    const r = await call('POST', '/v1/me/registrations', { token }, { clubId, tournamentId: tournamentPath.split('/').at(-1) });
    expect(r.status).toBe(201);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'Query', 'TransactWriteItems']);
    expect(batchKeys(proxy.calls[0]!).keys).toEqual([clubKey(), ...playerKeys('counted-c')].sort());
  });

  it('level pushes turned on and off: the choice it replaces and the schedule come with the account, then the choice and the asks side by side', async () => {
    const token = await api.issuer.mint({ sub: 'counted-c' });
    const tournamentId = tournamentPath.split('/').at(-1) as string;
    const asks = (c: DynamoCall) =>
      (
        c.input.RequestItems as Record<
          string,
          Record<string, { Item?: { pk: { S: string }; sk: { S: string } }; Key?: { pk: { S: string }; sk: { S: string } } }>[]
        >
      )[tableName]!.map((r) => Object.entries(r).map(([kind, v]) => `${kind} ${(v.Item ?? v.Key)!.pk.S}|${(v.Item ?? v.Key)!.sk.S}`)[0]);
    const choose = async (levels: boolean) => {
      proxy.calls.length = 0;
      const r = await call('PUT', '/v1/me/push-preferences', { token }, { muted: [], ...(levels ? { levels } : {}) });
      expect(r.status).toBe(200);
      expect(batchKeys(proxy.calls[0]!).keys).toEqual(expect.arrayContaining(['push#counted-c|prefs', 'player#counted-c|schedule']));
      return proxy.calls.slice(1);
    };
    const on = await choose(true);
    expect(on.map((c) => c.operation).sort()).toEqual(['BatchWriteItem', 'PutItem']);
    expect(asks(on.find((c) => c.operation === 'BatchWriteItem')!)).toEqual([`PutRequest levelasks#${clubId}#${tournamentId}|counted-c`]);
    const off = await choose(false);
    expect(asks(off.find((c) => c.operation === 'BatchWriteItem')!)).toEqual([
      `DeleteRequest levelasks#${clubId}#${tournamentId}|counted-c`,
    ]);
    // Off already: nothing to remove.
    expect((await choose(false)).map((c) => c.operation)).toEqual(['PutItem']);
  });

  it('an unknown player is refused after that one read (404 PLAYER_NOT_FOUND); junk in the body reads nothing more', async () => {
    proxy.calls.length = 0;
    const r = await call('POST', `${tournamentPath}/registrations`, { token: owner }, { playerId: 'nobody-here' });
    expect([r.status, r.body?.code]).toEqual([404, 'PLAYER_NOT_FOUND']);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem']);
    proxy.calls.length = 0;
    const junk = await call('POST', `${tournamentPath}/registrations`, { token: owner }, { playerId: { $ne: 1 } });
    expect(junk.status).toBe(400);
    expect(batchKeys(proxy.calls[0]!).keys).toEqual([clubKey(), memberKey('auth-owner')].sort());
  });
});

describe("a player's own lists: two round trips, the account checked in them", () => {
  it('my registrations: the by-player index, then one BatchGetItem of the rows, their tournaments and the profile', async () => {
    const token = await api.issuer.mint({ sub: 'counted-c' });
    proxy.calls.length = 0;
    const r = await call('GET', '/v1/me/registrations', { token });
    expect(r.status).toBe(200);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['Query', 'BatchGetItem']);
    expect(batchKeys(proxy.calls[1]!).keys).toContain('player#counted-c|profile');
  });

  it("my notifications: the player's partition (own feed, profile, schedule), then the tournaments' feed items and the player's feed buckets", async () => {
    const token = await api.issuer.mint({ sub: 'counted-c' });
    proxy.calls.length = 0;
    const r = await call('GET', '/v1/me/notifications', { token });
    expect(r.status).toBe(200);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['Query', 'BatchGetItem']);
    const keys = batchKeys(proxy.calls[1]!).keys.map((k) => k.split('|'));
    // One tournament: its shared item and, as it starts within a day, the player's bucket of its draw and results.
    expect(keys.map(([, sk]) => (sk === 'feed' ? sk : sk?.replace(/\d\d$/, 'NN'))).sort()).toEqual(['feed', 'feed#NN']);
    expect(new Set(keys.map(([pk]) => pk)).size).toBe(1);
  });

  it('a suspended account reads neither list (403 ACCOUNT_SUSPENDED), whatever the route read first', async () => {
    const operator = await api.issuer.mint({ sub: 'auth-operator', operator: true });
    const token = await api.issuer.mint({ sub: 'counted-c' });
    const suspend = (suspended: boolean) =>
      call('POST', '/v1/operator/players/counted-c/suspension', { token: operator }, { suspended, reason: 'checking access' });
    expect((await suspend(true)).status).toBe(200);
    try {
      for (const path of ['/v1/me/registrations', '/v1/me/notifications']) {
        const r = await call('GET', path, { token });
        expect([path, r.status, r.body?.code]).toEqual([path, 403, 'ACCOUNT_SUSPENDED']);
        expect(r.body?.items).toBeUndefined();
      }
    } finally {
      expect((await suspend(false)).status).toBe(200);
    }
    expect((await call('GET', '/v1/me/registrations', { token })).status).toBe(200);
  });
});

/** A tournament of the club, started with its clock running; answers its path. */
async function runningClock(name: string): Promise<string> {
  const now = Date.now();
  const t = await call(
    'POST',
    `/v1/clubs/${clubId}/tournaments`,
    { token: owner },
    tournamentBody({ name, startAt: new Date(now - 60_000).toISOString(), lateRegEndsAt: new Date(now + 3_600_000).toISOString() }),
  );
  expect(t.status).toBe(201);
  const path = `/v1/clubs/${clubId}/tournaments/${t.body?.tournamentId as string}`;
  for (const step of ['open-registration', 'start', 'clock/start']) {
    expect((await call('POST', `${path}/${step}`, { token: owner })).status).toBe(200);
  }
  return path;
}

describe('the public clock screen: what the container does not hold comes in one read after the tournament', () => {
  it("GET .../clock without a token: the log tail, then one BatchGetItem (the armed level end, the club's name); the next poll the log tail alone", async () => {
    const path = await runningClock('Screen Clock');
    const tournamentId = path.split('/').at(-1) as string;
    // No stream consumer here: the screen's read finds the level end unarmed and arms it.
    const created: ScheduledJob[] = [];
    useScheduler({ create: async (job) => void created.push(job), schedule: async () => undefined, cancel: async () => undefined });
    onTestFinished(() => useScheduler(undefined));
    proxy.calls.length = 0;
    const first = await call('GET', `${path}/clock`, {});
    expect(first.status).toBe(200);
    expect((first.body?.board as { clubName?: unknown } | undefined)?.clubName).toBe('Counted Club');
    expect(batchKeys(proxy.calls[1]!)).toEqual({ keys: [clubKey(), `schedule#armed#${tournamentId}|level-end`].sort(), consistent: true });
    // Arming writes its mark (a write, not a read: reads are two round trips).
    expect(proxy.calls.map((c) => c.operation)).toEqual(['Query', 'BatchGetItem', 'PutItem']);
    expect(created.map((j) => j.name)).toEqual([expect.stringContaining(tournamentId)]);
    proxy.calls.length = 0;
    expect((await call('GET', `${path}/clock`, {})).status).toBe(200);
    expect(proxy.calls.map((c) => c.operation)).toEqual(['Query']);
  });
});

describe("the screens learn the club's logo from their ETag: still at most two round trips", () => {
  /** Uploads a logo of its own bytes (its width); answers its version. */
  const upload = async (shade: number) => {
    const res = await fetch(`${api.url}/v1/clubs/${clubId}/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'image/png' },
      body: logoPng(40 + shade, 10) as unknown as Blob,
    });
    expect(res.status).toBe(200);
    return (res.headers.get('etag') ?? '').replace(/"/g, '');
  };
  /** A public GET (a screen's), with the ETag it holds; answers the status, the ETag and the reads on the wire. */
  const poll = async (path: string, etag?: string) => {
    proxy.calls.length = 0;
    const res = await fetch(`${api.url}${path}`, etag ? { headers: { 'if-none-match': etag } } : {});
    const body = res.status === 200 ? ((await res.json()) as Record<string, unknown>) : undefined;
    return { status: res.status, etag: res.headers.get('etag') ?? '', body, reads: proxy.calls.map((c) => c.operation) };
  };
  let path: string;
  let version: number;

  beforeAll(async () => {
    proxy.intercept = undefined;
    const now = Date.now();
    const t = await call(
      'POST',
      `/v1/clubs/${clubId}/tournaments`,
      { token: owner },
      tournamentBody({
        name: 'Logo Board',
        startAt: new Date(now - 60_000).toISOString(),
        lateRegEndsAt: new Date(now + 3_600_000).toISOString(),
      }),
    );
    expect(t.status).toBe(201);
    path = `/v1/clubs/${clubId}/tournaments/${t.body?.tournamentId as string}`;
    expect((await call('POST', `${path}/open-registration`, { token: owner })).status).toBe(200);
    for (const sub of ['seated-a', 'seated-b', 'seated-c']) {
      const token = await api.issuer.mint({ sub });
      expect((await call('POST', '/v1/players', { token }, { displayName: sub, dateOfBirth: '1990-01-01', consent: true })).status).toBe(
        201,
      );
      expect((await call('POST', `${path}/entries`, { token: owner }, { kind: 'late_registration', playerId: sub })).status).toBe(201);
    }
    for (const step of ['start', 'seating/draw', 'clock/start'])
      expect((await call('POST', `${path}/${step}`, { token: owner })).status).toBe(200);
    // The screen's first read arms the level end (no stream consumer here): done before counting.
    useScheduler({ create: async () => undefined, schedule: async () => undefined, cancel: async () => undefined });
    expect((await poll(`${path}/clock`)).status).toBe(200);
    useScheduler(undefined);
    version = Number((await call('GET', path, { token: owner })).body?.version);
  });

  afterAll(async () => {
    await fetch(`${api.url}/v1/clubs/${clubId}/logo`, { method: 'DELETE', headers: { authorization: `Bearer ${owner}` } });
  });

  it('the clock: the version and the logo in the ETag; the club read with the armed mark when the copy is old; a new logo is a 200', async () => {
    const logo = await upload(1);
    forgetClubBadge(clubId);
    const first = await poll(`${path}/clock`);
    expect([first.status, first.etag, (first.body?.board as { clubLogo?: unknown }).clubLogo]).toEqual([200, `"${version}.${logo}"`, logo]);
    expect(first.reads).toEqual(['Query', 'BatchGetItem']);
    expect(batchKeys(proxy.calls[1]!).keys).toContain(clubKey());
    // The container's copy: the log tail alone.
    expect(await poll(`${path}/clock`, first.etag)).toMatchObject({ status: 304, etag: first.etag, reads: ['Query'] });
    // An old copy: the club comes in the one read after the tournament.
    forgetClubBadge(clubId);
    expect(await poll(`${path}/clock`, first.etag)).toMatchObject({ status: 304, reads: ['Query', 'BatchGetItem'] });
    // A new logo in the middle of the level: the same tournament version, another answer.
    const next = await upload(2);
    const changed = await poll(`${path}/clock`, first.etag);
    expect([changed.status, changed.etag, (changed.body?.board as { clubLogo?: unknown }).clubLogo]).toEqual([
      200,
      `"${version}.${next}"`,
      next,
    ]);
    expect(changed.reads.length).toBeLessThanOrEqual(2);
    // Staff answers name the version alone: that is what If-Match takes.
    const staff = await fetch(`${api.url}${path}/clock`, { headers: { authorization: `Bearer ${owner}` } });
    expect(staff.headers.get('etag')).toBe(`"${version}"`);
  });

  it('the seating board: the names and an old copy of the club in one BatchGetItem; a 304 reads the club alone when the copy is old', async () => {
    const logo = await upload(3);
    forgetClubBadge(clubId);
    const first = await poll(`${path}/seating-board`);
    expect([first.status, first.etag, first.body?.clubLogo]).toEqual([200, `"${version}.${logo}"`, logo]);
    expect(first.reads).toEqual(['Query', 'BatchGetItem']);
    expect(batchKeys(proxy.calls[1]!).keys).toEqual(
      [clubKey(), 'player#seated-a|profile', 'player#seated-b|profile', 'player#seated-c|profile'].sort(),
    );
    expect(await poll(`${path}/seating-board`, first.etag)).toMatchObject({ status: 304, reads: ['Query'] });
    forgetClubBadge(clubId);
    expect(await poll(`${path}/seating-board`, first.etag)).toMatchObject({ status: 304, reads: ['Query', 'GetItem'] });
    // A removed logo: the next poll answers the board without it.
    expect(
      (await fetch(`${api.url}/v1/clubs/${clubId}/logo`, { method: 'DELETE', headers: { authorization: `Bearer ${owner}` } })).status,
    ).toBe(204);
    const removed = await poll(`${path}/seating-board`, first.etag);
    expect([removed.status, removed.etag, removed.body?.clubLogo]).toEqual([200, `"${version}"`, null]);
    // The one answer that brings a new logo to a screen holding this version reads the club before the names.
    expect(removed.reads).toEqual(['Query', 'GetItem', 'BatchGetItem']);
    // The next poll is the log tail again.
    expect(await poll(`${path}/seating-board`, removed.etag)).toMatchObject({ status: 304, reads: ['Query'] });
  });
});

describe("the staff clock on a cold container: the club's name comes with the authorization", () => {
  let clockPath: string;

  beforeAll(async () => {
    proxy.intercept = undefined;
    const path = await runningClock('Counted Clock');
    clockPath = `${path}/clock`;
  });

  it('GET .../clock: one BatchGetItem (membership, the club, the armed level end), then the log tail: two round trips', async () => {
    // A container that holds the tournament (another route of its function read it) but has never read
    // the club's name: the board's name comes with the authorization, not in a GetItem of its own.
    forgetTournaments();
    expect((await call('GET', clockPath.replace(/\/clock$/, ''), { token: owner })).status).toBe(200);
    proxy.calls.length = 0;
    const r = await call('GET', clockPath, { token: owner });
    expect(r.status).toBe(200);
    expect((r.body?.board as { clubName?: unknown } | undefined)?.clubName).toBe('Counted Club');
    expect(proxy.calls.map((c) => c.operation)).toEqual(['BatchGetItem', 'Query']);
    const armed = `schedule#armed#${clockPath.split('/').at(-2) as string}|level-end`;
    expect(batchKeys(proxy.calls[0]!)).toEqual({ keys: [clubKey(), memberKey('auth-owner'), armed].sort(), consistent: true });
  });
});
