/**
 * soak: does the simulator stay flat under endless traffic? Exchanges and payments at full speed on
 * one simulator (the clients of exchange-flows and payment-flows side by side, half the lanes each),
 * for `--minutes`. Every minute, inside the simulator after a forced garbage collection: heap used,
 * array buffers and RSS, and CPU ms per flow over that minute; then RSS again after V8's
 * memory-reducing collection, which returns the pages the first one kept (bench/servers/protocol.ts). Goal (issue 13): after minute 5, memory
 * within ±50 MB and CPU per flow within ±10 % of minute 5 (a run under 10 minutes compares with minute
 * 1 instead). On a shared machine a minute's CPU per flow follows the host's speed more than the
 * simulator's (bench/results/NOTES.md, "soak"), so the run also fits a line through the minutes from the
 * reference on and gives its slope per 10 minutes with a 95 % confidence interval: the drift the run
 * can rule out. At the end every lane's balances must have moved by exactly its flows, as in the flow
 * benchmarks. Each minute also reads what every store dropped (`GET /sim/retention`): the run says when
 * every bound was reached and judges the RSS plateau after it by issue 31's targets (bounds.ts).
 */
import { parseArgs } from 'node:util';
import { exchangeBenchmark } from '../exchange-flows/measure.ts';
import type { FlowWorkload, Lane } from '../flows/flow-run.ts';
import { SimulatorApi } from '../flows/simulator-api.ts';
import { paymentBenchmark } from '../payment-flows/measure.ts';
import type { Measurement } from '../record/history.ts';
import { HEAP_GROWING_PERCENT, heapGrowthGiven } from '../../simulator/heap-growth.ts';
import { SIMULATOR_CHILD, startServerProcess, type ProcessSample } from '../servers/server-process.ts';
import { linearTrend } from './trend.ts';
import {
  droppedByStore,
  PLATEAU_BAND_MB,
  PLATEAU_BAND_MINUTES,
  PLATEAU_RSS_MAX_MB,
  plateauOf,
  type SoakStore,
} from './bounds.ts';
import { OptionError } from '../option-error.ts';

interface Minute {
  minute: number;
  flows: { exchange: number; payment: number };
  /** Simulator CPU over the minute divided by the flows settled in it (both kinds). */
  cpu_ms_per_flow: number;
  cpu_share: number;
  heap_used_mb: number;
  /** What V8 holds for its heap, used or not: RSS that grows while heap used does not is often here. */
  heap_total_mb: number;
  array_buffers_mb: number;
  rss_mb: number;
  /** After the memory-reducing collection that follows: what the process holds and cannot give back. */
  heap_total_reduced_mb: number;
  rss_reduced_mb: number;
  /** V8's heap spaces after that collection: committed / used MB. */
  heap_spaces_reduced_mb: Record<string, [number, number]>;
  /** What each store the soak grows had dropped by the end of the minute (`GET /sim/retention`): > 0 once its bound is reached. */
  dropped: Record<SoakStore, number>;
}

/**
 * The simulator's history bounds in a soak (`--retention` to change them): small enough that a run of
 * minutes on a busy machine reaches them all, so that a flat memory shows the bounds at work, not a run
 * too short to fill the stores. `--retention defaults` runs with the simulator's own (docs/semantics.md),
 * which a run at full speed reaches within minutes.
 */
const SOAK_RETENTION =
  'quotations=2000,gatewayMessages=500,ledgerTransactions=5000,notifications=500,payments=2000,messageIdentifiers=5000';
/** `--retention defaults`: the simulator's own bounds (simulator/retention/retention.ts), as `dss sim` keeps them. */
const DEFAULTS = 'defaults';

