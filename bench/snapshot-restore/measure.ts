/**
 * bench/snapshot-restore/: what `POST /sim/snapshots/{name}/restore` costs on a network that has lived
 * (issue 30: at most 100 ms with 10,000 ledger records, 1,000 quotations and 1,000 payments). The
 * simulator runs in this process; the network is built through the API as the flow benchmarks do
 * (payment-flows, exchange-flows: each a complete flow, every call a 200), then topped up to the ledger
 * records asked with transfers submitted to the ledger itself between the payment lanes' accounts (each
 * a settled transaction with its two notifications, as a payment's). Then a snapshot is taken and
 * restored `--rounds` times; each take and restore is timed as CPU of this process (process.cpuUsage)
 * and wall time, and the restored network is checked to hold what the snapshot held.
 */
import { parseArgs } from 'node:util';
import { exchangeBenchmark } from '../exchange-flows/measure.ts';
import { paymentBenchmark } from '../payment-flows/measure.ts';
import { SimulatorApi } from '../flows/simulator-api.ts';
import type { FlowWorkload, Lane } from '../flows/flow-run.ts';
import { whole } from '../flows/flow-run.ts';
import { median } from '../median.ts';
import type { Measurement } from '../record/history.ts';
import { startSimulator } from '../../simulator/server.ts';
import { parseAmount } from '../../simulator/ledger/amount.ts';

/** Lanes of each flow kind run side by side while the network is built. */
const LANES = 8;

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      rounds: { type: 'string', default: '10' },
      ledger: { type: 'string', default: '10000' },
      quotations: { type: 'string', default: '1000' },
      payments: { type: 'string', default: '1000' },
    },
  });
  const rounds = whole(values.rounds, 'rounds', 1000);
  const wanted = {
    ledger: whole(values.ledger, 'ledger', 100_000),
    quotations: whole(values.quotations, 'quotations', 50_000),
    payments: whole(values.payments, 'payments', 50_000),
  };
  const running = await startSimulator({ network: 'demo-static' });
  try {
    const sim = running.simulator;
    const api = new SimulatorApi(running.url);
    const payments = await paymentBenchmark.setUp(api, LANES, 1);
    await flows(payments, wanted.payments);
    await flows(await exchangeBenchmark.setUp(api, LANES, 1), wanted.quotations);
    const [lane] = payments.lanes;
    const asset = { code: 'USD', issuer: 'tokenizer-usd' };
    const one = parseAmount('1');
    while (sim.state.ledger.transactions().length < wanted.ledger) {
      sim.state.ledger.submit([
        {
          from: { member: lane!.ofi.identification, account: lane!.ofi.account },
          to: { member: lane!.rfi.identification, account: lane!.rfi.account },
          asset,
          amount: one,
        },
      ]);
    }
    const held = {
      ledger_transactions: sim.state.ledger.transactions().length,
      quotations: sim.state.quotations.size,
      payments: sim.state.payments.size,
      activity_entries: sim.state.activity.list().length,
    };
    if (held.quotations < wanted.quotations || held.payments < wanted.payments)
      throw new Error(`the network holds ${JSON.stringify(held)}, less than asked`);

    const take = timed(() => sim.snapshot('bench'));
    const restores = [];
    for (let round = 0; round < rounds; round += 1) {
      restores.push(await timedAsync(() => sim.restore('bench')));
      const state = sim.state;
      const now = {
        ledger_transactions: state.ledger.transactions().length,
        quotations: state.quotations.size,
        payments: state.payments.size,
      };
      if (
        now.ledger_transactions !== held.ledger_transactions ||
        now.quotations !== held.quotations ||
        now.payments !== held.payments
      )
        throw new Error(`restore ${round} holds ${JSON.stringify(now)}, not ${JSON.stringify(held)}`);
    }
    const cpu = restores.map((sample) => sample.cpu_ms);
    const wall = restores.map((sample) => sample.wall_ms);
    const figures = {
      network: held,
      take,
      restore_cpu_ms: { median: median(cpu), max: Math.max(...cpu) },
      restore_wall_ms: { median: median(wall), max: Math.max(...wall) },
      restores,
    };
    return {
      settings: {
        ...wanted,
        rounds,
        network: 'demo-static, built by payment and exchange flows, topped up with ledger transfers',
      },
      figures,
      summary: [
        `network: ${held.ledger_transactions} ledger records, ${held.quotations} quotations, ${held.payments} payments, ${held.activity_entries} activity entries`,
        `snapshot taken in ${take.cpu_ms.toFixed(1)} ms of CPU; restore: median ${figures.restore_cpu_ms.median.toFixed(1)} ms of CPU (max ${figures.restore_cpu_ms.max.toFixed(1)}), wall median ${figures.restore_wall_ms.median.toFixed(1)} ms`,
      ],
    };
  } finally {
    await running.close();
  }
}

/** Runs `count` flows spread over the workload's lanes, the lanes side by side. */
async function flows<L extends Lane>(workload: FlowWorkload<L>, count: number): Promise<void> {
  const lanes = workload.lanes;
  await Promise.all(
    lanes.map(async (lane, index) => {
      for (let flow = index; flow < count; flow += lanes.length) {
        await workload.flow(lane);
        lane.flows += 1;
      }
    }),
  );
  for (const lane of lanes) await workload.checkLane(lane);
}

function timed<T>(work: () => T): { cpu_ms: number; wall_ms: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  work();
  return sample(cpu, started);
}

async function timedAsync<T>(work: () => Promise<T>): Promise<{ cpu_ms: number; wall_ms: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  return sample(cpu, started);
}

function sample(cpu: NodeJS.CpuUsage, started: number): { cpu_ms: number; wall_ms: number } {
  const used = process.cpuUsage(cpu);
  return { cpu_ms: (used.user + used.system) / 1000, wall_ms: performance.now() - started };
}
