import { problem } from './problem';
import type { BinaryBody, BinaryBodySpec } from './route';

/**
 * Far beyond any request the API takes (the deepest schema nests 3 levels, the longest list is 1,000
 * Duplicate players or hand actions), and low enough that nothing downstream (stringify, hashing, validation)
 * recurses or loops without bound on hostile input.
 */
export const MAX_BODY_DEPTH = 32;
export const MAX_ARRAY_ITEMS = 1000;

/** Nesting depth from the text, before parsing: no parser or serialiser ever sees a deeper body. */
function assertDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_BODY_DEPTH) throw problem(400, 'BODY_TOO_DEEP', `The body nests deeper than ${MAX_BODY_DEPTH} levels`);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

/** Every array in the parsed body, whatever the route's schema (or none), within MAX_ARRAY_ITEMS. */
function assertArrayLengths(value: unknown): void {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: 'body' }];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: string };
    if (Array.isArray(v)) {
      if (v.length > MAX_ARRAY_ITEMS) {
        throw problem(400, 'VALIDATION_FAILED', 'The request body is not valid', [
          { field: path, message: `at most ${MAX_ARRAY_ITEMS} items` },
        ]);
      }
      v.forEach((x, i) => stack.push({ v: x, path: `${path}.${i}` }));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) stack.push({ v: x, path: `${path}.${k}` });
    }
  }
}

/**
 * Reads the request body within the size, depth and array-length limits and parses JSON. Malformed JSON
 * is a 400 (middy's own parser answers 415, which the API does not promise).
 */
export function parseBody(body: string | undefined, isBase64Encoded: boolean, contentType: string | undefined, maxBytes: number): unknown {
  if (body === undefined || body === null || body === '') return undefined;
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) {
    throw problem(413, 'BODY_TOO_LARGE', `The body exceeds ${maxBytes} bytes`);
  }
  if (contentType && !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  assertDepth(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw problem(400, 'MALFORMED_JSON', 'The body is not valid JSON');
  }
  assertArrayLengths(parsed);
  return parsed;
}

/**
 * A body of bytes (an upload) within the route's media types and size. The gateway hands a non-text body
 * over base64-encoded (isBase64Encoded); the size is checked on the encoded length first, so an oversized
 * body is refused before it is decoded.
 */
export function readBinaryBody(
  body: string | undefined,
  isBase64Encoded: boolean,
  contentType: string | undefined,
  spec: BinaryBodySpec,
): BinaryBody {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!spec.mediaTypes.includes(type)) {
    throw problem(415, spec.codes.type, `Send the body as one of ${spec.mediaTypes.join(', ')}`);
  }
  const tooLarge = () => problem(413, spec.codes.tooLarge, `The body exceeds ${spec.maxBytes} bytes`);
  const text = body ?? '';
  if (isBase64Encoded && text.length > Math.ceil(spec.maxBytes / 3) * 4 + 4) throw tooLarge();
  const bytes = isBase64Encoded ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
  if (bytes.length > spec.maxBytes) throw tooLarge();
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), contentType: type };
}
