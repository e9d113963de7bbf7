import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { endpointById, fullPath, type EndpointId } from '../../schemas/endpoints.ts';
import { fakeJwt, startTestServer, type TestServer } from '../test-server.ts';

/**
 * A target that breaks HTTP in one chosen way (its `mode`), for the hostile-target tests: the harness
 * is run against it and must finish within its time-outs, blame the target, and leak no secret.
 *
 * Several modes also echo the caller's credentials back (in bodies, headers, redirect locations),
 * as a careless vendor stack does in its error pages: the report must still not carry them.
 * A mode with two variants alternates between them, request by request, so one run meets both.
 */

export const hostileModes = [
  'hang',
  'reset',
  'slow',
  'garbage',
  'huge',
  'wrong-content-type',
  'redirect',
  'half-valid',
] as const;
export type HostileMode = (typeof hostileModes)[number];

export interface HostileTargetOptions {
  mode: HostileMode;
  /** The delay of the `slow` mode: it must exceed the harness's request time-out. */
  slowMs: number;
  /**
   * Answer the harness's first check (the reachability read) correctly, so that the rest of the suite
   * runs and meets the hostile mode on every other endpoint; otherwise every request is hostile.
   */
  answerReachability: boolean;
  /** Signature values the target puts in its answers where the spec has signatures. */
  signatures: readonly string[];
}

export interface HostileTarget extends TestServer {
  /** Requests received, by `METHOD path`. */
  readonly requests: string[];
  /** Tokens the target issued (renewals): secrets the report must not carry either. */
  readonly issuedTokens: string[];
}

const reachabilityPath = fullPath(endpointById('member.listDigitalAccounts'));
const refreshPath = fullPath(endpointById('member.refreshToken'));
const signIds: EndpointId[] = ['member.signPayload', 'member.signMessage'];
const signPaths = new Set(signIds.map((id) => fullPath(endpointById(id))));

/** Sets a terminal's title: it must never reach the run's output as such. */
export const TERMINAL_ESCAPE = '\u001b]0;hostile target\u0007';

/** How much the `huge` mode offers: far beyond any limit the harness may have. */
const HUGE_BODY_BYTES = 512 * 1024 * 1024;
const DRIP_INTERVAL_MS = 100;

/** Starts the target on a free loopback port; `elsewhere` is where the `redirect` mode sends callers. */
export async function startHostileTarget(
  options: HostileTargetOptions,
  elsewhere = 'http://127.0.0.1:9',
): Promise<HostileTarget> {
  const requests: string[] = [];
  const issuedTokens: string[] = [];
  const answer = answers(options, elsewhere, issuedTokens);
  let count = 0;
  // The test server reads each request to its end first: a reset or a stall is the answer's, not the upload's.
  const server = await startTestServer((req, _body, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push(`${req.method} ${path}`);
    if (options.answerReachability && req.method === 'GET' && path === reachabilityPath) {
      json(res, 200, []);
      return;
    }
    answer(req, res, count++ % 2 === 0);
  });
  return { ...server, requests, issuedTokens };
}

/** A server that only counts what reaches it: the other host of the `redirect` mode. */
export async function startCountingServer(): Promise<TestServer & { readonly requests: string[] }> {
  const requests: string[] = [];
  const server = await startTestServer((req, _body, res) => {
    requests.push(`${req.method} ${req.url}`);
    json(res, 200, []);
  });
  return { ...server, requests };
}

type Answer = (req: IncomingMessage, res: ServerResponse, first: boolean) => void;

