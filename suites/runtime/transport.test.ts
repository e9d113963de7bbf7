import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { expect, test } from '@playwright/test';
import { makeTestPki, type TestPki } from '../../test-support/tls.ts';
import { startTestProxy, type TestProxy } from '../../test-support/proxy.ts';
import { send, type HttpResult, type NetworkFailure } from './http.ts';
import { listenOnLoopback, startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { directTransport, transportFor, type Transport } from './transport.ts';
import { reachTarget, unreachableMessage } from './unreachable.ts';

/**
 * send() over TLS and through proxies, against local servers and the test proxy: a private CA, a client
 * certificate (PEM and PKCS#12) for a server that requires one, a server name other than the URL's host,
 * CONNECT tunnels for https and forwarding for http, the environment's variables and the profile's block.
 * `dss.test` is a name only the proxy resolves: a call that reaches it went through the proxy.
 */

let dir = '';
let pki: TestPki;
/** Requires a client certificate signed by the test CA; answers who the client was. */
let mutual: TestServer;
/** Serves a certificate for dss.test alone. */
let onlyDssTest: TestServer;
let plain: TestServer;
let proxy: TestProxy;
const credentials = { user: 'ci-runner', password: 'pr0xy-s3cret' };

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dss-transport-'));
  pki = makeTestPki(dir, ['localhost', '127.0.0.1', 'dss.test']);
  const answer = (socket: TLSSocket) => JSON.stringify({ client: socket.getPeerCertificate().subject?.CN ?? null });
  mutual = await https(
    createHttpsServer(
      {
        cert: readFileSync(pki.server.cert),
        key: readFileSync(pki.server.key),
        ca: readFileSync(pki.ca),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(answer(req.socket as TLSSocket));
      },
    ),
  );
  const dssTestOnly = makeTestPki(mkdtempSync(join(dir, 'other-')), ['dss.test']);
  onlyDssTest = await https(
    createHttpsServer(
      { cert: readFileSync(dssTestOnly.server.cert), key: readFileSync(dssTestOnly.server.key) },
      (req, res) => res.writeHead(200).end(req.headers.host),
    ),
  );
  pki = { ...pki, otherCa: dssTestOnly.ca };
  plain = await startTestServer((req, body, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        host: req.headers.host,
        body,
        proxyAuthorization: req.headers['proxy-authorization'] ?? null,
      }),
    ),
  );
  proxy = await startTestProxy({ credentials, hosts: { 'dss.test': '127.0.0.1' } });
});

