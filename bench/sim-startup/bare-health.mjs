// The floor of `dss sim`'s start (bench/sim-startup): Node starting, loading Hono and @hono/node-server,
// and serving GET /sim/health on the port given, nothing else. Plain JavaScript, as `dss sim` runs
// compiled code: no loader in either.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/sim/health', (c) => c.json({ status: 'ok' }));
serve({ fetch: app.fetch, port: Number(process.argv[2]), hostname: '127.0.0.1' });
