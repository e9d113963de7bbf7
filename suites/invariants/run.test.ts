import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../simulator/server.ts';
import { CheckFailure } from '../runtime/check.ts';
import { DssClient } from '../runtime/client.ts';
import { ControlClient, TargetClock } from '../runtime/control.ts';
import type { Actor } from '../runtime/fixtures.ts';
import { RecordingChannel } from '../runtime/recorder.ts';
import { createSimMembers, operatingAccounts, TOKENIZER_DSA } from '../runtime/sim-members.ts';
import { runLedgerInvariants, type LedgerParticipants } from './run.ts';

/**
 * The property end to end against the simulator on a real socket: it passes on the reference, and it
 * catches a ledger defect switched on as a simulator fault, reporting the broken requirement with the
 * seed, the path and the shrunk calls.
 */

const options = { numRuns: 6, maxCommands: 40, shrinkBudgetMs: 20_000, seed: 20240611 };

async function participants(simulator: RunningSimulator): Promise<LedgerParticipants> {
  const recording = new RecordingChannel();
  const control = new ControlClient({ baseUrl: simulator.url, timeoutMs: 10_000, recording, clock: new TargetClock() });
  const members = await createSimMembers(control, 'inv');
  const actor = (role: 'tokenizer' | 'mmA' | 'mmB'): Actor => {
    const { token, ...member } = members[role];
    return {
      role,
      identification: member.identification,
      accounts: operatingAccounts(members[role]),
      assets: role === 'tokenizer' ? [{ asset_code_identification: TOKENIZER_DSA, asset_issuer_identification: member.identification }] : [],
      client: new DssClient({ baseUrl: simulator.url, token, timeoutMs: 10_000, recording }),
      member,
    };
  };
  return { tokenizer: actor('tokenizer'), mmA: actor('mmA'), mmB: actor('mmB') };
}

test('the reference keeps every invariant, and the property really moves value', async () => {
  const simulator = await startSimulator({ network: 'empty' });
  try {
    const result = await runLedgerInvariants(await participants(simulator), options);
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
  const simulator = await startSimulator({ network: 'empty', faults: ['credit-ceiling-not-enforced'] });
  try {
    const actors = await participants(simulator);
    const failure = await runLedgerInvariants(actors, { ...options, numRuns: 30, shrinkBudgetMs: 5_000 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CheckFailure);
    const { requirement, message } = failure as CheckFailure;
    expect(requirement).toBe('CL-CEILING');
    expect(message).toMatch(/^\[CL-CEILING\] after .* above its ceiling/);
    expect(message).toMatch(/Property failed after \d+ run\(s\) and \d+ shrink\(s\)[^:]*: seed 20240611, path "[\d:]+"/);
    expect(message).toMatch(/Replay: DSS_INVARIANT_SEED=20240611 DSS_INVARIANT_PATH='[\d:]+' DSS_INVARIANT_REPLAY_PATH='[^']+'/);
    expect(message).toMatch(/Shrunk sequence of commands:\n {2}1\. \w+\(/);
    expect(message).toMatch(/Calls of the shrunk run, as the target answered them:\n {2}setup: mmA\/main USD\(tokenizer\)/);
    expect(message).toContain('Counterexample: [');
    // The allowlists between the makers are back as they were (empty): the property cleans up after itself.
    for (const maker of [actors.mmA, actors.mmB]) expect((await maker.client.call('member.getAllowlist')).body).toEqual([]);
  } finally {
    await simulator.close();
  }
});
