import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { referenceReadings } from '../../protocol/readings.ts';
import { startSimulator, type RunningSimulator } from '../../simulator/server.ts';
import { units } from '../flows/balances.ts';
import { openDsaLine } from '../flows/credit-lines.ts';
import { fund } from '../flows/funding.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { DssClient } from '../runtime/client.ts';
import { ControlClient, TargetClock } from '../runtime/control.ts';
import type { Actor, Actors } from '../runtime/fixtures.ts';
import type { RequiredRole } from '../runtime/profile.ts';
import { RecordingChannel } from '../runtime/recorder.ts';
import { createSimMembers, operatingAccounts, tokenizerAssets } from '../runtime/sim-members.ts';
import { actionNames } from './actions.ts';
import { referencesIn } from './expressions.ts';
import { compileScenario, loadScenarios, readScenarioData, scenarioDirectory, type Scenario } from './load.ts';
import type { ScenarioData, StepData } from './format.ts';
import { runScenario } from './runner.ts';
import { directTransport } from '../runtime/transport.ts';

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

const options = { timeoutMs: 5_000, recording: new RecordingChannel(), transport: directTransport };

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
      assets: role === 'tokenizer' ? tokenizerAssets(member.identification) : [],
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

/** "step 12 of 31 "send-payment"": the step's place in the (changed) scenario, as failure messages count. */
function stepLabel(data: ScenarioData, name: string): string {
  return `step ${data.steps.findIndex((step) => step.name === name) + 1} of ${data.steps.length} "${name}"`;
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
    const expectations = [step.expect, ...(step.expect_any ?? [])].map((expectation) => expectation?.values);
    const reads = referencesIn([
      step.path,
      step.query,
      step.body,
      ...actionNames.map((action) => step[action]),
      ...expectations,
      step.until,
    ]).some((reference) => reference.root === 'captures' && lost.has(String(reference.path[0])));
    if (step.name !== name && !reads) return true;
    for (const captured of Object.keys(step.capture ?? {})) lost.add(captured);
    return false;
  });
}

/**
 * A step that waits for a delivery waits a second here instead of the scenario's five: without a key
 * step, what it waits for never comes, and the wait only ends by its time-out, which made these runs
 * mostly idle. The in-process simulator delivers on the call that causes a delivery, so a second is
 * still ample where the flow works (the "passes as written" runs keep the scenario's own waits).
 */
function waitingBriefly(step: StepData): StepData {
  return step.until === undefined
    ? step
    : { ...step, timeout_ms: Math.min(step.timeout_ms ?? MUTANT_WAIT_MS, MUTANT_WAIT_MS) };
}
const MUTANT_WAIT_MS = 1_000;

/** Runs the scenario; a failure comes back as the CheckFailure, warnings as their messages. */
async function outcome(scenario: Scenario, actors?: Actors) {
  const warnings: string[] = [];
  try {
    const result = await runScenario(scenario, {
      actors: actors ?? (await newActors()),
      readings: referenceReadings,
      warn: (requirement, message) => warnings.push(`[${requirement}] ${message}`),
    });
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
    // One whole run per key step: the exchange scenarios make a few hundred calls here.
    // A safety net sized to the work (a whole run per key step), generous for a loaded machine.
    test.setTimeout(60_000 + keySteps.length * 60_000);
    for (const key of keySteps) {
      const data = scenarioData(name);
      // The proof is a run that fails, not a file that does not load: the rest must still compile (see
      // withoutStep), and a file needs a key step (marking one changes nothing in the run).
      const rest = withoutStep(data.steps, key.name).map(waitingBriefly);
      const scenario = compiled({
        ...data,
        steps: rest.some((step) => step.key) ? rest : rest.map((step, index) => ({ ...step, key: index === 0 })),
      });
      const { failure } = await outcome(scenario);
      expect(failure, `without ${key.name}`).toBeInstanceOf(CheckFailure);
      // Under the requirement of the step that noticed: the scenario's first, or the rule that step checks.
      expect(data.requirements, `without ${key.name}`).toContain(failure?.requirement);
      expect(failure?.message, `without ${key.name}`).toMatch(
        new RegExp(`^\\[${failure?.requirement}\\] scenario ${name}, step \\d+ of ${rest.length} "`),
      );
    }
  });
}

