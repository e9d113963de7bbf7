import type { RawAnswer, RawFailure } from './raw-http.ts';
import type { FuzzRequest } from './wire.ts';

/**
 * What every answer to a defective request must be (semantics §14): a 4xx, never a 5xx, a hang or a
 * dropped connection, with the spec's error body (long_message, short_message, an integer timestamp),
 * in JSON. A HEAD answer has no body by definition, so only its status counts.
 */
export function answerProblem(request: FuzzRequest, answer: RawAnswer | RawFailure): string | undefined {
  if (answer.kind === 'failure') return `${answer.reason}: ${answer.detail}`;
  const text = answer.body.toString('utf8');
  if (answer.status < 400 || answer.status > 499)
    return `answered ${answer.status}, expected a 4xx: ${text.slice(0, 300)}`;
  if (request.method === 'HEAD' && !request.wire) return undefined;
  if (!/^application\/json\b/i.test(answer.headers['content-type'] ?? ''))
    return `answered ${answer.status} with content-type ${answer.headers['content-type'] ?? '(none)'}: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${answer.status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const error = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const missing = [
    typeof error.long_message === 'string' ? undefined : 'long_message',
    typeof error.short_message === 'string' ? undefined : 'short_message',
    Number.isInteger(error.timestamp) ? undefined : 'an integer timestamp',
  ].filter((field) => field !== undefined);
  return missing.length > 0
    ? `answered ${answer.status} with an error body without ${missing.join(', ')}: ${text.slice(0, 200)}`
    : undefined;
}
