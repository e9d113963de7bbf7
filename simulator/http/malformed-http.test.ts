import { test, expect } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { exchangeRaw, type HostPort, type RawAnswer } from '../../test-support/fuzz/raw-http.ts';

/**
 * Regressions found by the fuzz test (fuzz/README.md): requests refused before the app, or broken off
 * inside it, and JSON nested deep enough to overflow recursive readers. Each used to get a bare status
 * line, a dropped connection, a bare 417, an "internal error" log, a 500, or a 400 for a request that had
 * been carried out.
 */

let sim: RunningSimulator;
let target: HostPort;
let token: string;
let tokenizerToken: string;
const internalErrors: string[] = [];
const consoleError = console.error;

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  const url = new URL(sim.url);
  target = { host: url.hostname, port: Number(url.port) };
  const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
    members: Array<{ identification: string; token: string }>;
  };
  token = network.members.find((member) => member.identification === 'mm-london')!.token;
  tokenizerToken = network.members.find((member) => member.identification === 'tokenizer-usd')!.token;
  console.error = (...args: unknown[]) => internalErrors.push(args.map(String).join(' '));
});
test.afterAll(async () => {
  console.error = consoleError;
  await sim.close();
});

async function send(wire: string): Promise<RawAnswer> {
  const answer = await exchangeRaw(target, Buffer.from(wire, 'latin1'), 5_000);
  if (answer.kind !== 'answer') throw new Error(`no answer: ${answer.reason} ${answer.detail}`);
  return answer;
}

function errorOf(answer: RawAnswer): Record<string, unknown> {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
  expect(body).toMatchObject({
    short_message: expect.any(String),
    long_message: expect.any(String),
    timestamp: expect.any(Number),
  });
  return body;
}

const head = (line: string, extra = '') => `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`;

test('what the HTTP parser refuses gets the error body: unknown method, 10^5-character path, bad framing', async () => {
  const unknownMethod = await send(head('FOO /client/v1/api/members HTTP/1.1'));
  expect(unknownMethod.status).toBe(400);
  expect(errorOf(unknownMethod).code).toBe('HTTP-MALFORMED');

  const longPath = await send(head(`GET /client/v1/api/members/${'a'.repeat(100_000)} HTTP/1.1`));
  expect(longPath.status).toBe(400);
  expect(errorOf(longPath).code).toBe('HTTP-HEADERS-TOO-LARGE');

  const twoLengths = await send(
    `${head('POST /client/v1/api/members/allowlist HTTP/1.1', 'Content-Length: 3\r\nContent-Length: 4\r\n')}abcd`,
  );
  expect(twoLengths.status).toBe(400);
  expect(errorOf(twoLengths).code).toBe('HTTP-MALFORMED');
});

test('a request target or Host the adapter cannot read gets the error body', async () => {
  for (const wire of [
    head('GET * HTTP/1.1'),
    head('GET /client/v1/api/members\\..\\sim HTTP/1.1'),
    `GET /client/v1/api/members HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`,
  ]) {
    const answer = await send(wire);
    expect(answer.status, wire).toBe(400);
    expect(errorOf(answer).code).toBe('HTTP-MALFORMED');
  }
});

test('CONNECT is answered 405 with the error body instead of a dropped connection', async () => {
  const answer = await send(head('CONNECT 127.0.0.1:80 HTTP/1.1'));
  expect(answer.status).toBe(405);
  expect(errorOf(answer).code).toBe('METHOD-NOT-ALLOWED');
});

test('an Expect other than 100-continue is ignored, not answered with a bare 417', async () => {
  const answer = await send(
    head('GET /client/v1/api/members HTTP/1.1', `Expect: zz-expectation\r\nAuthorization: Bearer ${token}\r\n`),
  );
  expect(answer.status).toBe(200);
});

test('a body whose chunked framing breaks after the head is refused without an internal error', async () => {
  internalErrors.length = 0;
  const answer = await send(
    `${head('POST /client/v1/api/members/allowlist HTTP/1.1', `Transfer-Encoding: chunked\r\nAuthorization: Bearer ${token}\r\n`)}zz\r\nabc\r\n0\r\n\r\n`,
  );
  expect(answer.status).toBe(400);
  expect(errorOf(answer).code).toBe('HTTP-MALFORMED');
  // The app was reading the body when the parser gave up on it; that is the client's failure.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(internalErrors).toEqual([]);
});

test('a request Node finds malformed only after handing it over is not acted on: no DSO is issued', async () => {
  const issue = (code: string, framing: string, tail: string) =>
    send(
      `${head(`POST /client/v1/api/settlement-instruments?asset_code_identification=${code}&asset_group_identification=DSO HTTP/1.1`, `Authorization: Bearer ${token}\r\n${framing}`)}${tail}`,
    );
  for (const [code, answer] of [
    ['CHFDSO', await issue('CHFDSO', 'Transfer-Encoding: gzip\r\n', 'abcd')],
    ['NOKDSO', await issue('NOKDSO', 'Transfer-Encoding: chunked\r\n', 'zz\r\nabc\r\n0\r\n\r\n')],
  ] as const) {
    expect(answer.status, code).toBe(400);
    expect(errorOf(answer).code).toBe('HTTP-MALFORMED');
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const emitted = await fetch(`${sim.url}/client/v1/api/settlement-instruments/emission`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(emitted.status, 'mm-london issued no DSO').toBe(404);
});

test('JSON nested past 64 levels is refused with 400, in a body or in a signed payload, where it used to overflow the stack (500)', async () => {
  internalErrors.length = 0;
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const funding = `{"account_identification":"main","end_to_end_identification":"deep-1","funding_amount":1,"issued_asset_code_identification":"USD","member_identification":"mm-london","tokenizer_identification":"tokenizer-usd","zz":${deep}}`;
  const instruction = await send(
    `${head('POST /tokenizer/v1/api/transactions/instruction HTTP/1.1', `Authorization: Bearer ${tokenizerToken}\r\nContent-Length: ${funding.length}\r\n`)}${funding}`,
  );
  expect(instruction.status).toBe(400);
  expect(errorOf(instruction)).toMatchObject({
    code: 'BODY-MALFORMED-JSON',
    long_message: expect.stringContaining('64 levels'),
  });

  const exchange = JSON.stringify({ exchange_payload: Buffer.from(deep).toString('base64'), member_signature: 'AAAA' });
  const answer = await send(
    `${head('POST /client/v1/api/exchange HTTP/1.1', `Authorization: Bearer ${token}\r\nContent-Length: ${exchange.length}\r\n`)}${exchange}`,
  );
  expect(answer.status).toBe(400);
  expect(errorOf(answer)).toMatchObject({
    code: 'EXCHANGE-PAYLOAD-INVALID',
    long_message: expect.stringContaining('64 levels'),
  });
  expect(internalErrors).toEqual([]);
});
