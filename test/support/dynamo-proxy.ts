import { createServer, request as forward, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One DynamoDB API call as it crossed the wire: the operation (X-Amz-Target) and its JSON input. */
export interface DynamoCall {
  operation: string;
  input: Record<string, unknown>;
}

export interface DynamoProxy {
  endpoint: string;
  /** DynamoDB calls forwarded so far (DynamoDB Streams calls are not DynamoDB's and are left out). */
  calls: DynamoCall[];
  /**
   * `pass` forwards every request; `freeze` reads it and never answers (a hung DynamoDB); `throttle`
   * and `fail` answer as DynamoDB does when over its limits (400 ProvisionedThroughputExceededException)
   * or failing (500 InternalServerError).
   */
  mode: 'pass' | 'freeze' | 'throttle' | 'fail';
  /** Answers a call itself instead of DynamoDB when it returns a body (to play partial answers). */
  intercept: ((call: DynamoCall) => Record<string, unknown> | undefined) | undefined;
  /**
   * Forwards a call it matches to DynamoDB, which carries it out, and answers the client 500 instead of
   * DynamoDB's answer: a write that happened though its answer was lost (the SDK then sends it again).
   */
  loseAnswer: ((call: DynamoCall) => boolean) | undefined;
  /** Requests held unanswered while frozen. */
  held: () => number;
  close: () => Promise<void>;
}

/**
 * An HTTP proxy in front of DynamoDB Local that records each call (to count round trips) and can
 * stop answering (to play an outage and its recovery with the same client).
 */
export async function startDynamoProxy(target: string): Promise<DynamoProxy> {
  const to = new URL(target);
  const held = new Set<ServerResponse>();
  const proxy: DynamoProxy = {
    endpoint: '',
    calls: [],
    mode: 'pass',
    intercept: undefined,
    loseAnswer: undefined,
    held: () => held.size,
    close: async () => {
      for (const res of held) res.destroy();
      await new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      });
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (proxy.mode === 'freeze') {
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      if (proxy.mode === 'throttle' || proxy.mode === 'fail') {
        const [status, type] = proxy.mode === 'throttle' ? [400, 'ProvisionedThroughputExceededException'] : [500, 'InternalServerError'];
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message: 'played by the test proxy' }));
        return;
      }
      const targetHeader = String(req.headers['x-amz-target'] ?? '');
      let lost = false;
      if (targetHeader.startsWith('DynamoDB_')) {
        const call = {
          operation: targetHeader.split('.').pop() ?? '',
          input: JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>,
        };
        proxy.calls.push(call);
        const answer = proxy.intercept?.(call);
        if (answer) {
          res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
          res.end(JSON.stringify(answer));
          return;
        }
        lost = proxy.loseAnswer?.(call) === true;
      }
      const up = forward({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        if (lost) {
          answer.resume();
          answer.on('end', () => {
            res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
            res.end(
              JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'answer lost by the test proxy' }),
            );
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.destroy());
      up.end(body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  proxy.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

/** A TCP server that accepts connections and never sends a byte: DynamoDB hung mid-outage. */
export async function startFrozenServer(): Promise<{ endpoint: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createTcpServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => accepted,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
