import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideVerification } from '../../../domain/verification';
import type { RegistryAnswer } from '../../../domain/verification';
import { EgrulRegistry } from '../../../functions/adapters/registry';
import type { EgrulOptions } from '../../../functions/adapters/registry';
import { EGRUL_ROWS, defaultEgrulScenario, startFakeEgrul } from '../../support/fake-egrul';
import type { FakeEgrul } from '../../support/fake-egrul';
import { closedPort, fakeTime } from './harness';

const SBER = { inn: '7707083893', ogrn: '1027700132195' };
const IP = { inn: '770100000079', ogrn: '318770000000021' };
const LIQUIDATED = { inn: '7801000020', ogrn: '1157800000027' };
const UNKNOWN = { inn: '5001000034', ogrn: '1105000000038' };

let fake: FakeEgrul;
let time: ReturnType<typeof fakeTime>;

beforeEach(async () => {
  fake = await startFakeEgrul(defaultEgrulScenario());
  time = fakeTime();
});
afterEach(async () => {
  await fake.close();
});

const registry = (options: EgrulOptions = {}) =>
  new EgrulRegistry({ baseUrl: fake.url, now: time.now, sleep: time.sleep, requestTimeoutMs: 150, ...options });

function found(answer: RegistryAnswer) {
  if (answer.kind !== 'found') throw new Error(`expected found, got ${JSON.stringify(answer)}`);
  return answer.record;
}

