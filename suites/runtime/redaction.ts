/**
 * What must never leave a run: credentials and signatures. Recorded calls end up in reports that
 * vendors hand to third parties, so tokens, signatures and signed material are blanked before a call
 * is stored, and bodies are cut to a size a report can carry.
 */

export const REDACTED = '[redacted]';
/**
 * 64 KiB: enough for every answer of the spec's endpoints and for the message that explains a failure
 * (4 KiB once hid it); the HTML report keeps a page-wide budget so a failing run's page stays small.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

const secretHeaders = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** Body fields that carry a credential or a signature, wherever they appear. */
const secretFields = new Set([
  'token',
  'authorization',
  'signature',
  'access_token',
  'refresh_token',
  'oauthBearerToken',
  'member_signature',
  'funding_payload_signature',
  'signed_funding_transaction',
]);

/** Query parameters of `POST /transactions/send` that carry the tokenizer's signatures. */
const secretQueryParams = ['funding_payload_signature', 'signed_funding_transaction'];

/** Endpoints whose whole answer is signed material: the `payload` field is the signature or the signed XML. */
const signAnswers = new Set(['member.signPayload', 'member.signMessage']);

/** The refresh body is the token itself (a JSON string), and so is its answer. */
const REFRESH_ENDPOINT = 'member.refreshToken';

/** Three base64url segments, the first a JSON header: a JWT, wherever it turns up (echoed in an error, say). */
const jwtPattern = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/** Every JWT in `text`, as redaction would blank it. */
export function jwtsIn(text: string): string[] {
  return text.includes('eyJ') ? [...text.matchAll(jwtPattern)].map((match) => match[0]) : [];
}

/**
 * The credential a request carries in its Authorization header, and a JWT's signature segment on its
 * own: a target may echo either anywhere (an opaque token, or "bad signature <segment>" in an error),
 * where no pattern would recognise them. Too short a value is no credential and is left alone, so as
 * not to blank ordinary words.
 */
export function sentCredentials(requestHeaders: Record<string, string>): string[] {
  const authorization = Object.entries(requestHeaders).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  const credential = authorization?.replace(/^\S+\s+/, '').trim() ?? '';
  const signature = credential.split('.').length === 3 ? (credential.split('.')[2] ?? '') : '';
  return [credential, signature].filter((value) => value.length >= MIN_CREDENTIAL_LENGTH);
}

export const MIN_CREDENTIAL_LENGTH = 12;

/**
 * A reproduction's stand-in for a credential the run knows by name (`${DSS_TOKEN_MMA_1}`,
 * request-template.ts): no secret. Only a request template keeps one (`keepPlaceholders`); in what a
 * target sent, it is text like any other.
 */
const placeholderPattern = /^\$\{DSS_[A-Z0-9_]+\}$/;

function isPlaceholder(value: unknown, keepPlaceholders: boolean): boolean {
  return keepPlaceholders && typeof value === 'string' && placeholderPattern.test(value.trim());
}

/**
 * `known`: credentials of the exchange (see sentCredentials), blanked wherever they appear.
 * `keepPlaceholders`: a request template's, whose placeholders stand where credentials were.
 */
export function redactHeaders(
  headers: Record<string, string>,
  known: readonly string[] = [],
  keepPlaceholders = false,
): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!secretHeaders.has(lower)) redacted[lower] = scrub(value, known);
    else if (isPlaceholder(value.replace(/^\S+\s+(?=\S)/, ''), keepPlaceholders)) redacted[lower] = value;
    // Keeping the scheme shows whether a bearer token was sent at all, which auth checks are about.
    else if (lower.endsWith('authorization')) redacted[lower] = `${value.split(' ')[0] ?? ''} ${REDACTED}`.trim();
    else redacted[lower] = REDACTED;
  }
  return redacted;
}

