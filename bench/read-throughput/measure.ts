/**
 * bench/read-throughput/: requests per second of the simulator on read endpoints, against a bare Hono
 * app on the same server library serving the same JSON body, in the same run, under the same load.
 * The ratio (simulator / bare) is what the goal is about (architecture.md, Performance: >= 0.8); the
 * absolute figures only compare runs on one machine.
 *
 * Both servers are child processes (see ../servers/server-process.ts) and get byte-identical requests,
 * bearer token included. Rounds alternate which server goes first, so a drift in machine load does not
 * always fall on the same one.
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import type { Measurement } from '../record/history.ts';
import { latencyPercentiles, type LatencyPercentiles } from '../latency.ts';
import {
  BARE_HONO_CHILD,
  cpuProfileFlags,
  SIMULATOR_CHILD,
  startServerProcess,
  type ServerProcess,
} from '../servers/server-process.ts';
import { issueToken } from '../servers/simulator-tokens.ts';
import { OptionError } from '../option-error.ts';
import { median } from '../median.ts';
import type { EndpointId } from '../../schemas/endpoints.ts';
import { endpointRequest, type RequestArgs } from '../../schemas/request.ts';

/** A read of one catalogue endpoint: its id, and the path the load generator requests (schemas/request.ts). */
function read<Id extends EndpointId>(id: Id, ...inputs: RequestArgs<Id>): { id: Id; path: string } {
  return { id, path: endpointRequest(id, ...inputs).path };
}

/** Reads of the demo network that every market maker may make. */
const READ_ENDPOINTS = [
  read('member.listDigitalAccounts'),
  read('member.getMember', { path: { member_identification: 'mm-singapore' } }),
  read('member.listPaymentPoints', { query: { country_code: 'DE' } }),
];
const CALLER = 'mm-london';

interface Settings {
  duration_s: number;
  warmup_s: number;
  connections: number;
  pipelining: 1;
  rounds: number;
  caller: string;
  load_generator: string;
  /** Directory of the servers' `--cpu-prof` profiles (`simulator/`, `bare/`), when asked for. */
  server_cpu_profile?: string;
}

/** One timed phase of one server on one endpoint. */
interface Phase {
  requests: number;
  requests_per_s: number;
  latency_ms: LatencyPercentiles;
  /** The server's own CPU time per answered request: independent of whether the generator kept up. */
  server_cpu_us_per_request: number;
  /** Share of one core the server used; well below 1 means the load generator, not the server, limited. */
  server_cpu_share: number;
  rss_before_bytes: number;
  rss_after_bytes: number;
  heap_used_before_bytes: number;
  heap_used_after_bytes: number;
}

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '4' },
      'profile-server': { type: 'string' },
    },
  });
  const settings: Settings = {
    duration_s: positive(values.duration, 'duration'),
    warmup_s: positive(values.warmup, 'warmup'),
    connections: positive(values.connections, 'connections'),
    pipelining: 1,
    rounds: positive(values.rounds, 'rounds'),
    caller: CALLER,
    load_generator: 'autocannon, in the benchmark process; each server in its own child process',
    ...(values['profile-server'] ? { server_cpu_profile: values['profile-server'] } : {}),
  };
  const profiles = settings.server_cpu_profile;
  const simulator = await startServerProcess(SIMULATOR_CHILD, cpuProfileFlags(profiles && `${profiles}/simulator`));
  const bare = await startServerProcess(BARE_HONO_CHILD, cpuProfileFlags(profiles && `${profiles}/bare`));
  try {
    const simulatorAtStart = await simulator.sample();
    const endpoints = [];
    for (const endpoint of READ_ENDPOINTS) endpoints.push(await measureEndpoint(endpoint, simulator, bare, settings));
    const simulatorAtEnd = await simulator.sample();
    const figures = {
      endpoints,
      lowest_ratio: Math.min(...endpoints.map((endpoint) => endpoint.ratio)),
      goal_ratio: 0.8,
      simulator_rss_bytes: { start: simulatorAtStart.rss_bytes, end: simulatorAtEnd.rss_bytes },
      simulator_heap_used_bytes: { start: simulatorAtStart.heap_used_bytes, end: simulatorAtEnd.heap_used_bytes },
    };
    const summary = endpoints.map(
      (endpoint) =>
        `${endpoint.path}: simulator ${endpoint.simulator.requests_per_s.toFixed(0)} req/s (p50 ${endpoint.simulator.latency_ms.p50} ms, p99 ${endpoint.simulator.latency_ms.p99} ms, ` +
        `${endpoint.simulator.server_cpu_us_per_request.toFixed(1)} µs CPU/req), bare ${endpoint.bare.requests_per_s.toFixed(0)} req/s ` +
        `(${endpoint.bare.server_cpu_us_per_request.toFixed(1)} µs CPU/req): ratio ${endpoint.ratio.toFixed(3)}, CPU ratio ${endpoint.cpu_ratio.toFixed(3)}`,
    );
    summary.push(
      `lowest ratio ${figures.lowest_ratio.toFixed(3)} (goal >= ${figures.goal_ratio}); simulator RSS ${mb(simulatorAtStart.rss_bytes)} -> ${mb(simulatorAtEnd.rss_bytes)} MB`,
    );
    return { settings: { ...settings }, figures, summary };
  } finally {
    await Promise.all([simulator.stop(), bare.stop()]);
  }
}

