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
  const query = target.indexOf('?');
  return dotSegment.test(query === -1 ? target : target.slice(0, query));
}

/** A whole segment (between slashes, or at either end) of one or two dots, each `.` or `%2e`. One test, not a split per call. */
const dotSegment = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;
