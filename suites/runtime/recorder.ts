import { CredentialNames } from './credential-names.ts';
import type { HttpResult } from './http.ts';
import type { RateLimited } from './rate-limit.ts';
import { redactBody, redactHeaders, redactUrl, sentCredentials } from './redaction.ts';
import { requestTemplate, type RequestTemplate } from './request-template.ts';

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
  /**
   * The request as a reproduction sends it, where it carried credentials the run knows by name: a
   * `${…}` placeholder where the recorded request says [redacted] (request-template.ts). Absent otherwise.
   */
  request_template?: RequestTemplate;
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

  /** `names`: the worker's credentials by name, for the request's template. */
  record(exchange: Exchange, names?: CredentialNames): RecordedCall {
    const call = recordedCall(exchange, names);
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
  /** The worker's credentials by name: its clients and the control plane name the tokens they hold. */
  readonly credentials = new CredentialNames();
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
      const done = await exchange;
      noteRenewal(done, this.credentials);
      return recorder.record(done, this.credentials);
    } finally {
      this.inFlight.delete(exchange);
    }
  }

  /** Resolves when every exchange started so far is recorded (each has a hard deadline, so this ends). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * A token the refresh endpoint answered is another token of the credential that asked for it (the
 * keeper's renewals and the refresh checks' alike), so that a later call carrying it keeps its name.
 */
function noteRenewal(exchange: Exchange, names: CredentialNames): void {
  const { result } = exchange;
  if (exchange.endpointId !== 'member.refreshToken' || result.kind !== 'response' || result.status !== 200) return;
  const [asked] = sentCredentials(exchange.requestHeaders);
  let answered: unknown;
  try {
    answered = JSON.parse(result.bodyText);
  } catch {
    return;
  }
  if (asked !== undefined && typeof answered === 'string') names.renewal(asked, answered);
}

export function recordedCall(exchange: Exchange, names?: CredentialNames): RecordedCall {
  const { endpointId, result, requestBody: body } = exchange;
  const known = sentCredentials(exchange.requestHeaders);
  const requestBody =
    body === undefined
      ? null
      : redactBody(typeof body === 'string' ? body : body.toString('utf8'), endpointId, 'request', known);
  const request = {
    url: redactUrl(exchange.url, known),
    request_headers: redactHeaders(exchange.requestHeaders, known),
    request_body: requestBody,
  };
  const template = names === undefined ? undefined : requestTemplate(exchange, request, names);
  const base = {
    endpoint_id: endpointId,
    method: exchange.method,
    ...request,
    duration_ms: result.durationMs,
    ...(exchange.rateLimited ? { rate_limited: exchange.rateLimited } : {}),
    ...(template === undefined ? {} : { request_template: template }),
  };
  if (result.kind === 'failure') {
    return {
      ...base,
      status: null,
      response_headers: {},
      response_body: null,
      error: `${result.reason}: ${result.message}`,
    };
  }
  return {
    ...base,
    status: result.status,
    response_headers: redactHeaders(result.headers, known),
    response_body: result.bodyText === '' ? null : redactBody(result.bodyText, endpointId, 'response', known),
  };
}
