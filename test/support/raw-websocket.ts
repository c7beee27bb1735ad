import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A WebSocket client written by hand over a TCP socket: the real handshake, then frames as given, well-formed
 * or not (the `ws` client refuses to send a bad frame). Reads the server's frames back.
 */
export interface RawFrame {
  fin?: boolean;
  rsv1?: boolean;
  opcode: number;
  payload?: Buffer;
  /** Clients must mask; false sends the payload in the clear. */
  mask?: boolean;
  /** A length header that differs from the payload sent (a 2^62 length with no bytes behind it). */
  length?: bigint;
}

export function encodeFrame(f: RawFrame): Buffer {
  const payload = f.payload ?? Buffer.alloc(0);
  const masked = f.mask !== false;
  const length = f.length ?? BigInt(payload.length);
  const head = [((f.fin === false ? 0 : 0x80) | (f.rsv1 ? 0x40 : 0) | f.opcode) & 0xff];
  const maskBit = masked ? 0x80 : 0;
  let ext = Buffer.alloc(0);
  if (length < 126n) head.push(maskBit | Number(length));
  else if (length < 65536n) {
    head.push(maskBit | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(Number(length));
  } else {
    head.push(maskBit | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(length);
  }
  if (!masked) return Buffer.concat([Buffer.from(head), ext, payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ (key[i % 4] as number)));
  return Buffer.concat([Buffer.from(head), ext, key, body]);
}

export const closePayload = (code: number, reason = '') => {
  const b = Buffer.alloc(2 + Buffer.byteLength(reason));
  b.writeUInt16BE(code);
  b.write(reason, 2);
  return b;
};

export interface RawSocket {
  socket: Socket;
  send: (...frames: RawFrame[]) => void;
  /** The code of the server's close frame, or null when the TCP connection ended without one. */
  closeCode: () => Promise<number | null>;
  /** Frames the server sent so far (text payloads). */
  texts: () => string[];
}

/** Upgrades a TCP connection at `url` (ws://host:port/path) with the given subprotocols. */
export function rawUpgrade(url: string, protocols: string[]): Promise<RawSocket> {
  const u = new URL(url);
  const socket = connect(Number(u.port), u.hostname);
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  const frames: { opcode: number; payload: Buffer }[] = [];
  let onFrame: () => void = () => undefined;
  const ended = new Promise<void>((ok) => socket.once('close', () => ok()));
  socket.on('error', () => undefined);

  const parse = () => {
    for (;;) {
      if (buffer.length < 2) return;
      const opcode = (buffer[0] as number) & 0x0f;
      let len = (buffer[1] as number) & 0x7f;
      let at = 2;
      if (len === 126) {
        if (buffer.length < 4) return;
        len = buffer.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (buffer.length < 10) return;
        len = Number(buffer.readBigUInt64BE(2));
        at = 10;
      }
      if (buffer.length < at + len) return;
      frames.push({ opcode, payload: buffer.subarray(at, at + len) });
      buffer = buffer.subarray(at + len);
      onFrame();
    }
  };

  return new Promise((ok, fail) => {
    socket.once('connect', () => {
      socket.write(
        [
          `GET ${u.pathname} HTTP/1.1`,
          `Host: ${u.host}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          `Sec-WebSocket-Protocol: ${protocols.join(', ')}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    socket.once('close', () => fail(new Error('closed before the upgrade')));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buffer.subarray(0, end).toString('latin1');
        if (!head.startsWith('HTTP/1.1 101')) return fail(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
        upgraded = true;
        buffer = buffer.subarray(end + 4);
        ok({
          socket,
          send: (...fs) => socket.write(Buffer.concat(fs.map(encodeFrame))),
          closeCode: async () => {
            const close = () => frames.find((f) => f.opcode === 8);
            if (!close()) await Promise.race([ended, new Promise<void>((r) => (onFrame = () => close() && r()))]);
            const c = close();
            return c && c.payload.length >= 2 ? c.payload.readUInt16BE(0) : null;
          },
          texts: () => frames.filter((f) => f.opcode === 1).map((f) => f.payload.toString('utf8')),
        });
      }
      parse();
    });
  });
}
