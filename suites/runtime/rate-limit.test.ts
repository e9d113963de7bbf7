import { expect, test } from '@playwright/test';
import { CheckFailure } from './check-failure.ts';
import { DssClient } from './client.ts';
import { backoffMs, DEFAULT_RATE_LIMIT, RATE_LIMIT_REQUIREMENT, RateLimitWaits, retryAfterMs } from './rate-limit.ts';
import { seededRandom } from '../../protocol/seeded-random.ts';
import { RecordingChannel } from './recorder.ts';
import { fakeJwt, startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { directTransport } from './transport.ts';

/**
 * A target that answers 429 a given number of times before it serves: the client waits each out and
 * sends the request again. The waits are recorded, not slept (the sleep is injected), so nothing here
 * depends on time.
 */

interface Arrival {
  method: string;
  body: string;
}

let server: TestServer;
let arrivals: Arrival[];
/** How many more requests get 429, and the Retry-After each carries (none when undefined). */
let refusals: number;
let retryAfter: string | undefined;

test.beforeEach(async () => {
  arrivals = [];
  refusals = 0;
  retryAfter = undefined;
  server = await startTestServer((req, body, res) => {
    arrivals.push({ method: req.method ?? '', body });
    res.setHeader('content-type', 'application/json');
    if (refusals > 0) {
      refusals -= 1;
      if (retryAfter !== undefined) res.setHeader('retry-after', retryAfter);
      res.statusCode = 429;
      res.end(JSON.stringify({ short_message: 'Too Many Requests', long_message: 'slow down', timestamp: '1' }));
      return;
    }
    res.end(JSON.stringify([]));
  });
});

test.afterEach(() => server.close());

const NOW = 1_800_000_000_000;

/** A client whose waits move a clock of its own instead of sleeping. */
function patientClient(checkMs = 60_000) {
  const slept: number[] = [];
  const extended: number[] = [];
  let clock = NOW;
  const sleep = async (ms: number) => {
    slept.push(ms);
    clock += ms;
  };
  const waits = new RateLimitWaits(DEFAULT_RATE_LIMIT, checkMs, sleep, () => clock);
  waits.startCheck((ms) => extended.push(ms));
  const recording = new RecordingChannel();
  const client = new DssClient({
    baseUrl: server.url,
    token: fakeJwt({ sub: 'mm', exp: NOW / 1000 + 3600 }),
    timeoutMs: 10_000,
    recording,
    now: () => NOW,
    rateLimits: waits,
    transport: directTransport,
  });
  return { client, recording, slept, extended, waits };
}

test('Retry-After is read as seconds or as an HTTP date; anything else leaves the wait to the back-off', () => {
  expect(retryAfterMs('3', NOW)).toBe(3000);
  expect(retryAfterMs(' 0 ', NOW)).toBe(0);
  expect(retryAfterMs(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
  // The obsolete forms a recipient must accept (RFC 9110 §5.6.7).
  expect(retryAfterMs('Friday, 15-Jan-27 08:00:05 GMT', Date.parse('2027-01-15T08:00:00Z'))).toBe(5000);
  expect(retryAfterMs('Fri Jan 15 08:00:05 2027', Date.parse('2027-01-15T08:00:00Z'))).toBe(5000);
  // A date already past asks for no wait.
  expect(retryAfterMs(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
  for (const unusable of [undefined, '', '-1', '1.5', 'soon', '2026-12-01'])
    expect(retryAfterMs(unusable, NOW), String(unusable)).toBeNull();
});

test('the back-off doubles per 429 of a request, with jitter between half and all of it, and is capped', () => {
  const settings = { backoff_ms: 100, max_backoff_ms: 1000, seed: 7 };
  const random = seededRandom(settings.seed);
  const waits = [1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(settings, attempt, random));
  [100, 200, 400, 800, 1000, 1000].forEach((full, index) => {
    expect(waits[index]).toBeGreaterThanOrEqual(full / 2);
    expect(waits[index]).toBeLessThanOrEqual(full);
  });
  // Seeded: the same seed gives the same waits; another seed others.
  const again = seededRandom(7);
  expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(settings, attempt, again))).toEqual(waits);
  const other = seededRandom(8);
  expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(settings, attempt, other))).not.toEqual(waits);
});

test('a POST answered 429 three times is sent again, whole, until it is served; the call carries the count and the waits', async () => {
  refusals = 3;
  const { client, recording, slept, extended, waits } = patientClient();
  const response = await client.call('member.addToAllowlist', { body: 'mm-other' });
  expect(response.status).toBe(200);
  expect(arrivals).toHaveLength(4);
  expect(new Set(arrivals.map((arrival) => `${arrival.method} ${arrival.body}`))).toEqual(new Set(['POST "mm-other"']));
  expect(slept).toHaveLength(3);
  expect(response.call.rate_limited).toEqual({ responses: 3, waited_ms: slept.reduce((sum, ms) => sum + ms, 0) });
  // One call recorded, the answer that counted, with the 429s before it.
  expect(recording.current.calls.map((call) => call.status)).toEqual([200]);
  // The check's time-out moves on by what was waited, and the check's totals say it.
  expect(extended.reduce((sum, ms) => sum + ms, 0)).toBe(response.call.rate_limited!.waited_ms);
  expect(waits.checkTotals()).toEqual(response.call.rate_limited);
});

test('the wait is the one Retry-After asks for, in seconds or as a date', async () => {
  refusals = 1;
  retryAfter = '2';
  const seconds = patientClient();
  await seconds.client.call('member.listDigitalAccounts');
  expect(seconds.slept).toEqual([2000]);

  refusals = 1;
  retryAfter = new Date(NOW + 7000).toUTCString();
  const date = patientClient();
  await date.client.call('member.listDigitalAccounts');
  expect(date.slept).toEqual([7000]);
});

test('a call never rate-limited carries nothing about it and never waits', async () => {
  const { client, slept } = patientClient();
  const response = await client.call('member.listDigitalAccounts');
  expect(response.call.rate_limited).toBeUndefined();
  expect(slept).toEqual([]);
});

test('a 429 whose Retry-After lies past the check’s time fails LIM-RATE-LIMIT-PASSES at once, without waiting', async () => {
  refusals = 1;
  retryAfter = '3600';
  const { client, recording, slept } = patientClient();
  const error = await client.call('member.listDigitalAccounts').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CheckFailure);
  expect((error as CheckFailure).requirement).toBe(RATE_LIMIT_REQUIREMENT);
  expect((error as Error).message).toContain('Retry-After "3600" (3600000 ms)');
  expect(slept).toEqual([]);
  // The 429 is what the report shows for the call.
  expect(recording.current.calls.map((call) => [call.status, call.rate_limited])).toEqual([
    [429, { responses: 1, waited_ms: 0 }],
  ]);
});

