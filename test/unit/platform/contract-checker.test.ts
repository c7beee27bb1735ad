import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../functions/http/contract';
import { ContractChecker, type Doc, type Exchange } from '../../support/contract';

const checker = new ContractChecker(openApiDocument() as unknown as Doc);
const json = (body: unknown, headers: Record<string, string> = {}, type = 'application/json') => ({
  headers: new Headers({ 'content-type': type, ...headers }),
  text: JSON.stringify(body),
});
const exchange = (over: Partial<Exchange>): Exchange => ({
  method: 'GET',
  path: '/health',
  requestHeaders: {},
  status: 200,
  ...json({ status: 'ok' }),
  ...over,
});
const me = { userId: 'u1', operator: false, player: null, memberships: [] };

describe('the contract checker of the test API', () => {
  it('passes an answer that keeps to the contract, nullable references included', () => {
    expect(checker.check(exchange({}))).toEqual([]);
    expect(checker.check(exchange({ path: '/v1/me', ...json(me) }))).toEqual([]);
  });

  it('catches a body that departs from the schema', () => {
    expect(checker.check(exchange({ ...json({ status: 'down' }) }))).toEqual([
      expect.stringContaining('getHealth (GET /health) 200: body/status must be equal to one of the allowed values'),
    ]);
    expect(checker.check(exchange({ path: '/v1/me', ...json({ ...me, extra: 1 }) })).join()).toMatch(/getMe .*additional/);
  });

  it('catches an undocumented status, media type or header', () => {
    expect(checker.check(exchange({ status: 418 })).join()).toMatch(/getHealth .*418: status not documented/);
    expect(checker.check(exchange({ ...json({ status: 'ok' }, {}, 'text/plain') })).join()).toMatch(
      /content-type text\/plain not documented/,
    );
    expect(checker.check(exchange({ ...json({ status: 'ok' }, { etag: '"1"' }) })).join()).toMatch(/response header etag is not declared/);
    expect(checker.check(exchange({ requestHeaders: { 'if-match': '"1"' } })).join()).toMatch(/request header if-match is not declared/);
  });

  it('holds problem answers to the Problem schema and unknown routes to 404/405', () => {
    const problem = { type: 'about:blank', title: 'Not Found', status: 404, code: 'ROUTE_NOT_FOUND' };
    expect(checker.check(exchange({ path: '/nowhere', status: 404, ...json(problem, {}, 'application/problem+json') }))).toEqual([]);
    expect(
      checker.check(exchange({ path: '/nowhere', status: 404, ...json({ title: 'x' }, {}, 'application/problem+json') })).join(),
    ).toMatch(/must have required property/);
    expect(checker.check(exchange({ path: '/nowhere', status: 200 })).join()).toMatch(/no operation in the contract/);
  });
});
