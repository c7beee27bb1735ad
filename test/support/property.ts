/**
 * Property tests run a bounded number of cases (each `fc.assert` says how many) and get this much
 * time: a busy 2-core CI machine runs them several times slower than an idle laptop, and a property
 * that needs 1.5 s idle must not fail on Vitest's 5 s default under load.
 */
export const PROPERTY_TIMEOUT_MS = 60_000;

/** For `it(name, PROPERTY_TEST, fn)`. */
export const PROPERTY_TEST = { timeout: PROPERTY_TIMEOUT_MS } as const;

/** fast-check's own default, made explicit where a property does not choose. */
export const DEFAULT_RUNS = 100;
