import { test, expect } from '@playwright/test';
import { connect } from 'node:net';
import { endpoints, fullPath } from '../../schemas/endpoints.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';

/**
 * The simulator over a real socket: routing from the catalogue, the service-wide error rules, the
 * control plane, and the API documents. Domain behaviour is tested next to each domain module.
 */

let sim: RunningSimulator;
let token: string;

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
    members: Array<{ identification: string; token: string }>;
  };
  token = network.members.find((member) => member.identification === 'mm-london')!.token;
});
test.afterAll(async () => sim.close());

/** A raw HTTP/1.1 exchange, because fetch refuses to send a body with GET. */
function rawRequest(
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(sim.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const head = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${url.host}`,
      'Connection: close',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Content-Type: application/json',
    ];
    for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [statusLine = '', ...rest] = text.split('\r\n');
      const bodyStart = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        body: bodyStart >= 0 ? text.slice(bodyStart + 4) : rest.join(''),
      });
    });
  });
}

const auth = () => ({ authorization: `Bearer ${token}` });

/** An answer's JSON body, loosely typed: the tests read named fields of it. */
async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

test('every catalogue endpoint is routed: without a token each answers 401, never 404 or 405', async () => {
  expect(endpoints).toHaveLength(46);
  for (const endpoint of endpoints) {
    const path = fullPath(endpoint).replace(/\{[a-z_]+\}/g, 'some-value-1');
    const response = await fetch(`${sim.url}${path}`, { method: endpoint.method });
    expect(response.status, `${endpoint.method} ${path}`).toBe(401);
    expect(await response.json()).toMatchObject({
      code: 'AUTH-MISSING-TOKEN',
      short_message: expect.any(String),
      long_message: expect.any(String),
      timestamp: expect.any(Number),
    });
  }
});

test('a GET with a JSON body is read over a real socket (token refresh)', async () => {
  const refreshed = await rawRequest('GET', '/client/v1/api/oauth-token/refresh', JSON.stringify(token), {
    Authorization: `Bearer ${token}`,
  });
  expect(refreshed.status).toBe(200);
  const renewed = JSON.parse(refreshed.body) as string;
  expect(renewed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  // The old token is gone; the new one works.
  expect((await fetch(`${sim.url}/client/v1/api/digital-accounts`, { headers: auth() })).status).toBe(401);
  token = renewed;
  expect((await fetch(`${sim.url}/client/v1/api/digital-accounts`, { headers: auth() })).status).toBe(200);
});

test('a path with a dot segment names no endpoint: 404, not the resource the resolved path would name', async () => {
  for (const path of [
    '/client/v1/api/digital-accounts/.',
    '/client/v1/api/digital-accounts/%2E',
    '/client/v1/api/members/..',
  ]) {
    const answer = await rawRequest('GET', path, '', { Authorization: `Bearer ${token}` });
    expect(answer.status, path).toBe(404);
    expect(JSON.parse(answer.body), path).toMatchObject({ code: 'PATH-NOT-FOUND' });
  }
});

test('unknown paths and versions answer 404, other methods 405 with Allow, all with the error body', async () => {
  for (const path of ['/client/v2/api/members', '/nothing', '/client/v1/api/members/a/b/c']) {
    const response = await fetch(`${sim.url}${path}`, { headers: auth() });
    expect(response.status, path).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'PATH-NOT-FOUND' });
  }
  const response = await fetch(`${sim.url}/client/v1/api/members/allowlist`, { method: 'PUT', headers: auth() });
  expect(response.status).toBe(405);
  expect(response.headers.get('allow')).toBe('GET, POST, DELETE');
  // The literal segment wins over the parameter: this is the quotation-request path, POST only.
  expect((await fetch(`${sim.url}/client/v1/api/exchange/quotations/request`, { headers: auth() })).status).toBe(405);
});

test('a browser opening the address lands on the dashboard; an API client asking for / learns where the API, dashboard and docs are', async () => {
  const browser = await fetch(`${sim.url}/`, {
    headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    redirect: 'manual',
  });
  expect(browser.status).toBe(302);
  expect(browser.headers.get('location')).toBe('/ui');
  const client = await fetch(`${sim.url}/`);
  expect(client.status).toBe(404);
  const body = (await client.json()) as { code: string; long_message: string };
  expect(body.code).toBe('PATH-NOT-FOUND');
  for (const place of ['/tokenizer/v1/api', '/client/v1/api', '/ui', '/docs'])
    expect(body.long_message).toContain(place);
  const icon = await fetch(`${sim.url}/favicon.ico`);
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  expect(await icon.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
});

test('bodies over 1 MiB answer 413, malformed JSON and invalid UTF-8 400, repeated query parameters 400', async () => {
  const big = JSON.stringify({ account_identification: 'main', unsigned_payload: 'A'.repeat(1024 * 1024) });
  const tooLarge = await fetch(`${sim.url}/client/v1/api/sign/payload`, { method: 'POST', headers: auth(), body: big });
  expect(tooLarge.status).toBe(413);
  const malformed = await fetch(`${sim.url}/client/v1/api/members/allowlist`, {
    method: 'POST',
    headers: auth(),
    body: '{"member',
  });
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toMatchObject({ code: 'BODY-MALFORMED-JSON' });
  const badUtf8 = await fetch(`${sim.url}/client/v1/api/members/allowlist`, {
    method: 'POST',
    headers: auth(),
    body: Buffer.from([0x22, 0xc3, 0x28, 0x22]),
  });
  expect(badUtf8.status).toBe(400);
  const repeated = await fetch(`${sim.url}/client/v1/api/members?country_code=GB&country_code=US`, { headers: auth() });
  expect(repeated.status).toBe(400);
  expect((await json(repeated)).long_message).toContain('country_code is given more than once');
});

test('invalid input on an endpoint whose table lists 404 but no 400 gets the listed 404', async () => {
  const response = await fetch(`${sim.url}/client/v1/api/settlement-instruments/credit-line`, {
    method: 'POST',
    headers: auth(),
    body: '{}',
  });
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'REQUEST-NOT-PROCESSABLE' });
});

test('the error body carries the spec fields and the reference extras, with a unique troubleshooting id', async () => {
  const first = await json(await fetch(`${sim.url}/client/v1/api/members/nobody-here`, { headers: auth() }));
  const second = await json(await fetch(`${sim.url}/client/v1/api/members/nobody-here`, { headers: auth() }));
  expect(first).toMatchObject({
    short_message: 'Member not found',
    long_message: expect.stringContaining('nobody-here'),
    timestamp: expect.any(Number),
    code: 'MEMBER-NOT-FOUND',
    endpoint_url: '/client/v1/api/members/nobody-here',
    member_identification: 'mm-london',
    service_name: 'dss-reference-simulator',
    build_version: expect.any(String),
  });
  expect(first.troubleshooting_id).not.toBe(second.troubleshooting_id);
});

test('the control plane validates its input and lists every problem', async () => {
  const response = await fetch(`${sim.url}/sim/members`, {
    method: 'POST',
    body: JSON.stringify({ identification: 'x', business_role: 'BANK' }),
  });
  expect(response.status).toBe(400);
  const body = await json(response);
  expect(body.code).toBe('CONTROL-INVALID-REQUEST');
  expect(body.long_message).toMatch(/bicfi/);
  expect(body.long_message).toMatch(/business_role/);
  const clock = await fetch(`${sim.url}/sim/clock`, { method: 'POST', body: JSON.stringify({ now: 0 }) });
  expect(clock.status).toBe(400);
  expect((await json(clock)).long_message).toMatch(/never goes backwards/);
  const faults = await fetch(`${sim.url}/sim/faults`, {
    method: 'POST',
    body: JSON.stringify({ enable: ['no-such-fault'] }),
  });
  expect(faults.status).toBe(400);
});

test('faults switch on and off through the control plane and change behaviour', async () => {
  const enable = await fetch(`${sim.url}/sim/faults`, {
    method: 'POST',
    body: JSON.stringify({ enable: ['error-body-without-timestamp'] }),
  });
  expect(
    ((await enable.json()) as Array<{ name: string; enabled: boolean }>).find(
      (fault) => fault.name === 'error-body-without-timestamp',
    )?.enabled,
  ).toBe(true);
  expect(await (await fetch(`${sim.url}/client/v1/api/nowhere`)).json()).not.toHaveProperty('timestamp');
  await fetch(`${sim.url}/sim/faults`, {
    method: 'POST',
    body: JSON.stringify({ disable: ['error-body-without-timestamp'] }),
  });
  expect(await (await fetch(`${sim.url}/client/v1/api/nowhere`)).json()).toHaveProperty('timestamp');
});

test('faults unknown-path-500 and v2-path-served change how paths outside the API are answered', async () => {
  const switchFault = (name: string, on: boolean) =>
    fetch(`${sim.url}/sim/faults`, {
      method: 'POST',
      body: JSON.stringify(on ? { enable: [name] } : { disable: [name] }),
    });
  await switchFault('unknown-path-500', true);
  const failing = await fetch(`${sim.url}/client/v1/api/nowhere`, { headers: auth() });
  expect(failing.status).toBe(500);
  expect(await failing.json()).toMatchObject({ code: 'INTERNAL-ERROR' });
  await switchFault('unknown-path-500', false);

  await switchFault('v2-path-served', true);
  expect((await fetch(`${sim.url}/client/v2/api/digital-accounts`, { headers: auth() })).status).toBe(200);
  // A body reaches the version-1 endpoint too.
  const signed = await fetch(`${sim.url}/client/v0/api/sign/payload`, {
    method: 'POST',
    headers: auth(),
    body: JSON.stringify({ account_identification: 'main', unsigned_payload: 'aGVsbG8=' }),
  });
  expect(signed.status).toBe(200);
  expect((await fetch(`${sim.url}/client/api/digital-accounts`, { headers: auth() })).status).toBe(404);
  await switchFault('v2-path-served', false);
  expect((await fetch(`${sim.url}/client/v2/api/digital-accounts`, { headers: auth() })).status).toBe(404);
});

test('the OpenAPI document and the interactive docs are served', async () => {
  const document = await json(await fetch(`${sim.url}/openapi.json`));
  expect(document.openapi).toBe('3.1.0');
  const page = await fetch(`${sim.url}/docs`);
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(await page.text()).toContain('/openapi.json');
  expect((await fetch(`${sim.url}/docs/assets/swagger-ui-bundle.js`)).status).toBe(200);
  expect((await fetch(`${sim.url}/docs/assets/..%2Fpackage.json`)).status).toBe(404);
});

test('reset gives a fresh network and ends every session', async () => {
  const reset = await fetch(`${sim.url}/sim/reset`, { method: 'POST', body: JSON.stringify({ network: 'demo' }) });
  expect(reset.status).toBe(200);
  expect((await fetch(`${sim.url}/client/v1/api/digital-accounts`, { headers: auth() })).status).toBe(401);
});