test('funding fails when the amount sent differs from the instruction, or a signature is swapped', async () => {
  const changedAmount = scenarioData('funding');
  const funding = changedAmount.vars!.funding as Record<string, unknown>;
  stepOf(changedAmount, 'send').body = { ...funding, funding_amount: 251.75 };
  const amount = await outcome(compiled(changedAmount));
  expect(amount.failure?.requirement).toBe('SCN-FUNDING-FLOW');
  const lines = amount.failure?.message.split('\n') ?? [];
  expect(lines[0]).toBe(
    `[SCN-FUNDING-FLOW] scenario funding, ${stepLabel(changedAmount, 'send')}, as tokenizer: POST /tokenizer/v1/api/transactions/send?funding_payload_signature=[redacted]&signed_funding_transaction=[redacted]`,
  );
  expect(lines[1]).toBe('  expected status 200, got 400');
  expect(lines[2]).toMatch(/^ {2}answer: status 400; body: \{.*"short_message"/);

  const swapped = scenarioData('funding');
  stepOf(swapped, 'send').query!.funding_payload_signature = '${captures.transaction_signature}';
  const signature = await outcome(compiled(swapped));
  expect(signature.failure?.message).toContain(stepLabel(swapped, 'send'));
  expect(signature.failure?.message).toContain('expected status 200, got 400');
  // Signatures never appear in a failure message.
  expect(signature.failure?.message).not.toMatch(/[A-Za-z0-9+/]{86}==/);
});

// A vendor's staging keeps what earlier runs and other parties put in an account: a fixed ceiling below that is refused.
test('a scenario asks for its credit ceilings above what the account holds: funding passes on an account that holds more than a million', async () => {
  const actors = await newActors(true);
  const account = actors.mmA.accounts[0]!;
  await openDsaLine(actors, actors.mmA, account, units('1000177.1357310'));
  await fund(actors, actors.mmA, account, units('1000177.1357310'));
  const { result, failure } = await outcome(compiled(scenarioData('funding')), actors);
  expect(failure?.message).toBeUndefined();
  expect(result?.captures.held).toBe('1000177.1357310');
  expect(result?.captures.before).toBe('1000177.1357310');
});

test('dso-issuance fails when the issuer allows a line for another DSO', async () => {
  const data = scenarioData('dso-issuance');
  (stepOf(data, 'allow-credit-line').body as Record<string, unknown>).asset_code_identification = 'EURDSO';
  const { failure } = await outcome(compiled(data));
  expect(failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-DSO-ISSUANCE] scenario dso-issuance, ${stepLabel(data, 'allow-credit-line')}, as mmA: POST /client/v1/api/settlement-instruments/credit-line`,
    '  expected status 200, got 404',
  ]);
});

test('dvp-exchange fails when the exchange carries another amount than the buyer signed, or the buyer signs with another account', async () => {
  const changedAmount = scenarioData('dvp-exchange');
  stepOf(changedAmount, 'exchange').body = {
    ...(stepOf(changedAmount, 'exchange').body as Record<string, unknown>),
    exchange_payload:
      "${base64json(with(with(vars.exchange, 'quotation_info', captures.offer), 'amount_base_asset', 101))}",
  };
  const amount = await outcome(compiled(changedAmount));
  expect(amount.failure?.requirement).toBe('SCN-DVP-EXCHANGE');
  expect(amount.failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-DVP-EXCHANGE] scenario dvp-exchange, ${stepLabel(changedAmount, 'exchange')}, as mmA: POST /client/v1/api/exchange`,
    '  expected status 200, got 400',
  ]);

  const otherAccount = scenarioData('dvp-exchange');
  stepOf(otherAccount, 'sign-exchange').sign!.account = 'emission';
  const account = await outcome(compiled(otherAccount));
  expect(account.failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-DVP-EXCHANGE] scenario dvp-exchange, ${stepLabel(otherAccount, 'exchange')}, as mmA: POST /client/v1/api/exchange`,
    '  expected status 200, got 400',
  ]);
});

test('allowlist-revocation fails when the seller removes another member, saying why each expected answer was not met', async () => {
  const data = scenarioData('allowlist-revocation');
  stepOf(data, 'seller-removes-buyer').body = '${actors.tokenizer.identification}';
  const { failure } = await outcome(compiled(data));
  expect(failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-ALLOWLIST-REVOCATION] scenario allowlist-revocation, ${stepLabel(data, 'exchange-does-not-settle')}, as mmA: POST /client/v1/api/exchange`,
    '  the answer is none of the 3 expected: (1) $.exchange_state: expected "Rejected", got "Success"; (2) expected status 400, got 200; (3) expected status 404, got 200',
  ]);
});

