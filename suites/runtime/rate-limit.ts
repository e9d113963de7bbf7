import { send, type HttpRequest, type HttpResult } from './http.ts';
import { seededRandom } from '../../protocol/seeded-random.ts';

/**
 * Waiting out a target's rate limit. The spec shows no rate limits (line 567, "Rate limits: not shown"),
 * so a target may have any, and a `429 Too Many Requests` says nothing about conformance: it is waited
 * out and the request sent again, as often as the running check's time allows. The wait is the one the
 * answer's `Retry-After` asks for (seconds or an HTTP date, RFC 9110 §10.2.3), else an exponential
 * back-off from the profile's `rate_limit` settings with jitter from a seeded source (so two runs with
 * the same seed wait alike, and parallel requests refused together do not all come back together).
 *
 * Every wait is counted on the call it delayed (RecordedCall.rate_limited), and per check in the
 * `rate-limited` annotation, which the report sums (a check's unrecorded calls, the invariant property's
 * later runs, count there too).
 * The waiting has a budget per check, the check's time (`timeouts.check_ms`), apart from the check's own
 * time: the check's time-out is moved on by the time spent waiting, so waiting never makes a check time
 * out. A 429 that would need more than what is left of the budget persists past the check's time; only
 * then does it count against the target, as LIM-RATE-LIMIT-PASSES of the reference profile, never the
 * specification (docs/profiles.md, Rate limits).
 */

export interface RateLimitSettings {
  /** The first back-off when a 429 gives no usable Retry-After; each further 429 of the request doubles it. */
  backoff_ms: number;
  /** The longest one back-off may be (a Retry-After may ask for longer; the budget bounds that). */
  max_backoff_ms: number;
  /** The jitter's seed. */
  seed: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { backoff_ms: 250, max_backoff_ms: 8_000, seed: 1 };

/** The requirement a persisting 429 breaks. */
export const RATE_LIMIT_REQUIREMENT = 'LIM-RATE-LIMIT-PASSES';

/** The annotation of a check that met 429s: a RateLimited as JSON, `waited_ms` the time the check spent waiting. */
export const RATE_LIMITED_ANNOTATION = 'rate-limited';

/** What a request went through before its answer: the 429s answered to it, and the time waited after them. */
export interface RateLimited {
  responses: number;
  waited_ms: number;
}

/**
 * The ms `Retry-After` asks to wait (0 for a date already past), or null when there is none or it is
 * neither form: then the back-off decides.
 */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date: IMF-fixdate, or the obsolete RFC 850 and asctime forms a recipient must accept; a
  // date alone is not one (Date.parse would take "2026-12-01").
  if (!/[a-z]{3}.*\d{1,2}:\d{2}:\d{2}/i.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The back-off after the `attempt`-th 429 of one request (1-based) that gave no Retry-After: between half
 * and all of backoff_ms·2^(attempt−1), at most max_backoff_ms.
 */
export function backoffMs(settings: RateLimitSettings, attempt: number, random: () => number): number {
  const full = Math.min(settings.max_backoff_ms, settings.backoff_ms * 2 ** Math.min(attempt - 1, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * A worker's waiting: the settings, the jitter's source, and the running check's budget. The `calls`
 * fixture starts each check's budget; outside a check (the set-up of members) the budget is a check's time
 * from the first wait.
 */
export class RateLimitWaits {
  private readonly random: () => number;
  private budgetMs: number;
  private spentMs = 0;
  /** The check's 429 answers so far. */
  private responses = 0;
  /** Until when some request of the check is already waiting: parallel waits overlap, and count once. */
  private waitingUntil = 0;
  private extend: (ms: number) => void = () => {};

  constructor(
    readonly settings: RateLimitSettings,
    private readonly checkMs: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    private readonly now: () => number = Date.now,
  ) {
    this.random = seededRandom(settings.seed);
    this.budgetMs = checkMs;
  }

  /** A new check: a full budget; `extend` moves its time-out on by the time waited. */
  startCheck(extend: (ms: number) => void): void {
    this.budgetMs = this.checkMs;
    this.spentMs = 0;
    this.responses = 0;
    this.waitingUntil = 0;
    this.extend = extend;
  }

  /** What the running check met: its 429 answers, and the time it spent waiting (parallel waits once). */
  checkTotals(): RateLimited {
    return { responses: this.responses, waited_ms: this.spentMs };
  }

  /**
   * How long to wait after the `attempt`-th 429 of a request, or why not: the wait would take the check
   * past its budget.
   */
  plan(attempt: number, retryAfter: string | undefined): { waitMs: number } | { exhausted: string } {
    this.responses += 1;
    const now = this.now();
    const asked = retryAfterMs(retryAfter, now);
    const waitMs = asked ?? backoffMs(this.settings, attempt, this.random);
    // Only the part of this wait no other request of the check is already waiting through is new.
    const added = Math.max(0, now + waitMs - Math.max(now, this.waitingUntil));
    if (this.spentMs + added > this.budgetMs) {
      const why = asked === null ? `a back-off of ${waitMs} ms` : `Retry-After "${retryAfter}" (${waitMs} ms)`;
      return {
        exhausted: `${why} after ${this.spentMs} ms of waiting would pass the check's time of ${this.budgetMs} ms`,
      };
    }
    this.spentMs += added;
    this.waitingUntil = Math.max(this.waitingUntil, now + waitMs);
    if (added > 0) this.extend(added);
    return { waitMs };
  }

  wait(ms: number): Promise<void> {
    return ms === 0 ? Promise.resolve() : this.sleep(ms);
  }
}

export interface PatientResult {
  /** The last answer: not a 429, unless the budget ran out (`exhausted` says why). */
  result: HttpResult;
  rateLimited: RateLimited | null;
  exhausted?: string;
}

/**
 * Sends `request`, and again after each 429, until it gets another answer or the check's budget is spent.
 * Re-sending is right whatever the method, a POST included: a 429 refuses the request as too many (RFC
 * 6585 §4), before acting on it, so nothing was done that a re-send could do twice. A target that acted
 * and still answered 429 breaks that, and the checks of what it did twice (unique ids, balances) see it.
 */
export async function sendPatiently(request: HttpRequest, waits: RateLimitWaits): Promise<PatientResult> {
  let responses = 0;
  let waited = 0;
  for (;;) {
    const result = await send(request);
    if (result.kind === 'failure' || result.status !== 429)
      return { result, rateLimited: responses === 0 ? null : { responses, waited_ms: waited } };
    responses += 1;
    const planned = waits.plan(responses, result.headers['retry-after']);
    if ('exhausted' in planned)
      return { result, rateLimited: { responses, waited_ms: waited }, exhausted: planned.exhausted };
    await waits.wait(planned.waitMs);
    waited += planned.waitMs;
  }
}
