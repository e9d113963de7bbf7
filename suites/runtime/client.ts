import type { HttpMethod } from '../../schemas/catalogue-types.ts';
import { endpointById, endpoints, fullPath, type EndpointId } from '../../schemas/endpoints.ts';
import {
  bySpecificity,
  compileTemplate,
  fillTemplate,
  matchTemplate,
  TemplateParamsError,
} from '../../protocol/path-template.ts';
import { isStringBodyEndpoint, referenceReadings, stringBody, type DeclaredReadings } from '../../protocol/readings.ts';
import { CheckFailure } from './check-failure.ts';
import { HarnessFault } from './harness-fault.ts';
import type { HttpResponse } from './http.ts';
import { DEFAULT_RATE_LIMIT, RATE_LIMIT_REQUIREMENT, RateLimitWaits, sendPatiently } from './rate-limit.ts';
import type { RecordedCall, RecordingChannel } from './recorder.ts';
import { TargetNetworkError } from './target-network-error.ts';
import { TokenKeeper } from './token-keeper.ts';
import { DEFAULT_CHECK_MS } from './profile.ts';
import type { Transport } from './transport.ts';

/**
 * The API as one member (an "actor") sees it: calls named by catalogue endpoint id, its bearer token
 * kept fresh, every exchange recorded into the running check's call list. Responses come back as
 * values whatever their status, because a check is about statuses and bodies; only a network failure
 * (no response at all) is thrown, as a failure of the target. A 429 is not an answer to judge: the
 * request is sent again once the rate limit lets it (rate-limit.ts), and only a 429 that persists past
 * the check's time is thrown, as a failure of LIM-RATE-LIMIT-PASSES.
 */

export interface RequestInit {
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * Sent as JSON. A string to a string-body endpoint (the allowlist, the token renewal) travels in the
   * form the target reads (`stringBodies`); a check sending a form of its own gives `rawBody`.
   */
  body?: unknown;
  /** Sent as is (malformed JSON, oversized bodies); excludes `body`. */
  rawBody?: string | Buffer;
  /** Override the defaults (accept and content-type JSON, the bearer token); names are case-insensitive. */
  headers?: Record<string, string>;
  /** null: no Authorization header at all; a string: this token instead of the member's own. */
  token?: string | null;
  /** Default: the profile's `timeouts.request_ms`. */
  timeoutMs?: number;
}

export interface CallOptions extends RequestInit {
  /** Values of the path template's `{name}` parameters; URL-encoded here. */
  path?: Record<string, string>;
}

export interface DssResponse {
  status: number;
  headers: Record<string, string>;
  /**
   * The body parsed as JSON; undefined when it is empty or is not JSON: the spec makes every response
   * JSON, so a body counts only if it is declared as JSON (`isJsonMediaType`), is UTF-8 and parses.
   */
  body: unknown;
  /** The body decoded as UTF-8 (lossy when it is not). */
  text: string;
  call: RecordedCall;
}

export interface DssClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  recording: RecordingChannel;
  /** The target's current time in ms; default the wall clock. */
  now?: () => number;
  /** See TokenKeeper: told of every renewed token. */
  tokenRenewed?: (token: string) => void;
  /** See TokenKeeper: a new token from the control plane when refreshing is impossible. */
  reissueToken?: () => Promise<string>;
  /** See TokenKeeper: the member whose token this is, to validate renewals. */
  member?: string;
  /** How the target reads a string body (the profile's `readings.string_bodies`); default the reference's. */
  stringBodies?: DeclaredReadings['string_bodies'];
  /** How 429s are waited out, shared by a worker's clients; default the profile's defaults, one check's time in all. */
  rateLimits?: RateLimitWaits;
  /** How the target is reached: the run's (transport.ts). */
  transport: Transport;
}

export class DssClient {
  private readonly baseUrl: string;
  private readonly keeper: TokenKeeper;
  private readonly rateLimits: RateLimitWaits;

  constructor(private readonly options: DssClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.rateLimits = options.rateLimits ?? new RateLimitWaits(DEFAULT_RATE_LIMIT, DEFAULT_CHECK_MS);
    this.keeper = new TokenKeeper(options.token, {
      now: options.now ?? Date.now,
      refresh: (token) => this.refresh(token),
      reissue: options.reissueToken,
      renewed: options.tokenRenewed,
      member: options.member,
    });
  }

