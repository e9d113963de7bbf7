import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../simulator/server.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { DssClient } from '../runtime/client.ts';
import { ControlClient, TargetClock } from '../runtime/control.ts';
import type { Actor } from '../runtime/fixtures.ts';
import { RecordingChannel } from '../runtime/recorder.ts';
import { createSimMembers, operatingAccounts, tokenizerAssets } from '../runtime/sim-members.ts';
import type { CommandFamily } from './command-mix.ts';
import { runInvariants, type InvariantParticipants, type InvariantResult } from './run.ts';
import { directTransport } from '../runtime/transport.ts';

/**
 * The property end to end against the simulator on a real socket: each family of operations passes on
 * the reference, and catches defects switched on as simulator faults, reporting the broken
 * requirement with the seed, the path and the shrunk calls.
 */

const options = { numRuns: 6, maxCommands: 40, shrinkBudgetMs: 20_000, seed: 20240611 };

/**
 * A test's time-out, sized to its work: a safety net against a hang, never a judgement on the machine's
 * speed. Each command is a few HTTP calls; 200 ms a command is several times what a 2-core machine takes
 * at a load of 33 (the exchange and payment runs, 3300 commands at most: 66 s at a load of 25, 270 s at 33).
 */
function timeoutFor(work: Array<{ numRuns: number; maxCommands: number; shrinkBudgetMs?: number }>): number {
  return (
    60_000 +
    work.reduce(
      (sum, { numRuns, maxCommands, shrinkBudgetMs = 0 }) => sum + numRuns * maxCommands * 200 + shrinkBudgetMs,
      0,
    )
  );
}

async function participants(simulator: RunningSimulator): Promise<InvariantParticipants> {
  const recording = new RecordingChannel();
  const control = new ControlClient({
    baseUrl: simulator.url,
    timeoutMs: 10_000,
    recording,
    clock: new TargetClock(),
    transport: directTransport,
  });
  const members = await createSimMembers(control, 'inv');
  const actor = (role: 'tokenizer' | 'mmA' | 'mmB'): Actor => {
    const { token, ...member } = members[role];
    return {
      role,
      identification: member.identification,
      accounts: operatingAccounts(members[role]),
      assets: role === 'tokenizer' ? tokenizerAssets(member.identification) : [],
      client: new DssClient({
        baseUrl: simulator.url,
        token,
        timeoutMs: 10_000,
        recording,
        transport: directTransport,
      }),
      member,
    };
  };
  return { tokenizer: actor('tokenizer'), mmA: actor('mmA'), mmB: actor('mmB'), control };
}

test('the reference keeps every invariant, and the property really moves value', async () => {
  test.setTimeout(timeoutFor([{ ...options, shrinkBudgetMs: 0 }]));
  const simulator = await startSimulator({ network: 'empty' });
  try {
    const result = await runInvariants(await participants(simulator), 'ledger', options);
    expect(result.runs).toBe(options.numRuns);
    expect(result.warnings).toEqual([]);
    expect(result.operations).toBeGreaterThan(60);
    // Not vacuous: fundings and consolidations were accepted as well as refused.
    for (const name of ['Fund', 'Consolidate']) {
      expect(result.byCommand[name]?.accepted, name).toBeGreaterThan(0);
      expect(result.byCommand[name]?.refused, name).toBeGreaterThan(0);
    }
  } finally {
    await simulator.close();
  }
});

test('a ceiling the ledger does not enforce fails the check with CL-CEILING, the seed, the path and the shrunk calls', async () => {
  const runOptions = { ...options, numRuns: 30, shrinkBudgetMs: 5_000 };
  test.setTimeout(timeoutFor([runOptions]));
  const simulator = await startSimulator({ network: 'empty', faults: ['credit-ceiling-not-enforced'] });
  try {
    const actors = await participants(simulator);
    const failure = await runInvariants(actors, 'ledger', runOptions).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CheckFailure);
    const { requirement, message } = failure as CheckFailure;
    expect(requirement).toBe('CL-CEILING');
    expect(message).toMatch(/^\[CL-CEILING\] after .* above its ceiling/);
    expect(message).toMatch(
      /Property failed after \d+ run\(s\) and \d+ shrink\(s\)[^:]*: seed 20240611, path "[\d:]+"/,
    );
    expect(message).toMatch(
      /Replay: DSS_INVARIANT_SEED=20240611 DSS_INVARIANT_PATH='[\d:]+' DSS_INVARIANT_REPLAY_PATH='[^']+'/,
    );
    expect(message).toMatch(/Shrunk sequence of commands:\n {2}1\. \w+\(/);
    expect(message).toMatch(
      /Calls of the shrunk run, as the target answered them:\n {2}setup: mmA\/main USD\(tokenizer\)/,
    );
    expect(message).toContain('Counterexample: [');
    // The allowlists between the makers are back as they were (empty): the property cleans up after itself.
    for (const maker of [actors.mmA, actors.mmB])
      expect((await maker.client.call('member.getAllowlist')).body).toEqual([]);
  } finally {
    await simulator.close();
  }
});

