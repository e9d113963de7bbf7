import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { openDsaLine } from '../../suites/flows/credit-lines.ts';
import { fund, instructFunding, newFundingInfo } from '../../suites/flows/funding.ts';
import { allowMutually } from '../../suites/flows/market.ts';
import { requestBody, requestQuotations } from '../../suites/flows/quotations.ts';
import { wholeUnits } from '../../suites/runtime/money.ts';
import { demoParties } from '../concurrency/parties.ts';
import { SIMULATOR_STARTUP_MS, startSimulatorProcess, type SimulatorProcess } from '../simulator-process.ts';
import { answerProblem } from './answer-shape.ts';
import { describeCase, fuzzCases, type FuzzCase } from './cases.ts';
import type { FuzzWorld } from './drafts.ts';
import { exchangeRaw, type HostPort } from './raw-http.ts';
import { drainGateway, membersOf, readJson, stateSnapshot } from './state-snapshot.ts';
import { toWire } from './wire.ts';

/**
 * The simulator under generated malformed requests (README.md): every catalogue endpoint, every kind of
 * defect, over real sockets, against `dss sim` on its own process. Every answer must be a spec-shaped
 * 4xx; afterwards the simulator still runs, logged no internal error, and its state is what it was.
 *   DSS_FUZZ_RUNS: requests to send (default 20000); DSS_FUZZ_SEED: replay a run.
 */

const runs = Number(process.env.DSS_FUZZ_RUNS ?? 20_000);
if (!Number.isSafeInteger(runs) || runs < 1)
  throw new Error(`DSS_FUZZ_RUNS must be a positive integer, got ${process.env.DSS_FUZZ_RUNS}`);
