/**
 * Failures of a dependency (DynamoDB, through the AWS SDK) that say "down, overloaded or unreachable,
 * try again later", told apart from bugs and from refusals: the caller gets 503 with Retry-After,
 * not 500. The SDK has already retried these (maxAttempts) by the time they reach us.
 * Conditional-check failures and cancelled transactions are answers about the data, never outages.
 */
export type OutageKind = 'throttled' | 'failing' | 'timeout' | 'unreachable';

const BY_NAME: Record<string, OutageKind> = {
  ProvisionedThroughputExceededException: 'throttled',
  ThrottlingException: 'throttled',
  RequestLimitExceeded: 'throttled',
  InternalServerError: 'failing',
  ServiceUnavailable: 'failing',
  ServiceUnavailableException: 'failing',
  TimeoutError: 'timeout',
  RequestTimeout: 'timeout',
  RequestTimeoutException: 'timeout',
};

/** Node's socket errors: the endpoint refused, dropped or could not be found. */
const BY_CODE: Record<string, OutageKind> = {
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  EPIPE: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  ETIMEDOUT: 'timeout',
};

/** Never an outage, whatever they wrap (a cancellation reason may say "ThrottlingError"). */
const NOT_OUTAGES = new Set(['ConditionalCheckFailedException', 'TransactionCanceledException', 'TransactionConflictException']);

/** Thrown by our own code when DynamoDB keeps part of a batch unprocessed after every retry. */
export class DependencyUnavailableError extends Error {
  constructor(
    message: string,
    readonly kind: OutageKind = 'throttled',
  ) {
    super(message);
    this.name = 'DependencyUnavailableError';
  }
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $fault?: unknown;
}

function classifyOne(e: ErrorLike): OutageKind | 'never' | undefined {
  if (e instanceof DependencyUnavailableError) return e.kind;
  const name = typeof e.name === 'string' ? e.name : '';
  if (NOT_OUTAGES.has(name)) return 'never';
  if (BY_NAME[name]) return BY_NAME[name];
  if (typeof e.code === 'string' && BY_CODE[e.code]) return BY_CODE[e.code];
  if (typeof e.message === 'string' && /socket hang up/i.test(e.message)) return 'unreachable';
  // Any other 5xx answer of an AWS service (the SDK marks them as the server's fault).
  if (e.$fault === 'server') return 'failing';
  return undefined;
}

/**
 * What kind of outage an error is, looking through wrappers (Powertools keeps the SDK
 * error as `cause`; a failed connection to several addresses is an AggregateError), or undefined.
 */
export function outageKind(error: unknown): OutageKind | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e) || seen.size > 20) continue;
    seen.add(e);
    const kind = classifyOne(e as ErrorLike);
    if (kind === 'never') return undefined;
    if (kind) return kind;
    const { cause, errors } = e as ErrorLike;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return undefined;
}

/** Seconds a client should wait: throttling clears fast, an unreachable or failing store takes longer. */
export const RETRY_AFTER_SECONDS: Record<OutageKind, number> = { throttled: 1, failing: 5, timeout: 5, unreachable: 5 };
