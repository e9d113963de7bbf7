// The baseline: a bare Hono app on @hono/node-server that answers every GET with one fixed JSON body,
// serialised per call as the simulator's are (c.json), so only the simulator's own work differs; and
// every POST by reading its body from Node's request (as the simulator does), parsing it as JSON and
// answering it back (the floor benchmark's cost of a POST).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runAsChild } from './in-child.ts';
import { readBody } from './read-body.ts';

await runAsChild(async () => {
  let body: unknown = {};
  const app = new Hono<{ Bindings: { incoming: IncomingMessage } }>();
  app.get('*', (c) => c.json(body as object));
  app.post('*', async (c) => c.json(JSON.parse((await readBody(c.env.incoming)).toString('utf8')) as object));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (next) => {
      body = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