test('values that do not hold fail with the path, what was expected and what came back', async () => {
  const data = scenarioData('funding');
  stepOf(data, 'balance-after').expect!.values = { '$.balance': { decimal: '${add(captures.before, 1)}' } };
  const { failure } = await outcome(compiled(data));
  expect(failure?.message.split('\n').slice(1)).toEqual([
    '  $.balance: expected the decimal 1.0000000, got "250.7500000"',
    expect.stringMatching(
      /^ {2}answer: status 200; body: \{"account_identification":"main","asset_code_identification":"USD"/,
    ),
  ]);
});

test('a failing step of a SHOULD requirement warns and ends the scenario instead of failing it', async () => {
  const data = scenarioData('funding');
  const notification = stepOf(data, 'credit-notification');
  notification.timeout_ms = 300;
  (notification.until!['$[*].response_data[~]'] as { contains: Record<string, unknown> }).contains.direction = 'debit';
  const { result, warnings, failure } = await outcome(compiled(data));
  expect(failure).toBeUndefined();
  expect(result?.completed).toBe(data.steps.length - 1);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(
    /^\[SCN-FUNDING-NOTIFICATION\] scenario funding, step 11 of 11 "credit-notification", as mmA: GET \/client\/v1\/api\/gateway\/messages\?type=transactions\n {2}waited 300 ms \(\d+ tries\) for \$\[\*\]\.response_data\[~\]: expected something containing \{ transaction_identification: "[0-9a-f]{64}"/,
  );
});

test('a consuming read keeps what it read: a later step still finds a message an earlier one consumed', async () => {
  const data = scenarioData('funding');
  const notification = stepOf(data, 'credit-notification');
  data.steps.push({ ...notification, name: 'credit-notification-again', timeout_ms: 300 });
  const { result, failure } = await outcome(compiled(data));
  expect(failure?.message).toBeUndefined();
  expect(result?.completed).toBe(data.steps.length);
});

function withoutSteps(data: ScenarioData, ...names: string[]): ScenarioData {
  return { ...data, steps: data.steps.filter((step) => !names.includes(step.name)) };
}

test('payment-dsa fails when the pacs.008 is signed by the RFI, or the RFI credits an account with no line for the DSA', async () => {
  const signedByRfi = scenarioData('payment-dsa');
  stepOf(signedByRfi, 'sign-payment').actor = 'mmB';
  const signature = await outcome(compiled(signedByRfi));
  expect(signature.failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-PAYMENT-DSA-FLOW] scenario payment-dsa, ${stepLabel(signedByRfi, 'send-payment')}, as mmA: POST /client/v1/api/payments/message/send`,
    '  expected status 200, got 400',
  ]);

  const noLine = scenarioData('payment-dsa');
  stepOf(noLine, 'sign-acceptance').sign_message!.fields.credit_account = '${actors.mmB.accounts[1]}';
  stepOf(noLine, 'ofi-gets-settled-report').timeout_ms = 500;
  const settlement = await outcome(compiled(noLine));
  expect(settlement.failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-PAYMENT-DSA-FLOW] scenario payment-dsa, ${stepLabel(noLine, 'ofi-gets-settled-report')}, as mmA: GET /client/v1/api/gateway/messages?type=payment`,
    expect.stringMatching(
      /^ {2}waited 500 ms \(\d+ tries\) for \$\[\*\]\.response_data\[~\]: expected something containing \{ financial_message_type: "iso20022:pacs\.002\.001\.10", financial_message_data: a message with \{ Document\/FIToFIPmtStsRpt\/TxInfAndSts\/OrgnlInstrId: "[0-9a-f]{32}", Document\/FIToFIPmtStsRpt\/TxInfAndSts\/TxSts: "ACSC" \} \}/,
    ),
  ]);
});

test('payment-rejected fails under PAY-REJECT-NOTHING-MOVES when the RFI accepts the payment instead', async () => {
  const data = scenarioData('payment-rejected');
  const rejection = stepOf(data, 'sign-rejection').sign_message!;
  const fields = Object.fromEntries(Object.entries(rejection.fields).filter(([field]) => !field.startsWith('reason_')));
  stepOf(data, 'sign-rejection').sign_message = {
    template: 'compliance-accept',
    fields: { ...fields, credit_account: '${vars.rfi_account}' },
  };
  const { failure } = await outcome(compiled(data));
  expect(failure?.requirement).toBe('PAY-REJECT-NOTHING-MOVES');
  expect(failure?.message.split('\n').slice(0, 2)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^\\[PAY-REJECT-NOTHING-MOVES\\] scenario payment-rejected, ${stepLabel(data, 'ofi-balance-unchanged')}, as mmA: GET /client/v1/api/balances/digital-accounts/main\\?`,
      ),
    ),
    '  $.balance: expected the decimal 200.0000000, got "119.6000000"',
  ]);
});

test('payment-dso fails when the RFI returns the DSO before the OFI said with an SVC.002 that the obligation was paid', async () => {
  const data = withoutSteps(scenarioData('payment-dso'), 'sign-notice', 'send-notice', 'notice-delivered');
  const { failure } = await outcome(compiled(data));
  expect(failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-PAYMENT-DSO-FLOW] scenario payment-dso, ${stepLabel(data, 'return-dso')}, as mmB: POST /client/v1/api/payments/message/reply`,
    '  expected status 200, got 400',
  ]);
});

