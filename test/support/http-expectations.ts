import { expect } from 'vitest';
import type { TestApi } from './local-api';

/** An answer of the local API over HTTP. */
export type Res = Awaited<ReturnType<TestApi['call']>>;

/** A problem answer: its status, the problem media type and the stable code. */
export function expectProblem(res: Pick<Res, 'status' | 'headers' | 'body'>, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(res.body.code).toBe(code);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every 100 ms until it gives a value; the timeout leaves headroom for a loaded machine. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Awaits an answer and insists on its status, so a set-up step fails with the body that explains it. */
export async function expectStatus(r: Promise<Res>, status = 200): Promise<Res> {
  const res = await r;
  if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
