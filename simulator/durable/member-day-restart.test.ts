import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeveloperMember } from '../../test-support/developer-member.ts';
import {
  EUR,
  exchangeAt,
  lineAndFunding,
  payToSingapore,
  quotationFromSingapore,
  USD,
  type QuotationInfo,
} from '../../test-support/member-day.ts';
import { startSimulatorProcess } from '../../test-support/simulator-process.ts';

/**
 * `dss sim --state-dir` under a member developer's day: the simulator is killed with SIGKILL half way
 * (lines funded, a quotation answered and not yet exchanged) and started again on the same store; the
 * member goes on with its own token, exchanges at the quotation it was given before the crash, and pays,
 * the counterparties' rules answering as before.
 */
test('the member day goes on after a SIGKILL half way through: token, balances, the open quotation and the counterparties survive', async () => {
  test.setTimeout(600_000);
  const directory = mkdtempSync(join(tmpdir(), 'dss-state-day-'));
  try {
    const first = await startSimulatorProcess(['--network', 'demo', '--state-dir', directory]);
    let me: DeveloperMember;
    let info: QuotationInfo;
    try {
      me = await DeveloperMember.create(first.url);
      await lineAndFunding(me);
      info = await quotationFromSingapore(me);
    } finally {
      expect((await first.kill()).signal).toBe('SIGKILL');
    }

    const second = await startSimulatorProcess(['--network', 'demo', '--state-dir', directory]);
    try {
      const resumed = me.at(second.url);
      expect(await resumed.balance('USD', USD.issuer)).toBe('100000.0000000');
      expect(await exchangeAt(resumed, info)).toBe('Success');
      expect(await resumed.balance('USD', USD.issuer)).toBe('99500.0000000');
      expect(await resumed.balance('EUR', EUR.issuer)).toBe('100459.5400000');
      expect(await payToSingapore(resumed, '1000')).toBe('ACSC');
      expect(await resumed.balance('USD', USD.issuer)).toBe('98500.0000000');
    } finally {
      await second.kill();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
