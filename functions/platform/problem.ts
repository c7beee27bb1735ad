import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { FieldIssue } from '../../domain/core/errors';

/** An HTTP answer that is not a success: thrown anywhere, turned into problem+json at the edge. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldIssue[],
    readonly headers?: Record<string, string>,
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail ?? title);
    this.name = 'HttpProblem';
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const problem = (status: number, code: string, detail?: string, errors?: FieldIssue[]): HttpProblem =>
  new HttpProblem(status, code, TITLES[status] ?? 'Error', detail, errors);

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemResponse(p: HttpProblem, instance?: string): APIGatewayProxyStructuredResultV2 {
  const body: Record<string, unknown> = {
    // Extension members first: a standard member of the same name wins.
    ...p.extensions,
    type: `https://sportpoker.app/problems/${p.code.toLowerCase().replaceAll('_', '-')}`,
    title: p.title,
    status: p.status,
    code: p.code,
  };
  if (p.detail) body.detail = p.detail;
  if (instance) body.instance = instance;
  if (p.errors?.length) body.errors = p.errors;
  return {
    statusCode: p.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...p.headers },
    body: JSON.stringify(body),
  };
}
