import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { test, expect } from '@playwright/test';
import { send, type HttpResult } from './http.ts';
import { startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { directTransport } from './transport.ts';

let server: TestServer;

test.beforeAll(async () => {
  server = await startTestServer((req, body, res) => {
    switch (req.url) {
      case '/echo':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            method: req.method,
            body,
            contentType: req.headers['content-type'],
            length: req.headers['content-length'],
          }),
        );
        return;
      case '/stall':
        return; // never answers
      case '/slow-body':
        res.writeHead(200);
        res.write('partial');
        return; // headers came, the body never ends
      case '/reset':
        req.socket.destroy();
        return;
      case '/reset-mid-body':
        res.writeHead(200, { 'content-length': '100' });
        res.write('only part of it', () => req.socket.destroy());
        return;
      case '/huge': {
        res.writeHead(200);
        const chunk = Buffer.alloc(1024 * 1024, 'x');
        for (let i = 0; i < 6; i++) res.write(chunk);
        res.end();
        return;
      }
      case '/declared-huge':
        // Headers that promise far more than the cap; the body then never comes.
        res.writeHead(200, { 'content-length': String(512 * 1024 * 1024) });
        res.write('x');
        return;
      case '/not-utf8':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(Buffer.from([0x22, 0xff, 0xfe, 0x22]));
        return;
      case '/redirect':
        res.writeHead(302, { location: '/echo' });
        res.end('moved');
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
});

test.afterAll(() => server.close());

function expectFailure(result: HttpResult, reason: string): void {
  expect(result.kind).toBe('failure');
  if (result.kind === 'failure') expect(result.reason).toBe(reason);
}

test('a GET request carries its JSON body to the server', async () => {
  const body = JSON.stringify({ cancel_quotations: false });
  const result = await send({
    transport: directTransport,
    method: 'GET',
    url: `${server.url}/echo`,
    headers: { 'Content-Type': 'application/json' },
    body,
    timeoutMs: 20_000,
  });
  expect(result.kind).toBe('response');
  if (result.kind !== 'response') return;
  expect(result.status).toBe(200);
  expect(result.headers['content-type']).toBe('application/json');
  expect(JSON.parse(result.bodyText)).toEqual({
    method: 'GET',
    body,
    contentType: 'application/json',
    length: String(Buffer.byteLength(body)),
  });
});

test('a server that never answers is a timeout failure, at the deadline', async () => {
  // /stall never answers: that send returns at all is the deadline at work (an upper bound on the time
  // would only measure the machine's load). It must not give up before the deadline either.
  const started = Date.now();
  const result = await send({ transport: directTransport, method: 'GET', url: `${server.url}/stall`, timeoutMs: 300 });
  expectFailure(result, 'timeout');
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
});

test('the deadline also covers a body that never ends', async () => {
  expectFailure(
    await send({ transport: directTransport, method: 'GET', url: `${server.url}/slow-body`, timeoutMs: 300 }),
    'timeout',
  );
});

test('a connection reset by the server is a reset failure', async () => {
  expectFailure(
    await send({ transport: directTransport, method: 'GET', url: `${server.url}/reset`, timeoutMs: 20_000 }),
    'reset',
  );
});

test('a connection broken in the middle of the body is a reset failure', async () => {
  expectFailure(
    await send({ transport: directTransport, method: 'GET', url: `${server.url}/reset-mid-body`, timeoutMs: 20_000 }),
    'reset',
  );
});

test('a refused connection is a refused failure', async () => {
  // A port that was free a moment ago: nothing listens there any more.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  expectFailure(
    await send({ transport: directTransport, method: 'GET', url: `http://127.0.0.1:${port}/`, timeoutMs: 20_000 }),
    'refused',
  );
});

/**
 * A server whose keep-alive time runs out as the next request arrives: each connection answers its first
 * request and keeps the connection open, then closes it at the first byte of another, unread. With
 * `resetFresh`, a new connection's first request is closed unanswered as well.
 */
