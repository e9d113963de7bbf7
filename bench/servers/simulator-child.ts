// The simulator as the benchmarks see it: a real socket (@hono/node-server), the demo network.
// `--retention name=count,...` sets its history bounds, as `dss sim --retention` does.
import { parseArgs } from 'node:util';
import { parseRetention } from '../../simulator/retention/retention.ts';
import { startSimulator } from '../../simulator/server.ts';
import { runAsChild } from './in-child.ts';

const { values } = parseArgs({ options: { retention: { type: 'string', default: '' } } });
await runAsChild(() => startSimulator({ port: 0, host: '127.0.0.1', retention: parseRetention(values.retention) }));
