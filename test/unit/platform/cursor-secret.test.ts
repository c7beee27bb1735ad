import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cursorSecret } from '../../../functions/runtime/config';
import { openCursor, sealCursor } from '../../../functions/platform/cursor';
import { httpHandler } from '../../../functions/platform/http-handler';
import { localCursorSecret } from '../../../scripts/local/cursor-secret';

const LAMBDA = { AWS_LAMBDA_FUNCTION_NAME: 'sport-poker-dev-Clubs' };

describe('the cursor key', () => {
  const saved = { secret: process.env.CURSOR_SECRET, fn: process.env.AWS_LAMBDA_FUNCTION_NAME };
  const dirs: string[] = [];
  afterEach(() => {
    for (const [k, v] of [
      ['CURSOR_SECRET', saved.secret],
      ['AWS_LAMBDA_FUNCTION_NAME', saved.fn],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('in Lambda, a missing CURSOR_SECRET is an error that names it', () => {
    expect(() => cursorSecret(LAMBDA)).toThrow(/CURSOR_SECRET is not set in sport-poker-dev-Clubs/);
    expect(() => cursorSecret({ ...LAMBDA, CURSOR_SECRET: '' })).toThrow(/CURSOR_SECRET/);
    expect(cursorSecret({ ...LAMBDA, CURSOR_SECRET: 'from-secrets-manager' })).toBe('from-secrets-manager');
  });

  it('in Lambda, an API function without it fails its cold start (building the handler), not its first list', () => {
    delete process.env.CURSOR_SECRET;
    process.env.AWS_LAMBDA_FUNCTION_NAME = LAMBDA.AWS_LAMBDA_FUNCTION_NAME;
    expect(() => httpHandler([])).toThrow(/CURSOR_SECRET is not set/);
    process.env.CURSOR_SECRET = 'set';
    expect(() => httpHandler([])).not.toThrow();
  });

  it('outside Lambda without one, the process makes a random key of its own, never a known one', () => {
    const a = cursorSecret({});
    expect(a).toBe(cursorSecret({}));
    expect(a).not.toBe('local-cursor-secret');
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
  });

  it('the local API keeps its key in the data dir, so cursors survive a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cursor-key-'));
    dirs.push(dir);
    const file = join(dir, 'keys', 'cursor-secret');
    process.env.CURSOR_SECRET = localCursorSecret(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = sealCursor('{"pk":"club#c1"}', 'members:c1');
    // A restart reads the same key back from the file.
    process.env.CURSOR_SECRET = localCursorSecret(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(process.env.CURSOR_SECRET);
    expect(openCursor(sealed ?? undefined, 'members:c1')).toBe('{"pk":"club#c1"}');
    // Another key (another data dir) does not open it.
    process.env.CURSOR_SECRET = localCursorSecret(join(dir, 'other'));
    expect(() => openCursor(sealed ?? undefined, 'members:c1')).toThrow(expect.objectContaining({ status: 400 }));
    // Without a file every call makes a new one.
    expect(localCursorSecret()).not.toBe(localCursorSecret());
  });
});
