import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { DssError } from '../errors.ts';
import { MAX_JSON_NESTING, nestsTooDeep } from '../json-nesting.ts';
import { requestHeader } from './request-header.ts';

/** Largest request body the service reads (semantics §14); anything bigger answers 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads the raw request body, up to the limit. Two endpoints take a JSON body on GET
 * (`GET /exchange/quotations`, `GET /oauth-token/refresh`); the Fetch `Request` that the Node adapter
 * builds cannot carry a GET body, so for GET we read the Node request stream itself.
 */
export async function readRawBody(c: Context): Promise<Buffer> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // RFC 9112 §6.3: without chunked as the last coding the body has no knowable length. Node says so
  // only after it has handed the request over, so the refusal must come from here, before anything acts.
  const codings = requestHeader(c, 'transfer-encoding');
  if (codings !== undefined && codings.split(',').at(-1)?.trim().toLowerCase() !== 'chunked') {
    throw new DssError('HTTP-MALFORMED', `Transfer-Encoding ${JSON.stringify(codings)} does not end with chunked: the body's length cannot be known.`);
  }
  const declared = Number(requestHeader(c, 'content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    return incoming ? readStream(incoming) : Buffer.alloc(0);
  }
  const stream = c.req.raw.body;
  if (!stream) return Buffer.alloc(0);
  return readStream(stream);
}

/** Whether the request's framing announces a body: a Content-Length above zero, or a Transfer-Encoding. */
export function declaresBody(c: Context): boolean {
  const length = requestHeader(c, 'content-length');
  return (length !== undefined && length.trim() !== '0') || requestHeader(c, 'transfer-encoding') !== undefined;
}

/**
 * A body that breaks off (the client went away, or its chunked framing broke after the head was read,
 * which Node answers itself: http/malformed-http.ts) is the client's failure, never an internal error.
 */
async function readStream(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) throw tooLarge();
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof DssError) throw error;
    throw new DssError('HTTP-MALFORMED', `The request body broke off after ${size} bytes: ${(error as Error).message}.`);
  }
  return Buffer.concat(chunks);
}

function tooLarge(): DssError {
  return new DssError('BODY-TOO-LARGE', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
}

/**
 * Parses a body as JSON. Undefined for an empty body; 400 for invalid UTF-8, invalid JSON or JSON
 * nested too deep (json-nesting.ts), so a client mistake never reaches a handler as a half-read value.
 */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new DssError('BODY-MALFORMED-JSON', 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '') return undefined;
  if (nestsTooDeep(text)) throw new DssError('BODY-MALFORMED-JSON', `The request body nests arrays or objects more than ${MAX_JSON_NESTING} levels deep.`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DssError('BODY-MALFORMED-JSON', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
