import { afterAll, afterEach, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ensureTable, freePort } from '../../scripts/local/dynamodb-local';
import { startDynamoProxy, startFrozenServer, type DynamoProxy } from '../support/dynamo-proxy';
import { validClub } from '../support/local-api';

/**
 * DynamoDB down, hung, throttling or failing: the real local API answers 503 problem+json with
 * SERVICE_UNAVAILABLE and Retry-After, quickly, and works again once DynamoDB is back.
 *
 * Every scenario starts its own API with fresh modules (vi.resetModules), so the configuration, the
 * DynamoDB client, the ElectroDB service and the token key set of one scenario never leak into the next.
 */
const REQUEST_TIMEOUT_MS = 400;
/** Three attempts of REQUEST_TIMEOUT_MS plus the SDK's backoff is under 2 s; the rest is a busy machine's headroom. */
const ANSWER_WITHIN_MS = 10_000;
/** Past this a request counts as hung: the test fails instead of waiting. */
const HANG_MS = 30_000;

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    DYNAMODB_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    DYNAMODB_CONNECT_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    DYNAMODB_MAX_ATTEMPTS: '3',
    // The API's own requests only: no scheduler poller, no stream reader polling the broken endpoint.
    SCHEDULER: 'aws',
    STREAMS: 'off',
  });
});
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});

interface Api {
  mint: (sub: string, opts?: { operator?: boolean }) => Promise<string>;
  call: (
    method: string,
    path: string,
    opts?: { token?: string; apiKey?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<{ status: number; headers: Headers; body: Record<string, unknown> | undefined; ms: number }>;
  close: () => Promise<void>;
}

const running: Api[] = [];
afterEach(async () => {
  for (const a of running.splice(0)) await a.close();
});

/** The real local API (gateway adapter, handlers, local token issuer) over the given endpoint, with fresh modules. */
async function startApi(dynamoEndpoint: string, tableName = `t-${randomUUID()}`): Promise<Api> {
  vi.resetModules();
  const { startLocalApi } = await import('../../scripts/local/local-api');
  const { resetDynamo } = await import('../../functions/store/client');
  const api = await startLocalApi({ port: await freePort(), dynamoEndpoint, tableName, logLevel: 'CRITICAL' });
  const handle: Api = {
    mint: (sub, opts) => api.issuer.mint({ sub, ...opts }),
    call: async (method, path, opts = {}) => {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const started = Date.now();
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers,
        signal: AbortSignal.timeout(HANG_MS),
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      });
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
        ms: Date.now() - started,
      };
    },
    close: async () => {
      await api.close();
      resetDynamo();
    },
  };
  running.push(handle);
  return handle;
}

type Answer = Awaited<ReturnType<Api['call']>>;

function expectOutage(r: Answer, what: string): void {
  expect(r.status, what).toBe(503);
  expect(r.headers.get('content-type'), what).toBe('application/problem+json');
  expect(r.body?.code, what).toBe('SERVICE_UNAVAILABLE');
  expect(r.body?.status, what).toBe(503);
  expect(Number(r.headers.get('retry-after')), what).toBeGreaterThan(0);
  expect(r.ms, what).toBeLessThan(ANSWER_WITHIN_MS);
}

// Well-formed ids of things that need not exist: the store is never reached anyway.
const CLUB = 'club_0000000000outage000000000';
const TOURNAMENT = 'trn_0000000000outage000000000';
const API_KEY = `spk.${CLUB}.key_0000000000outage.${'s'.repeat(43)}`;

