import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveGateway } from '../../functions/live/gateway';
import { closeConnection, openConnection, receive } from '../../functions/live/protocol';
import { LIVE_PROTOCOL } from '../../functions/live/topics';
import { logger } from '../../functions/runtime/logger';
import { PROBLEM_CONTENT_TYPE, problem, problemResponse } from '../../functions/platform/problem';

/**
 * Bytes a socket may have queued and unread: a few of the largest frames (the fan-out caps one at 120 KB).
 * API Gateway buffers for a slow client on its side; locally the queue is this process's memory.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** RFC 6455 "Try Again Later": the server ended the socket because the client did not keep up. */
const CLOSE_SLOW_READER = 1013;

/** Where the local server takes WebSocket upgrades (API Gateway's WebSocket API has its own URL in AWS). */
export const LIVE_PATH = '/v1/live';

export interface LocalLiveServer {
  /** The gateway the fan-out posts through: a send on the socket of that id, never waiting for the peer to read. */
  gateway: LiveGateway;
  /** Open sockets. */
  readonly size: number;
  close: () => Promise<void>;
}

/**
 * The live protocol on the local HTTP server's port, run by the same modules as the WebSocket API's
 * Lambda: the handshake is authenticated before it completes (as $connect), each message goes to the
 * protocol, a close removes the connection's items (as $disconnect). The stream consumer posts through
 * `gateway`, so a client sees here what it sees in AWS. Nothing runs per idle socket.
 */
export function attachLiveServer(server: Server): LocalLiveServer {
  const sockets = new Map<string, WebSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    // API Gateway's frame limit is 32 KB: a larger message is closed with 1009, as there.
    maxPayload: 32 * 1024,
    // The server speaks one subprotocol; the `bearer.` one that carried the token is never echoed.
    handleProtocols: (protocols) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
  });

  // A refused handshake is an HTTP answer: problem+json with a stable code, as the REST API's.
  const reject = (socket: Duplex, status: number, code: string, message: string, headers: string[] = []) => {
    const answer = problemResponse(problem(status, code, message), LIVE_PATH);
    const body = answer.body ?? '';
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      `content-type: ${PROBLEM_CONTENT_TYPE}`,
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...headers,
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  };
  // The handshakes ws refuses itself (no key, an unknown version): the same answer, and the connection
  // opened for it is removed again.
  const pending = new WeakMap<Duplex, string>();
  wss.on('wsClientError', (e, socket, req) => {
    const connectionId = pending.get(socket);
    if (connectionId) void closeConnection(connectionId).catch(() => undefined);
    if (req.method !== 'GET') return reject(socket, 405, 'METHOD_NOT_ALLOWED', e.message, ['allow: GET']);
    // RFC 6455 4.4: a refused handshake names the version the server speaks.
    reject(socket, 400, 'HANDSHAKE_INVALID', e.message, ['sec-websocket-version: 13']);
  });

  // A socket error is the peer's doing (a reset, a malformed frame): without a listener it would end the process.
  wss.on('error', (e) => logger.warn('live server error', { error: e.message }));

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node leaves an upgraded socket without an 'error' listener; a reset during the handshake would throw.
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== LIVE_PATH) {
      reject(socket, 404, 'ROUTE_NOT_FOUND', `WebSocket upgrades are taken at ${LIVE_PATH}`);
      return;
    }
    const connectionId = randomUUID();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    void (async () => {
      let outcome;
      try {
        outcome = await openConnection(connectionId, headers);
      } catch {
        reject(socket, 503, 'LIVE_UNAVAILABLE', 'The connection could not be opened; retry');
        return;
      }
      if (!outcome.ok) {
        reject(socket, outcome.status, outcome.code, outcome.message);
        return;
      }
      pending.set(socket, connectionId);
      wss.handleUpgrade(req, socket, head, (ws) => {
        pending.delete(socket);
        sockets.set(connectionId, ws);
        // ws has already answered a protocol error with its close code (1002, 1007, 1009) and closes the socket.
        ws.on('error', (e) => logger.info('live socket closed on a protocol error', { connectionId, error: e.message }));
        // Messages of one socket are handled in order, as API Gateway's routes see them.
        let chain = Promise.resolve();
        ws.on('message', (data, isBinary) => {
          const text = isBinary ? '' : (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8');
          chain = chain
            .then(() => receive(connectionId, text, gateway))
            .catch((e: Error) => {
              if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'error', code: 'LIVE_UNAVAILABLE', message: e.message }));
            });
        });
        ws.on('close', () => {
          sockets.delete(connectionId);
          void chain.then(() => closeConnection(connectionId)).catch(() => undefined);
        });
      });
    })();
  };
  server.on('upgrade', onUpgrade);

  const gateway: LiveGateway = {
    post: async (connectionId, frame) => {
      const ws = sockets.get(connectionId);
      if (!ws || ws.readyState !== ws.OPEN) return 'gone';
      // A reader that lets frames pile up loses its socket, so that it never holds up the fan-out or
      // this process's memory: 1013 tells the client to reconnect later and read the REST views again.
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        sockets.delete(connectionId);
        ws.close(CLOSE_SLOW_READER, 'SLOW_READER: frames were not read; reconnect and read the views again');
        return 'gone';
      }
      // Handed to the socket, not awaited: the send completes when the peer reads, and a peer that does not
      // read must not stall the frames of everyone else.
      ws.send(frame, (e) => e && logger.info('live frame not sent', { connectionId, error: e.message }));
      return 'sent';
    },
    close: async (connectionId, code, reason) => {
      const ws = sockets.get(connectionId);
      sockets.delete(connectionId);
      ws?.close(code, reason);
    },
  };

  return {
    gateway,
    get size() {
      return sockets.size;
    },
    close: async () => {
      server.off('upgrade', onUpgrade);
      for (const ws of sockets.values()) ws.terminate();
      sockets.clear();
      await new Promise<void>((ok) => wss.close(() => ok()));
    },
  };
}
