// The simulator as the benchmarks see it: a real socket (@hono/node-server), the demo network.
import { startSimulator } from '../../simulator/server.ts';
import { runAsChild } from './in-child.ts';

await runAsChild(() => startSimulator({ port: 0, host: '127.0.0.1' }));
