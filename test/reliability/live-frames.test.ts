import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { startTestApi, type TestApi } from '../support/local-api';
import { connectLive, type LiveTestClient } from '../support/live-client';
import { closePayload, rawUpgrade, type RawFrame } from '../support/raw-websocket';

/*
 * Malformed WebSocket frames from an anonymous socket after a real upgrade: the server closes that socket
 * with the RFC 6455 code and goes on answering REST and every other socket. An unhandled 'error' event
 * would end the process (here: the test run reports it as an error).
 */

let api: TestApi;
let bystander: LiveTestClient;

beforeAll(async () => {
  api = await startTestApi();
  bystander = await connectLive(api.url);
});
afterAll(async () => {
  bystander?.close();
  await api?.close();
});

const text = (s: string | Buffer): RawFrame => ({ opcode: 1, payload: Buffer.isBuffer(s) ? s : Buffer.from(s) });
const KB = 1024;

const CASES: [string, RawFrame[], number][] = [
  ['an unmasked frame', [{ ...text('{"action":"ping"}'), mask: false }], 1002],
  ['a reserved opcode', [{ opcode: 3, payload: Buffer.from('x') }], 1002],
  ['RSV1 without a negotiated extension', [{ ...text('{"action":"ping"}'), rsv1: true }], 1002],
  ['invalid UTF-8 in a text frame', [text(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))], 1007],
  ['a 200-byte ping', [{ opcode: 9, payload: Buffer.alloc(200, 1) }], 1002],
  ['a fragmented ping', [{ opcode: 9, fin: false, payload: Buffer.from('a') }], 1002],
  ['a continuation with no message begun', [{ opcode: 0, payload: Buffer.from('x') }], 1002],
  ['close code 999', [{ opcode: 8, payload: closePayload(999) }], 1002],
  ['a 2^62 length header', [{ opcode: 2, length: 2n ** 62n }], 1009],
  ['a text message over 32 KB', [text('x'.repeat(32 * KB + 1))], 1009],
  ['a binary message over 32 KB', [{ opcode: 2, payload: Buffer.alloc(40 * KB) }], 1009],
  [
    'a message of fragments that add up to over 32 KB',
    [
      { opcode: 1, fin: false, payload: Buffer.alloc(20 * KB, 0x61) },
      { opcode: 0, payload: Buffer.alloc(20 * KB, 0x61) },
    ],
    1009,
  ],
];

describe('a malformed frame closes its socket, and only it', () => {
  for (const [what, frames, code] of CASES) {
    it(`${what}: close ${code}; REST and other sockets carry on`, async () => {
      const raw = await rawUpgrade(`${api.url.replace('http', 'ws')}/v1/live`, ['sport-poker.v1']);
      raw.send(...frames);
      expect(await raw.closeCode()).toBe(code);

      const rest = await fetch(`${api.url}/openapi.json`);
      expect(rest.status).toBe(200);
      await rest.body?.cancel();
      // The socket opened before still talks; a new one opens and talks too.
      for (const c of [bystander, await connectLive(api.url)]) {
        const before = c.frames.length;
        c.send('not json');
        expect(await c.next(() => c.frames.length > before)).toMatchObject({ type: 'error', code: 'MESSAGE_INVALID' });
        if (c !== bystander) c.close();
      }
    });
  }
});

describe('a peer that goes away during the handshake', () => {
  it('a reset while the connection is being opened leaves the server up', async () => {
    const u = new URL(api.url);
    for (let i = 0; i < 20; i++) {
      const s = connect(Number(u.port), u.hostname);
      s.on('error', () => undefined);
      await new Promise<void>((ok) => s.once('connect', () => ok()));
      s.write(
        `GET /v1/live HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: sport-poker.v1, bearer.x\r\n\r\n`,
      );
      await new Promise((r) => setTimeout(r, i % 5));
      s.resetAndDestroy();
    }
    const rest = await fetch(`${api.url}/openapi.json`);
    expect(rest.status).toBe(200);
    await rest.body?.cancel();
  });
});
