import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideVerification } from '../../../domain/verification';
import type { RegistryAnswer } from '../../../domain/verification';
import { DadataRegistry } from '../../../functions/adapters/registry';
import type { DadataOptions } from '../../../functions/adapters/registry';
import { DADATA_PATH, DADATA_SUGGESTIONS, defaultDadataScenario, startFakeDadata } from '../../support/fake-dadata';
import type { FakeDadata } from '../../support/fake-dadata';
import { fakeTime } from './harness';

const KEY = 'test-key-0123456789abcdef';
const SBER = { inn: '7707083893', ogrn: '1027700132195' };
const IP = { inn: '770100000079', ogrn: '318770000000021' };
const LIQUIDATED = { inn: '7801000020', ogrn: '1157800000027' };

let fake: FakeDadata;
let time: ReturnType<typeof fakeTime>;

beforeEach(async () => {
  fake = await startFakeDadata(KEY, defaultDadataScenario());
  time = fakeTime();
});
afterEach(async () => {
  await fake.close();
});

const registry = (options: Partial<DadataOptions> = {}) =>
  new DadataRegistry({ apiKey: async () => KEY, baseUrl: fake.url, now: time.now, sleep: time.sleep, requestTimeoutMs: 150, ...options });

function found(answer: RegistryAnswer) {
  if (answer.kind !== 'found') throw new Error(`expected found, got ${JSON.stringify(answer)}`);
  return answer.record;
}

