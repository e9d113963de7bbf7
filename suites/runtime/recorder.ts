import type { HttpResult } from './http.ts';
import type { RateLimited } from './rate-limit.ts';
import { redactBody, redactHeaders, redactUrl, sentCredentials } from './redaction.ts';

/**
 * The network calls of one check, kept with its result so that a failure can be understood without
 * re-running it. This is the `dss-calls` attachment the reporters read; everything in it is already
 * redacted, so nothing downstream has to remember to.
 */
/** The attachment that carries a check's recorded calls; the reporters read it by this name. */
export const CALLS_ATTACHMENT = 'dss-calls';

export interface RecordedCall {
  /** The catalogue endpoint called, or null (unknown paths, the simulator control plane). */
  endpoint_id: string | null;
  method: string;
  url: string;
  /** Null when no response came back (see `error`). */
  status: number | null;
  request_headers: Record<string, string>;
  request_body: string | null;
  response_headers: Record<string, string>;
  response_body: string | null;
  duration_ms: number;
  /** The network failure, when there was no response. */
  error?: string;
  /** The 429s answered to this request before this answer, and the time waited after them (rate-limit.ts). */
  rate_limited?: RateLimited;
}

/** One exchange as the client saw it, before redaction. */
export interface Exchange {
  endpointId: string | null;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string | Buffer;
  result: HttpResult;
  /** The 429s waited out before `result`, if any. */
  rateLimited?: RateLimited | null;
}

export class CallRecorder {
  private readonly list: RecordedCall[] = [];

  get calls(): readonly RecordedCall[] {
    return this.list;
  }

  record(exchange: Exchange): RecordedCall {
    const call = recordedCall(exchange);
    this.list.push(call);
    return call;
  }
}

/**
 * Where a worker's clients write: the recorder of the check that is running now. Clients live as
 * long as the worker; recorders as long as one check.
 */
export class RecordingChannel {
  current = new CallRecorder();
  private readonly inFlight = new Set<Promise<Exchange>>();

  /**
   * Records an exchange once it is done, for the check that was running when it started: calls sent
   * together outlive a check that stopped at the first failure, and must neither vanish from its
   * record nor turn up in the next check's.
   */
  async record(exchange: Promise<Exchange>): Promise<RecordedCall> {
    const recorder = this.current;
    this.inFlight.add(exchange);
    try {
      return recorder.record(await exchange);
    } finally {
      this.inFlight.delete(exchange);
    }
  }

  /** Resolves when every exchange started so far is recorded (each has a hard deadline, so this ends). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}

export function recordedCall(exchange: Exchange): RecordedCall {
  const { endpointId, result, requestBody: body } = exchange;
  const known = sentCredentials(exchange.requestHeaders);
  const requestBody = body === undefined ? null : redactBody(typeof body === 'string' ? body : body.toString('utf8'), endpointId, 'request', known);
  const base = {
    endpoint_id: endpointId,
    method: exchange.method,
    url: redactUrl(exchange.url, known),
    request_headers: redactHeaders(exchange.requestHeaders, known),
    request_body: requestBody,
    duration_ms: result.durationMs,
    ...(exchange.rateLimited ? { rate_limited: exchange.rateLimited } : {}),
  };
  if (result.kind === 'failure') {
    return { ...base, status: null, response_headers: {}, response_body: null, error: `${result.reason}: ${result.message}` };
  }
  return {
    ...base,
    status: result.status,
    response_headers: redactHeaders(result.headers, known),
    response_body: result.bodyText === '' ? null : redactBody(result.bodyText, endpointId, 'response', known),
  };
}
