/**
 * bench/flows/: what the flow benchmarks (funding-flows, exchange-flows, payment-flows) share. This file
 * is how each of them runs: the simulator in a child process (bench/servers/), the clients in this one,
 * one client per lane running complete flows back to back; a warm-up, then a timed phase between two
 * samples of the simulator's CPU and memory (taken inside it); and at the end a check that every lane's
 * balances moved by exactly the flows it completed, which fails the run otherwise. A benchmark says
 * what a lane is, how to set the lanes up, what one flow is and what its balances must be.
 */
import { parseArgs } from 'node:util';
import { latencyPercentiles } from '../latency.ts';
import type { Measurement } from '../record/history.ts';
import {
  cpuProfileFlags,
  SIMULATOR_CHILD,
  startServerProcess,
  type ProcessSample,
  type ServerProcess,
} from '../servers/server-process.ts';
import { SimulatorApi } from './simulator-api.ts';
import { OptionError } from '../option-error.ts';

export interface Lane {
  /** Flows completed on this lane, warm-up included: what its balances must show at the end. */
  flows: number;
}

/** The lanes a benchmark set up, and what it does on them. */
export interface FlowWorkload<L extends Lane> {
  lanes: L[];
  /** One complete flow on `lane`; throws unless every step succeeded. */
  flow(lane: L): Promise<void>;
  /** Throws unless the lane's balances moved by exactly its `flows`. */
  checkLane(lane: L): Promise<void>;
}

export interface FlowBenchmark<L extends Lane> {
  /** What a flow is, for the summary line ("funding", "quotation-to-exchange", ...). */
  kind: string;
  callsPerFlow: number;
  /** At most one client per lane. */
  maxClients: number;
  /** `--amount`, in whole units: its name in the recorded settings, its default and its largest value. */
  amount: { setting: string; default: number; max: number };
  /** Recorded with the run's settings (e.g. an exchange's rate). */
  settings?: Record<string, unknown>;
  /** Makes `clients` lanes through the API and the control plane; not timed. */
  setUp(api: SimulatorApi, clients: number, amount: number): Promise<FlowWorkload<L>>;
}

/** Runs `benchmark` with the options in `args`: `--duration`, `--warmup`, `--clients`, `--amount`, `--profile-server`. */
export async function measureFlows<L extends Lane>(args: string[], benchmark: FlowBenchmark<L>): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '3' },
      clients: { type: 'string', default: '8' },
      amount: { type: 'string', default: String(benchmark.amount.default) },
      'profile-server': { type: 'string' },
      interval: { type: 'string', default: '5' },
      'node-flags': { type: 'string', default: '' },
    },
  });
  const intervalS = whole(values.interval, 'interval', 3600);
  const clients = whole(values.clients, 'clients', benchmark.maxClients);
  const amount = whole(values.amount, 'amount', benchmark.amount.max);
  const settings = {
    duration_s: whole(values.duration, 'duration', 3600),
    warmup_s: whole(values.warmup, 'warmup', 3600),
    clients,
    [benchmark.amount.setting]: amount,
    calls_per_flow: benchmark.callsPerFlow,
    ...benchmark.settings,
    load_generator: 'fetch (undici, keep-alive) in the benchmark process; the simulator in a child process',
    ...(values['profile-server'] ? { server_cpu_profile: values['profile-server'] } : {}),
  };
  const nodeFlags = values['node-flags'].split(' ').filter((flag) => flag !== '');
  const simulator = await startServerProcess(SIMULATOR_CHILD, [
    ...cpuProfileFlags(values['profile-server'] && `${values['profile-server']}/simulator`),
    ...nodeFlags,
  ]);
  try {
    const workload = await benchmark.setUp(new SimulatorApi(simulator.url), clients, amount);
    // CPU per flow over each interval, warm-up included: the warm-up is long enough once it stops falling.
    const intervals = watchIntervals(simulator, workload, intervalS * 1000);
    await runFlows(workload, settings.warmup_s * 1000, []);
    const latencies: number[] = [];
    const {
      flows,
      elapsedS,
      serverCpuUs: cpuUs,
      clientCpuUs,
      before,
      after,
    } = await timedPhase(simulator, workload, settings.duration_s * 1000, latencies);
    const cpuPerInterval = await intervals.stop();
    for (const lane of workload.lanes) await workload.checkLane(lane);

    const figures = {
      flows,
      flows_per_s: flows / elapsedS,
      calls_per_s: (flows * benchmark.callsPerFlow) / elapsedS,
      flow_latency_ms: latencyPercentiles(latencies),
      server_cpu_ms_per_flow: cpuUs / 1000 / flows,
      server_cpu_share: cpuUs / 1e6 / elapsedS,
      // The clients' own CPU: what ran on the other core beside the simulator (see bench/floor-flows/).
      client_cpu_ms_per_flow: clientCpuUs / 1000 / flows,
      rss_before_bytes: before.rss_bytes,
      rss_after_bytes: after.rss_bytes,
      heap_used_before_bytes: before.heap_used_bytes,
      heap_used_after_bytes: after.heap_used_bytes,
      interval_s: intervalS,
      cpu_ms_per_flow_by_interval: cpuPerInterval,
    };
    const summary = [
      `${flows} ${benchmark.kind} flows in ${elapsedS.toFixed(1)} s with ${clients} clients: ${figures.flows_per_s.toFixed(1)} flows/s (${figures.calls_per_s.toFixed(0)} calls/s); ` +
        `flow p50 ${figures.flow_latency_ms.p50} ms, p90 ${figures.flow_latency_ms.p90} ms, p99 ${figures.flow_latency_ms.p99} ms; ` +
        `simulator ${figures.server_cpu_ms_per_flow.toFixed(2)} ms CPU/flow (clients ${figures.client_cpu_ms_per_flow.toFixed(2)}), RSS ${mb(before.rss_bytes)} -> ${mb(after.rss_bytes)} MB`,
      `CPU ms per flow by ${intervalS} s interval from the warm-up's start: ${cpuPerInterval.map((ms) => ms.toFixed(2)).join(' ')}`,
    ];
    return { settings, figures, summary };
  } finally {
    await simulator.stop();
  }
}

