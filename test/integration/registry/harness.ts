import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A clock that moves only when the code under test sleeps: backoff, polling and throttling
 * take no real time, and the tests can read exactly what was waited.
 */
export function fakeTime(start = Date.UTC(2025, 0, 15, 9, 0, 0)) {
  const state = { t: start, sleeps: [] as number[] };
  return {
    state,
    now: () => state.t,
    sleep: async (ms: number) => {
      state.sleeps.push(ms);
      state.t += ms;
    },
  };
}

/** A local port with nothing listening: connections are refused. */
export async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