describe('DynamoDB refusing connections (a closed port)', () => {
  it('answers 503 + Retry-After on club, tournament, player, API-key, catalogue and create routes, at once', async () => {
    // A port the OS just handed out and nobody listens on.
    const api = await startApi(`http://127.0.0.1:${await freePort()}`);
    const owner = await api.mint('outage-owner');
    expectOutage(await api.call('GET', `/v1/clubs/${CLUB}`, { token: owner }), 'club');
    expectOutage(await api.call('GET', `/v1/clubs/${CLUB}/tournaments/${TOURNAMENT}`, { token: owner }), 'tournament');
    expectOutage(await api.call('GET', '/v1/me', { token: owner }), 'player');
    expectOutage(await api.call('GET', `/v1/clubs/${CLUB}/tournaments`, { apiKey: API_KEY }), 'api key');
    expectOutage(await api.call('GET', '/v1/catalog/tournaments'), 'catalogue');
    expectOutage(
      await api.call('POST', '/v1/clubs', { token: owner, body: validClub(), headers: { 'idempotency-key': randomUUID() } }),
      'create with an idempotency key',
    );
  });
});

describe('DynamoDB hung (accepts connections, never answers)', () => {
  it('answers 503 once the request timeout has run out on every attempt, and does not hang', async () => {
    const frozen = await startFrozenServer();
    try {
      const api = await startApi(frozen.endpoint);
      const owner = await api.mint('frozen-owner');
      const club = await api.call('GET', `/v1/clubs/${CLUB}`, { token: owner });
      expectOutage(club, 'club');
      // It waited for the timeout (the server took the connection) rather than failing for another reason.
      expect(club.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
      expect(frozen.connections()).toBeGreaterThanOrEqual(1);
      expectOutage(await api.call('GET', '/v1/me', { token: owner }), 'player');
    } finally {
      for (const a of running.splice(0)) await a.close();
      await frozen.close();
    }
  });
});

describe('DynamoDB back after an outage', () => {
  let proxy: DynamoProxy;
  let tableName: string;
  beforeAll(async () => {
    const dynamoEndpoint = inject('dynamoEndpoint');
    tableName = `t-${randomUUID()}`;
    await ensureTable(dynamoEndpoint, tableName);
    proxy = await startDynamoProxy(dynamoEndpoint);
  });
  afterAll(async () => proxy?.close());

  it('a request refused while DynamoDB hung succeeds, with the same Idempotency-Key, once it answers again', async () => {
    const api = await startApi(proxy.endpoint, tableName);
    const owner = await api.mint('recovering-owner');
    const created = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Before the outage' }) });
    expect(created.status).toBe(201);
    const clubId = created.body?.clubId as string;
    const key = randomUUID();
    const create = () =>
      api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'During the outage' }), headers: { 'idempotency-key': key } });

    proxy.mode = 'freeze';
    expectOutage(await api.call('GET', `/v1/clubs/${clubId}`, { token: owner }), 'club while hung');
    expectOutage(await create(), 'create while hung');

    proxy.mode = 'pass';
    const club = await api.call('GET', `/v1/clubs/${clubId}`, { token: owner });
    expect([club.status, club.body?.name]).toEqual([200, 'Before the outage']);
    const retried = await create();
    expect(retried.status).toBe(201);
    // The retry ran for real, once: the same key now replays that answer.
    const replayed = await create();
    expect([replayed.status, replayed.body?.clubId]).toEqual([201, retried.body?.clubId]);
  });

  it('throttling and failing DynamoDB answers are 503 too (Retry-After 1 s for throttling), and pass with them', async () => {
    const api = await startApi(proxy.endpoint, tableName);
    const owner = await api.mint('throttled-owner');
    proxy.mode = 'throttle';
    const throttled = await api.call('GET', '/v1/me', { token: owner });
    expectOutage(throttled, 'throttled');
    expect(throttled.headers.get('retry-after')).toBe('1');
    proxy.mode = 'fail';
    expectOutage(await api.call('GET', '/v1/me', { token: owner }), 'failing');
    proxy.mode = 'pass';
    expect((await api.call('GET', '/v1/me', { token: owner })).status).toBe(200);
  });
});