/** Manager tokens live 15 simulated minutes; renewed well before. */
const TOKEN_RENEWAL_MS = 10 * 60_000;

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      minutes: { type: 'string', default: '3' },
      clients: { type: 'string', default: '8' },
      retention: { type: 'string', default: SOAK_RETENTION },
      'v8-flags': { type: 'string', default: '' },
    },
  });
  const minutes = Number(values.minutes);
  const clients = Number(values.clients);
  if (!Number.isSafeInteger(minutes) || minutes < 1 || minutes > 24 * 60)
    throw new OptionError(`--minutes must be a whole number from 1 to 1440; got "${values.minutes}"`);
  if (!Number.isSafeInteger(clients) || clients < 2 || clients > 64 || clients % 2 !== 0)
    throw new OptionError(`--clients must be an even number from 2 to 64; got "${values.clients}"`);
  // V8 flags for the simulator (`--v8-flags '--compact-on-every-full-gc'`, say), to try how the heap keeps its pages.
  const v8Flags = values['v8-flags'].split(' ').filter(Boolean);
  // The simulator child bounds its heap growth as `dss sim` does, unless the flags above set it.
  const heapGrowingPercent = heapGrowthGiven(v8Flags) ? 'as v8_flags set it' : HEAP_GROWING_PERCENT;
  const settings = {
    minutes,
    clients,
    retention: values.retention,
    v8_flags: v8Flags,
    heap_growing_percent: heapGrowingPercent,
    exchange_clients: clients / 2,
    payment_clients: clients / 2,
    amount: 10,
    sample:
      'each minute, inside the simulator, after a forced GC (--expose-gc), then RSS again after a memory-reducing GC',
  };

  const simulator = await startServerProcess(
    SIMULATOR_CHILD,
    ['--expose-gc', ...v8Flags],
    ['--retention', values.retention === DEFAULTS ? '' : values.retention],
  );
  try {
    const api = new SimulatorApi(simulator.url);
    const exchange = await exchangeBenchmark.setUp(api, clients / 2, settings.amount);
    const payment = await paymentBenchmark.setUp(api, clients / 2, settings.amount);
    const flowsOf = (workload: FlowWorkload<Lane>) => workload.lanes.reduce((sum, lane) => sum + lane.flows, 0);

    const start = Date.now();
    const deadline = start + minutes * 60_000;
    const running = [run(exchange, deadline), run(payment, deadline)];
    const renewal = setInterval(() => void api.renewTokens(), TOKEN_RENEWAL_MS);
    const record: Minute[] = [];
    let last = { sample: await simulator.sample('memory-reducing'), exchange: 0, payment: 0, at: Date.now() };
    for (let minute = 1; minute <= minutes; minute += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + minute * 60_000 - Date.now())));
      const counts = { exchange: flowsOf(exchange), payment: flowsOf(payment) };
      const sample = await simulator.sample('forced');
      const at = Date.now();
      // Taken after the CPU of the minute was read: the minute's CPU holds one forced collection, as before.
      const reduced = await simulator.sample('memory-reducing');
      const dropped = droppedByStore((await api.retention()).dropped);
      const flows = { exchange: counts.exchange - last.exchange, payment: counts.payment - last.payment };
      const cpuMs = (sample.cpu_us - last.sample.cpu_us) / 1000;
      const entry = {
        minute,
        flows,
        cpu_ms_per_flow: cpuMs / Math.max(1, flows.exchange + flows.payment),
        cpu_share: cpuMs / (at - last.at),
        ...memory(sample),
        heap_total_reduced_mb: mb(reduced.heap_total_bytes),
        rss_reduced_mb: mb(reduced.rss_bytes),
        heap_spaces_reduced_mb: spacesOf(reduced),
        dropped,
      };
      record.push(entry);
      console.log(
        `minute ${minute}: ${flows.exchange} exchanges + ${flows.payment} payments, ${entry.cpu_ms_per_flow.toFixed(2)} ms CPU/flow, heap ${entry.heap_used_mb} MB (of ${entry.heap_total_mb}), array buffers ${entry.array_buffers_mb} MB, RSS ${entry.rss_mb} MB (${entry.rss_reduced_mb} MB after the memory-reducing GC)`,
      );
      last = { sample: reduced, ...counts, at };
    }
    clearInterval(renewal);
    await Promise.all(running);
    await api.renewTokens();
    for (const lane of exchange.lanes) await exchange.checkLane(lane);
    for (const lane of payment.lanes) await payment.checkLane(lane);

    const total = { exchange: flowsOf(exchange), payment: flowsOf(payment) };
    const referenceMinute = minutes >= 10 ? 5 : 1;
    const reference = record[referenceMinute - 1]!;
    const later = record.slice(referenceMinute);
    const figures = {
      flows_total: total.exchange + total.payment,
      flows: total,
      minutes: record,
      reference_minute: referenceMinute,
      after_reference:
        later.length === 0
          ? null
          : {
              heap_used_mb_range: range(later.map((entry) => entry.heap_used_mb - reference.heap_used_mb)),
              rss_mb_range: range(later.map((entry) => entry.rss_mb - reference.rss_mb)),
              rss_reduced_mb_range: range(later.map((entry) => entry.rss_reduced_mb - reference.rss_reduced_mb)),
              array_buffers_mb_range: range(later.map((entry) => entry.array_buffers_mb - reference.array_buffers_mb)),
              cpu_per_flow_change_range: range(
                later.map((entry) => entry.cpu_ms_per_flow / reference.cpu_ms_per_flow - 1),
              ),
            },
      trend_from_reference: trendsFrom(record.slice(referenceMinute - 1)),
      limits: (await api.retention()).limits,
      plateau: plateauOf(record),
    };
    const summary = [
      `${figures.flows_total} flows (${total.exchange} exchanges, ${total.payment} payments) in ${minutes} min; balances checked`,
    ];
    if (figures.after_reference) {
      const {
        heap_used_mb_range: heap,
        rss_mb_range: rss,
        rss_reduced_mb_range: reducedRss,
        cpu_per_flow_change_range: cpu,
      } = figures.after_reference;
      summary.push(
        `after minute ${referenceMinute}, against minute ${referenceMinute}: heap ${heap[0]} to ${heap[1]} MB, RSS ${rss[0]} to ${rss[1]} MB (after the memory-reducing GC ${reducedRss[0]} to ${reducedRss[1]} MB), CPU per flow ${(cpu[0] * 100).toFixed(1)} % to ${(cpu[1] * 100).toFixed(1)} %`,
      );
    }
    const trend = figures.trend_from_reference;
    if (trend) {
      const percent = ([low, high]: [number, number]) => `${(low * 100).toFixed(1)} to ${(high * 100).toFixed(1)} %`;
      summary.push(
        `trend from minute ${referenceMinute} (least squares, 95 % interval): CPU per flow ${(trend.cpu_per_flow_per_10_min * 100).toFixed(1)} % per 10 min (${percent(trend.cpu_per_flow_per_10_min_95)}), RSS ${trend.rss_mb_per_10_min} MB per 10 min (${trend.rss_mb_per_10_min_95[0]} to ${trend.rss_mb_per_10_min_95[1]} MB)`,
      );
    }
    summary.push(plateauLine(figures.plateau));
    return { settings, figures, summary };
  } finally {
    await simulator.stop();
  }
}

