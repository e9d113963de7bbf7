import { expect, test } from '@playwright/test';
import {
  bypasses,
  isLoopback,
  proxyConfigFromEnv,
  proxyConfigFromProfile,
  proxyFor,
  proxyLabel,
} from './proxy-choice.ts';

/** Which proxy a call takes: the environment's conventions, NO_PROXY's forms, loopback, and the profile's block winning. */

const chosen = (url: string, config: ReturnType<typeof proxyConfigFromEnv>) => {
  const proxy = proxyFor(new URL(url), config);
  return proxy instanceof URL ? proxy.href : proxy;
};

test('https targets take HTTPS_PROXY, http targets HTTP_PROXY; the lower-case name wins over the upper-case one, an empty value counts as unset', () => {
  const env = {
    HTTPS_PROXY: 'http://upper-tls:3128',
    https_proxy: 'http://lower-tls:3128',
    HTTP_PROXY: 'http://upper:3128',
    http_proxy: '',
  };
  const config = proxyConfigFromEnv(env);
  expect(chosen('https://dss.example.com/', config)).toBe('http://lower-tls:3128/');
  expect(chosen('http://dss.example.com/', config)).toBe('http://upper:3128/');
  expect(chosen('http://dss.example.com/', proxyConfigFromEnv({ HTTPS_PROXY: 'http://tls-only:3128' }))).toBeNull();
  // A bare host:port is an http:// proxy, as curl takes it.
  expect(chosen('https://dss.example.com/', proxyConfigFromEnv({ HTTPS_PROXY: 'proxy.corp:8080' }))).toBe(
    'http://proxy.corp:8080/',
  );
});

test('NO_PROXY: *, names and their subdomains, leading dots, ports, IP addresses and CIDR ranges; names are not resolved', () => {
  expect(bypasses(['*'], 'anything.example', 443)).toBe(true);
  for (const entry of ['example.com', '.example.com', '*.example.com', 'EXAMPLE.com']) {
    expect(bypasses([entry], 'api.example.com', 443), entry).toBe(true);
    expect(bypasses([entry], 'notexample.com', 443), entry).toBe(false);
  }
  expect(bypasses(['example.com'], 'example.com', 443)).toBe(true);
  expect(bypasses(['example.com:8443'], 'example.com', 8443)).toBe(true);
  expect(bypasses(['example.com:8443'], 'example.com', 443)).toBe(false);
  expect(bypasses(['10.0.0.0/8'], '10.1.2.3', 443)).toBe(true);
  expect(bypasses(['10.0.0.0/8'], '11.1.2.3', 443)).toBe(false);
  expect(bypasses(['192.168.1.5'], '192.168.1.5', 80)).toBe(true);
  expect(bypasses(['fd00::/8'], '[fd12::1]', 443)).toBe(true);
  expect(bypasses(['[::1]:8080'], '::1', 8080)).toBe(true);
  expect(bypasses(['[::1]:8080'], '::1', 8081)).toBe(false);
  // An address range says nothing of a name, even one that would resolve into it.
  expect(bypasses(['127.0.0.0/8'], 'localhost', 80)).toBe(false);
  expect(bypasses([], 'example.com', 443)).toBe(false);

  const config = proxyConfigFromEnv({
    HTTPS_PROXY: 'http://proxy:3128',
    no_proxy: 'internal.example, .corp 10.0.0.0/8',
    NO_PROXY: 'ignored.example',
  });
  expect(chosen('https://svc.internal.example/', config)).toBeNull();
  expect(chosen('https://a.b.corp/', config)).toBeNull();
  expect(chosen('https://10.9.8.7:8443/', config)).toBeNull();
  expect(chosen('https://ignored.example/', config)).toBe('http://proxy:3128/');
});

test("loopback is never proxied by the environment's variables, and is by the profile's proxy unless its no_proxy lists it", () => {
  for (const host of ['localhost', 'app.localhost', '127.0.0.1', '127.3.2.1', '[::1]'])
    expect(isLoopback(host), host).toBe(true);
  for (const host of ['10.0.0.1', 'localhost.example', '[::2]', 'dss.test']) expect(isLoopback(host), host).toBe(false);
  const env = proxyConfigFromEnv({ HTTP_PROXY: 'http://proxy:3128', HTTPS_PROXY: 'http://proxy:3128' });
  expect(chosen('http://127.0.0.1:4010/', env)).toBeNull();
  expect(chosen('https://localhost:4010/', env)).toBeNull();
  const profile = proxyConfigFromProfile({ url: 'http://proxy:3128' });
  expect(chosen('http://127.0.0.1:4010/', profile)).toBe('http://proxy:3128/');
  expect(
    chosen('http://127.0.0.1:4010/', proxyConfigFromProfile({ url: 'http://proxy:3128', no_proxy: ['127.0.0.1'] })),
  ).toBeNull();
});

test("the profile's proxy wins whole: its url for both schemes, `none` for no proxy at all, its no_proxy alone", () => {
  const profile = proxyConfigFromProfile({ url: 'http://user:pass@proxy.corp:3128', no_proxy: ['skip.example'] });
  expect(chosen('https://dss.example.com/', profile)).toBe('http://user:pass@proxy.corp:3128/');
  expect(chosen('http://dss.example.com/', profile)).toBe('http://user:pass@proxy.corp:3128/');
  expect(chosen('https://skip.example/', profile)).toBeNull();
  expect(chosen('https://dss.example.com/', proxyConfigFromProfile({ url: 'none' }))).toBeNull();
});

test('a proxy that cannot be used is a problem naming where it came from, never its value; the label never shows credentials', () => {
  const socks = chosen(
    'https://dss.example.com/',
    proxyConfigFromEnv({ HTTPS_PROXY: 'socks5://u:hunter2@proxy:1080' }),
  );
  expect(socks).toEqual({ problem: expect.stringContaining('HTTPS_PROXY: socks5 proxies are not supported') });
  expect(JSON.stringify(socks)).not.toContain('hunter2');
  const tlsProxy = proxyFor(
    new URL('https://dss.example.com/'),
    proxyConfigFromProfile({ url: 'https://u:hunter2@proxy:443' }),
  );
  expect(tlsProxy).toEqual({ problem: expect.stringContaining('/proxy/url: https proxies are not supported') });
  expect(JSON.stringify(tlsProxy)).not.toContain('hunter2');
  expect(chosen('https://dss.example.com/', proxyConfigFromEnv({ https_proxy: 'http://[bad' }))).toEqual({
    problem: 'https_proxy is not a proxy URL (write http://[user:password@]host:port)',
  });
  expect(proxyLabel(new URL('http://user:secret@proxy.corp:3128/'))).toBe('http://proxy.corp:3128');
});