/** One timed phase of flows: what the server (sampled inside it) and the clients (this process) spent on it. */
export interface TimedPhase {
  flows: number;
  elapsedS: number;
  serverCpuUs: number;
  clientCpuUs: number;
  before: ProcessSample;
  after: ProcessSample;
}

/** Runs `workload`'s flows against `server` for `durationMs`, between two samples of the server. */
export async function timedPhase(
  server: ServerProcess,
  workload: Pick<FlowWorkload<Lane>, 'lanes' | 'flow'>,
  durationMs: number,
  latencies: number[],
): Promise<TimedPhase> {
  const before = await server.sample();
  const started = performance.now();
  const clientBefore = process.cpuUsage();
  const flows = await runFlows(workload, durationMs, latencies);
  const client = process.cpuUsage(clientBefore);
  const elapsedS = (performance.now() - started) / 1000;
  const after = await server.sample();
  return {
    flows,
    elapsedS,
    serverCpuUs: after.cpu_us - before.cpu_us,
    clientCpuUs: client.user + client.system,
    before,
    after,
  };
}

/** Samples the simulator every `everyMs` and answers, on stop, its CPU ms per flow completed in each interval. */
export function watchIntervals(
  simulator: ServerProcess,
  workload: { lanes: Lane[] },
  everyMs: number,
): { stop(): Promise<number[]> } {
  const flowsSoFar = () => workload.lanes.reduce((sum, lane) => sum + lane.flows, 0);
  const perInterval: number[] = [];
  let stopped = false;
  const done = (async () => {
    let last = { sample: await simulator.sample(), flows: flowsSoFar() };
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      if (stopped) break;
      const now = { sample: await simulator.sample(), flows: flowsSoFar() };
      const flows = now.flows - last.flows;
      if (flows > 0) perInterval.push((now.sample.cpu_us - last.sample.cpu_us) / 1000 / flows);
      last = now;
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return perInterval;
    },
  };
}

/** Every lane runs flows back to back until the time is up; answers the flows completed. */
export async function runFlows<L extends Lane>(
  workload: Pick<FlowWorkload<L>, 'lanes' | 'flow'>,
  durationMs: number,
  latencies: number[],
): Promise<number> {
  const deadline = performance.now() + durationMs;
  const perLane = await Promise.all(
    workload.lanes.map(async (lane) => {
      let completed = 0;
      while (performance.now() < deadline) {
        const started = performance.now();
        await workload.flow(lane);
        latencies.push(performance.now() - started);
        lane.flows += 1;
        completed += 1;
      }
      return completed;
    }),
  );
  return perLane.reduce((sum, count) => sum + count, 0);
}

export function whole(value: string | undefined, name: string, max: number): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > max)
    throw new OptionError(`--${name} must be a whole number from 1 to ${max}; got "${value}"`);
  return parsed;
}

function mb(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}