test.afterAll(async () => {
  await Promise.all([mutual?.close(), onlyDssTest?.close(), plain?.close(), proxy?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function https(server: ReturnType<typeof createHttpsServer>): Promise<TestServer> {
  const listening = await listenOnLoopback(server);
  return { ...listening, url: listening.url.replace('http:', 'https:') };
}

function get(url: string, transport: Transport, body?: string): Promise<HttpResult> {
  return send({
    method: 'GET',
    url,
    timeoutMs: 20_000,
    transport,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
}

function failure(result: HttpResult): NetworkFailure {
  if (result.kind !== 'failure') throw new Error(`expected a failure, got ${result.status}: ${result.bodyText}`);
  return result;
}

function answer(result: HttpResult): unknown {
  if (result.kind !== 'response') throw new Error(`expected a response, got ${result.reason}: ${result.message}`);
  expect(result.status).toBe(200);
  return result.headers['content-type'] === 'application/json' ? JSON.parse(result.bodyText) : result.bodyText;
}

const proxyUrl = () => proxy.url.replace('http://', `http://${credentials.user}:${credentials.password}@`);

test('mutual TLS: the private CA and the client certificate, as PEM files or as a PKCS#12 bundle, reach a server that requires one', async () => {
  const pem = transportFor({ tls: { ca: pki.ca, cert: pki.client.cert, key: pki.client.key } }, {});
  expect(answer(await get(mutual.url, pem))).toEqual({ client: 'dss harness' });
  const bundle = transportFor({ tls: { ca: pki.ca, pfx: pki.client.pfx, passphrase: pki.client.passphrase } }, {});
  expect(answer(await get(mutual.url, bundle))).toEqual({ client: 'dss harness' });
});

test('an untrusted server, a refused client certificate and a missing one are TLS failures, each said with what to change', async () => {
  const untrusted = failure(
    await get(mutual.url, transportFor({ tls: { cert: pki.client.cert, key: pki.client.key } }, {})),
  );
  expect(untrusted.reason).toBe('tls');
  expect(unreachableMessage(mutual.url, untrusted, 1000, directTransport)).toContain(
    "the target's certificate is not signed by a CA trusted here",
  );
  expect(unreachableMessage(mutual.url, untrusted, 1000, directTransport)).toContain('tls.ca');

  // Signed by another CA. Under TLS 1.3 the server's alert comes after the client's handshake, and may
  // come back as a reset of the request already sent: reaching the target tells it apart.
  const stranger = failure(
    await reachTarget(
      mutual.url,
      20_000,
      transportFor({ tls: { ca: pki.ca, cert: pki.otherClient.cert, key: pki.otherClient.key } }, {}),
    ),
  );
  expect(stranger.reason).toBe('tls');
  expect(unreachableMessage(mutual.url, stranger, 1000, directTransport)).toContain(
    "the target does not accept the harness's client certificate",
  );

  const none = failure(await reachTarget(mutual.url, 20_000, transportFor({ tls: { ca: pki.ca } }, {})));
  expect(none.reason).toBe('tls');
  expect(unreachableMessage(mutual.url, none, 1000, directTransport)).toContain(
    'the target asks for a client certificate and the profile gives none',
  );
});

test('tls.servername: the certificate is checked against it, and it is sent as SNI', async () => {
  const byAddress = onlyDssTest.url;
  const named = answer(await get(byAddress, transportFor({ tls: { ca: pki.otherCa, servername: 'dss.test' } }, {})));
  // The Host header stays the URL's: only TLS takes the other name.
  expect(named).toBe(new URL(byAddress).host);
  const unnamed = failure(await get(byAddress, transportFor({ tls: { ca: pki.otherCa } }, {})));
  expect(unnamed.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
  expect(unreachableMessage(byAddress, unnamed, 1000, directTransport)).toContain('tls.servername');
});

test('an https target through a CONNECT proxy with credentials, by a name only the proxy resolves, with mutual TLS inside the tunnel', async () => {
  const target = mutual.url.replace('127.0.0.1', 'dss.test');
  const transport = transportFor(
    { tls: { ca: pki.ca, cert: pki.client.cert, key: pki.client.key } },
    { HTTPS_PROXY: proxyUrl() },
  );
  const before = proxy.tunnels.length;
  expect(answer(await get(target, transport))).toEqual({ client: 'dss harness' });
  expect(answer(await get(target, transport))).toEqual({ client: 'dss harness' });
  expect(proxy.tunnels.slice(before)[0]).toBe(new URL(target).host);
});

test('an http target through a forwarding proxy: absolute-form request line, the body of a GET, the Host of the target', async () => {
  const target = `${plain.url.replace('127.0.0.1', 'dss.test')}/path?q=1`;
  const transport = transportFor({}, { http_proxy: proxyUrl() });
  const echoed = answer(await get(target, transport, '{"a":1}')) as Record<string, unknown>;
  expect(echoed).toEqual({
    method: 'GET',
    url: '/path?q=1',
    host: new URL(target).host,
    body: '{"a":1}',
    proxyAuthorization: null,
  });
  expect(proxy.forwarded).toContain(target);
});

test('the proxy refusing the credentials, or not there, is a proxy failure that never shows the credentials', async () => {
  const wrong = proxy.url.replace('http://', 'http://ci-runner:not-the-password@');
  const tunnel = failure(
    await get(
      mutual.url.replace('127.0.0.1', 'dss.test'),
      transportFor({ tls: { ca: pki.ca } }, { HTTPS_PROXY: wrong }),
    ),
  );
  expect(tunnel.reason).toBe('proxy');
  expect(tunnel.message).toContain('CONNECT answered 407');
  const forwarded = failure(
    await get(`${plain.url.replace('127.0.0.1', 'dss.test')}/`, transportFor({}, { HTTP_PROXY: wrong })),
  );
  expect(forwarded.reason).toBe('proxy');
  expect(forwarded.message).toContain('407');

  const closed = await startTestProxy();
  const deadUrl = closed.url.replace('http://', `http://${credentials.user}:${credentials.password}@`);
  await closed.close();
  for (const [target, env] of [
    [mutual.url.replace('127.0.0.1', 'dss.test'), { HTTPS_PROXY: deadUrl }],
    [`${plain.url.replace('127.0.0.1', 'dss.test')}/`, { HTTP_PROXY: deadUrl }],
  ] as const) {
    const transport = transportFor({}, env);
    const dead = failure(await get(target, transport));
    expect(dead.reason).toBe('proxy');
    const said = unreachableMessage(target, dead, 1000, transport);
    expect(said).toContain(closed.url);
    for (const text of [dead.message, said]) expect(text).not.toMatch(/ci-runner|pr0xy-s3cret|not-the-password/);
  }
  for (const text of [tunnel.message, forwarded.message])
    expect(text).not.toMatch(/ci-runner|pr0xy-s3cret|not-the-password/);
});

test("loopback is never proxied by the environment; the profile's proxy wins over the environment and applies to loopback too", async () => {
  const before = proxy.forwarded.length;
  // The environment's proxy is dead: a loopback call that used it would fail.
  const environment = transportFor({}, { HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '' });
  expect(answer(await get(`${plain.url}/direct`, environment))).toMatchObject({ url: '/direct' });
  expect(proxy.forwarded.length).toBe(before);

  const profile = transportFor({ proxy: { url: proxyUrl() } }, { HTTP_PROXY: 'http://127.0.0.1:9' });
  expect(answer(await get(`${plain.url}/proxied`, profile))).toMatchObject({ url: '/proxied' });
  expect(proxy.forwarded).toContain(`${plain.url}/proxied`);

  const none = transportFor({ proxy: { url: 'none' } }, { HTTP_PROXY: proxyUrl() });
  expect(answer(await get(`${plain.url}/none`, none))).toMatchObject({ url: '/none' });
  expect(proxy.forwarded).not.toContain(`${plain.url}/none`);
});

test('a proxy variable that cannot be used is a proxy failure naming the variable, never its value', async () => {
  const unusable = failure(
    await get(
      mutual.url.replace('127.0.0.1', 'dss.test'),
      transportFor({}, { https_proxy: 'socks5://user:hunter2@proxy.corp:1080' }),
    ),
  );
  expect(unusable.reason).toBe('proxy');
  expect(unusable.message).toContain('https_proxy: socks5 proxies are not supported');
  expect(unusable.message).not.toContain('hunter2');
});