test('a 429 that never lifts is waited out until the check’s time is spent, then fails LIM-RATE-LIMIT-PASSES', async () => {
  refusals = Number.POSITIVE_INFINITY;
  const { client, slept } = patientClient(5_000);
  const error = await client.call('member.listDigitalAccounts').catch((caught: unknown) => caught);
  expect((error as CheckFailure).requirement).toBe(RATE_LIMIT_REQUIREMENT);
  expect(slept.length).toBeGreaterThan(2);
  expect(slept.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(5_000);
  expect(arrivals).toHaveLength(slept.length + 1);
});

test('parallel requests waiting at the same time spend the check’s budget once', () => {
  const extended: number[] = [];
  const waits = new RateLimitWaits(
    DEFAULT_RATE_LIMIT,
    10_000,
    async () => {},
    () => NOW,
  );
  waits.startCheck((ms) => extended.push(ms));
  // Five requests refused together, each asked to come back in 4 s: 4 s of the check's time, not 20.
  for (let request = 0; request < 5; request += 1) expect(waits.plan(1, '4')).toEqual({ waitMs: 4000 });
  expect(extended).toEqual([4000]);
  // A wait that outlasts the others adds only what lies beyond them.
  expect(waits.plan(1, '6')).toEqual({ waitMs: 6000 });
  expect(extended).toEqual([4000, 2000]);
  expect('exhausted' in waits.plan(1, '11')).toBe(true);
  // A new check starts with a full budget.
  waits.startCheck(() => {});
  expect(waits.plan(1, '9')).toEqual({ waitMs: 9000 });
});