const seed = Number(process.env.DSS_FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Requests in flight at once: enough to keep the simulator's core busy. */
const BATCH = 32;
/** A request unanswered this long counts as a hang: a safety net, far above any answer on a loaded machine. */
const REQUEST_TIMEOUT_MS = 30_000;

let sim: SimulatorProcess;
test.beforeAll(async () => {
  test.setTimeout(SIMULATOR_STARTUP_MS + 30_000);
  sim = await startSimulatorProcess();
});
test.afterAll(async () => {
  await sim.stop();
});

/**
 * State worth protecting: mutual allowlists, allowed lines, balances, a funding instructed and never
 * sent, and a quotation request with a quotation waiting for its seller.
 */
async function seedState(baseUrl: string): Promise<void> {
  const parties = await demoParties(baseUrl);
  const actors = { tokenizer: parties.tokenizer };
  const london = parties.makers[0]!;
  const singapore = parties.makers[1]!;
  await allowMutually(london, singapore);
  for (const maker of [london, singapore])
    for (const asset of parties.assets) await openDsaLine(actors, maker, 'main', wholeUnits(1_000), asset);
  await fund(actors, london, 'main', wholeUnits(100), parties.assets[0]);
  await fund(actors, singapore, 'main', wholeUnits(100), parties.assets[1]);
  expect(
    (
      await instructFunding(
        parties.tokenizer,
        newFundingInfo(
          parties.tokenizer.identification,
          parties.assets[0],
          london.identification,
          'main',
          wholeUnits(5),
        ),
      )
    ).status,
  ).toBe(200);
  const now = ((await readJson(`${baseUrl}/sim/clock`)).body as { now: number }).now;
  const market = {
    buyer: london,
    seller: singapore,
    buyerAccount: 'main',
    sellerAccount: 'main',
    base: parties.assets[0],
    quoted: parties.assets[1],
    now: () => Promise.resolve(now),
  };
  expect((await requestQuotations(london, requestBody(market, now + 3_600_000))).status).toBe(200);
}

/** The fuzz test's callers, a viewer token, and a token a refresh replaced (checked to be refused). */
async function worldOf(baseUrl: string, target: HostPort): Promise<FuzzWorld> {
  const members = await membersOf(baseUrl);
  const caller = (identification: string) => members.find((member) => member.identification === identification)!;
  const issue = async (role: string) =>
    (
      (
        await readJson(`${baseUrl}/sim/tokens`, {
          method: 'POST',
          body: JSON.stringify({ member_identification: 'mm-london', role }),
        })
      ).body as { token: string }
    ).token;
  const makerViewer = await issue('viewer');
  const revoked = await issue('manager');
  const refresh = Buffer.from(JSON.stringify(revoked));
  const renewal = await exchangeRaw(
    target,
    toWire({
      method: 'GET',
      target: '/client/v1/api/oauth-token/refresh',
      headers: [['Authorization', `Bearer ${revoked}`]],
      body: refresh,
    }),
    REQUEST_TIMEOUT_MS,
  );
  expect(renewal.kind === 'answer' && renewal.status).toBe(200);
  expect(
    (await readJson(`${baseUrl}/client/v1/api/members/allowlist`, { headers: { authorization: `Bearer ${revoked}` } }))
      .status,
  ).toBe(401);
  return {
    tokenizer: caller('tokenizer-usd'),
    maker: caller('mm-london'),
    partnerBicfi: caller('mm-singapore').bicfi,
    makerViewer,
    revoked,
  };
}

/** A failure says whether the simulator crashed or still runs (a hang), with the end of its stderr. */
async function withSimulatorState(run: Promise<void>): Promise<void> {
  try {
    await run;
  } catch (error) {
    const exit = sim.exit();
    const state = exit
      ? `the simulator process exited (code ${exit.code}, signal ${exit.signal})`
      : 'the simulator process still runs';
    throw new Error(`${(error as Error).message}\n${state}; the end of its stderr:\n${sim.stderr().slice(-3_000)}`, {
      cause: error,
    });
  }
}

class Tally {
  requests = 0;
  slowestMs = 0;
  readonly defects = new Map<string, number>();
  readonly statuses = new Map<string, number>();

  add(fuzzCase: FuzzCase, status: string, ms: number): void {
    this.requests++;
    this.slowestMs = Math.max(this.slowestMs, ms);
    const defect = fuzzCase.defect.replace(/ \(.*\)$/, '');
    this.defects.set(defect, (this.defects.get(defect) ?? 0) + 1);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  static list(counts: Map<string, number>): string {
    return [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key} ${count}`)
      .join(', ');
  }
}

test('every malformed request to every endpoint gets a spec-shaped 4xx, and changes nothing', async ({}, testInfo) => {
  // A safety net sized to the work, not a speed limit (each request has its own hang limit): 60 ms a
  // request, where a 2-core machine at a load of 30 took 26 ms (20 000 requests in about 530 s).
  test.setTimeout(120_000 + runs * 60);
  const url = new URL(sim.url);
  const target = { host: url.hostname, port: Number(url.port) };
  await seedState(sim.url);
  const world = await worldOf(sim.url, target);

  // The generators' identifiers that must name nothing start with `zz`; no real one may.
  const network = (await readJson(`${sim.url}/sim/network`)).body as {
    members: Array<{ identification: string; accounts: Array<{ identification: string }> }>;
  };
  const identifiers = network.members.flatMap((member) => [
    member.identification,
    ...member.accounts.map((account) => account.identification),
  ]);
  expect(identifiers.filter((identifier) => identifier.startsWith('zz'))).toEqual([]);

  await drainGateway(sim.url);
  const before = await stateSnapshot(sim.url);

  const tally = new Tally();
  const started = performance.now();
  await withSimulatorState(
    fc.assert(
      fc.asyncProperty(fc.array(fuzzCases(world), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const problems = await Promise.all(
          batch.map(async (fuzzCase) => {
            const sent = performance.now();
            const answer = await exchangeRaw(target, toWire(fuzzCase.request), REQUEST_TIMEOUT_MS);
            tally.add(
              fuzzCase,
              answer.kind === 'answer' ? String(answer.status) : answer.reason,
              performance.now() - sent,
            );
            const problem = answerProblem(fuzzCase.request, answer);
            return problem === undefined ? [] : [`${problem}\n    ${describeCase(fuzzCase)}`];
          }),
        );
        const found = problems.flat();
        if (found.length > 0) throw new Error(`${found.length} answer(s) broke the rules:\n${found.join('\n')}`);
      }),
      // Each failing request is reported whole, so shrinking (which would replay batches) is not needed.
      { numRuns: Math.ceil(runs / BATCH), seed, endOnFailure: true },
    ),
  );
  const seconds = (performance.now() - started) / 1000;

  const summary = [
    `${tally.requests} malformed requests in ${seconds.toFixed(1)} s (${Math.round(tally.requests / seconds)}/s, slowest answer ${Math.round(tally.slowestMs)} ms; seed ${seed}, replay with DSS_FUZZ_SEED=${seed}).`,
    `Defects: ${Tally.list(tally.defects)}.`,
    `Statuses: ${Tally.list(tally.statuses)}.`,
  ].join('\n');
  console.log(summary);
  testInfo.annotations.push({ type: 'fuzz', description: summary });

  expect((await readJson(`${sim.url}/sim/health`)).status, 'the simulator still answers').toBe(200);
  expect(sim.exit(), 'the simulator process is still running').toBeUndefined();
  expect(sim.stderr(), 'the simulator logged no internal error').not.toContain('internal error');
  expect(await drainGateway(sim.url), 'no gateway message was produced').toEqual([]);
  expect(await stateSnapshot(sim.url), 'the state is unchanged').toEqual(before);
});
