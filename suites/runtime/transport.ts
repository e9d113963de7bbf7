import { request as httpRequest, type ClientRequest, type OutgoingHttpHeaders } from 'node:http';
import {
  Agent as HttpsAgent,
  globalAgent as httpsGlobalAgent,
  request as httpsRequest,
  type AgentOptions,
  type RequestOptions,
} from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import {
  proxyConfigFromEnv,
  proxyConfigFromProfile,
  proxyFor,
  proxyLabel,
  type ProfileProxy,
  type ProxyConfig,
} from './proxy-choice.ts';
import { readTlsOptions, type ProfileTls, type TlsOptions } from './tls-material.ts';

/**
 * How the harness reaches a target: the TLS material it trusts and shows (the profile's `tls:`) and the
 * proxy it goes through (the profile's `proxy:`, else the environment's). Every call of the harness
 * (checks, the control plane, preflight, `dss test`'s reach) goes through `send()` with the transport
 * of the run's profile, so all of them reach the target the same way. An https target behind a proxy is
 * reached through a CONNECT tunnel, TLS end to end inside it; an http target through the proxy as a
 * forwarding proxy (the request line in absolute form).
 */

/** How a run reached its target (target.json and the report's `target.reached`). */
export interface TargetReach {
  /** The proxy the requests went through (scheme, host and port), or null: straight to the target. */
  proxy: string | null;
  /** Where the proxy settings came from: the profile's `proxy:`, or HTTP(S)_PROXY and NO_PROXY. */
  proxy_settings: 'profile' | 'environment';
  /** Null for an http target. */
  tls: { trusted: string; client_certificate: boolean; servername?: string } | null;
}

/** A failure of the proxy itself (it refused the tunnel, asked for credentials, or cannot be reached). */
export class ProxyFailure extends Error {
  readonly code = 'ERR_DSS_PROXY';
}

export interface Route {
  /** The proxy this request goes through; null: straight to the target. */
  proxy: URL | null;
  start(method: string, headers: OutgoingHttpHeaders, timeoutMs: number): ClientRequest;
}

export class Transport {
  private tlsAgent: HttpsAgent | undefined;
  private readonly tunnels = new Map<string, TunnelAgent>();

  constructor(
    readonly proxies: ProxyConfig,
    private readonly tls: TlsOptions | null,
  ) {}

  /** How to send a request to `url`, or why the proxy it needs cannot be used. */
  route(url: URL): Route | { problem: string } {
    const proxy = proxyFor(url, this.proxies);
    if (proxy !== null && !(proxy instanceof URL)) return proxy;
    if (url.protocol === 'https:') {
      const agent = proxy ? this.tunnelThrough(proxy) : this.directTlsAgent();
      // A tunnel is set up by the agent: the request's deadline bounds its CONNECT too (TunnelAgent).
      return {
        proxy,
        start: (method, headers, timeoutMs) =>
          httpsRequest(url, { method, headers, agent, ...(proxy ? { timeout: timeoutMs } : {}) }),
      };
    }
    if (!proxy) return { proxy, start: (method, headers) => httpRequest(url, { method, headers }) };
    // node's default agent pools by host and port, which here are the proxy's.
    return {
      proxy,
      start: (method, headers) =>
        httpRequest({
          host: bareHost(proxy.hostname),
          port: proxyPort(proxy),
          method,
          path: `${url.protocol}//${url.host}${url.pathname}${url.search}`,
          headers: { host: url.host, ...headers, ...proxyAuthorization(proxy) },
        }),
    };
  }