async function staleKeepAliveServer(
  resetFresh = false,
): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const listener = createServer((socket) => {
    connections += 1;
    let answered = false;
    socket.on('data', () => {
      if (answered || resetFresh) {
        socket.destroy();
        return;
      }
      answered = true;
      socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\nok');
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}

test('a kept-alive connection the target closed while it idled is not a failure: the request goes again on a new one', async () => {
  const stale = await staleKeepAliveServer();
  try {
    const first = await send({ transport: directTransport, method: 'GET', url: stale.url, timeoutMs: 20_000 });
    expect(first).toMatchObject({ kind: 'response', status: 200, bodyText: 'ok' });
    // The pooled connection is reused, closed unanswered, and the request is sent again on a second one.
    const second = await send({
      transport: directTransport,
      method: 'POST',
      url: stale.url,
      body: '{"a":1}',
      timeoutMs: 20_000,
    });
    expect(second).toMatchObject({ kind: 'response', status: 200, bodyText: 'ok' });
    expect(stale.connections()).toBe(2);
  } finally {
    await stale.close();
  }
});

test('a new connection closed before any answer is a reset failure, not sent again', async () => {
  const stale = await staleKeepAliveServer(true);
  try {
    expectFailure(
      await send({ transport: directTransport, method: 'POST', url: stale.url, body: '{}', timeoutMs: 20_000 }),
      'reset',
    );
    expect(stale.connections()).toBe(1);
  } finally {
    await stale.close();
  }
});

test('a response over the size cap is aborted and reported', async () => {
  const result = await send({
    transport: directTransport,
    method: 'GET',
    url: `${server.url}/huge`,
    timeoutMs: 20_000,
    maxResponseBytes: 5 * 1024 * 1024,
  });
  expectFailure(result, 'too-large');
});

test('a declared length over the cap is refused at once, without waiting for the body', async () => {
  // The body never comes: a send that waited for it would end as a timeout, not as too-large.
  const result = await send({
    transport: directTransport,
    method: 'GET',
    url: `${server.url}/declared-huge`,
    timeoutMs: 20_000,
    maxResponseBytes: 1024,
  });
  expectFailure(result, 'too-large');
  expect(result.kind === 'failure' && result.message).toBe(
    "response too large: the body exceeds the harness's limit of 1024 bytes; reading stopped",
  );
});

test('a body that is not UTF-8 is flagged; a UTF-8 one is not', async () => {
  const bad = await send({
    transport: directTransport,
    method: 'GET',
    url: `${server.url}/not-utf8`,
    timeoutMs: 20_000,
  });
  expect(bad.kind === 'response' && bad.invalidUtf8).toBe(true);
  const good = await send({ transport: directTransport, method: 'GET', url: `${server.url}/echo`, timeoutMs: 20_000 });
  expect(good.kind === 'response' && good.invalidUtf8).toBeUndefined();
});

test('a response under the cap is read whole', async () => {
  const result = await send({
    transport: directTransport,
    method: 'GET',
    url: `${server.url}/huge`,
    timeoutMs: 20_000,
    maxResponseBytes: 7 * 1024 * 1024,
  });
  expect(result.kind === 'response' && result.bodyText.length).toBe(6 * 1024 * 1024);
});

test('a redirect is returned as is, not followed', async () => {
  const result = await send({
    transport: directTransport,
    method: 'POST',
    url: `${server.url}/redirect`,
    timeoutMs: 20_000,
  });
  expect(result.kind === 'response' && [result.status, result.headers.location, result.bodyText]).toEqual([
    302,
    '/echo',
    'moved',
  ]);
});

test('an unusable URL or header is an invalid-request failure, not an exception', async () => {
  expectFailure(
    await send({ transport: directTransport, method: 'GET', url: 'ftp://example.test/', timeoutMs: 100 }),
    'invalid-request',
  );
  expectFailure(
    await send({
      transport: directTransport,
      method: 'GET',
      url: `${server.url}/echo`,
      headers: { 'x-bad': 'line\nbreak' },
      timeoutMs: 100,
    }),
    'invalid-request',
  );
});
