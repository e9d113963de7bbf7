import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * A request header, read from Node's own request where there is one. @hono/node-server builds the
 * Fetch `Headers` of a request only when something first reads them (`c.req.header`), and building
 * them (undici checks every name and value again) cost more than routing a read call. Node's parser
 * has already refused invalid names and values, so the raw list is read as it is. Repeated headers
 * are joined with ", ", as `Headers.get` joins them, so the answer is the same either way (Node's
 * own `incoming.headers` would keep only the first `Authorization`). Without a Node request
 * (`app.request` in tests) the Fetch request is read.
 *
 * @param name in lower case
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name)
      value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}
