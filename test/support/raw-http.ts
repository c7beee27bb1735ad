import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `head` (and `body`, if any) on a fresh TCP connection and reads the answer until the server closes
 * the connection; the socket itself never ends its side, so an answer only comes back when the server gives
 * one and closes (the promise rejects after `timeoutMs` otherwise).
 */
export function rawRequest(baseUrl: string, head: string[], body = '', timeoutMs = 10_000): Promise<RawAnswer> {
  const u = new URL(baseUrl);
  return new Promise((ok, fail) => {
    const socket = connect(Number(u.port), u.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      fail(
        new Error(
          `no answer and close within ${timeoutMs} ms; got ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 200))}`,
        ),
      );
    }, timeoutMs);
    socket.on('error', () => undefined);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('connect', () => socket.write(`${[...head, `Host: ${u.host}`].join('\r\n')}\r\n\r\n${body}`));
    socket.once('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return fail(new Error(`closed without an answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => {
          const i = l.indexOf(':');
          return [l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim()];
        }),
      );
      ok({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) });
    });
  });
}
