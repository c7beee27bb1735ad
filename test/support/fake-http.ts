import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake registry received, for tests to look at. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the fake answered, or 'held' when it kept the request open. */
  answer?: number | 'held';
  /** Why the fake answered 400: the client did not speak the protocol. */
  problem?: string;
}

/** A scripted failure: an HTTP status, or 'hold' (answer nothing until the client gives up). */
export type Failure = number | 'hold';

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

export type Reply = { status: number; body: string; headers?: Record<string, string | string[]> } | 'hold';

/** A node:http server on 127.0.0.1 (port 0) that records each request and answers through `handle`. */
export async function startFakeServer(requests: RecordedRequest[], handle: (req: RecordedRequest) => Reply): Promise<FakeServer> {
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rec: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(rec);
      const reply = handle(rec);
      if (reply === 'hold') {
        rec.answer = 'held';
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      rec.answer = reply.status;
      res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (status: number, body: unknown, headers?: Record<string, string | string[]>): Reply => ({
  status,
  body: JSON.stringify(body),
  ...(headers ? { headers } : {}),
});

/** A 400 that says what was wrong, also kept on the record so a failing test can show it. */
export function badRequest(req: RecordedRequest, problem: string): Reply {
  req.problem = problem;
  return json(400, { error: problem });
}

/** A failure from the front of the script, consumed once; a number answers that status. */
export function takeFailure(script: Failure[] | undefined): Reply | undefined {
  const f = script?.shift();
  if (f === undefined) return undefined;
  return f === 'hold' ? 'hold' : json(f, { error: `scripted ${f}` });
}