  /** Where a connection for `url` first goes: the proxy when one is used, else the target itself. */
  firstHop(url: URL): { host: string; port: number } {
    const proxy = proxyFor(url, this.proxies);
    if (proxy instanceof URL) return { host: bareHost(proxy.hostname), port: proxyPort(proxy) };
    return { host: bareHost(url.hostname), port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
  }

  /** The proxy `url` is reached through, as messages may show it (no credentials); null when none. */
  proxyShownFor(url: URL): string | null {
    const proxy = proxyFor(url, this.proxies);
    return proxy instanceof URL ? proxyLabel(proxy) : null;
  }

  /**
   * How `url` is reached, as the report shows it (no secrets, no file paths: a path says something of the
   * vendor's machine, and a certifier needs only what was used).
   */
  reachOf(url: URL): TargetReach {
    return {
      proxy: this.proxyShownFor(url),
      proxy_settings: this.proxies.source,
      tls:
        url.protocol === 'https:'
          ? {
              trusted: this.tls?.ca !== undefined ? "the profile's CA" : "the system's CAs",
              client_certificate: this.presentsClientCertificate,
              ...(this.tls?.servername ? { servername: this.tls.servername } : {}),
            }
          : null,
    };
  }

  /** Whether the harness shows a client certificate (mutual TLS). */
  get presentsClientCertificate(): boolean {
    return this.tls?.cert !== undefined || this.tls?.pfx !== undefined;
  }

  /**
   * A TLS handshake with `url`'s host, the way requests make it, that sends nothing and waits for the
   * server's verdict: its alert (the error), `closed` when it ends the connection once the handshake is
   * done without a word, or null (accepted: a session ticket, or the deadline). Under TLS 1.3 a server
   * checks the client certificate after the client's handshake is done, so a request already on its
   * way turns the server's alert into a reset; sending nothing keeps the alert readable. Some servers
   * (node's among them) send no alert for a client certificate they do not trust: they close.
   */
  handshake(url: URL, timeoutMs: number): Promise<Error | 'closed' | null> {
    const proxy = proxyFor(url, this.proxies);
    if (proxy !== null && !(proxy instanceof URL)) return Promise.resolve(new ProxyFailure(proxy.problem));
    const agent = proxy ? this.tunnelThrough(proxy) : (this.directTlsAgent() ?? httpsGlobalAgent);
    const host = bareHost(url.hostname);
    const servername = this.tls?.servername ?? (isIP(host) === 0 ? host : undefined);
    return new Promise((resolve) => {
      let socket: Duplex | undefined;
      let secured = false;
      const done = (verdict: Error | 'closed' | null) => {
        clearTimeout(deadline);
        socket?.destroy();
        resolve(verdict);
      };
      const deadline = setTimeout(() => done(null), timeoutMs);
      const closed = () => done(secured ? 'closed' : null);
      const opened = (error: Error | null, stream: Duplex) => {
        if (error) return done(error);
        socket = stream;
        stream.once('secureConnect', () => (secured = true));
        stream.once('error', (failure: Error & { code?: string }) =>
          failure.code === 'ECONNRESET' ? closed() : done(failure),
        );
        stream.once('session', () => done(null));
        stream.once('end', closed);
        stream.once('close', closed);
        stream.resume();
      };
      const options = {
        ...agent.options,
        host,
        port: Number(url.port || 443),
        timeout: timeoutMs,
        ...(servername ? { servername } : {}),
      } as RequestOptions;
      const direct = agent.createConnection(options, opened);
      if (direct) opened(null, direct);
    });
  }

  private directTlsAgent(): HttpsAgent | undefined {
    if (!this.tls) return undefined;
    // The default agent's pooling (keep-alive, idle time-out), with the profile's material.
    this.tlsAgent ??= new HttpsAgent({ ...httpsGlobalAgent.options, ...this.tls });
    return this.tlsAgent;
  }

  private tunnelThrough(proxy: URL): TunnelAgent {
    let agent = this.tunnels.get(proxy.href);
    if (!agent)
      this.tunnels.set(proxy.href, (agent = new TunnelAgent(proxy, { ...httpsGlobalAgent.options, ...this.tls })));
    return agent;
  }
}

/**
 * An https agent whose connections are CONNECT tunnels through an http:// proxy, with TLS to the target
 * inside (node:https pools them like direct ones). The proxy's refusal is a ProxyFailure; what happens
 * inside the tunnel (TLS, the target's answers) is the target's, as on a direct connection.
 */
class TunnelAgent extends HttpsAgent {
  constructor(
    private readonly proxy: URL,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(
    options: RequestOptions,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): undefined {
    const done = callback ?? (() => undefined);
    const host = options.host ?? 'localhost';
    const authority = `${isIP(host) === 6 ? `[${host}]` : host}:${options.port ?? 443}`;
    const shown = proxyLabel(this.proxy);
    const tunnel = httpRequest({
      host: bareHost(this.proxy.hostname),
      port: proxyPort(this.proxy),
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...proxyAuthorization(this.proxy) },
      agent: false,
    });
    let answered = false;
    const failed = (message: string) => {
      if (answered) return;
      answered = true;
      done(new ProxyFailure(message), undefined as unknown as Duplex);
    };
    // Bounded by the request's own deadline: a proxy that never answers must not hold a tunnel open.
    if (options.timeout !== undefined)
      tunnel.setTimeout(options.timeout, () =>
        tunnel.destroy(new Error(`no answer to CONNECT within ${options.timeout} ms`)),
      );
    tunnel.once('connect', (answer, socket, head) => {
      if (answer.statusCode !== 200) {
        socket.destroy();
        failed(
          `the proxy ${shown} refused the tunnel to ${authority}: CONNECT answered ${answer.statusCode} ${answer.statusMessage ?? ''}`.trim() +
            advice(answer.statusCode),
        );
        return;
      }
      answered = true;
      tunnel.setTimeout(0);
      if (head.length > 0) socket.unshift(head);
      const servername = options.servername || (isIP(host) === 0 ? host : undefined);
      const secured = tlsConnect({
        ...this.options,
        ...options,
        socket,
        host,
        ...(servername ? { servername } : {}),
      } as ConnectionOptions);
      done(null, secured);
    });
    tunnel.once('error', (error) =>
      failed(`cannot open a tunnel through the proxy ${shown} to ${authority}: ${error.message}`),
    );
    tunnel.end();
    return undefined;
  }
}

function advice(status: number | undefined): string {
  if (status === 407) return ' (the proxy wants credentials: give them in its URL, http://user:password@host:port)';
  if (status === 403) return ' (the proxy does not allow this destination or port)';
  return '';
}

/** The profile's transport, or the environment's when the profile has none (or there is no profile). */
export function transportFor(
  settings: { tls?: ProfileTls; proxy?: ProfileProxy },
  env: Record<string, string | undefined>,
): Transport {
  const proxies = settings.proxy ? proxyConfigFromProfile(settings.proxy) : proxyConfigFromEnv(env);
  return new Transport(proxies, settings.tls ? readTlsOptions(settings.tls) : null);
}

/** A transport without settings: straight to the target, trusting the system's CAs (tests and test support). */
export const directTransport = new Transport(proxyConfigFromProfile({ url: 'none' }), null);

const cache = new WeakMap<object, Transport>();

/**
 * One transport per profile object of the process, so that its clients share one pool of connections.
 * Keyed by the object, so a profile read again (another project's) gets its own. `env` holds the
 * proxy variables a profile without `proxy:` follows (in a run, the config's environment).
 */
export function transportOf(
  settings: { tls?: ProfileTls; proxy?: ProfileProxy },
  env: Record<string, string | undefined>,
): Transport {
  let found = cache.get(settings);
  if (!found) cache.set(settings, (found = transportFor(settings, env)));
  return found;
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (proxy.username === '' && proxy.password === '') return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

function proxyPort(proxy: URL): number {
  return Number(proxy.port || 80);
}

function bareHost(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1');
}