function answers(options: HostileTargetOptions, elsewhere: string, issuedTokens: string[]): Answer {
  const echoed = (req: IncomingMessage) => req.headers.authorization ?? '';
  const signature = (first: boolean) => options.signatures[first ? 0 : 1] ?? options.signatures[0] ?? '';
  switch (options.mode) {
    case 'hang':
      return () => undefined;
    case 'reset':
      return (req, res, first) => {
        if (first) {
          req.socket.destroy();
          return;
        }
        // Headers and half a body, then the connection goes.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('[{"account_identification":', () => req.socket.destroy());
      };
    case 'slow':
      return (req, res, first) => {
        if (first) {
          drip(res, JSON.stringify(errorBody('dripped', echoed(req))));
          return;
        }
        setTimeout(() => json(res, 404, errorBody('late', echoed(req))), options.slowMs);
      };
    case 'garbage':
      return (req, res, first) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        // Bytes with a terminal escape and the caller's token inside; or JSON whose string is not UTF-8.
        res.end(
          first
            ? Buffer.concat([
                Buffer.from([0x00, 0xff, 0x7b, 0x22]),
                Buffer.from(`${TERMINAL_ESCAPE}${echoed(req)}`),
                Buffer.from([0xc3, 0x28, 0xfe]),
              ])
            : Buffer.concat([
                Buffer.from('[{"account_identification":"'),
                Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
                Buffer.from('"}]'),
              ]),
        );
      };
    case 'huge':
      return (_req, res, first) => {
        // A chunked body that never ends, or a declared length of hundreds of MiB.
        res.writeHead(
          200,
          first
            ? { 'content-type': 'application/json' }
            : { 'content-type': 'application/json', 'content-length': String(HUGE_BODY_BYTES) },
        );
        flood(res, first ? Number.POSITIVE_INFINITY : HUGE_BODY_BYTES);
      };
    case 'wrong-content-type':
      return (req, res, first) => {
        if (first) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<html><body><h1>502 Bad Gateway</h1><p>upstream refused ${echoed(req)}</p></body></html>`);
          return;
        }
        // The right JSON under the wrong media type.
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('[]');
      };
    case 'redirect':
      return (req, res, first) => {
        const token = echoed(req).replace(/^Bearer /, '');
        // To another host and port, with the token in the query (a leaky SSO gateway); or to itself.
        const location = first
          ? `${elsewhere}${req.url ?? '/'}${req.url?.includes('?') ? '&' : '?'}access_token=${token}`
          : (req.url ?? '/');
        res.writeHead(first ? 302 : 307, { location, 'content-type': 'application/json' });
        res.end(JSON.stringify({ moved_to: location }));
      };
    case 'half-valid':
      return (req, res, first) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path === refreshPath) {
          // A renewal that works: the harness now holds a token the profile never listed.
          const renewed = renewedToken();
          issuedTokens.push(renewed);
          json(res, 200, renewed);
          return;
        }
        // The token's signature on its own, as a verifier's error message might quote it.
        const tokenSignature = echoed(req).split('.')[2] ?? '';
        res.setHeader('www-authenticate', `Bearer realm="dss", error="invalid_token", token="${echoed(req)}"`);
        if (signPaths.has(path ?? '')) {
          // The signature where the spec has it, in the wrong shape (a list, not a string).
          json(res, 200, { payload: [signature(first)], note: `bad signature ${tokenSignature}` });
          return;
        }
        // Plausible fields, wrong shape: an object where a list belongs, numbers where strings belong,
        // with signatures and the caller's credentials in fields the spec does not have.
        json(
          res,
          200,
          first
            ? { account_identification: 42, member_signature: signature(true), note: `bad signature ${tokenSignature}` }
            : [
                {
                  identification: null,
                  accounts: 'main',
                  funding_payload_signature: signature(false),
                  signed_funding_transaction: signature(false),
                  debug: { authorization: echoed(req), signature: signature(false) },
                },
              ],
        );
      };
  }
}

function errorBody(what: string, authorization: string) {
  return { short_message: `${what} error`, long_message: `rejected ${authorization}`, timestamp: 0 };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** The body one byte at a time: each arrives well within any idle time-out, the whole never in time. */
function drip(res: ServerResponse, body: string): void {
  res.writeHead(404, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed || sent >= body.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(body[sent++] ?? '');
  }, DRIP_INTERVAL_MS);
  res.on('close', () => clearInterval(timer));
}

/** Writes `total` bytes (or forever), as fast as the reader takes them, until it hangs up. */
function flood(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, '[');
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return;
    }
    if (!res.destroyed) res.end();
  };
  res.on('drain', pump);
  pump();
}

/** JWT-shaped like a vendor's renewed token, with a signature segment of its own. */
function renewedToken(): string {
  return fakeJwt({ sub: 'renewed', exp: Math.floor(Date.now() / 1000) + 3600 }, randomBytes(64).toString('base64url'));
}