/** Runs `family` against a simulator with `faults` on; answers the result, or the failure. */
async function runAgainst(
  family: CommandFamily,
  faults: string[],
  runOptions = options,
): Promise<InvariantResult | CheckFailure> {
  const simulator = await startSimulator({ network: 'empty', faults });
  try {
    return await runInvariants(await participants(simulator), family, runOptions).catch((error: unknown) => {
      if (error instanceof CheckFailure) return error;
      throw error;
    });
  } finally {
    await simulator.close();
  }
}

test('on the reference, exchanges and payments keep every invariant while both settling and being refused', async () => {
  // The payments need more runs: a return or a rejected cancellation comes at the end of a chain of messages.
  const expectations: Array<[CommandFamily, number, string[], string[]]> = [
    ['exchange', 15, ['Exchange', 'AnswerQuotation', 'RequestQuotation'], ['Exchange']],
    [
      'payments',
      40,
      [
        'SendPayment',
        'AnswerPayment',
        'NotifyObligationPaid',
        'RequestCancellation',
        'RejectCancellation',
        'ReturnPayment',
        'Redeem',
        'AnswerRedemption',
      ],
      ['ReturnPayment', 'AnswerRedemption', 'NotifyObligationPaid', 'RequestCancellation'],
    ],
  ];
  test.setTimeout(timeoutFor(expectations.map(([, numRuns]) => ({ numRuns, maxCommands: 60 }))));
  for (const [family, numRuns, accepted, refused] of expectations) {
    const result = await runAgainst(family, [], { ...options, numRuns, maxCommands: 60 });
    if (result instanceof CheckFailure) throw result;
    expect(result.warnings, family).toEqual([]);
    for (const name of accepted)
      expect(result.byCommand[name]?.accepted, `${family}: ${name} accepted`).toBeGreaterThan(0);
    // Not vacuous: the value-moving commands, and the messages sent where they do not apply, were refused too.
    for (const name of refused)
      expect(result.byCommand[name]?.refused, `${family}: ${name} refused`).toBeGreaterThan(0);
  }
});

test('a quotation settled twice, an exchange that ignores the allowlist and a redemption burned on another amount each fail the property, naming the rule', async () => {
  const cases: Array<[CommandFamily, string, string]> = [
    ['exchange', 'quotation-exchangeable-twice', 'EXC-ONCE'],
    ['exchange', 'exchange-ignores-allowlist', 'EXC-ALLOWLIST'],
    ['payments', 'redemption-amount-not-checked', 'RED-AMOUNT-MATCH'],
  ];
  const runOptions = { ...options, numRuns: 40, maxCommands: 60, shrinkBudgetMs: 3_000 };
  test.setTimeout(timeoutFor(cases.map(() => runOptions)));
  for (const [family, fault, requirement] of cases) {
    const failure = await runAgainst(family, [fault], runOptions);
    expect(failure, fault).toBeInstanceOf(CheckFailure);
    expect((failure as CheckFailure).requirement, `${fault}: ${(failure as CheckFailure).message}`).toBe(requirement);
    expect((failure as CheckFailure).message, fault).toMatch(/Shrunk sequence of commands:\n {2}1\. \w+\(/);
  }
});

test('a payment settled although its RFI rejected it breaks a decision of the reference profile: recorded, and the model follows the target to the end of the run', async () => {
  const runOptions = { ...options, numRuns: 40, maxCommands: 60, shrinkBudgetMs: 3_000 };
  test.setTimeout(timeoutFor([runOptions]));
  const result = await runAgainst('payments', ['payment-settles-on-reject'], runOptions);
  if (result instanceof CheckFailure) throw result;
  expect(result.broken.map((entry) => entry.requirement)).toEqual(['PAY-REJECT-NOTHING-MOVES']);
  expect(result.broken[0]!.message).toMatch(/SVC\.001 RJCT/);
  // Every run went on deciding: the settled payments were followed, paid in, returned and redeemed after.
  expect(result.runs).toBe(runOptions.numRuns);
  expect(result.byCommand.AnswerPayment?.accepted).toBeGreaterThan(0);
});
