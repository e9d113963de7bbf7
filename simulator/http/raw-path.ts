import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * Whether the request target, as the client sent it, has a `.` or `..` segment (also percent-encoded).
 * The URL the app sees has them resolved away (`/digital-accounts/.` becomes `/digital-accounts/`), so
 * a request naming account "." would be answered as the account list: such a path names no endpoint.
 * Only a request that came over a socket carries its raw target; an in-process one has none to check.
 */
export function hasDotSegment(c: Context): boolean {
  const target = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.url;
  if (target === undefined) return false;
  const path = target.split('?', 1)[0] ?? '';
  return path.split('/').some((segment) => dotSegment.test(segment));
}

const dotSegment = /^(?:\.|%2e){1,2}$/i;
