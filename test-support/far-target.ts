import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback, type TestServer } from './test-server.ts';
import { hidingSimulator } from './vendor-target.ts';

/**
 * A target far away and rate-limited, as a vendor's gateway in another region looks: the simulator
 * behind the hiding proxy of vendor-target.ts (`/sim` stays hidden), whose handler this proxy wraps on
 * the same server, holding every request for `delayMs` before it goes on, and answering `429 Too Many
 * Requests` once a token bucket is empty. The 429 comes after the same delay (the refusal too travels
 * the distance), with the body read first, so that a client still writing its body reads the answer
 * instead of a reset.
 */

export interface RateLimit {
  /** Requests let through at once after a quiet spell (the bucket's size). */
  burst: number;
  /** Requests let through per second on average (the bucket's refill). */
  perSecond: number;
  /**
   * How a 429 says when to come back: `Retry-After` in seconds, as an HTTP date, not at all (the client
   * backs off by itself), or each of the three in turn.
   */
  retryAfter: 'seconds' | 'date' | 'none' | 'mixed';
}

export interface FarTargetOptions {
  delayMs: number;
  rateLimit?: RateLimit;
  /** Keep when each request came and when its answer was sent (`journal()`), to see which waited on which. */
  journal?: boolean;
}

/** One request as the proxy saw it; times in ms since the epoch (fractional). */
export interface JournalEntry {
  method: string;
  path: string;
  arrived: number;
  answered: number;
  status: number;
}

export interface FarTargetCounts {
  /** Every request that arrived. */
  requests: number;
  /** Those answered 429. */
  refused: number;
}

export interface FarTarget extends TestServer {
  counts(): FarTargetCounts;
  journal(): readonly JournalEntry[];
}

/** The simulator at `simulatorUrl`, hidden, far away and rate-limited as `options` say. */
export async function startFarTarget(simulatorUrl: string, options: FarTargetOptions): Promise<FarTarget> {
  const forward = hidingSimulator(simulatorUrl);
  const bucket = options.rateLimit ? tokenBucket(options.rateLimit) : null;
  const counts: FarTargetCounts = { requests: 0, refused: 0 };
  const retryAfterForms = ['seconds', 'date', 'none'] as const;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const waitMs = bucket?.take() ?? 0;
    if (waitMs === 0) {
      forward(req, res);
      return;
    }
    counts.refused += 1;
    const form =
      options.rateLimit!.retryAfter === 'mixed' ? retryAfterForms[counts.refused % 3]! : options.rateLimit!.retryAfter;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    // Retry-After has whole seconds only: rounded up, so that a client that waits as told finds a token.
    const seconds = Math.ceil(waitMs / 1000);
    if (form === 'seconds') headers['retry-after'] = String(seconds);
    if (form === 'date')
      headers['retry-after'] = new Date((Math.floor(Date.now() / 1000) + seconds + 1) * 1000).toUTCString();
    req.resume();
    req.on('end', () =>
      res.writeHead(429, headers).end(
        JSON.stringify({
          short_message: 'Too Many Requests',
          long_message: 'rate limit exceeded',
          timestamp: String(Date.now()),
        }),
      ),
    );
  };
  const journal: JournalEntry[] = [];
  const clock = () => performance.timeOrigin + performance.now();
  const server = createServer((req, res) => {
    counts.requests += 1;
    if (options.journal) {
      const arrived = clock();
      res.on('finish', () =>
        journal.push({
          method: req.method ?? '',
          path: (req.url ?? '').split('?')[0]!,
          arrived,
          answered: clock(),
          status: res.statusCode,
        }),
      );
    }
    if (options.delayMs === 0) handle(req, res);
    else setTimeout(() => handle(req, res), options.delayMs);
  });
  const listening = await listenOnLoopback(server);
  return { ...listening, counts: () => ({ ...counts }), journal: () => journal };
}

/** `take()`: 0 when a request may pass (and it is counted), otherwise the ms until the next one may. */
function tokenBucket({ burst, perSecond }: RateLimit): { take(): number } {
  let tokens = burst;
  let at = performance.now();
  return {
    take() {
      const now = performance.now();
      tokens = Math.min(burst, tokens + ((now - at) * perSecond) / 1000);
      at = now;
      if (tokens >= 1) {
        tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil(((1 - tokens) * 1000) / perSecond));
    },
  };
}
