import type { Failure, FakeServer, RecordedRequest, Reply } from './fake-http';
import { badRequest, json, startFakeServer, takeFailure } from './fake-http';

/**
 * A local DaData findById/party. It answers 400 unless the request is exactly the documented one:
 * POST to the path, JSON body {"query": <INN or OGRN>, "branch_type": "MAIN"} and nothing else,
 * `Authorization: Token <key>`; a well-formed but unknown key gets 401, as DaData does.
 */

export const DADATA_PATH = '/suggestions/api/4_1/rs/findById/party';

export type DadataFixture = Record<string, unknown> & { data: Record<string, unknown> & { inn: string; ogrn: string } };

/** Suggestions in DaData's answer shape (fields the client does not read kept for realism). */
export const DADATA_SUGGESTIONS: Record<'sberbank' | 'ip' | 'liquidated', DadataFixture> = {
  sberbank: {
    value: 'ПАО СБЕРБАНК',
    unrestricted_value: 'ПАО СБЕРБАНК',
    data: {
      kpp: '773601001',
      capital: null,
      management: { name: 'Греф Герман Оскарович', post: 'ПРЕЗИДЕНТ, ПРЕДСЕДАТЕЛЬ ПРАВЛЕНИЯ', disqualified: null },
      founders: null,
      managers: null,
      branch_type: 'MAIN',
      branch_count: 88,
      source: null,
      qc: null,
      hid: '145a83ab38c9ad95889a7b894ec3e3ec5e6b8b8a2f0e5ec4d2e3d4a1b2c3d4e5',
      type: 'LEGAL',
      state: {
        status: 'ACTIVE',
        code: null,
        actuality_date: 1704067200000,
        registration_date: 677376000000,
        liquidation_date: null,
      },
      opf: { type: '2014', code: '12247', full: 'Публичное акционерное общество', short: 'ПАО' },
      name: {
        full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
        short_with_opf: 'ПАО СБЕРБАНК',
        latin: null,
        full: 'СБЕРБАНК РОССИИ',
        short: 'СБЕРБАНК',
      },
      inn: '7707083893',
      ogrn: '1027700132195',
      okpo: null,
      okved: '64.19',
      okveds: null,
      authorities: null,
      documents: null,
      licenses: null,
      address: {
        value: 'г Москва, ул Вавилова, д 19',
        unrestricted_value: '117312, г Москва, Академический р-н, ул Вавилова, д 19',
        data: null,
      },
      phones: null,
      emails: null,
      ogrn_date: 1029456000000,
      okved_type: '2014',
      employee_count: null,
    },
  },
  ip: {
    value: 'ИП Петров Пётр Петрович',
    unrestricted_value: 'ИП Петров Пётр Петрович',
    data: {
      kpp: null,
      type: 'INDIVIDUAL',
      branch_type: null,
      state: { status: 'ACTIVE', code: null, actuality_date: 1704067200000, registration_date: 1517443200000, liquidation_date: null },
      opf: { type: '2014', code: '50102', full: 'Индивидуальный предприниматель', short: 'ИП' },
      name: {
        full_with_opf: 'Индивидуальный предприниматель Петров Пётр Петрович',
        short_with_opf: 'ИП Петров Пётр Петрович',
        latin: null,
        full: 'Петров Пётр Петрович',
        short: null,
      },
      fio: { surname: 'Петров', name: 'Пётр', patronymic: 'Петрович', gender: null, source: null, qc: null },
      inn: '770100000079',
      ogrn: '318770000000021',
      ogrn_date: 1517443200000,
      okved: '93.29',
      address: { value: 'г Москва', unrestricted_value: 'г Москва', data: null },
    },
  },
  liquidated: {
    value: 'ООО "ТУЗ ПИК"',
    unrestricted_value: 'ООО "ТУЗ ПИК"',
    data: {
      kpp: '780101001',
      type: 'LEGAL',
      branch_type: 'MAIN',
      branch_count: 0,
      state: {
        status: 'LIQUIDATED',
        code: null,
        actuality_date: 1636675200000,
        registration_date: 1429488000000,
        liquidation_date: 1636675200000,
      },
      opf: { type: '2014', code: '12300', full: 'Общество с ограниченной ответственностью', short: 'ООО' },
      name: {
        full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ТУЗ ПИК"',
        short_with_opf: 'ООО "ТУЗ ПИК"',
        latin: null,
        full: 'ТУЗ ПИК',
        short: 'ТУЗ ПИК',
      },
      inn: '7801000020',
      ogrn: '1157800000027',
      ogrn_date: 1429488000000,
      address: {
        value: 'г Санкт-Петербург, ул Покерная, д 1',
        unrestricted_value: '190000, г Санкт-Петербург, ул Покерная, д 1',
        data: null,
      },
    },
  },
};

export interface FakeDadataScenario {
  /** The content; a query returns the suggestions whose INN or OGRN equals it. */
  suggestions: DadataFixture[];
  /** A permanent answer instead of suggestions: 403 is the exhausted daily quota. */
  refusal?: 403 | 401;
  /** Scripted failures, one consumed per request, before normal answers. */
  failures?: Failure[];
}

export interface FakeDadata extends FakeServer {
  requests: RecordedRequest[];
  scenario: FakeDadataScenario;
}

export const defaultDadataScenario = (): FakeDadataScenario => ({ suggestions: Object.values(DADATA_SUGGESTIONS) });

export async function startFakeDadata(apiKey: string, scenario: FakeDadataScenario = defaultDadataScenario()): Promise<FakeDadata> {
  const requests: RecordedRequest[] = [];

  function findById(req: RecordedRequest): Reply {
    const auth = String(req.headers.authorization ?? '');
    if (!/^Token \S+$/.test(auth)) return badRequest(req, 'Authorization must be "Token <key>"');
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return badRequest(req, 'the body must be JSON');
    let body: unknown;
    try {
      body = JSON.parse(req.body);
    } catch {
      return badRequest(req, 'the body is not JSON');
    }
    const b = body as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || Object.keys(b).sort().join(',') !== 'branch_type,query') {
      return badRequest(req, 'the body must have exactly query and branch_type');
    }
    if (b.branch_type !== 'MAIN') return badRequest(req, 'branch_type must be MAIN');
    if (typeof b.query !== 'string' || !/^(\d{10}|\d{12}|\d{13}|\d{15})$/.test(b.query))
      return badRequest(req, 'query must be an INN or OGRN string');

    if (auth !== `Token ${apiKey}`)
      return json(401, { family: 'CLIENT_ERROR', reason: 'Unauthorized', message: 'Zero or invalid API key' });
    const failure = takeFailure(fake.scenario.failures);
    if (failure) return failure;
    if (fake.scenario.refusal === 403)
      return json(403, { family: 'CLIENT_ERROR', reason: 'Forbidden', message: 'Daily request limit exceeded' });
    if (fake.scenario.refusal === 401)
      return json(401, { family: 'CLIENT_ERROR', reason: 'Unauthorized', message: 'Zero or invalid API key' });
    const q = b.query;
    return json(200, { suggestions: fake.scenario.suggestions.filter((s) => s.data.inn === q || s.data.ogrn === q) });
  }

  const server = await startFakeServer(requests, (req) => {
    if (req.method === 'POST' && req.path === DADATA_PATH) return findById(req);
    return badRequest(req, `no such endpoint: ${req.method} ${req.path}`);
  });
  const fake: FakeDadata = { ...server, requests, scenario };
  return fake;
}