async function measureEndpoint(
  endpoint: { id: string; path: string },
  simulator: ServerProcess,
  bare: ServerProcess,
  settings: Settings,
) {
  const headers = { authorization: `Bearer ${await issueToken(simulator.url, CALLER)}` };
  const response = await fetch(`${simulator.url}${endpoint.path}`, { headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${endpoint.path} answered ${response.status}: ${body}`);
  await bare.serve(JSON.parse(body));
  const bareBody = await (await fetch(`${bare.url}${endpoint.path}`)).text();
  if (bareBody !== body) throw new Error(`the bare app does not serve the simulator's body for ${endpoint.path}`);

  const rounds: { simulator: Phase; bare: Phase }[] = [];
  for (let round = 0; round < settings.rounds; round += 1) {
    // Alternate which server goes first, so that a change of machine load falls on both alike.
    const bareFirst = round % 2 === 0;
    const first = await measurePhase(bareFirst ? bare : simulator, endpoint.path, headers, settings);
    const second = await measurePhase(bareFirst ? simulator : bare, endpoint.path, headers, settings);
    rounds.push(bareFirst ? { bare: first, simulator: second } : { simulator: first, bare: second });
  }
  const simulatorPhases = rounds.map((round) => round.simulator);
  const barePhases = rounds.map((round) => round.bare);
  // Each round's two phases ran back to back, under much the same machine load: their ratio is the
  // comparison, and the median of the rounds' ratios shrugs off a round that a load spike spoiled.
  const roundRatios = rounds.map((round) => round.simulator.requests_per_s / round.bare.requests_per_s);
  const roundCpuRatios = rounds.map(
    (round) => round.bare.server_cpu_us_per_request / round.simulator.server_cpu_us_per_request,
  );
  return {
    id: endpoint.id,
    path: endpoint.path,
    body_bytes: Buffer.byteLength(body),
    ratio: median(roundRatios),
    /** The same comparison by the servers' own CPU time per request (bare / simulator), which load disturbs less. */
    cpu_ratio: median(roundCpuRatios),
    round_ratios: roundRatios,
    simulator: { ...summarise(simulatorPhases), rounds: simulatorPhases },
    bare: { ...summarise(barePhases), rounds: barePhases },
  };
}

/** A warm-up, then the timed phase, with the server sampled just before and after it. */
async function measurePhase(
  server: ServerProcess,
  path: string,
  headers: Record<string, string>,
  settings: Settings,
): Promise<Phase> {
  const load = {
    url: `${server.url}${path}`,
    headers,
    connections: settings.connections,
    pipelining: settings.pipelining,
  };
  await autocannon({ ...load, duration: settings.warmup_s });
  const before = await server.sample();
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ ...load, duration: settings.duration_s }, (error: unknown, done) =>
      error ? reject(error) : resolve(done),
    );
    // autocannon's own histogram keeps whole milliseconds; its per-response times are finer.
    run.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const after = await server.sample();
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(
      `${server.url}${path}: ${result.errors} errors and ${result.non2xx} non-2xx answers during the run`,
    );
  const requests = result['2xx'];
  const cpuUs = after.cpu_us - before.cpu_us;
  return {
    requests,
    requests_per_s: requests / result.duration,
    latency_ms: latencyPercentiles(latencies),
    server_cpu_us_per_request: cpuUs / requests,
    server_cpu_share: cpuUs / 1e6 / result.duration,
    rss_before_bytes: before.rss_bytes,
    rss_after_bytes: after.rss_bytes,
    heap_used_before_bytes: before.heap_used_bytes,
    heap_used_after_bytes: after.heap_used_bytes,
  };
}

/** The rounds of one server on one endpoint: mean rate and CPU, the worst round's percentiles. */
function summarise(phases: Phase[]) {
  return {
    requests_per_s: mean(phases.map((phase) => phase.requests_per_s)),
    latency_ms: {
      p50: Math.max(...phases.map((phase) => phase.latency_ms.p50)),
      p90: Math.max(...phases.map((phase) => phase.latency_ms.p90)),
      p99: Math.max(...phases.map((phase) => phase.latency_ms.p99)),
    },
    server_cpu_us_per_request: mean(phases.map((phase) => phase.server_cpu_us_per_request)),
    server_cpu_share: mean(phases.map((phase) => phase.server_cpu_share)),
  };
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function mb(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}

function positive(value: string | undefined, name: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new OptionError(`--${name} must be a positive number; got "${value}"`);
  return parsed;
}
