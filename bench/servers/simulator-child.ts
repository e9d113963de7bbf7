// The simulator as the benchmarks see it: a real socket (@hono/node-server), the demo network, and the
// compiled kit in dist/ that `dss sim` runs, brought up to date first as `dss` does (bin/build.js).
// Not the TypeScript sources through tsx: tsx compiles with esbuild's keepNames, which wraps every named
// closure in an Object.defineProperty per call, and none of that is in what a user runs (side by side,
// 20-40 % more CPU per flow under tsx: bench/results/NOTES.md, "How the simulator benchmarks are set up").
// `--retention name=count,...` sets its history bounds, as `dss sim --retention` does.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runAsChild } from './in-child.ts';

const build = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('../../bin/build.js', import.meta.url)), '--if-stale'],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
if (build.status !== 0) throw new Error(`bin/build.js --if-stale failed (exit ${build.status})`);

// Paths held in variables: the compiled modules have the sources' types, but no declarations of their own.
const compiled = (path: string) => new URL(`../../dist/simulator/${path}`, import.meta.url).href;
const { parseRetention } = (await import(
  compiled('retention/retention.js')
)) as typeof import('../../simulator/retention/retention.ts');
const { startSimulator } = (await import(compiled('server.js'))) as typeof import('../../simulator/server.ts');
const { boundHeapGrowth } = (await import(
  compiled('heap-growth.js')
)) as typeof import('../../simulator/heap-growth.ts');

const { values } = parseArgs({ options: { retention: { type: 'string', default: '' } } });
// As `dss sim` does.
boundHeapGrowth();
await runAsChild(() => startSimulator({ port: 0, host: '127.0.0.1', retention: parseRetention(values.retention) }));
