/**
 * flow-ratios: the simulator's CPU per exchange, payment and funding flow as a ratio to the floor as
 * flows (bench/floor-flows/), the two measured in alternating timed phases of one run, as
 * read-throughput alternates its two servers.
 *
 * hot-paths runs its parts one after the other, minutes apart, and this shared host changes speed
 * within minutes: in hot-paths run 10 the clients' CPU per flow, which no change touched, fell by a
 * quarter for the two minutes of the exchange part, and the simulator's ratio to the floor as flows
 * moved from 1.8 to 1.2 between runs of the same code. Here both servers stay up, each warmed up
 * once, then `--rounds` rounds each time both back to back (the order alternating), so every ratio
 * compares phases seconds apart; the figure is the median of the rounds' ratios, beside the ratio of
 * the totals and the spread of the rounds.
 */
import { parseArgs } from 'node:util';
import { exchangeBenchmark } from '../exchange-flows/measure.ts';
import { FLOWS, startFloorFlows } from '../floor-flows/measure.ts';
import { FLOW_KINDS, flowKinds, type FlowKind } from '../flows/kinds.ts';
import { fundingBenchmark } from '../funding-flows/measure.ts';
import { SimulatorApi } from '../flows/simulator-api.ts';
import { runFlows, timedPhase, whole, type FlowBenchmark, type Lane } from '../flows/flow-run.ts';
import { paymentBenchmark } from '../payment-flows/measure.ts';
import type { Measurement } from '../record/history.ts';
import { SIMULATOR_CHILD, startServerProcess, type ServerProcess } from '../servers/server-process.ts';
import { median } from '../median.ts';

type SideName = 'simulator' | 'floor';

interface Side {
  server: ServerProcess;
  workload: { lanes: Lane[]; flow(lane: Lane): Promise<void> };
}

interface Round {
  /** Which ran first in this round. */
  first: SideName;
  simulator_ms_per_flow: number;
  floor_ms_per_flow: number;
  ratio: number;
}

const BENCHMARKS = { exchange: exchangeBenchmark, payment: paymentBenchmark, funding: fundingBenchmark } as Record<
  FlowKind,
  FlowBenchmark<Lane>
>;

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      warmup: { type: 'string', default: '90' },
      duration: { type: 'string', default: '15' },
      rounds: { type: 'string', default: '6' },
      clients: { type: 'string', default: '8' },
      flows: { type: 'string', default: FLOW_KINDS.join(',') },
    },
  });
  const kinds = flowKinds(values.flows);
  const settings = {
    warmup_s: whole(values.warmup, 'warmup', 3600),
    duration_s: whole(values.duration, 'duration', 3600),
    rounds: whole(values.rounds, 'rounds', 100),
    clients: whole(values.clients, 'clients', 64),
    flows: kinds,
    method:
      'both servers up; each warmed up once; then per round a timed phase of each, back to back, the order alternating',
  };
  const figures: Record<string, unknown> = {};
  const summary: string[] = [];
  for (const kind of kinds) {
    const measured = await measureKind(kind, settings);
    figures[kind] = measured;
    summary.push(
      `${kind}: simulator / floor as flows, median of ${measured.rounds.length} rounds ${measured.median_ratio.toFixed(2)} ` +
        `(rounds ${measured.rounds.map((round) => round.ratio.toFixed(2)).join(' ')}; totals ${measured.simulator_ms_per_flow.toFixed(2)} / ${measured.floor_ms_per_flow.toFixed(2)} ms CPU/flow = ${measured.ratio_of_totals.toFixed(2)})`,
    );
  }
  return { settings, figures, summary };
}

async function measureKind(
  kind: FlowKind,
  settings: { warmup_s: number; duration_s: number; rounds: number; clients: number },
) {
  const benchmark = BENCHMARKS[kind];
  const started: ServerProcess[] = [];
  try {
    const simulatorServer = await startServerProcess(SIMULATOR_CHILD);
    started.push(simulatorServer);
    const simulatorWorkload = await benchmark.setUp(
      new SimulatorApi(simulatorServer.url),
      Math.min(settings.clients, benchmark.maxClients),
      benchmark.amount.default,
    );
    const floor = await startFloorFlows(FLOWS[kind], settings.clients);
    started.push(floor.server);
    const sides: Record<SideName, Side> = {
      simulator: { server: simulatorServer, workload: simulatorWorkload },
      floor,
    };

    for (const side of Object.values(sides)) await runFlows(side.workload, settings.warmup_s * 1000, []);
    const rounds: Round[] = [];
    const totals = { simulator: { cpuUs: 0, flows: 0 }, floor: { cpuUs: 0, flows: 0 } };
    for (let round = 0; round < settings.rounds; round += 1) {
      const order: readonly SideName[] = round % 2 === 0 ? ['simulator', 'floor'] : ['floor', 'simulator'];
      const msPerFlow = { simulator: 0, floor: 0 };
      for (const name of order) {
        const phase = await timedPhase(sides[name].server, sides[name].workload, settings.duration_s * 1000, []);
        msPerFlow[name] = phase.serverCpuUs / 1000 / phase.flows;
        totals[name].cpuUs += phase.serverCpuUs;
        totals[name].flows += phase.flows;
      }
      rounds.push({
        first: order[0]!,
        simulator_ms_per_flow: msPerFlow.simulator,
        floor_ms_per_flow: msPerFlow.floor,
        ratio: msPerFlow.simulator / msPerFlow.floor,
      });
    }
    for (const lane of simulatorWorkload.lanes) await simulatorWorkload.checkLane(lane);

    const simulatorMs = totals.simulator.cpuUs / 1000 / totals.simulator.flows;
    const floorMs = totals.floor.cpuUs / 1000 / totals.floor.flows;
    const ratios = rounds.map((round) => round.ratio);
    return {
      rounds,
      median_ratio: median(ratios),
      min_ratio: Math.min(...ratios),
      max_ratio: Math.max(...ratios),
      simulator_ms_per_flow: simulatorMs,
      floor_ms_per_flow: floorMs,
      ratio_of_totals: simulatorMs / floorMs,
    };
  } finally {
    for (const server of started) await server.stop();
  }
}