test('cancellation fails when the RFI refunds a payment the OFI did not ask back', async () => {
  const data = withoutSteps(
    scenarioData('cancellation'),
    'sign-first-cancellation',
    'request-first-cancellation',
    'first-cancellation-delivered',
  );
  const { failure } = await outcome(compiled(data));
  expect(failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-CANCELLATION-FLOW] scenario cancellation, ${stepLabel(data, 'refund')}, as mmB: POST /client/v1/api/payments/message/reply`,
    '  expected status 200, got 400',
  ]);
});

test('redemption fails when the member asks to redeem more than its account holds', async () => {
  const data = scenarioData('redemption');
  data.vars = { ...data.vars, redeemed: 1000 };
  const { failure } = await outcome(compiled(data));
  expect(failure?.message.split('\n').slice(0, 2)).toEqual([
    `[SCN-REDEMPTION] scenario redemption, ${stepLabel(data, 'redeem')}, as mmA: POST /client/v1/api/payments/message/redeem`,
    '  expected status 200, got 400',
  ]);
});

test('listening-recovery fails when the listening restarts from the later funding’s reference: nothing after it to deliver again', async () => {
  const data = scenarioData('listening-recovery');
  stepOf(data, 'restart-listening').path!.reference =
    "${find(captures.notices, 'transaction_identification', captures.later).transaction_reference_number}";
  stepOf(data, 'later-delivered-again').timeout_ms = 500;
  const { failure } = await outcome(compiled(data));
  expect(failure?.requirement).toBe('GW-LISTENING-REPLAY');
  expect(failure?.message.split('\n').slice(0, 2)).toEqual([
    `[GW-LISTENING-REPLAY] scenario listening-recovery, ${stepLabel(data, 'later-delivered-again')}, as mmA: GET /client/v1/api/gateway/messages?type=transactions`,
    expect.stringMatching(
      /^ {2}waited 500 ms \(\d+ tries\) for \$\[\*\]\.response_data\[~\]: expected something containing \{ transaction_identification: "[0-9a-f]{64}", account_identification: "main" \}, got \[\]$/,
    ),
  ]);
});

test('a fresh read is judged on what it read itself: a message an earlier step consumed does not count', async () => {
  const data = scenarioData('funding');
  const notification = stepOf(data, 'credit-notification');
  data.steps.push({ ...notification, name: 'credit-notification-again', fresh: true, timeout_ms: 300 });
  const { result, warnings, failure } = await outcome(compiled(data));
  expect(failure).toBeUndefined();
  expect(result?.completed).toBe(data.steps.length - 1);
  expect(warnings).toEqual([
    expect.stringMatching(
      /^\[SCN-FUNDING-NOTIFICATION\] scenario funding, step 12 of 12 "credit-notification-again", as mmA: GET \/client\/v1\/api\/gateway\/messages\?type=transactions\n {2}waited 300 ms \(\d+ tries\) for .*, got \[\]\n {2}answer: status 200; body: \[\]$/,
    ),
  ]);
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
  stepOf(fromAnswer, 'instruction').capture = {
    transaction: '$.unsigned_transaction_object',
    amount: '$.funding_payload[0].funding_amount',
  };
  stepOf(fromAnswer, 'sign-transaction').sign!.payload = '${base64(captures.amount)}';
  const { failure } = await outcome(compiled(fromAnswer));
  expect(failure?.message.split('\n')).toEqual([
    `[SCN-FUNDING-FLOW] scenario funding, ${stepLabel(fromAnswer, 'sign-transaction')}, as tokenizer: POST /client/v1/api/sign/payload`,
    '  the request could not be built from earlier answers: base64() takes a text, got 250.75',
  ]);

  const fromProfile = scenarioData('funding');
  fromProfile.vars = { ...fromProfile.vars, account: '${actors.mmA.accounts[7]}' };
  await expect(outcome(compiled(fromProfile))).rejects.toThrow(
    /^Harness fault: scenario funding, vars\.account: actors\.mmA\.accounts\[7\]: actors\.mmA\.accounts\[7\] is not there$/,
  );
});