describe('a write whose answer is lost', () => {
  it('a command whose event was written though the answer never came counts once, and answers as done', async () => {
    const dynamoEndpoint = inject('dynamoEndpoint');
    const tableName = `t-${randomUUID()}`;
    await ensureTable(dynamoEndpoint, tableName);
    const proxy = await startDynamoProxy(dynamoEndpoint);
    try {
      const api = await startApi(proxy.endpoint, tableName);
      const owner = await api.mint('lost-answer-owner');
      const club = await api.call('POST', '/v1/clubs', { token: owner, body: validClub({ name: 'Lost Answers' }) });
      expect(club.status).toBe(201);
      const base = `/v1/clubs/${club.body?.clubId as string}/tournaments`;
      const start = Date.now() + 3_600_000;
      const t = await api.call('POST', base, {
        token: owner,
        body: {
          name: 'Lost Answer Cup',
          startAt: new Date(start).toISOString(),
          lateRegEndsAt: new Date(start + 7_200_000).toISOString(),
          buyIn: 100_000,
          startingStack: 20_000,
          seatsPerTable: 9,
        },
      });
      expect(t.status, JSON.stringify(t.body)).toBe(201);
      const path = `${base}/${t.body?.tournamentId as string}`;
      const player = await api.mint('lost-answer-player');
      expect(
        (await api.call('POST', '/v1/players', { token: player, body: { displayName: 'Lost', dateOfBirth: '1990-01-01', consent: true } }))
          .status,
      ).toBe(201);
      // A transaction (the root changes with the event) and a plain put (the check-in), each carried out by
      // DynamoDB with its answer lost once: the SDK sends it again, and the command still counts once.
      const loseOnce = (operation: string) => {
        let left = 1;
        proxy.loseAnswer = (c) => {
          const items =
            operation === 'PutItem'
              ? [c.input.Item]
              : ((c.input.TransactItems ?? []) as { Put?: { Item?: unknown } }[]).map((i) => i.Put?.Item);
          const event = items.some((i) => String((i as { sk?: { S?: string } } | undefined)?.sk?.S).startsWith('e#'));
          if (c.operation !== operation || !event || left === 0) return false;
          left--;
          return true;
        };
        return () => left;
      };
      let left = loseOnce('TransactWriteItems');
      const opened = await api.call('POST', `${path}/open-registration`, { token: owner });
      expect([left(), opened.status], JSON.stringify(opened.body)).toEqual([0, 200]);
      proxy.loseAnswer = undefined;
      const reg = await api.call('POST', `${path}/registrations`, { token: owner, body: { playerId: 'lost-answer-player' } });
      expect(reg.status, JSON.stringify(reg.body)).toBe(201);
      const before = reg.body?.version as number;
      left = loseOnce('PutItem');
      const checked = await api.call(
        'POST',
        `${path}/registrations/${(reg.body?.item as { registrationId: string }).registrationId}/check-in`,
        { token: owner },
      );
      proxy.loseAnswer = undefined;
      expect([left(), checked.status], JSON.stringify(checked.body)).toEqual([0, 200]);
      expect(checked.body?.version).toBe(before + 1);
      // One event each: the version moved by one per command.
      const read = await api.call('GET', path, { token: owner });
      expect(read.body?.version).toBe(before + 1);
    } finally {
      await proxy.close();
    }
  });
});

describe('answers about the data are not outages', () => {
  it('a conditional-check failure (an existing player profile) stays 409, not 503', async () => {
    const dynamoEndpoint = inject('dynamoEndpoint');
    const tableName = `t-${randomUUID()}`;
    await ensureTable(dynamoEndpoint, tableName);
    const api = await startApi(dynamoEndpoint, tableName);
    const user = await api.mint('twice-player');
    const profile = { displayName: 'Twice', dateOfBirth: '1990-01-01', consent: true };
    const first = await api.call('POST', '/v1/players', { token: user, body: profile });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await api.call('POST', '/v1/players', { token: user, body: profile });
    expect([second.status, second.body?.code]).toEqual([409, 'PLAYER_EXISTS']);
  });
});