/**
 * Lines through the minutes from the reference on (at least 3): CPU per flow per 10 minutes as a share of
 * the line's value at the reference minute, RSS in MB per 10 minutes, each with its 95 % interval.
 */
function trendsFrom(minutes: readonly Minute[]) {
  if (minutes.length < 3) return null;
  const cpu = linearTrend(minutes.map((entry) => [entry.minute, entry.cpu_ms_per_flow] as const));
  const rss = linearTrend(minutes.map((entry) => [entry.minute, entry.rss_mb] as const));
  const level = cpu.at(minutes[0]!.minute);
  const share = (slope: number) => Math.round(((slope * 10) / level) * 1000) / 1000;
  const megabytes = (slope: number) => Math.round(slope * 10 * 10) / 10;
  return {
    cpu_per_flow_per_10_min: share(cpu.slope),
    cpu_per_flow_per_10_min_95: [share(cpu.slope95[0]), share(cpu.slope95[1])] as [number, number],
    rss_mb_per_10_min: megabytes(rss.slope),
    rss_mb_per_10_min_95: [megabytes(rss.slope95[0]), megabytes(rss.slope95[1])] as [number, number],
  };
}

/** The issue 31 goal line: when the bounds were reached, the plateau after, and whether the targets were met. */
function plateauLine(plateau: ReturnType<typeof plateauOf>): string {
  const goal = `goal (issue 31): RSS <= ${PLATEAU_RSS_MAX_MB} MB once every bound is reached, +-${PLATEAU_BAND_MB} MB over the last ${PLATEAU_BAND_MINUTES} minutes`;
  const notReached = Object.entries(plateau.reached_at_minute)
    .filter(([, minute]) => minute === null)
    .map(([store]) => store);
  const reached =
    plateau.all_reached_at_minute === null
      ? `bounds not reached: ${notReached.join(', ')}`
      : `every bound reached by minute ${plateau.all_reached_at_minute}, RSS ${plateau.rss_mb_after_reached![0]} to ${plateau.rss_mb_after_reached![1]} MB from then on`;
  const band = plateau.last_minutes
    ? `minutes ${plateau.last_minutes.from}-${plateau.last_minutes.to}: median ${plateau.last_minutes.median_mb} MB, ${plateau.last_minutes.deviation_mb[0]} to +${plateau.last_minutes.deviation_mb[1]} MB around it`
    : `run shorter than ${PLATEAU_BAND_MINUTES} minutes`;
  return `${goal}: ${plateau.met ? 'met' : 'NOT met'} (${reached}; ${band})`;
}

/** Flows back to back on every lane until the deadline. */
async function run<L extends Lane>(workload: FlowWorkload<L>, deadline: number): Promise<void> {
  await Promise.all(
    workload.lanes.map(async (lane) => {
      while (Date.now() < deadline) {
        await workload.flow(lane);
        lane.flows += 1;
      }
    }),
  );
}

function mb(bytes: number): number {
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}

function spacesOf(sample: ProcessSample): Record<string, [number, number]> {
  return Object.fromEntries(
    Object.entries(sample.heap_spaces ?? {}).map(([name, space]) => [
      name,
      [mb(space.committed_bytes), mb(space.used_bytes)],
    ]),
  );
}

function memory(sample: ProcessSample): Pick<Minute, 'heap_used_mb' | 'heap_total_mb' | 'array_buffers_mb' | 'rss_mb'> {
  return {
    heap_used_mb: mb(sample.heap_used_bytes),
    heap_total_mb: mb(sample.heap_total_bytes),
    array_buffers_mb: mb(sample.array_buffers_bytes),
    rss_mb: mb(sample.rss_bytes),
  };
}

function range(values: number[]): [number, number] {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return [round(Math.min(...values)), round(Math.max(...values))];
}
