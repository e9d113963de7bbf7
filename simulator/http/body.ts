import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '../../protocol/limits.ts';
import { DssError } from '../errors.ts';
import { decodeStrictUtf8 } from '../strict-utf8.ts';
import { MAX_JSON_NESTING, nestsTooDeep } from '../json-nesting.ts';
import { requestHeader } from './request-header.ts';

/**
 * Reads the raw request body, up to the limit, from Node's own request: building the Fetch `Request`
 * that the adapter offers (`c.req.raw.body`, an undici web stream and its AbortSignal) cost more than
 * anything else in a small POST. It is also the only way to read a body on GET, which two endpoints
 * take (`GET /exchange/quotations`, `GET /oauth-token/refresh`). Without Node's request (the app
 * called in-process), the Fetch body is read instead.
 *
 * A body refused as too large is never left half-read with the connection torn down: the answer says
 * `Connection: close`, what still arrives is read and dropped, and the close lingers
 * (http/lingering-close.ts), so the client reads the 413 whatever it is still writing.
 */
export function readRawBody(c: Context): Promise<Buffer> | Buffer {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // RFC 9112 §6.3: without chunked as the last coding the body has no knowable length. Node says so
  // only after it has handed the request over, so the refusal must come from here, before anything acts.
  const codings = requestHeader(c, 'transfer-encoding');
  if (codings !== undefined && codings.split(',').at(-1)?.trim().toLowerCase() !== 'chunked') {
    throw new DssError(
      'HTTP-MALFORMED',
      `Transfer-Encoding ${JSON.stringify(codings)} does not end with chunked: the body's length cannot be known.`,
    );
  }
  const declared = Number(requestHeader(c, 'content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge(c);
  if (incoming) return incoming.readableEnded ? Buffer.alloc(0) : readIncoming(c, incoming);
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return Buffer.alloc(0);
  const stream = c.req.raw.body;
  return stream ? readStream(c, stream) : Buffer.alloc(0);
}

/** Whether the request's framing announces a body: a Content-Length above zero, or a Transfer-Encoding. */
export function declaresBody(c: Context): boolean {
  const length = requestHeader(c, 'content-length');
  return (length !== undefined && length.trim() !== '0') || requestHeader(c, 'transfer-encoding') !== undefined;
}

/**
 * Node's request, by its events. Not `for await`: leaving that loop early destroys the request, and
 * with it the connection, before the 413 is written. Past the limit the rest is left flowing into
 * nothing (the adapter and lingering-close.ts bound how much more is read).
 *
 * A body that breaks off (the client went away, or its chunked framing broke after the head was read,
 * which Node answers itself: http/malformed-http.ts) is the client's failure, never an internal error.
 */
function readIncoming(c: Context, incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      stop();
      incoming.resume();
      reject(tooLarge(c));
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(brokeOff(size, error.message));
    };
    const onClose = () => {
      stop();
      reject(brokeOff(size, 'the connection closed'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

/** The Fetch body of a request made in-process (no socket, so nothing to linger over). */
async function readStream(c: Context, stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) throw tooLarge(c);
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof DssError) throw error;
    throw brokeOff(size, (error as Error).message);
  }
  return Buffer.concat(chunks);
}

function brokeOff(size: number, why: string): DssError {
  return new DssError('HTTP-MALFORMED', `The request body broke off after ${size} bytes: ${why}.`);
}

/** The 413; the connection closes after it, since the rest of the body will not be read. */
function tooLarge(c: Context): DssError {
  c.header('Connection', 'close');
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
    text = decodeStrictUtf8(raw);
  } catch {
    throw new DssError('BODY-MALFORMED-JSON', 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '') return undefined;
  if (nestsTooDeep(text))
    throw new DssError(
      'BODY-MALFORMED-JSON',
      `The request body nests arrays or objects more than ${MAX_JSON_NESTING} levels deep.`,
    );
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DssError('BODY-MALFORMED-JSON', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}
