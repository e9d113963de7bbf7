import type { HttpResult } from './http.ts';

/**
 * A read's 200 answer as the JSON its caller can learn from, or null when it says nothing (another
 * status, no answer, a body that is not JSON of that shape). For the reads made before any check
 * (preflight.ts, reading-detection.ts), which judge nothing of the target: what they cannot read, the
 * checks judge.
 */

/** A listing: a JSON array of objects. */
export function listIn(result: HttpResult): Array<Record<string, unknown>> | null {
  const body = jsonOf(result);
  return Array.isArray(body) && body.every((entry) => typeof entry === 'object' && entry !== null)
    ? (body as Array<Record<string, unknown>>)
    : null;
}

/** One JSON object. */
export function objectIn(result: HttpResult): Record<string, unknown> | null {
  const body = jsonOf(result);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

function jsonOf(result: HttpResult): unknown {
  if (result.kind === 'failure' || result.status !== 200) return undefined;
  try {
    return JSON.parse(result.bodyText) as unknown;
  } catch {
    return undefined;
  }
}
