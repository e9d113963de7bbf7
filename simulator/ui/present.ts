/**
 * Activity entries as the dashboard shows them: tokens redacted (anything shaped like a JWT, and any
 * `token` field), and what travels encoded made readable beside it — an ISO 20022 message's XML, a
 * signed quotation's or exchange's JSON.
 */
import type { ActivityEntry } from '../activity/activity-log.ts';

const JWT = /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/;
const TOKEN_FIELDS = new Set(['token', 'access_token', 'refresh_token', 'authorization']);
export const REDACTED = '(token redacted)';

export function presentEntry(entry: ActivityEntry): unknown {
  if (entry.kind !== 'call') return readable(entry);
  // An answer is kept as the text sent (activity-log.ts); shown as the data it is, like any other.
  const { answerJson, ...call } = entry;
  const answer = JSON.parse(answerJson) as unknown;
  return readable({ ...call, caller: callerOf(entry, answer), answer });
}

/** Why a call has no member: the token's refusal, in words. */
const REFUSED_TOKENS: Readonly<Record<string, string>> = {
  'AUTH-MISSING-TOKEN': '(no token)',
  'AUTH-INVALID-TOKEN': '(invalid token)',
  'AUTH-EXPIRED-TOKEN': '(expired token)',
  'AUTH-REVOKED-TOKEN': '(revoked token)',
  'AUTH-MEMBER-BLOCKED': '(token of a blocked or unknown member)',
};

/** Who made a call, as the sequence view names it: the member, or why the token named none (the refusal's `answer`). */
function callerOf(entry: ActivityEntry & { kind: 'call' }, answer: unknown): string {
  if (entry.member !== undefined) return entry.member;
  const code = (answer as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && REFUSED_TOKENS[code]) || '(caller not identified)';
}

function readable(value: unknown, key?: string): unknown {
  if (typeof value === 'string')
    return key !== undefined && TOKEN_FIELDS.has(key.toLowerCase()) ? REDACTED : JWT.test(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => readable(item));
  if (value === null || typeof value !== 'object') return value;
  const shown: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    shown[name] = readable(item, name);
    const decoded = decodedOf(name, item);
    if (decoded !== undefined) shown[`${name} (decoded)`] = decoded;
  }
  return shown;
}

function decodedOf(name: string, value: unknown): unknown {
  if (typeof value !== 'string' || value.length > 512 * 1024) return undefined;
  if (name === 'financial_message_data') return Buffer.from(value, 'base64').toString('utf8');
  if (name === 'quotation_payload' || name === 'exchange_payload') {
    try {
      return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
