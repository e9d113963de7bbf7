import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { listenOnLoopback } from './test-server.ts';

/**
 * A local proxy for the transport tests, both kinds a CI meets: CONNECT tunnels (what an https target is
 * reached through) and forwarding of absolute-form requests (an http target). It can insist on
 * credentials (407 without them), and it resolves the names it is given itself (`hosts`), so a test can
 * address a target by a name only the proxy knows: a call that bypassed the proxy could not reach it.
 * It records what went through it.
 */

export interface TestProxy {
  /** `http://127.0.0.1:<port>`, without credentials. */
  url: string;
  /** `host:port` of every tunnel asked for, granted or not. */
  tunnels: string[];
  /** The absolute URL of every request forwarded. */
  forwarded: string[];
  /** `Proxy-Authorization` values received that were wrong or missing, one per refusal (407). */
  refused: number;
  close(): Promise<void>;
}

export interface TestProxyOptions {
  /** Required credentials (Basic); absent: anyone may use the proxy. */
  credentials?: { user: string; password: string };
  /** Names the proxy resolves itself, to an address (`dss.test` -> `127.0.0.1`). */
  hosts?: Record<string, string>;
}

export async function startTestProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`
    : null;
  const dial = (host: string) => options.hosts?.[host.toLowerCase()] ?? host;
  const upstreams = new Set<Socket>();
  const record = { tunnels: [] as string[], forwarded: [] as string[], refused: 0 };
  const allowed = (req: IncomingMessage) => {
    if (expected === null || req.headers['proxy-authorization'] === expected) return true;
    record.refused += 1;
    return false;
  };

  const server = createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('a proxy takes absolute-form requests');
      return;
    }
    if (!allowed(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"', connection: 'close' }).end();
      return;
    }
    record.forwarded.push(target.href);
    const { 'proxy-authorization': _credentials, 'proxy-connection': _hop, ...headers } = req.headers;
    const forward = request(
      {
        host: dial(target.hostname),
        port: target.port || 80,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502, { connection: 'close' }).end()));
    req.pipe(forward);
  });

  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const authority = req.url ?? '';
    record.tunnels.push(authority);
    if (!allowed(req)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      );
      return;
    }
    const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(authority);
    if (!match) {
      client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect({ host: dial(match[1]!), port: Number(match[2]) });
    upstreams.add(upstream);
    upstream.once('close', () => upstreams.delete(upstream));
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.once('error', () =>
      connected ? client.destroy() : client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'),
    );
    client.once('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
  });

  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    get tunnels() {
      return record.tunnels;
    },
    get forwarded() {
      return record.forwarded;
    },
    get refused() {
      return record.refused;
    },
    close: async () => {
      for (const socket of upstreams) socket.destroy();
      await listening.close();
    },
  };
}
