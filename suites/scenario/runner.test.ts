import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator } from '../../simulator/server.ts';
import { CheckFailure } from '../runtime/check.ts';
import { DssClient } from '../runtime/client.ts';
import { ControlClient, TargetClock } from '../runtime/control.ts';
import type { Actor, Actors } from '../runtime/fixtures.ts';
import type { RequiredRole } from '../runtime/profile.ts';
import { RecordingChannel } from '../runtime/recorder.ts';
import { createSimMembers, operatingAccounts, TOKENIZER_DSA } from '../runtime/sim-members.ts';
import { referencesIn } from './expressions.ts';
import { compileScenario, loadScenarios, readScenarioData, scenarioDirectory, type Scenario } from './load.ts';
import type { ScenarioData, StepData } from './format.ts';
import { runScenario } from './runner.ts';

/**
 * The runner against a real simulator over a socket: each scenario of the project passes, and fails
 * when one of its key steps is left out or a key value is changed, which is what makes a scenario a
 * proof rather than a walk-through. Every run acts as new members, as a check's worker would.
 */

let simulator: RunningSimulator;
test.beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
});
test.afterAll(async () => {
  await simulator.close();
});

const options = { timeoutMs: 5_000, recording: new RecordingChannel() };

/** Fresh members, as the fixtures make them for a worker; without the control plane when `vendor` (a vendor's profile). */
async function newActors(vendor = false): Promise<Actors> {
  const control = new ControlClient({ baseUrl: simulator.url, clock: new TargetClock(), ...options });
  const members = await createSimMembers(control, 'scn');
  const actor = (role: RequiredRole): Actor => {
    const { token, ...member } = members[role];
    return {
      role,
      identification: member.identification,
      accounts: operatingAccounts(members[role]),
      assets: role === 'tokenizer' ? [{ asset_code_identification: TOKENIZER_DSA, asset_issuer_identification: member.identification }] : [],
      client: new DssClient({ baseUrl: simulator.url, token, ...options }),
      member: vendor ? null : member,
    };
  };
  const byRole = { tokenizer: actor('tokenizer'), mmA: actor('mmA'), mmB: actor('mmB') };
  return { ...byRole, byRole, control: vendor ? null : control };
}

function scenarioData(name: string): ScenarioData {
  return readScenarioData(join(scenarioDirectory, `${name}.yaml`)) as ScenarioData;
}

function compiled(data: ScenarioData): Scenario {
  return compileScenario(data, join(scenarioDirectory, `${data.name}.yaml`));
}

function stepOf(data: ScenarioData, name: string): StepData {
  const step = data.steps.find((candidate) => candidate.name === name);
  if (!step) throw new Error(`no step ${name}`);
  return step;
}

/**
 * The steps without the named one and without the later steps that read what it captured (directly or
 * through another such step): those cannot even be written without it.
 */
function withoutStep(steps: StepData[], name: string): StepData[] {
  const lost = new Set<string>();
  return steps.filter((step) => {
    const reads = referencesIn([step.path, step.query, step.body, step.sign, step.expect?.values, step.until]).some((reference) => reference.root === 'captures' && lost.has(String(reference.path[0])));
    if (step.name !== name && !reads) return true;
    for (const captured of Object.keys(step.capture ?? {})) lost.add(captured);
    return false;
  });
}

/** Runs the scenario; a failure comes back as the CheckFailure, warnings as their messages. */
async function outcome(scenario: Scenario, actors?: Actors) {
  const warnings: string[] = [];
  try {
    const result = await runScenario(scenario, { actors: actors ?? (await newActors()), warn: (requirement, message) => warnings.push(`[${requirement}] ${message}`) });
    return { result, warnings, failure: undefined };
  } catch (error) {
    if (error instanceof CheckFailure) return { result: undefined, warnings, failure: error };
    throw error;
  }
}

for (const { name } of loadScenarios()) {
  test(`${name}: passes as written, with and without the control plane`, async () => {
    for (const vendor of [false, true]) {
      const scenario = compiled(scenarioData(name));
      const { result, warnings, failure } = await outcome(scenario, await newActors(vendor));
      expect(failure?.message).toBeUndefined();
      expect(warnings).toEqual([]);
      expect(result?.completed).toBe(scenario.steps.length);
    }
  });

  test(`${name}: fails when any key step is left out (with the steps that need its captures)`, async () => {
    const keySteps = scenarioData(name).steps.filter((step) => step.key);
    expect(keySteps.length).toBeGreaterThan(0);
    for (const key of keySteps) {
      const data = scenarioData(name);
      // The proof is a run that fails, not a file that does not load: the rest must still compile (see
      // withoutStep), and a file needs a key step (marking one changes nothing in the run).
      const rest = withoutStep(data.steps, key.name);
      const scenario = compiled({ ...data, steps: rest.some((step) => step.key) ? rest : rest.map((step, index) => ({ ...step, key: index === 0 })) });
      const { failure } = await outcome(scenario);
      expect(failure, `without ${key.name}`).toBeInstanceOf(CheckFailure);
      expect(failure?.requirement, `without ${key.name}`).toBe(data.requirements[0]);
      expect(failure?.message, `without ${key.name}`).toMatch(new RegExp(`^\\[${data.requirements[0]}\\] scenario ${name}, step \\d+ of ${rest.length} "`));
    }
  });
}