  /** The member's current token (renewed first if it is about to expire). */
  token(): Promise<string> {
    return this.keeper.current();
  }

  async call(endpointId: EndpointId, options: CallOptions = {}): Promise<DssResponse> {
    const endpoint = endpointById(endpointId);
    const init =
      typeof options.body === 'string' && isStringBodyEndpoint(endpointId)
        ? {
            ...options,
            body: stringBody(this.options.stringBodies ?? referenceReadings.string_bodies, endpointId, options.body),
          }
        : options;
    return this.exchange(endpoint.method, fillPath(fullPath(endpoint), options.path ?? {}), endpoint.id, init);
  }

  /** A request outside the catalogue's shapes (unknown paths, unserved methods); `path` is the full path. */
  async raw(method: string, path: string, init: RequestInit = {}): Promise<DssResponse> {
    return this.exchange(method, path, matchEndpoint(method, path), init);
  }

  private async exchange(
    method: string,
    path: string,
    endpointId: string | null,
    init: RequestInit,
  ): Promise<DssResponse> {
    if (init.body !== undefined && init.rawBody !== undefined)
      throw new HarnessFault(`${method} ${path}: give body or rawBody, not both`);
    const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    const overrides = lowerCaseKeys(init.headers ?? {});

    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (overrides.authorization === undefined) {
      const token = init.token === undefined ? await this.keeper.current() : init.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
    }
    Object.assign(headers, overrides);

    const url = `${this.baseUrl}${path}${queryString(init.query)}`;
    const exchange = sendPatiently(
      {
        method,
        url,
        headers,
        body,
        timeoutMs: init.timeoutMs ?? this.options.timeoutMs,
        transport: this.options.transport,
      },
      this.rateLimits,
    ).then(({ result, rateLimited, exhausted }) => ({
      endpointId,
      method,
      url,
      requestHeaders: headers,
      requestBody: body,
      result,
      rateLimited,
      exhausted,
    }));
    const call = await this.options.recording.record(exchange);
    const { result, rateLimited, exhausted } = await exchange;
    if (exhausted !== undefined)
      throw new CheckFailure(
        RATE_LIMIT_REQUIREMENT,
        `${method} ${call.url}: answered 429 Too Many Requests ${rateLimited?.responses} times in a row; ${exhausted}`,
      );
    if (result.kind === 'failure') {
      if (result.reason === 'invalid-request') throw new HarnessFault(`${method} ${call.url}: ${result.message}`);
      throw new TargetNetworkError(result, call);
    }
    return { status: result.status, headers: result.headers, body: jsonBody(result), text: result.bodyText, call };
  }

  /** `GET /oauth-token/refresh` with the token to renew as its string body; null when refused. */
  private async refresh(token: string): Promise<string | null> {
    const response = await this.call('member.refreshToken', { body: token, token });
    return response.status === 200 && typeof response.body === 'string' && response.body !== '' ? response.body : null;
  }
}

/** The template filled as every caller fills it (protocol/); parameters that do not fit it are the harness's mistake. */
function fillPath(template: string, values: Record<string, string>): string {
  try {
    return fillTemplate(template, values);
  } catch (error) {
    if (error instanceof TemplateParamsError) throw new HarnessFault(error.message);
    throw error;
  }
}

function queryString(query: RequestInit['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const compiledEndpoints = endpoints
  .map((endpoint) => ({ endpoint, compiled: compileTemplate(fullPath(endpoint)) }))
  .sort((a, b) => bySpecificity(a.compiled, b.compiled));

/** The catalogue endpoint a raw request reaches, so that coverage and redaction still know it. */
export function matchEndpoint(method: string, path: string): string | null {
  const pathOnly = path.split('?')[0] ?? path;
  const upper = method.toUpperCase() as HttpMethod;
  const found = compiledEndpoints.find(
    ({ endpoint, compiled }) => endpoint.method === upper && matchTemplate(compiled, pathOnly) !== undefined,
  );
  return found?.endpoint.id ?? null;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** `application/json`, or a structured `+json` type, with any parameters. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

function jsonBody(result: HttpResponse): unknown {
  if (result.bodyText === '' || result.invalidUtf8 || !isJsonMediaType(result.headers['content-type']))
    return undefined;
  try {
    return JSON.parse(result.bodyText) as unknown;
  } catch {
    return undefined;
  }
}
