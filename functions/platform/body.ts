import { problem } from './problem';

/**
 * Reads the request body within the size limit and parses JSON. Malformed JSON is a 400
 * (middy's own parser answers 415, which the API does not promise).
 */
export function parseBody(
  body: string | undefined,
  isBase64Encoded: boolean,
  contentType: string | undefined,
  maxBytes: number,
): unknown {
  if (body === undefined || body === null || body === '') return undefined;
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(text, 'utf8') > maxBytes) {
    throw problem(413, 'BODY_TOO_LARGE', `The body exceeds ${maxBytes} bytes`);
  }
  if (contentType && !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw problem(400, 'MALFORMED_JSON', 'The body is not valid JSON');
  }
}
