import type { NamedCredential, CredentialNames } from './credential-names.ts';
import { jwtsIn, redactBody, redactHeaders, redactUrl, sentCredentials } from './redaction.ts';

/**
 * A request as a reproduction sends it: where the recorded request says [redacted] for a credential
 * the run knows by name (credential-names.ts), the template says `${DSS_TOKEN_MMA_1}`, the shell
 * variable a person fills with a token of that kind. Everything else is redacted exactly as the
 * recorded request is, so a template holds no more than the report already does: names, never values.
 */
export interface RequestTemplate {
  /** Only the parts that differ from the recorded request. */
  url?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The credentials whose placeholders it holds. */
  credentials: NamedCredential[];
}

export interface TemplateRequest {
  endpointId: string | null;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string | Buffer;
}

/** The parts of the recorded request the template is compared with. */
export interface RecordedRequest {
  url: string;
  request_headers: Record<string, string>;
  request_body: string | null;
}

/** Undefined when the request carried no credential the run knows by name: the recorded request says it all. */
export function requestTemplate(
  request: TemplateRequest,
  recorded: RecordedRequest,
  names: CredentialNames,
): RequestTemplate | undefined {
  const body =
    request.requestBody === undefined
      ? undefined
      : typeof request.requestBody === 'string'
        ? request.requestBody
        : request.requestBody.toString('utf8');
  // Looked up, not searched for (a worker knows hundreds of tokens, a body runs to megabytes): the
  // Authorization header's credential, and every JWT anywhere (a profile's tokens are JWTs: preflight).
  const candidates = new Set([
    ...sentCredentials(request.requestHeaders),
    ...[request.url, ...Object.values(request.requestHeaders), body ?? ''].flatMap(jwtsIn),
  ]);
  // Longest first, so that no value is replaced inside a longer one that contains it.
  const carried = [...candidates]
    .flatMap((value) => {
      const name = names.find(value);
      return name === undefined ? [] : [[value, name] as const];
    })
    .sort(([a], [b]) => b.length - a.length);
  if (carried.length === 0) return undefined;
  const fill = (text: string) =>
    carried.reduce((current, [value, name]) => current.replaceAll(value, `\${${name.placeholder}}`), text);

  const known = sentCredentials(request.requestHeaders);
  const template: RequestTemplate = { credentials: carried.map(([, name]) => name) };
  // A part that carries none of them and holds nothing a placeholder could be read from is the recorded
  // part again: it is not redacted a second time (a body runs to megabytes; the bearer header is the
  // usual carrier).
  const untouched = (text: string) => fill(text) === text && !/\$(?:\{|%7B)|\\u/.test(text);
  const url = untouched(request.url) ? recorded.url : redactUrl(fill(request.url), known, true);
  if (url !== recorded.url) template.url = url;
  const headers = redactHeaders(
    Object.fromEntries(Object.entries(request.requestHeaders).map(([name, value]) => [name, fill(value)])),
    known,
    true,
  );
  const changed = Object.entries(headers).filter(([name, value]) => recorded.request_headers[name] !== value);
  if (changed.length > 0) template.headers = Object.fromEntries(changed);
  if (body !== undefined && !untouched(body)) {
    const filled = redactBody(fill(body), request.endpointId, 'request', known, true);
    if (filled !== recorded.request_body) template.body = filled;
  }
  return template;
}