describe('DadataRegistry against the local DaData fake', () => {
  it('R-CLUB-3: finds an active legal entity with the documented request (Token header, JSON body)', async () => {
    const answer = await registry().lookup(SBER);
    expect(found(answer)).toMatchObject({
      source: 'dadata',
      inn: SBER.inn,
      ogrn: SBER.ogrn,
      kpp: '773601001',
      kind: 'ul',
      status: 'active',
      fullName: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
      shortName: 'ПАО СБЕРБАНК',
      registeredOn: '1991-06-20',
    });
    expect(found(answer).raw).toEqual(DADATA_SUGGESTIONS.sberbank);
    const [req] = fake.requests;
    expect(fake.requests).toHaveLength(1);
    expect(req).toMatchObject({ method: 'POST', path: DADATA_PATH, answer: 200 });
    expect(req?.headers.authorization).toBe(`Token ${KEY}`);
    expect(JSON.parse(req?.body ?? '')).toEqual({ query: SBER.inn, branch_type: 'MAIN' });

    const decision = decideVerification({ legalForm: 'ul', ...SBER, name: 'Сбербанк России' }, answer, time.now());
    expect(decision.status).toBe('verified');
    expect(decision.evidence.source).toBe('dadata');
  });

  it('the fake refuses requests that do not follow the documented shape', async () => {
    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(`${fake.url}${DADATA_PATH}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    expect((await post({ query: SBER.inn, branch_type: 'MAIN' }, { Authorization: KEY })).status).toBe(400);
    expect((await post({ query: SBER.inn, branch_type: 'MAIN' }, { Authorization: `Bearer ${KEY}` })).status).toBe(400);
    expect((await post({ query: SBER.inn }, { Authorization: `Token ${KEY}` })).status).toBe(400);
    expect((await post({ query: SBER.inn, branch_type: 'MAIN', count: 5 }, { Authorization: `Token ${KEY}` })).status).toBe(400);
    expect((await post({ query: Number(SBER.inn), branch_type: 'MAIN' }, { Authorization: `Token ${KEY}` })).status).toBe(400);
    expect((await post({ query: SBER.inn, branch_type: 'MAIN' }, { Authorization: 'Token other' })).status).toBe(401);
    expect((await post({ query: SBER.inn, branch_type: 'MAIN' }, { Authorization: `Token ${KEY}` })).status).toBe(200);
  });

  it('R-CLUB-3: an individual entrepreneur is found and verified on the name with "ИП"', async () => {
    const answer = await registry().lookup(IP);
    expect(found(answer)).toMatchObject({ kind: 'ip', status: 'active', ogrn: IP.ogrn });
    expect(found(answer).kpp).toBeUndefined();
    expect(decideVerification({ legalForm: 'ip', ...IP, name: 'ИП Петров Петр Петрович' }, answer, time.now()).status).toBe('verified');
  });

  it('R-CLUB-3: LIQUIDATED is found as liquidated and the decision rejects it with the date', async () => {
    const answer = await registry().lookup(LIQUIDATED);
    expect(found(answer)).toMatchObject({ status: 'liquidated', terminatedOn: '2021-11-12' });
    const decision = decideVerification({ legalForm: 'ul', ...LIQUIDATED, name: 'Туз Пик' }, answer, time.now());
    expect(decision.status).toBe('rejected');
    expect(decision.reasons).toEqual(['REGISTRY_LIQUIDATED: the registry shows the organisation liquidated on 2021-11-12']);
  });

  it('R-CLUB-3: empty suggestions are "not found"', async () => {
    expect(await registry().lookup({ inn: '5001000034', ogrn: '1105000000038' })).toEqual({
      kind: 'not_found',
      source: 'dadata',
      retrievedAt: time.state.t,
    });
  });

  it('R-CLUB-3: 403 (daily quota) is "unavailable", not retried', async () => {
    fake.scenario.refusal = 403;
    const answer = await registry().lookup(SBER);
    expect(answer).toEqual({ kind: 'unavailable', source: 'dadata', reason: 'DaData quota exhausted or access denied (HTTP 403)' });
    expect(fake.requests).toHaveLength(1);
    expect(decideVerification({ legalForm: 'ul', ...SBER, name: 'Сбербанк России' }, answer, time.now()).status).toBe('needs_review');
  });

  it('a wrong key (401) is "unavailable", not retried', async () => {
    const answer = await registry({ apiKey: async () => 'stale-key' }).lookup(SBER);
    expect(answer).toEqual({ kind: 'unavailable', source: 'dadata', reason: 'DaData refused the API key (HTTP 401)' });
    expect(fake.requests).toHaveLength(1);
  });

  it('a key provider that fails sends nothing and says so without details', async () => {
    const answer = await registry({ apiKey: async () => Promise.reject(new Error('secret arn:aws:secretsmanager:x')) }).lookup(SBER);
    expect(answer).toEqual({ kind: 'unavailable', source: 'dadata', reason: 'the DaData API key could not be read' });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([[503], [429]])('retries a %i after 0.5 s and succeeds', async (status) => {
    fake.scenario.failures = [status];
    found(await registry().lookup(SBER));
    expect(fake.requests.map((r) => r.answer)).toEqual([status, 200]);
    expect(time.state.sleeps).toEqual([500]);
  });

  it('retries a request held past the timeout; all three timing out is "unavailable"', async () => {
    fake.scenario.failures = ['hold'];
    found(await registry().lookup(SBER));
    expect(fake.requests.map((r) => r.answer)).toEqual(['held', 200]);

    fake.scenario.failures = ['hold', 'hold', 'hold'];
    time.state.sleeps = [];
    const answer = await registry({ requestTimeoutMs: 80 }).lookup(SBER);
    expect(answer).toEqual({ kind: 'unavailable', source: 'dadata', reason: 'no answer within 80 ms after 3 tries' });
    expect(time.state.sleeps).toEqual([500, 1000]);
  });

  it('a suggestion with an unknown status is "unavailable", not guessed', async () => {
    const odd = structuredClone(DADATA_SUGGESTIONS.sberbank);
    (odd.data.state as Record<string, unknown>).status = 'SUSPENDED';
    fake.scenario.suggestions = [odd];
    expect(await registry().lookup(SBER)).toMatchObject({ kind: 'unavailable', reason: expect.stringMatching(/unknown type or status/) });
  });
});
