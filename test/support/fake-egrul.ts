import { randomBytes } from 'node:crypto';
import type { Failure, FakeServer, RecordedRequest, Reply } from './fake-http';
import { badRequest, json, startFakeServer, takeFailure } from './fake-http';

/**
 * A local egrul.nalog.ru that speaks the site's search protocol (egrul.md) and refuses, with 400,
 * any request that does not: form fields and their order, X-Requested-With, the session cookie
 * once one was issued, the search token and the r/_ parameters of the polls.
 */

export type EgrulFixtureRow = Record<string, string>;

/** Rows in the shape the site returns (keys n, c, i, o, p, a, g, r, e, v, k, t, cnt, tot, pg). */
export const EGRUL_ROWS: Record<'sberbank' | 'ipOld' | 'ipCurrent' | 'liquidated', EgrulFixtureRow> = {
  sberbank: {
    a: '117312, Г.МОСКВА, УЛ. ВАВИЛОВА, Д.19',
    c: 'ПАО СБЕРБАНК',
    g: 'ПРЕЗИДЕНТ, ПРЕДСЕДАТЕЛЬ ПРАВЛЕНИЯ: Греф Герман Оскарович',
    cnt: '1',
    i: '7707083893',
    k: 'ul',
    n: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
    o: '1027700132195',
    p: '773601001',
    r: '16.08.2002',
    t: 'D2B1D7E1C4F3A09B8E7C6D5A4F3E2D1C0B9A8F7E6D5C4B3A2F1E0D9C8B7A6F5E4D3C2B1A0F9E8D7C6B5A4F3E2D1C0B9A8F7E6D5C4B3A2F1E0',
    pg: '1',
    tot: '1',
  },
  ipOld: {
    cnt: '2',
    e: '15.06.2014',
    i: '770100000079',
    k: 'fl',
    n: 'ПЕТРОВ ПЁТР ПЕТРОВИЧ',
    o: '309770000000013',
    r: '10.03.2009',
    t: '8A7B6C5D4E3F2A1B0C9D8E7F6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F8A7B6C5D4E3F2A1B0C9D8E7F6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1',
    pg: '1',
    tot: '2',
  },
  ipCurrent: {
    cnt: '2',
    i: '770100000079',
    k: 'fl',
    n: 'ПЕТРОВ ПЁТР ПЕТРОВИЧ',
    o: '318770000000021',
    r: '01.02.2018',
    t: '1F2E3D4C5B6A79880716253443526170819A0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A6B7C8D9E0',
    pg: '1',
    tot: '2',
  },
  liquidated: {
    a: '190000, Г.САНКТ-ПЕТЕРБУРГ, УЛ. ПОКЕРНАЯ, Д.1',
    c: 'ООО "ТУЗ ПИК"',
    g: 'ЛИКВИДАТОР: Сидоров Сидор Сидорович',
    cnt: '1',
    e: '12.11.2021',
    i: '7801000020',
    k: 'ul',
    n: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ТУЗ ПИК"',
    o: '1157800000027',
    p: '780101001',
    r: '20.04.2015',
    t: 'C0FFEE00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF001122334455',
    pg: '1',
    tot: '1',
  },
};

export interface FakeEgrulScenario {
  /** The registry's content; a search returns the rows whose `i` or `o` equals the query. */
  rows: EgrulFixtureRow[];
  /** A permanent answer to every search instead of a token. */
  searchRefusal?: 'captcha' | 'errors' | 'method-not-allowed';
  /** Scripted failures of POST /, one consumed per request, before normal answers. */
  searchFailures?: Failure[];
  /** Scripted failures of the polls. */
  pollFailures?: Failure[];
  /** {"status":"wait"} answers before the rows (per search); 'forever' never finishes. */
  waits?: number | 'forever';
  /** Searches must carry the cookie of /index.html even if the client never asked for one. */
  requireCookie?: boolean;
}

export interface FakeEgrul extends FakeServer {
  requests: RecordedRequest[];
  scenario: FakeEgrulScenario;
  /** The requests of one kind. */
  searches(): RecordedRequest[];
  polls(): RecordedRequest[];
}

export const defaultEgrulScenario = (): FakeEgrulScenario => ({ rows: Object.values(EGRUL_ROWS) });

const FORM_FIELDS = ['vyp3CaptchaToken', 'page', 'query', 'region', 'PreventChromeAutocomplete'];

