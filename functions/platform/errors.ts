import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ZodError } from 'zod';
import { IdempotencyAlreadyInProgressError, IdempotencyValidationError } from '@aws-lambda-powertools/idempotency';
import { isDomainError } from '../../domain/core/errors';
import { isAppError, type AppErrorKind } from '../runtime/errors';
import { HttpProblem, problem, problemResponse } from './problem';
import { logger } from '../runtime/logger';
import { count } from '../runtime/metrics';
import { RETRY_AFTER_SECONDS, outageKind, type OutageKind } from '../runtime/dependency-errors';

const DOMAIN_STATUS = { rule: 422, conflict: 409, not_found: 404 } as const;
const APP_STATUS: Record<AppErrorKind, number> = {
  invalid: 422,
  unsupported_media_type: 415,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  gone: 410,
  unavailable: 503,
};

export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

/** A dependency's outage as the client sees it: 503, and when to come back. */
export function outageProblem(kind: OutageKind): HttpProblem {
  return new HttpProblem(
    503,
    SERVICE_UNAVAILABLE,
    'Service Unavailable',
    'The data store is unavailable or overloaded; retry after the time given in Retry-After',
    undefined,
    { 'retry-after': String(RETRY_AFTER_SECONDS[kind]) },
  );
}

export function zodIssues(e: ZodError, prefix?: string) {
  return e.issues.map((i) => {
    const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    const field = i.code === 'unrecognized_keys' ? [path, ...i.keys].filter(Boolean).join('.') : path || '(body)';
    return { field, message: i.message };
  });
}

/** Maps anything thrown to a problem; unknown errors are logged and answered without detail. */
export function toProblem(e: unknown): HttpProblem {
  if (e instanceof HttpProblem) return e;
  if (isDomainError(e)) {
    return new HttpProblem(
      DOMAIN_STATUS[e.kind],
      e.code,
      e.kind === 'rule' ? 'Unprocessable Content' : e.kind === 'conflict' ? 'Conflict' : 'Not Found',
      e.message,
      e.errors,
      undefined,
      e.extensions,
    );
  }
  if (isAppError(e)) return problem(APP_STATUS[e.kind], e.code, e.message);
  if (e instanceof ZodError) return problem(400, 'VALIDATION_FAILED', 'The request is not valid', zodIssues(e));
  if (e instanceof IdempotencyValidationError) {
    return problem(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request body');
  }
  if (e instanceof IdempotencyAlreadyInProgressError) {
    return problem(409, 'IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still in progress');
  }
  const outage = outageKind(e);
  if (outage) {
    // Our dependency, not the caller: 503 with Retry-After, and a count of its own to alarm on.
    logger.warn('dependency unavailable', { outage, error: e as Error });
    count('DependencyUnavailable');
    return outageProblem(outage);
  }
  logger.error('unhandled error', e as Error);
  return problem(500, 'INTERNAL', 'Something went wrong on our side');
}

/** RFC 9457 answers for every failure. Placed first so that its onError runs after the others. */
export function problemErrors(): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    onError: async (request) => {
      const p = toProblem(request.error);
      // Rule refusals and bad input are expected; 5xx are ours and alarm through their own count.
      count(p.status >= 500 ? 'ServerError' : 'ClientError');
      const answer = problemResponse(p, request.event.rawPath);
      // Every 503 tells the client when to come back (RFC 9110 §10.2.3), whichever dependency failed.
      if (p.status === 503 && !Object.keys(answer.headers ?? {}).some((h) => h.toLowerCase() === 'retry-after')) {
        answer.headers = { ...answer.headers, 'retry-after': String(RETRY_AFTER_SECONDS.unreachable) };
      }
      request.response = answer;
    },
  };
}
