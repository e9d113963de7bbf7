/**
 * bench/sim-startup/: how soon `dss sim` serves, from the launch of the command to the first
 * `GET /sim/health` answered 200, and the simulator's RSS then (issue 13.4: under a second on a quiet
 * machine). Each launch is a new process on a fixed free port, polled every 5 ms. `--kit DIR` measures
 * another checkout of the kit (an older commit, say) in the same run. Beside it, launch by launch, its
 * floor: a bare Hono app serving only that route (bare-health.mjs), Node's and Hono's own start.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Measurement } from '../record/history.ts';
import { readFileSync } from 'node:fs';
import { kitRoot, rssMb } from '../kit/kit-process.ts';
import { OptionError } from '../option-error.ts';

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: { launches: { type: 'string', default: '5' }, kit: { type: 'string' } },
  });
  const launches = Number(values.launches);
  if (!Number.isSafeInteger(launches) || launches < 1)
    throw new OptionError(`--launches must be a positive whole number; got "${values.launches}"`);
  const root = kitRoot(values.kit);
  const simulator = (port: number) => [join(root, 'bin/dss.js'), 'sim', '--port', String(port)];
  const floor = (port: number) => [BARE_HEALTH, String(port)];
  // A first launch of each, untimed: it brings the kit's compiled code up to date and warms the file cache.
  await launch(simulator, root);
  await launch(floor, root);
  const samples = [];
  const floorSamples = [];
  for (let index = 0; index < launches; index += 1) {
    samples.push(await launch(simulator, root));
    floorSamples.push(await launch(floor, root));
  }
  const figures = {
    ...medians(samples),
    floor: {
      command: 'node bench/sim-startup/bare-health.mjs <port>',
      ...medians(floorSamples),
      samples: floorSamples,
    },
    samples,
  };
  const ratio = (figures.healthy_ms.median ?? NaN) / (figures.floor.healthy_ms.median ?? NaN);
  return {
    settings: { kit: values.kit ?? 'this checkout', command: 'dss sim --port <free port>', launches },
    figures: { ...figures, healthy_ratio_to_floor: ratio },
    summary: [
      `launch to GET /sim/health 200: median ${figures.healthy_ms.median?.toFixed(0)} ms (min ${figures.healthy_ms.min?.toFixed(0)}, max ${figures.healthy_ms.max?.toFixed(0)}), CPU ${figures.cpu_ms_median?.toFixed(0)} ms, RSS ${figures.rss_mb_median?.toFixed(0)} MB`,
      `its floor, a bare Hono app: median ${figures.floor.healthy_ms.median?.toFixed(0)} ms, CPU ${figures.floor.cpu_ms_median?.toFixed(0)} ms, RSS ${figures.floor.rss_mb_median?.toFixed(0)} MB: dss sim ${ratio.toFixed(2)}x`,
    ],
  };
}

/** The floor's server: Node, Hono and the health route only. */
const BARE_HEALTH = fileURLToPath(new URL('bare-health.mjs', import.meta.url));

interface LaunchSample {
  healthy_ms: number;
  cpu_ms: number;
  rss_mb: number;
}

function medians(samples: LaunchSample[]) {
  const sorted = (pick: (sample: LaunchSample) => number) => samples.map(pick).sort((a, b) => a - b);
  const middle = Math.floor(samples.length / 2);
  const healthy = sorted((sample) => sample.healthy_ms);
  return {
    healthy_ms: { min: healthy[0], median: healthy[middle], max: healthy[healthy.length - 1] },
    rss_mb_median: sorted((sample) => sample.rss_mb)[middle],
    // CPU the process used until healthy: what the start costs whatever else the machine does (on a
    // loaded machine the wall time is mostly waiting for a core).
    cpu_ms_median: sorted((sample) => sample.cpu_ms)[middle],
  };
}

async function launch(args: (port: number) => string[], root: string): Promise<LaunchSample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args(port), { cwd: root, stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    const deadline = started + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${args(port).join(' ')} exited ${child.exitCode} before it answered`);
      if (performance.now() > deadline)
        throw new Error(`${args(port).join(' ')} did not answer GET /sim/health within 60 s`);
      const status = await fetch(`http://127.0.0.1:${port}/sim/health`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((done) => setTimeout(done, 5));
    }
    const healthyMs = performance.now() - started;
    return { healthy_ms: healthyMs, cpu_ms: cpuMs(child.pid ?? 0), rss_mb: rssMb(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** User and system CPU of a live process so far, in ms (Linux: /proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
