import { describe, expect, it } from 'vitest';
import { createSportPokerClient, idempotent, isProblem, ProblemError, unwrap } from '../../../client/src/index';

/** The client's own behaviour, over a fake fetch that records what it was sent. */
function fakeApi(answer: (req: Request) => Response) {
  const sent: Request[] = [];
  const fetch = async (req: Request) => {
    sent.push(req);
    return answer(req);
  };
  return { sent, fetch };
}

const json = (status: number, body: unknown, type = 'application/json', headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } });
const problem = { type: 'about:blank', title: 'Conflict', status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', detail: 'try again' };

describe('createSportPokerClient', () => {
  it('sends the bearer token, reading a token function on each request, and keeps an Authorization set by the call', async () => {
    const { sent, fetch } = fakeApi(() => json(200, { items: [] }));
    let n = 0;
    const api = createSportPokerClient({ baseUrl: 'https://api.test', token: () => `t${++n}`, fetch });
    await api.GET('/v1/me/registrations');
    await api.GET('/v1/me/registrations');
    await api.GET('/v1/me/registrations', { headers: { Authorization: 'Bearer mine' } });
    expect(sent.map((r) => r.headers.get('authorization'))).toEqual(['Bearer t1', 'Bearer t2', 'Bearer mine']);
    expect(sent[0]?.url).toBe('https://api.test/v1/me/registrations');
  });

  it('sends no Authorization without a token, and X-Api-Key with an API key', async () => {
    const { sent, fetch } = fakeApi(() => json(200, { items: [], nextCursor: null }));
    await createSportPokerClient({ baseUrl: 'https://api.test', fetch }).GET('/v1/catalog/tournaments');
    await createSportPokerClient({ baseUrl: 'https://api.test', apiKey: 'sk_1', fetch }).GET('/v1/catalog/tournaments');
    expect(sent.map((r) => [r.headers.get('authorization'), r.headers.get('x-api-key')])).toEqual([
      [null, null],
      [null, 'sk_1'],
    ]);
  });

  it('puts the Idempotency-Key of idempotent() on the request; each call of idempotent() without a key makes a new one', async () => {
    const { sent, fetch } = fakeApi(() => json(201, { item: {} }));
    const api = createSportPokerClient({ baseUrl: 'https://api.test', token: 't', fetch });
    const body = { clubId: 'c1', tournamentId: 't1' };
    await api.POST('/v1/me/registrations', { params: { header: idempotent('k-1') }, body });
    await api.POST('/v1/me/registrations', { params: { header: idempotent() }, body });
    await api.POST('/v1/me/registrations', { params: { header: idempotent() }, body });
    const keys = sent.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toBe('k-1');
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[1]);
    expect(await sent[0]?.json()).toEqual(body);
  });
});

describe('unwrap', () => {
  it('returns the body of a success', async () => {
    const { fetch } = fakeApi(() => json(200, { items: [], nextCursor: 'c' }));
    const page = await unwrap(createSportPokerClient({ baseUrl: 'https://api.test', fetch }).GET('/v1/catalog/tournaments'));
    expect(page.nextCursor).toBe('c');
  });

  it('throws a Problem answer as ProblemError, with its code and Retry-After', async () => {
    const { fetch } = fakeApi(() => json(409, problem, 'application/problem+json', { 'retry-after': '2' }));
    const api = createSportPokerClient({ baseUrl: 'https://api.test', token: 't', fetch });
    const e = await unwrap(api.GET('/v1/me')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProblemError);
    expect(e).toMatchObject({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', retryAfterSec: 2, problem });
    expect((e as Error).message).toBe('409 IDEMPOTENCY_IN_PROGRESS: try again');
  });

  it('throws a body that is not a Problem (a proxy page) as a plain Error', async () => {
    const { fetch } = fakeApi(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const e = await unwrap(createSportPokerClient({ baseUrl: 'https://api.test', fetch }).GET('/health')).catch((x: unknown) => x);
    expect(e).not.toBeInstanceOf(ProblemError);
    expect((e as Error).message).toMatch(/^HTTP 502 without a Problem body/);
    expect(isProblem({ code: 'X', status: 400 })).toBe(false);
    expect(isProblem(problem)).toBe(true);
  });
});