export async function startFakeEgrul(scenario: FakeEgrulScenario = defaultEgrulScenario()): Promise<FakeEgrul> {
  const requests: RecordedRequest[] = [];
  const cookies = new Set<string>();
  const searches = new Map<string, { query: string; waitsLeft: number | 'forever' }>();

  /** A problem with the cookie, or undefined when the request may go on. */
  function cookieProblem(req: RecordedRequest): string | undefined {
    const header = req.headers.cookie;
    const session = header
      ?.split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith('JSESSIONID='));
    if (header !== undefined && (!session || !cookies.has(session.slice('JSESSIONID='.length)))) {
      return `unknown session cookie: ${header}`;
    }
    if (header !== undefined && !header.includes('uniI18nLang=RUS')) return 'the second cookie was dropped';
    if (fake.scenario.requireCookie && header === undefined) return 'no session cookie';
    return undefined;
  }

  function index(): Reply {
    const id = randomBytes(8).toString('hex');
    cookies.add(id);
    return {
      status: 200,
      body: '<!DOCTYPE html><html><head><title>ЕГРЮЛ</title></head><body></body></html>',
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Set-Cookie': [`JSESSIONID=${id}; Path=/; HttpOnly`, 'uniI18nLang=RUS; Path=/'],
      },
    };
  }

  function search(req: RecordedRequest): Reply {
    if (req.headers['x-requested-with'] !== 'XMLHttpRequest') return badRequest(req, 'X-Requested-With: XMLHttpRequest is missing');
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return badRequest(req, 'the body must be form-encoded');
    }
    const problem = cookieProblem(req);
    if (problem) return badRequest(req, problem);
    const form = new URLSearchParams(req.body);
    const keys = [...form.keys()];
    if (keys.join('&') !== FORM_FIELDS.join('&'))
      return badRequest(req, `form fields must be ${FORM_FIELDS.join(', ')} in order, got ${keys.join(', ')}`);
    const nonEmpty = FORM_FIELDS.filter((k) => k !== 'query' && form.get(k) !== '');
    if (nonEmpty.length > 0) return badRequest(req, `fields must be empty: ${nonEmpty.join(', ')}`);
    const query = form.get('query') ?? '';
    if (!/^(\d{10}|\d{12}|\d{13}|\d{15})$/.test(query)) return badRequest(req, `query is not an INN or OGRN: ${query}`);

    const failure = takeFailure(fake.scenario.searchFailures);
    if (failure) return failure;
    switch (fake.scenario.searchRefusal) {
      case 'captcha':
        return json(200, { captchaRequired: true });
      case 'errors':
        return json(200, { ERRORS: { captchaSearch: ['Требуется ввести цифры с картинки'] } });
      case 'method-not-allowed':
        return { status: 405, body: '<html><body>405 Not Allowed</body></html>', headers: { 'Content-Type': 'text/html' } };
      default:
        break;
    }
    const t = randomBytes(24).toString('hex').toUpperCase();
    searches.set(t, { query, waitsLeft: fake.scenario.waits ?? 0 });
    return json(200, { t, captchaRequired: false });
  }

  function poll(req: RecordedRequest): Reply {
    if (req.headers['x-requested-with'] !== 'XMLHttpRequest') return badRequest(req, 'X-Requested-With: XMLHttpRequest is missing');
    const problem = cookieProblem(req);
    if (problem) return badRequest(req, problem);
    if (!/^\d+$/.test(req.query.r ?? '') || !/^\d+$/.test(req.query._ ?? '')) return badRequest(req, 'r and _ must be milliseconds');
    const t = decodeURIComponent(req.path.slice('/search-result/'.length));
    const s = searches.get(t);
    if (!s) return badRequest(req, `unknown search token ${t}`);

    const failure = takeFailure(fake.scenario.pollFailures);
    if (failure) return failure;
    if (s.waitsLeft === 'forever') return json(200, { status: 'wait' });
    if (s.waitsLeft > 0) {
      s.waitsLeft -= 1;
      return json(200, { status: 'wait' });
    }
    return json(200, { rows: fake.scenario.rows.filter((r) => r.i === s.query || r.o === s.query) });
  }

  const server = await startFakeServer(requests, (req) => {
    if (req.method === 'GET' && req.path === '/index.html') return index();
    if (req.method === 'POST' && req.path === '/') return search(req);
    if (req.method === 'GET' && req.path.startsWith('/search-result/')) return poll(req);
    return badRequest(req, `no such endpoint: ${req.method} ${req.path}`);
  });

  const fake: FakeEgrul = {
    ...server,
    requests,
    scenario,
    searches: () => requests.filter((r) => r.method === 'POST' && r.path === '/'),
    polls: () => requests.filter((r) => r.path.startsWith('/search-result/')),
  };
  return fake;
}
