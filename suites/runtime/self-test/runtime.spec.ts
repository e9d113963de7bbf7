import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, expectErrorBody, expectStatus, requireControl, warnShould } from '../check.ts';
import { HarnessFault } from '../harness-fault.ts';
import { test } from '../fixtures.ts';

/**
 * Sample checks for the runtime's self-test (../fixtures.test.ts), not part of any conformance run.
 * Each one exercises one promise of the runtime; the parent test reads the outcome from the results.
 */

test.describe.configure({ mode: 'parallel' });

for (const name of ['one', 'two']) {
  test(
    ...check(`selftest.worker-${name}`, 'acts as this worker’s own members', {
      verifies: ['SELF-ACTORS'],
      endpoint: 'member.listDigitalAccounts',
    }),
    async ({ actors, runSettings }, testInfo) => {
      const response = await actors.mmA.client.call('member.listDigitalAccounts');
      expectStatus(response, 200, 'SELF-ACTORS');
      const ids = [actors.tokenizer, actors.mmA, actors.mmB].map((actor) => actor.identification);
      testInfo.annotations.push({
        type: 'self-test',
        description: JSON.stringify({
          worker: testInfo.workerIndex,
          ids,
          accounts: actors.mmA.accounts,
          assets: actors.tokenizer.assets,
          bic: actors.mmA.member?.bicfi,
        }),
      });
      // Both checks meet before either ends, so that the two workers each take one however slowly the
      // second worker starts (a fixed pause would not be enough on a loaded machine).
      await meet(runSettings.report_dir, `worker-${name}`, name === 'one' ? 'worker-two' : 'worker-one');
    },
  );
}

/** Marks `self` as running and waits (polling, 60 s at most) until `other` is running too (marks in `dir`). */
async function meet(dir: string, self: string, other: string): Promise<void> {
  writeFileSync(join(dir, `.selftest-${self}`), '');
  for (const deadline = Date.now() + 60_000; !existsSync(join(dir, `.selftest-${other}`)) && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test(
  ...check('selftest.expected-failure', 'fails, and is baselined', { verifies: ['SELF-BASELINE'] }),
  async ({ actors }) => {
    const response = await actors.mmA.client.raw('GET', '/client/v1/api/no-such-path');
    expectErrorBody(response, 'SELF-BASELINE');
    expectStatus(response, 200, 'SELF-BASELINE');
  },
);

test(...check('selftest.stale-baseline', 'passes although baselined', { verifies: ['SELF-BASELINE'] }), async () => {});

test(...check('selftest.quarantined', 'is skipped', { verifies: ['SELF-QUARANTINE'] }), async () => {
  throw new Error('a quarantined check must not run');
});

test(...check('selftest.warning', 'breaks a SHOULD rule', { verifies: ['SELF-SHOULD'] }), async () => {
  warnShould(false, 'the target should have done better', 'SELF-SHOULD');
  warnShould(true, 'not shown', 'SELF-SHOULD');
});

test(
  ...check('selftest.harness-fault', 'cannot build its request', { verifies: ['SELF-FAULT'] }),
  async ({ actors }) => {
    await actors.mmA.client.call('member.getMember');
    throw new HarnessFault('not reached');
  },
);

test(
  ...check('selftest.clock', 'keeps its token usable while the clock moves', { verifies: ['SELF-CLOCK'] }),
  async ({ actors }) => {
    const control = requireControl(actors);
    await control.advanceClock(14 * 60_000);
    expectStatus(await actors.mmA.client.call('member.getAllowlist'), 200, 'SELF-CLOCK');
    await control.advanceClock(16 * 60_000);
    expectStatus(await actors.mmA.client.call('member.getAllowlist'), 200, 'SELF-CLOCK');
  },
);