test('funding fails when the amount sent differs from the instruction, or a signature is swapped', async () => {
  const changedAmount = scenarioData('funding');
  const funding = changedAmount.vars!.funding as Record<string, unknown>;
  stepOf(changedAmount, 'send').body = { ...funding, funding_amount: 251.75 };
  const amount = await outcome(compiled(changedAmount));
  expect(amount.failure?.requirement).toBe('SCN-FUNDING');
  const lines = amount.failure?.message.split('\n') ?? [];
  expect(lines[0]).toBe(
    '[SCN-FUNDING] scenario funding, step 8 of 10 "send", as tokenizer: POST /tokenizer/v1/api/transactions/send?funding_payload_signature=[redacted]&signed_funding_transaction=[redacted]',
  );
  expect(lines[1]).toBe('  expected status 200, got 400');
  expect(lines[2]).toMatch(/^ {2}answer: status 400; body: \{.*"short_message"/);

  const swapped = scenarioData('funding');
  stepOf(swapped, 'send').query!.funding_payload_signature = '${captures.transaction_signature}';
  const signature = await outcome(compiled(swapped));
  expect(signature.failure?.message).toContain('step 8 of 10 "send"');
  expect(signature.failure?.message).toContain('expected status 200, got 400');
  // Signatures never appear in a failure message.
  expect(signature.failure?.message).not.toMatch(/[A-Za-z0-9+/]{86}==/);
});

test('dso-issuance fails when the issuer allows a line for another DSO', async () => {
  const data = scenarioData('dso-issuance');
  (stepOf(data, 'allow-credit-line').body as Record<string, unknown>).asset_code_identification = 'EURDSO';
  const { failure } = await outcome(compiled(data));
  expect(failure?.message).toMatch(/^\[SCN-DSO-ISSUANCE\] scenario dso-issuance, step 6 of 9 "allow-credit-line", as mmA: POST \/client\/v1\/api\/settlement-instruments\/credit-line\n {2}expected status 200, got 404/);
});

test('values that do not hold fail with the path, what was expected and what came back', async () => {
  const data = scenarioData('funding');
  stepOf(data, 'balance-after').expect!.values = { '$.balance': { decimal: '${add(captures.before, 1)}' } };
  const { failure } = await outcome(compiled(data));
  expect(failure?.message.split('\n').slice(1)).toEqual([
    '  $.balance: expected the decimal 1.0000000, got "250.7500000"',
    expect.stringMatching(/^ {2}answer: status 200; body: \{"account_identification":"main","asset_code_identification":"USD"/),
  ]);
});

test('a failing step of a SHOULD requirement warns and ends the scenario instead of failing it', async () => {
  const data = scenarioData('funding');
  const notification = stepOf(data, 'credit-notification');
  notification.timeout_ms = 300;
  (notification.until!['$[*].response_data[*]'] as { contains: Record<string, unknown> }).contains.direction = 'debit';
  const { result, warnings, failure } = await outcome(compiled(data));
  expect(failure).toBeUndefined();
  expect(result?.completed).toBe(9);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(
    /^\[SCN-FUNDING-NOTIFICATION\] scenario funding, step 10 of 10 "credit-notification", as mmA: GET \/client\/v1\/api\/gateway\/messages\?type=transactions\n {2}waited 300 ms \(\d+ tries\) for \$\[\*\]\.response_data\[\*\]: expected something containing \{ transaction_identification: "[0-9a-f]{64}"/,
  );
});

test('a consuming read keeps what it read: a later step still finds a message an earlier one consumed', async () => {
  const data = scenarioData('funding');
  const notification = stepOf(data, 'credit-notification');
  data.steps.push({ ...notification, name: 'credit-notification-again', timeout_ms: 300 });
  const { result, failure } = await outcome(compiled(data));
  expect(failure?.message).toBeUndefined();
  expect(result?.completed).toBe(11);
});

// Last: it moves this file's simulator's clock (every test makes new members with new tokens).
test('now() is the target’s time: the simulator’s clock, wherever it was moved', async () => {
  const control = new ControlClient({ baseUrl: simulator.url, clock: new TargetClock(), ...options });
  const moved = await control.advanceClock(3_600_000);
  const actors = await newActors();
  const data = scenarioData('funding');
  data.vars = { ...data.vars, started: '${now()}' };
  const { result, failure } = await outcome(compiled(data), actors);
  expect(failure?.message).toBeUndefined();
  expect(result?.vars.started).toBeGreaterThanOrEqual(moved);
  expect(result?.vars.started).toBeLessThan(moved + 60_000);
  expect(result?.captures.transaction_id).toMatch(/^[0-9a-f]{64}$/);
});

test('an expression that cannot be evaluated: the target’s failure when built from its answers, else a harness fault', async () => {
  const fromAnswer = scenarioData('funding');
  stepOf(fromAnswer, 'instruction').capture = { transaction: '$.unsigned_transaction_object', amount: '$.funding_payload[0].funding_amount' };
  stepOf(fromAnswer, 'sign-transaction').sign!.payload = '${base64(captures.amount)}';
  const { failure } = await outcome(compiled(fromAnswer));
  expect(failure?.message.split('\n')).toEqual([
    '[SCN-FUNDING] scenario funding, step 7 of 10 "sign-transaction", as tokenizer: POST /client/v1/api/sign/payload',
    '  the request could not be built from earlier answers: base64() takes a text, got 250.75',
  ]);

  const fromProfile = scenarioData('funding');
  fromProfile.vars = { ...fromProfile.vars, account: '${actors.mmA.accounts[7]}' };
  await expect(outcome(compiled(fromProfile))).rejects.toThrow(/^Harness fault: scenario funding, vars\.account: actors\.mmA\.accounts\[7\]: actors\.mmA\.accounts\[7\] is not there$/);
});