export function redactUrl(url: string, known: readonly string[] = [], keepPlaceholders = false): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return scrub(url, known);
  }
  for (const name of secretQueryParams) {
    if (parsed.searchParams.has(name) && !isPlaceholder(parsed.searchParams.get(name), keepPlaceholders))
      parsed.searchParams.set(name, REDACTED);
  }
  // The URL's parser percent-encodes a placeholder's braces; a template shows it as the shell will fill it.
  const text = keepPlaceholders ? parsed.toString().replace(/\$%7B(DSS_[A-Z0-9_]+)%7D/g, '$${$1}') : parsed.toString();
  return scrub(text, known);
}

/** Redacts one body of a call to `endpointId` (null: not a catalogue endpoint) and truncates it. */
export function redactBody(
  text: string,
  endpointId: string | null,
  direction: 'request' | 'response',
  known: readonly string[] = [],
  keepPlaceholders = false,
): string {
  return truncate(scrub(redactJsonText(text, endpointId, direction, keepPlaceholders), known));
}

function redactJsonText(
  text: string,
  endpointId: string | null,
  direction: 'request' | 'response',
  keepPlaceholders: boolean,
): string {
  const extra = direction === 'response' && endpointId !== null && signAnswers.has(endpointId) ? 'payload' : null;
  // Most bodies name no secret field: their text is kept as it is, without parsing it.
  if (endpointId !== REFRESH_ENDPOINT && !mayNameSecretField(text, extra)) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // An opaque (non-JWT) token sent as raw text to the refresh endpoint must not survive either.
    return endpointId === REFRESH_ENDPOINT && text.trim() !== '' && !isPlaceholder(text, keepPlaceholders)
      ? REDACTED
      : text;
  }
  if (endpointId === REFRESH_ENDPOINT && typeof value === 'string')
    return isPlaceholder(value, keepPlaceholders) ? text : JSON.stringify(REDACTED);
  const changed = { value: false };
  const redacted = redactValue(value, extra, changed, keepPlaceholders);
  // Untouched bodies keep their exact text: some checks are about the bytes the target sent.
  return changed.value ? JSON.stringify(redacted) : text;
}

/**
 * Whether a JSON text may have a secret field (or `extra`): without a backslash, a key's text is its
 * name between quotes, so a text holding no quoted secret name has no such key (a value that is one
 * merely costs a parse). A backslash may be an escape that spells a name: parsed to be sure.
 */
function mayNameSecretField(text: string, extra: string | null): boolean {
  if (text.includes('\\')) return true;
  for (const name of secretFields) if (text.includes(`"${name}"`)) return true;
  return extra !== null && text.includes(`"${extra}"`);
}

function redactValue(
  value: unknown,
  extraField: string | null,
  changed: { value: boolean },
  keepPlaceholders: boolean,
): unknown {
  if (Array.isArray(value)) return value.map((item) => redactValue(item, extraField, changed, keepPlaceholders));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if ((secretFields.has(key) || key === extraField) && !isPlaceholder(field, keepPlaceholders)) {
      copy[key] = REDACTED;
      changed.value = true;
    } else {
      copy[key] = redactValue(field, extraField, changed, keepPlaceholders);
    }
  }
  return copy;
}

function scrub(text: string, known: readonly string[]): string {
  // Whole credentials first: a known JWT is then gone before its signature segment is looked for.
  const withoutKnown = known.reduce((current, value) => current.replaceAll(value, REDACTED), text);
  return withoutKnown.includes('eyJ') ? withoutKnown.replace(jwtPattern, REDACTED) : withoutKnown;
}

function truncate(text: string): string {
  // A UTF-16 code unit takes at most 3 bytes of UTF-8: most bodies are measured without encoding them.
  if (text.length * 3 <= BODY_LIMIT_BYTES) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= BODY_LIMIT_BYTES) return text;
  // Cutting a multi-byte character in half yields U+FFFD at the end, which is harmless in a report.
  return `${bytes.subarray(0, BODY_LIMIT_BYTES).toString('utf8')}…[truncated, ${bytes.length} bytes in total]`;
}