describe('EgrulRegistry against the local egrul fake', () => {
  it("R-CLUB-3: finds an active legal entity through index, search and poll, in the site's exact request shape", async () => {
    const answer = await registry().lookup(SBER);
    const record = found(answer);
    expect(record).toMatchObject({
      source: 'egrul',
      inn: SBER.inn,
      ogrn: SBER.ogrn,
      kpp: '773601001',
      kind: 'ul',
      status: 'active',
      shortName: 'ПАО СБЕРБАНК',
      registeredOn: '2002-08-16',
    });
    expect(record.raw).toEqual(EGRUL_ROWS.sberbank);
    expect(answer.kind === 'found' && answer.retrievedAt).toBe(time.state.t);

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /index.html',
      'POST /',
      expect.stringMatching(/^GET \/search-result\/[0-9A-F]+$/),
    ]);
    expect(fake.requests.every((r) => r.answer === 200)).toBe(true);
    const [search] = fake.searches();
    expect(search?.body).toBe(`vyp3CaptchaToken=&page=&query=${SBER.inn}&region=&PreventChromeAutocomplete=`);
    expect(search?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(search?.headers.cookie).toMatch(/^JSESSIONID=[0-9a-f]+; uniI18nLang=RUS$/);
    const [poll] = fake.polls();
    expect(poll?.query).toEqual({ r: String(time.state.t), _: String(time.state.t) });
    expect(poll?.headers.cookie).toBe(search?.headers.cookie);

    const decision = decideVerification({ legalForm: 'ul', ...SBER, name: 'ПАО «Сбербанк России»' }, answer, time.now());
    expect(decision.status).toBe('verified');
    expect(decision.evidence).toEqual({ source: 'egrul', checkedAt: new Date(time.state.t).toISOString(), fields: EGRUL_ROWS.sberbank });
  });

  it('the fake refuses requests that do not follow the protocol (so the test above proves the shape)', async () => {
    const form = (query: string) => `vyp3CaptchaToken=&page=&query=${query}&region=&PreventChromeAutocomplete=`;
    const post = (body: string, headers: Record<string, string>) => fetch(`${fake.url}/`, { method: 'POST', body, headers });
    const formType = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await post(form(SBER.inn), formType)).status).toBe(400);
    expect((await post(`query=${SBER.inn}`, { ...formType, 'X-Requested-With': 'XMLHttpRequest' })).status).toBe(400);
    expect((await post(form(SBER.inn).replace('page=', 'page=1'), { ...formType, 'X-Requested-With': 'XMLHttpRequest' })).status).toBe(400);
    expect(
      (await post(JSON.stringify({ query: SBER.inn }), { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }))
        .status,
    ).toBe(400);
    expect((await post(form(SBER.inn), { ...formType, 'X-Requested-With': 'XMLHttpRequest', Cookie: 'JSESSIONID=forged' })).status).toBe(
      400,
    );
    const ok = await post(form(SBER.inn), { ...formType, 'X-Requested-With': 'XMLHttpRequest' });
    const { t } = (await ok.json()) as { t: string };
    expect((await fetch(`${fake.url}/search-result/${t}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status).toBe(400);
    expect((await fetch(`${fake.url}/search-result/${t}?r=1&_=1`)).status).toBe(400);
    expect((await fetch(`${fake.url}/search-result/${t}?r=1&_=1`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status).toBe(200);
  });

  it('works without the session cookie when told to skip /index.html', async () => {
    found(await registry({ sessionCookie: false }).lookup(SBER));
    expect(fake.requests.map((r) => r.path)).not.toContain('/index.html');
    expect(fake.searches()[0]?.headers.cookie).toBeUndefined();
  });

  it('R-CLUB-3: with an old terminated registration next to the current one, takes the current row', async () => {
    const record = found(await registry().lookup(IP));
    expect(record).toMatchObject({ kind: 'ip', ogrn: '318770000000021', status: 'active', registeredOn: '2018-02-01' });
    expect(record.kpp).toBeUndefined();
    const decision = decideVerification(
      { legalForm: 'ip', ...IP, name: 'ИП Петров Пётр Петрович' },
      { kind: 'found', source: 'egrul', record },
      time.now(),
    );
    expect(decision.status).toBe('verified');
  });

  it('R-CLUB-3: a terminated legal entity is found as terminated, and the decision rejects it with the date', async () => {
    const answer = await registry().lookup(LIQUIDATED);
    expect(found(answer)).toMatchObject({ status: 'terminated', terminatedOn: '2021-11-12' });
    const decision = decideVerification({ legalForm: 'ul', ...LIQUIDATED, name: 'ООО «Туз Пик»' }, answer, time.now());
    expect(decision.status).toBe('rejected');
    expect(decision.reasons).toEqual(['REGISTRY_TERMINATED: the registry shows the registration terminated on 2021-11-12']);
  });

  it('R-CLUB-3: no rows is "not found", which sends well-formed numbers to moderators', async () => {
    const answer = await registry().lookup(UNKNOWN);
    expect(answer).toEqual({ kind: 'not_found', source: 'egrul', retrievedAt: time.state.t });
    expect(decideVerification({ legalForm: 'ul', ...UNKNOWN, name: 'Ромашка' }, answer, time.now()).status).toBe('needs_review');
  });

  it.each([
    ['captcha', /captcha/],
    ['errors', /errors \(captchaSearch: Требуется ввести цифры с картинки\)/],
    ['method-not-allowed', /HTTP 405/],
  ] as const)('R-CLUB-3: a %s answer is "unavailable" (never "not found"), and is not retried', async (refusal, reason) => {
    fake.scenario.searchRefusal = refusal;
    const answer = await registry().lookup(SBER);
    expect(answer).toEqual({ kind: 'unavailable', source: 'egrul', reason: expect.stringMatching(reason) });
    expect(fake.searches()).toHaveLength(1);
    expect(fake.polls()).toHaveLength(0);
    expect(decideVerification({ legalForm: 'ul', ...SBER, name: 'Сбербанк России' }, answer, time.now()).status).toBe('needs_review');
  });

  it('polls while the site says "wait", a poll interval apart, then reads the rows', async () => {
    fake.scenario.waits = 2;
    found(await registry().lookup(SBER));
    expect(fake.polls()).toHaveLength(3);
    expect(time.state.sleeps).toEqual([1000, 1000]);
    const stamps = fake.polls().map((p) => Number(p.query.r));
    expect(stamps[1]! - stamps[0]!).toBe(1000);
  });

  it('gives up as "unavailable" when the search never finishes within the poll timeout', async () => {
    fake.scenario.waits = 'forever';
    const answer = await registry({ pollTimeoutMs: 5000 }).lookup(SBER);
    expect(answer).toEqual({ kind: 'unavailable', source: 'egrul', reason: 'the search was still running after 5000 ms' });
    expect(fake.polls()).toHaveLength(6);
    expect(time.state.sleeps.reduce((a, b) => a + b, 0)).toBe(5000);
  });

  it.each([503, 500, 429])('retries a %i once after 0.5 s and succeeds', async (status) => {
    fake.scenario.searchFailures = [status];
    found(await registry().lookup(SBER));
    expect(fake.searches().map((r) => r.answer)).toEqual([status, 200]);
    expect(time.state.sleeps).toEqual([500]);
  });

  it('retries a failing poll too', async () => {
    fake.scenario.pollFailures = [502, 503];
    found(await registry().lookup(SBER));
    expect(fake.polls().map((r) => r.answer)).toEqual([502, 503, 200]);
    expect(time.state.sleeps).toEqual([500, 1000]);
  });

  it('stops after 3 tries with backoff 0.5 s, 1 s and answers "unavailable"', async () => {
    fake.scenario.searchFailures = [503, 503, 503, 503];
    const answer = await registry().lookup(SBER);
    expect(answer).toEqual({ kind: 'unavailable', source: 'egrul', reason: 'search: HTTP 503 after 3 tries' });
    expect(fake.searches()).toHaveLength(3);
    expect(time.state.sleeps).toEqual([500, 1000]);
  });

  it('does not retry other client errors', async () => {
    fake.scenario.searchFailures = [404];
    expect(await registry().lookup(SBER)).toEqual({ kind: 'unavailable', source: 'egrul', reason: 'search: HTTP 404' });
    expect(fake.searches()).toHaveLength(1);
  });

  it('aborts a request the server holds past requestTimeoutMs and retries it', async () => {
    fake.scenario.searchFailures = ['hold'];
    const started = performance.now();
    found(await registry({ requestTimeoutMs: 150 }).lookup(SBER));
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(fake.searches().map((r) => r.answer)).toEqual(['held', 200]);
    expect(time.state.sleeps).toEqual([500]);
  });

  it('answers "unavailable" when every try times out', async () => {
    fake.scenario.searchFailures = ['hold', 'hold', 'hold'];
    const answer = await registry({ requestTimeoutMs: 100 }).lookup(SBER);
    expect(answer).toEqual({ kind: 'unavailable', source: 'egrul', reason: 'search: no answer within 100 ms after 3 tries' });
    expect(fake.searches()).toHaveLength(3);
  });

  it('answers "unavailable" when the host refuses connections, without retrying', async () => {
    const answer = await new EgrulRegistry({ baseUrl: await closedPort(), now: time.now, sleep: time.sleep, sessionCookie: false }).lookup(
      SBER,
    );
    expect(answer).toMatchObject({
      kind: 'unavailable',
      source: 'egrul',
      reason: expect.stringMatching(/^search: request failed: fetch failed/),
    });
    expect(time.state.sleeps).toEqual([]);
  });

  it('rows without INN, OGRN or name are "unavailable", not "not found"', async () => {
    fake.scenario.rows = [{ i: SBER.inn, o: SBER.ogrn }];
    expect(await registry().lookup(SBER)).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/without name, INN or OGRN/),
    });
  });

  it('throttles: searches start at least 2 s apart, also when started together', async () => {
    const egrul = registry();
    await Promise.all([egrul.lookup(SBER), egrul.lookup(IP)]);
    await egrul.lookup(LIQUIDATED);
    expect(fake.searches()).toHaveLength(3);
    expect(time.state.sleeps).toEqual([2000, 2000]);
  });
});
