import { BlockList, isIP } from 'node:net';

/**
 * Which proxy a call to a URL goes through, if any. Two sources, never mixed: the profile's `proxy:`
 * block, which wins whole (its `no_proxy` replaces NO_PROXY too), or else the environment's usual
 * variables: `https_proxy`/`HTTPS_PROXY` for https targets, `http_proxy`/`HTTP_PROXY` for http ones,
 * `no_proxy`/`NO_PROXY` for the exceptions (the lower-case name first, as curl, wget, Python and Ruby
 * read them). A proxy from the environment never applies to a loopback address (localhost,
 * 127.0.0.0/8, ::1), as Go's rule has it: the simulator the harness starts on 127.0.0.1 must keep
 * working in a CI whose environment sets a proxy for the outside world. A profile's proxy does apply to
 * loopback: whoever writes one for a local target means it.
 */

export interface ProxyConfig {
  source: 'profile' | 'environment';
  /** Per target scheme: the proxy, null for none, or why the variable that gives it cannot be used. */
  http: ProxyEntry;
  https: ProxyEntry;
  /** NO_PROXY entries, as given (see `bypasses`). */
  noProxy: string[];
  loopbackDirect: boolean;
}

export type ProxyEntry = URL | null | { problem: string };

/** The profile's `proxy:` block as written. */
export interface ProfileProxy {
  /** `http://[user:password@]host:port`, or `none`: no proxy, whatever the environment says. */
  url: string;
  no_proxy?: string[];
}

export function proxyConfigFromProfile(proxy: ProfileProxy): ProxyConfig {
  const entry = proxy.url === 'none' ? null : parseProxyUrl(proxy.url, '/proxy/url');
  return { source: 'profile', http: entry, https: entry, noProxy: proxy.no_proxy ?? [], loopbackDirect: false };
}

export function proxyConfigFromEnv(env: Record<string, string | undefined>): ProxyConfig {
  const fromEnv = (lower: string, upper: string): ProxyEntry => {
    const [name, value] = [lower, upper]
      .map((key) => [key, env[key]] as const)
      .find(([, given]) => given !== undefined && given.trim() !== '') ?? [upper, undefined];
    return value === undefined ? null : parseProxyUrl(value.trim(), name);
  };
  const noProxy = [env.no_proxy, env.NO_PROXY].find((value) => value !== undefined && value.trim() !== '') ?? '';
  return {
    source: 'environment',
    http: fromEnv('http_proxy', 'HTTP_PROXY'),
    https: fromEnv('https_proxy', 'HTTPS_PROXY'),
    noProxy: noProxy.split(/[\s,]+/).filter(Boolean),
    loopbackDirect: true,
  };
}

/** The proxy for `target`: null to connect directly, or the one-line problem of the variable that would give it. */
export function proxyFor(target: URL, config: ProxyConfig): URL | null | { problem: string } {
  const entry = target.protocol === 'https:' ? config.https : config.http;
  if (entry === null) return null;
  const host = bareHost(target.hostname);
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  if (config.loopbackDirect && isLoopback(host)) return null;
  if (bypasses(config.noProxy, host, port)) return null;
  return entry;
}

/**
 * Whether a NO_PROXY list exempts `host:port`: `*` exempts everything; a name exempts itself and every
 * name under it (`example.com` and `.example.com` both match `api.example.com`); an IP address or CIDR
 * range exempts the literal addresses in it (names are not resolved to be compared, as curl and Go
 * do); any entry may end in `:port` to exempt that port only. Case does not matter.
 */
export function bypasses(entries: readonly string[], host: string, port: number): boolean {
  const target = bareHost(host).toLowerCase();
  return entries.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '*') return true;
    const { name, entryPort } = splitPort(entry);
    if (entryPort !== null && entryPort !== port) return false;
    if (name.includes('/')) return inRange(name, target);
    if (isIP(name) !== 0) return isIP(target) !== 0 && sameAddress(name, target);
    const domain = name.replace(/^\*?\./, '');
    return domain !== '' && (target === domain || target.endsWith(`.${domain}`));
  });
}

export function isLoopback(host: string): boolean {
  const bare = bareHost(host).toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const v4 = bare.replace(/^::ffff:(?=\d+\.)/, '');
  return (isIP(v4) === 4 && v4.startsWith('127.')) || (isIP(bare) === 6 && sameAddress(bare, '::1'));
}

/** The proxy as messages and reports may show it: scheme, host and port, never its credentials. */
export function proxyLabel(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

/**
 * An http:// proxy URL (a bare `host:port` is taken as one, as curl does). An https:// proxy (TLS to the
 * proxy itself) and SOCKS are not supported. The value is never repeated in the problem: it may hold a
 * password.
 */
function parseProxyUrl(value: string, name: string): URL | { problem: string } {
  const shape = 'write http://[user:password@]host:port';
  let url: URL;
  try {
    url = new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    return { problem: `${name} is not a proxy URL (${shape})` };
  }
  if (url.protocol !== 'http:')
    return {
      problem: `${name}: ${url.protocol.replace(/:$/, '')} proxies are not supported, only http:// ones (${shape}); an https target is still encrypted end to end through an http:// proxy's tunnel`,
    };
  if (url.hostname === '') return { problem: `${name} names no proxy host (${shape})` };
  return url;
}

function splitPort(entry: string): { name: string; entryPort: number | null } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bracketed[1]!, entryPort: bracketed[2] === undefined ? null : Number(bracketed[2]) };
  // An IPv6 address or range without brackets has colons of its own, and no port.
  if (isIP(entry) === 6 || (entry.includes('/') && isIP(entry.split('/')[0]!) === 6))
    return { name: entry, entryPort: null };
  const withPort = /^(.*):(\d+)$/.exec(entry);
  return withPort ? { name: withPort[1]!, entryPort: Number(withPort[2]) } : { name: entry, entryPort: null };
}

function inRange(range: string, address: string): boolean {
  const [base, bits] = range.split('/');
  const family = isIP(base ?? '');
  if (family === 0 || isIP(address) !== family || !/^\d+$/.test(bits ?? '')) return false;
  const list = new BlockList();
  const type = family === 4 ? 'ipv4' : 'ipv6';
  try {
    list.addSubnet(base!, Number(bits), type);
  } catch {
    return false;
  }
  return list.check(address, type);
}

function sameAddress(a: string, b: string): boolean {
  const family = isIP(a);
  if (family !== isIP(b)) return false;
  const list = new BlockList();
  list.addAddress(a, family === 4 ? 'ipv4' : 'ipv6');
  return list.check(b, family === 4 ? 'ipv4' : 'ipv6');
}

function bareHost(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1');
}
