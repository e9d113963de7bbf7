/**
 * hot-paths: issue 13's speed goals read in one run, beside their floor, so that every figure was
 * taken under the same machine load (on a shared 2-core machine CPU time itself moves with the load,
 * so a figure is only comparable with a floor measured beside it). One after the other:
 * 1. floor (bare Hono GET/POST, Ed25519, libxml2): the least a flow can cost on this machine now, its
 *    operations timed alone;
 * 2. floor-flows: the same operations done call by call by a bare Hono app driven as the flows are,
 *    with the flows' warm-up and duration (what the floor costs inside a flow);
 * 3. exchange-flows and 4. payment-flows, each with a warm-up long enough for V8 to finish optimising
 *    (their CPU per flow by interval, recorded, shows whether it still fell when timing began);
 * 5. read-throughput, the three reads against the bare Hono app;
 * 6. floor again, so a drift of the load during the run shows.
 * Each part is the existing benchmark's own `measure`, with its own figures; this adds the ratios and
 * whether each goal was met (the ratios to both floors): exchange <= 1.5 ms and payment <= 3 ms of simulator CPU per flow, and a
 * CPU ratio >= 0.9 of the bare app on every read.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { measure as measureExchanges } from '../exchange-flows/measure.ts';
import { measure as measureFloor } from '../floor/measure.ts';
import { measure as measureFloorFlows } from '../floor-flows/measure.ts';
import { measure as measurePayments } from '../payment-flows/measure.ts';
import { measure as measureReads } from '../read-throughput/measure.ts';
import type { Measurement } from '../record/history.ts';

export const GOALS = { exchange_ms_per_flow: 1.5, payment_ms_per_flow: 3, read_cpu_ratio: 0.9 };

interface Part {
  load_average: { before: number; after: number };
  settings: Record<string, unknown>;
  figures: Record<string, unknown>;
}

const PARTS = 6;

/**
 * Runs one part and prints its summary as soon as it is done: the whole run takes some 13 minutes, and
 * each part's figures are worth reading (or the run worth stopping) before the end.
 */
async function part(
  number: number,
  name: string,
  measure: (args: string[]) => Promise<Measurement>,
  args: string[],
): Promise<Part> {
  const before = os.loadavg()[0] ?? 0;
  console.log(`hot-paths ${number}/${PARTS}: ${name} (load average ${before.toFixed(2)})`);
  const measured = await measure(args);
  for (const line of measured.summary) console.log(`  ${line}`);
  return {
    load_average: { before, after: os.loadavg()[0] ?? 0 },
    settings: measured.settings,
    figures: measured.figures,
  };
}

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      'flow-warmup': { type: 'string', default: '90' },
      'flow-duration': { type: 'string', default: '30' },
      interval: { type: 'string', default: '10' },
      clients: { type: 'string', default: '8' },
      'read-warmup': { type: 'string', default: '5' },
      'read-duration': { type: 'string', default: '5' },
      rounds: { type: 'string', default: '4' },
      'floor-requests': { type: 'string', default: '6000' },
    },
  });
  const flowArgs = [
    '--warmup',
    values['flow-warmup'],
    '--duration',
    values['flow-duration'],
    '--interval',
    values.interval,
    '--clients',
    values.clients,
  ];
  const floorBefore = await part(1, 'floor', measureFloor, [values['floor-requests']]);
  // Issue 13's goals are the exchange's and the payment's: the funding floor is flow-ratios'.
  const floorFlows = await part(2, 'floor-flows', measureFloorFlows, [...flowArgs, '--flows', 'exchange,payment']);
  const exchange = await part(3, 'exchange-flows', measureExchanges, flowArgs);
  const payment = await part(4, 'payment-flows', measurePayments, flowArgs);
  const reads = await part(5, 'read-throughput', measureReads, [
    '--warmup',
    values['read-warmup'],
    '--duration',
    values['read-duration'],
    '--rounds',
    values.rounds,
  ]);
  const floorAfter = await part(6, 'floor, again', measureFloor, [values['floor-requests']]);

  const floorOf = (floor: Part) => floor.figures.floor as { exchange_ms: number; payment_ms: number };
  const perFlow = (flows: Part) => flows.figures.server_cpu_ms_per_flow as number;
  const floorFlowMs = (kind: 'exchange' | 'payment') =>
    (floorFlows.figures[kind] as { server_cpu_ms_per_flow: number }).server_cpu_ms_per_flow;
  const floorMs = {
    exchange: (floorOf(floorBefore).exchange_ms + floorOf(floorAfter).exchange_ms) / 2,
    payment: (floorOf(floorBefore).payment_ms + floorOf(floorAfter).payment_ms) / 2,
  };
  const readRatios = (reads.figures.endpoints as Array<{ path: string; cpu_ratio: number }>).map(
    ({ path, cpu_ratio }) => ({ path, cpu_ratio }),
  );
  const goals = {
    exchange: {
      ms_per_flow: perFlow(exchange),
      goal: GOALS.exchange_ms_per_flow,
      met: perFlow(exchange) <= GOALS.exchange_ms_per_flow,
      ratio_to_floor: perFlow(exchange) / floorMs.exchange,
      ratio_to_floor_flows: perFlow(exchange) / floorFlowMs('exchange'),
    },
    payment: {
      ms_per_flow: perFlow(payment),
      goal: GOALS.payment_ms_per_flow,
      met: perFlow(payment) <= GOALS.payment_ms_per_flow,
      ratio_to_floor: perFlow(payment) / floorMs.payment,
      ratio_to_floor_flows: perFlow(payment) / floorFlowMs('payment'),
    },
    reads: readRatios.map((read) => ({
      ...read,
      goal: GOALS.read_cpu_ratio,
      met: read.cpu_ratio >= GOALS.read_cpu_ratio,
    })),
  };
  const summary = [
    `goals: exchange ${goals.exchange.ms_per_flow.toFixed(2)} ms (<= ${GOALS.exchange_ms_per_flow}: ${goals.exchange.met ? 'met' : 'not met'}), ${goals.exchange.ratio_to_floor.toFixed(2)} x its floor of ${floorMs.exchange.toFixed(2)} ms, ${goals.exchange.ratio_to_floor_flows.toFixed(2)} x its floor as flows of ${floorFlowMs('exchange').toFixed(2)} ms; ` +
      `payment ${goals.payment.ms_per_flow.toFixed(2)} ms (<= ${GOALS.payment_ms_per_flow}: ${goals.payment.met ? 'met' : 'not met'}), ${goals.payment.ratio_to_floor.toFixed(2)} x its floor of ${floorMs.payment.toFixed(2)} ms, ${goals.payment.ratio_to_floor_flows.toFixed(2)} x its floor as flows of ${floorFlowMs('payment').toFixed(2)} ms; ` +
      `read CPU ratios ${goals.reads.map((read) => `${read.cpu_ratio.toFixed(2)}${read.met ? '' : ' (not met)'}`).join(' / ')} (>= ${GOALS.read_cpu_ratio})`,
  ];
  return {
    settings: { ...values, goals: GOALS },
    figures: {
      goals,
      floor_ms: floorMs,
      floor_before: floorBefore,
      floor_flows: floorFlows,
      exchange,
      payment,
      reads,
      floor_after: floorAfter,
    },
    summary,
  };
}
