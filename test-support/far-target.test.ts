import { expect, test } from '@playwright/test';
import { send } from '../suites/runtime/http.ts';
import { startTestServer } from './test-server.ts';
import { startFarTarget } from './far-target.ts';
import { directTransport } from '../suites/runtime/transport.ts';

/** The far target of bench/far-target: forwards while its bucket has tokens, then answers 429 in the form it is told; `/sim` stays hidden. */

test('a far proxy forwards what its bucket lets through and answers the rest 429, with Retry-After in each form in turn; it journals every request', async () => {
  const upstream = await startTestServer((req, body, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url, body })),
  );
  // A refill of one request per 1,000 s: only the burst passes, however slow the machine.
  const far = await startFarTarget(upstream.url, {
    delayMs: 0,
    journal: true,
    rateLimit: { burst: 2, perSecond: 0.001, retryAfter: 'mixed' },
  });
  try {
    const post = () =>
      send({
        method: 'POST',
        url: `${far.url}/client/v1/api/members/allowlist`,
        headers: { 'content-type': 'application/json' },
        body: '"mm"',
        timeoutMs: 10_000,
        transport: directTransport,
      });
    const answers = [];
    for (let index = 0; index < 5; index += 1) answers.push(await post());
    const statuses = answers.map((answer) => (answer.kind === 'response' ? answer.status : answer.reason));
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    // The forwarded requests arrived whole.
    expect(answers[0]!.kind === 'response' && JSON.parse(answers[0]!.bodyText)).toEqual({
      path: '/client/v1/api/members/allowlist',
      body: '"mm"',
    });
    const retryAfter = answers
      .slice(2)
      .map((answer) => (answer.kind === 'response' ? answer.headers['retry-after'] : 'no answer'));
    // `mixed` cycles: a date, nothing, seconds (the n-th refusal takes form n mod 3).
    expect(retryAfter[0]).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(retryAfter[1]).toBeUndefined();
    expect(retryAfter[2]).toMatch(/^\d+$/);
    expect(far.counts()).toEqual({ requests: 5, refused: 3 });
    expect(far.journal().map((entry) => entry.status)).toEqual([200, 200, 429, 429, 429]);
    expect(far.journal().every((entry) => entry.answered >= entry.arrived && entry.method === 'POST')).toBe(true);
  } finally {
    await far.close();
    await upstream.close();
  }
});

test('a far target without a rate limit forwards everything but the simulator’s own paths, which it hides', async () => {
  const upstream = await startTestServer((req, _body, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url })),
  );
  const far = await startFarTarget(upstream.url, { delayMs: 1 });
  try {
    const get = async (path: string) => {
      const answer = await send({
        method: 'GET',
        url: `${far.url}${path}`,
        timeoutMs: 10_000,
        transport: directTransport,
      });
      return answer.kind === 'response' ? answer.status : answer.reason;
    };
    expect([await get('/client/v1/api/members'), await get('/sim/health'), await get('/openapi.json')]).toEqual([
      200, 404, 404,
    ]);
    expect(far.counts()).toEqual({ requests: 3, refused: 0 });
  } finally {
    await far.close();
    await upstream.close();
  }
});
