import { isUtf8 } from 'node:buffer';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { proxyLabel } from './proxy-choice.ts';
import type { Transport } from './transport.ts';

/**
 * The raw HTTP client under every call the harness makes. It is built on node:http rather than fetch
 * because the spec has GET endpoints that take a JSON body (quotation filter, token refresh), which
 * fetch refuses to send. A target that misbehaves at the network level (refuses, resets, stalls, floods)
 * must come back as a value the check can report, never as an unhandled rejection.
 */

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Hard deadline for the whole exchange: connect, send, and read the complete response. */
  timeoutMs: number;
  /** Beyond this many response bytes the exchange is aborted (a target must not flood the harness). */
  maxResponseBytes?: number;
  /** How the target is reached (TLS material, proxy): the run's, for every call (transport.ts). */
  transport: Transport;
}

export interface HttpResponse {
  kind: 'response';
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Decoded as UTF-8; bytes that are not become U+FFFD (see `invalidUtf8`). */
  bodyText: string;
  /** The body's bytes are not UTF-8, so it cannot be JSON whatever it looks like once decoded. */
  invalidUtf8?: boolean;
  durationMs: number;
}

/** `proxy`: the proxy, not the target, failed (refused, unreachable, wants credentials, or cannot be used as given). */
export type NetworkFailureReason =
  'refused' | 'reset' | 'timeout' | 'tls' | 'dns' | 'proxy' | 'too-large' | 'invalid-request' | 'other';

export interface NetworkFailure {
  kind: 'failure';
  reason: NetworkFailureReason;
  /** For people: starts with what happened in words ("timed out: ...", "connection reset: ..."). */
  message: string;
  /** node's error code, when there is one (`UNABLE_TO_VERIFY_LEAF_SIGNATURE`...): what a TLS failure was. */
  code?: string;
  durationMs: number;
}

export type HttpResult = HttpResponse | NetworkFailure;

export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

/** Sends one request; redirects are not followed (a 3xx is a response like any other). */
export function send(input: HttpRequest): Promise<HttpResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const limit = input.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  const url = parseTargetUrl(input.url);
  // Not a network problem, but still a value: the caller decides whose fault it is.
  if (typeof url === 'string')
    return Promise.resolve({ kind: 'failure', reason: 'invalid-request', message: url, durationMs: 0 });

  return new Promise<HttpResult>((resolve) => {
    let settled = false;
    let deadline: NodeJS.Timeout | undefined;
    const finish = (result: HttpResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const fail = (reason: NetworkFailureReason, message: string, code?: string) =>
      finish({ kind: 'failure', reason, message, ...(code === undefined ? {} : { code }), durationMs: elapsed() });

    const headers: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
    // A check may send a deliberately wrong length; otherwise the length is the body's.
    if (input.body !== undefined && headers['content-length'] === undefined)
      headers['content-length'] = Buffer.byteLength(input.body);

    const route = input.transport.route(url);
    if ('problem' in route) {
      fail('proxy', `proxy not usable: ${route.problem}`);
      return;
    }
    let req: ClientRequest | undefined;
    deadline = setTimeout(() => {
      fail('timeout', `timed out: no complete response within ${input.timeoutMs} ms`);
      req?.destroy();
    }, input.timeoutMs);
    const attempt = (retriesLeft: number): void => {
      let responded = false;
      let sent: ClientRequest;
      try {
        sent = route.start(input.method, headers, input.timeoutMs);
      } catch (error) {
        // node:http validates the method and header values synchronously.
        fail('invalid-request', `request could not be built: ${messageOf(error)}`);
        return;
      }
      req = sent;

      sent.on('error', (error) => {
        const code = codeOf(error);
        // A kept-alive connection the target closed while it idled (its keep-alive time ran out as this
        // request left): the target never read the request, so it goes again on another connection, as
        // browsers do. Only before any answer, and only on a reused connection: a new one that resets is the target's.
        if (sent.reusedSocket && !responded && !settled && retriesLeft > 0 && classify(error) === 'reset') {
          attempt(retriesLeft - 1);
          return;
        }
        // A forwarding proxy that cannot be reached is not the target; through a tunnel the agent says so itself.
        if (route.proxy && url.protocol === 'http:' && proxyConnectCodes.has(code ?? '')) {
          fail('proxy', `proxy failure: cannot reach the proxy ${proxyLabel(route.proxy)}: ${messageOf(error)}`, code);
          return;
        }
        const classified = classify(error);
        fail(classified, `${describeReason(classified)}: ${messageOf(error)}`, code);
      });

      sent.on('response', (res: IncomingMessage) => {
        responded = true;
        // Only a proxy answers 407; behind a forwarding proxy it is the proxy's answer, not the target's.
        if (route.proxy && url.protocol === 'http:' && res.statusCode === 407) {
          fail(
            'proxy',
            `proxy failure: the proxy ${proxyLabel(route.proxy)} answered 407 Proxy Authentication Required (give its credentials in its URL, http://user:password@host:port)`,
          );
          sent.destroy();
          return;
        }
        const tooLarge = () => {
          fail(
            'too-large',
            `response too large: the body exceeds the harness's limit of ${limit} bytes; reading stopped`,
          );
          sent.destroy();
        };
        // A declared length over the limit is refused before a byte of it is read.
        if (Number(res.headers['content-length'] ?? 0) > limit) {
          tooLarge();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            tooLarge();
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', (error) => fail('reset', `connection reset while reading the response: ${messageOf(error)}`));
        res.on('close', () => {
          if (!res.complete) fail('reset', 'connection reset: closed before the response was complete');
        });
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const response: HttpResponse = {
            kind: 'response',
            status: res.statusCode ?? 0,
            headers: flattenHeaders(res.headers),
            bodyText: body.toString('utf8'),
            durationMs: elapsed(),
          };
          if (!isUtf8(body)) response.invalidUtf8 = true;
          finish(response);
        });
      });

      if (input.body !== undefined) sent.write(input.body);
      sent.end();
    };
    attempt(STALE_SOCKET_RETRIES);
  });
}

/**
 * How many times a request that met a closed kept-alive connection goes again: each stale connection
 * of the pool is met once at most, and a pool holds a few per target.
 */
const STALE_SOCKET_RETRIES = 3;

/** The URL, or why it cannot be used. */
function parseTargetUrl(text: string): URL | string {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
    return `invalid URL ${text}: only http and https are supported`;
  } catch (error) {
    return `invalid URL ${text}: ${messageOf(error)}`;
  }
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Errors of connecting to a host: said of a forwarding proxy, they are the proxy's. */
const proxyConnectCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function classify(error: unknown): NetworkFailureReason {
  const code = codeOf(error);
  if (code === undefined) return 'other';
  if (code === 'ERR_DSS_PROXY') return 'proxy';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ETIMEDOUT') return 'timeout';
  // EPROTO: the handshake broke (an https URL to a plain http port, an old protocol version).
  if (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.includes('CERT') ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'EPROTO'
  )
    return 'tls';
  return 'other';
}

function describeReason(reason: NetworkFailureReason): string {
  const descriptions: Record<NetworkFailureReason, string> = {
    refused: 'connection refused',
    reset: 'connection reset',
    timeout: 'timed out',
    tls: 'TLS failure',
    dns: 'host name not resolved',
    proxy: 'proxy failure',
    'too-large': 'response too large',
    'invalid-request': 'invalid request',
    other: 'network error',
  };
  return descriptions[reason];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
