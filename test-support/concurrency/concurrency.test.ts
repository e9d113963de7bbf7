import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { openDsaLine } from '../../suites/flows/credit-lines.ts';
import { fund } from '../../suites/flows/funding.ts';
import { allowMutually } from '../../suites/flows/market.ts';
import { wholeUnits } from '../../suites/runtime/money.ts';
import { SIMULATOR_STARTUP_MS, startSimulatorProcess, type SimulatorProcess } from '../simulator-process.ts';
import { ledgerViolations, type LedgerView } from './ledger-invariants.ts';
import { demoParties, OPERATING, type Parties } from './parties.ts';
import { Observations, operation, run } from './workload.ts';

/**
 * Many clients at once over real sockets, against the simulator on its own process: each runs a random
 * sequence of mixed flows (workload.ts) as one of the four market makers, several clients per maker,
 * and afterwards the ledger must satisfy every invariant (ledger-invariants.ts). The size and the seed
 * come from the environment for longer runs and replays:
 *   DSS_CONCURRENCY_CLIENTS (default 12), DSS_CONCURRENCY_OPS per client (default 25), DSS_CONCURRENCY_SEED;
 *   DSS_CONCURRENCY_FAULTS (simulator faults, `a,b`) shows that the invariants catch ledger defects.
 */

const clients = positive('DSS_CONCURRENCY_CLIENTS', 12);
const opsPerClient = positive('DSS_CONCURRENCY_OPS', 25);
const seed = Number(process.env.DSS_CONCURRENCY_SEED ?? Date.now() % 2 ** 31);

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got ${process.env[name]}`);
  return value;
}

let sim: SimulatorProcess;
test.beforeAll(async () => {
  test.setTimeout(SIMULATOR_STARTUP_MS + 30_000);
  const faults = process.env.DSS_CONCURRENCY_FAULTS;
  sim = await startSimulatorProcess(faults ? ['--faults', faults] : []);
});
test.afterAll(async () => {
  await sim.stop();
});

/**
 * Every maker lists every other; each holds allowed lines on both accounts and is funded on `main` to
 * two thirds of its ceiling, so that fundings, exchanges and consolidations soon press on ceilings.
 */
async function openMarket(parties: Parties): Promise<void> {
  const actors = { tokenizer: parties.tokenizer };
  for (const [index, maker] of parties.makers.entries()) {
    for (const other of parties.makers.slice(index + 1)) await allowMutually(maker, other);
    for (const account of OPERATING)
      for (const asset of parties.assets) await openDsaLine(actors, maker, account, wholeUnits(3_000), asset);
    for (const asset of parties.assets) await fund(actors, maker, 'main', wholeUnits(2_000), asset);
  }
}

test('concurrent clients running mixed flows keep every ledger invariant', async ({}, testInfo) => {
  // A safety net sized to the work: 1 s an operation is many times what a loaded 2-core machine takes.
  test.setTimeout(120_000 + clients * opsPerClient * 1_000);
  const parties = await demoParties(sim.url);
  await openMarket(parties);
  const plans = fc.sample(fc.array(operation, { minLength: opsPerClient, maxLength: opsPerClient }), {
    numRuns: clients,
    seed,
  });
  const observations = new Observations();

  const started = performance.now();
  await Promise.all(
    plans.map(async (plan, index) => {
      const self = parties.makers[index % parties.makers.length]!;
      const others = parties.makers.filter((maker) => maker !== self);
      for (const op of plan) await run({ parties, self, others, observations }, op);
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const ledger = (await (await fetch(`${sim.url}/sim/ledger`)).json()) as LedgerView;
  const serverErrors = parties.statuses.filter((status) => status >= 500);
  const summary = [
    `${clients} clients x ${opsPerClient} operations (seed ${seed}; replay with DSS_CONCURRENCY_SEED=${seed}) in ${seconds.toFixed(1)} s:`,
    `${parties.statuses.length} calls, ${ledger.transactions.length} ledger transactions;`,
    [...observations.counts].map(([kind, count]) => `${kind} ${count}`).join(', ') + ';',
    `${observations.settled.size} fundings settled, ${observations.exchanged.size} quotations exchanged, ${observations.cancelled.size} cancelled`,
  ].join(' ');
  console.log(summary);
  testInfo.annotations.push({ type: 'concurrency', description: summary });

  expect(serverErrors, 'no call may answer a 5xx').toEqual([]);
  expect(observations.problems, 'what the clients saw').toEqual([]);
  expect(ledgerViolations(ledger, observations), 'ledger invariants').toEqual([]);
  expect(sim.exit(), 'the simulator is still running').toBeUndefined();
  expect(sim.stderr(), 'the simulator logged no internal error').not.toContain('internal error');
  // The run moved value in every way it can, or it proved little.
  expect(observations.settled.size).toBeGreaterThan(0);
  expect(observations.exchanged.size).toBeGreaterThan(0);
  expect(ledger.transactions.some((transaction) => transaction.status === 'failed')).toBe(true);
});
