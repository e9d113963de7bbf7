import { RequestError } from '@hono/node-server';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { DssError } from '../errors.ts';
import type { Simulator } from '../simulator.ts';
import { errorBody } from './error-body.ts';

/**
 * Requests that never reach the Hono app: Node's HTTP parser refuses them (an unknown method, a broken
 * request line or header, headers over its 16 KiB limit, bad chunked framing), the adapter cannot build
 * a Fetch Request from them (a target such as `*`, a backslash in the path, a bad Host), or they ask
 * for a tunnel (CONNECT). Left alone, Node and the adapter answer a bare status line without a body, or
 * drop the connection; the service answers them like every other refusal (semantics §14).
 */

/** Node's parse errors carry the llhttp code (`HPE_...`) and, for a timeout, `ERR_HTTP_REQUEST_TIMEOUT`. */
type ClientError = Error & { code?: string; reason?: string };

/** Routes the refusals above of a server started for `sim` through the spec's error body. */
export function answerMalformedHttp(server: Server, sim: Simulator): void {
  server.on('clientError', (error: ClientError, socket: Duplex) => {
    // Nothing can be answered on a connection the client reset, nor inside a response already begun
    // (a malformed request pipelined behind a good one): Node's own rule, kept.
    if (error.code === 'ECONNRESET' || !socket.writable || responseStarted(socket)) {
      socket.destroy();
      return;
    }
    const refusal =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new DssError('HTTP-HEADERS-TOO-LARGE', 'The request line and headers exceed 16 KiB.')
        : new DssError(
            'HTTP-MALFORMED',
            `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}: ${error.reason ?? error.message}).`,
          );
    answerOnSocket(socket, sim, refusal, '');
  });
  // Without a listener Node drops a CONNECT silently; this is an API, not a proxy.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    answerOnSocket(
      socket,
      sim,
      new DssError('METHOD-NOT-ALLOWED', 'CONNECT is not served: the service is not a proxy.'),
      request.url ?? '',
    );
  });
}

/**
 * The adapter's error handler: a request it could not turn into a Fetch Request is the client's
 * mistake (400); anything else escaping the app would be a defect of the simulator (500, logged).
 */
export function unbuildableRequest(sim: Simulator, error: unknown): Response {
  const refusal =
    error instanceof RequestError
      ? new DssError('HTTP-MALFORMED', `The request target or Host header cannot be read: ${error.message}.`)
      : internalError(error);
  return Response.json(bodyOf(sim, refusal, ''), { status: refusal.status });
}

function internalError(error: unknown): DssError {
  console.error('[dss-sim] internal error outside the app:', error);
  return new DssError('INTERNAL-ERROR', 'The service failed to process the request; retry later.');
}

function bodyOf(sim: Simulator, refusal: DssError, endpointUrl: string): Record<string, unknown> {
  return errorBody(refusal, { endpointUrl, now: sim.state.clock.now(), faults: sim.state.faults });
}

/** Writes a whole HTTP/1.1 answer on a socket that has no ServerResponse, then closes it. */
function answerOnSocket(socket: Duplex, sim: Simulator, refusal: DssError, endpointUrl: string): void {
  const body = JSON.stringify(bodyOf(sim, refusal, endpointUrl));
  const head = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/** Node keeps the response in flight on the socket as `_httpMessage`; no public API exposes it. */
function responseStarted(socket: Duplex): boolean {
  return (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent === true;
}
