import { expect, test } from '@playwright/test';
import { redemptionStory } from '../../schemas/iso20022/message-builders.ts';
import { wholeUnits } from '../runtime/money.ts';
import type { LedgerModel } from './model.ts';
import { redemptionAnswerVerdict, redemptionRequestVerdict } from './redemption-model.ts';
import type { RedemptionRecord } from './records.ts';
import { aMain, aSecond, bMain, line, modelOf } from '../../test-support/test-universe.ts';
import { allowlistPairs, allowlistEntry } from './universe.ts';

/** mmA holds 50 USD on main, nothing on second; mmB nothing; every line allowed with a ceiling of 100; everyone lists everyone. */
function scene(allowlist = allowlistPairs.map(([holder, listed]) => allowlistEntry(holder, listed))): LedgerModel {
  return modelOf({
    balances: [[aMain, wholeUnits(50)]],
    lines: [aMain, aSecond, bMain].map((holding) => [holding, line('allow', 100)]),
    allowlist,
  });
}

function redemption(units: bigint, account = 'main', answered = false): RedemptionRecord {
  return { member: 'mmA', story: redemptionStory(), units, account, answered };
}

test('a redemption is taken when the account holds the amount, and its acceptance burns exactly it, once', () => {
  expect(redemptionRequestVerdict(scene(), 'mmA', 'main', wholeUnits(50))).toMatchObject({
    permitted: true,
    requirement: 'RED-BURN',
  });
  // More than the balance: the reference refuses it on a rule of its own, the model does not decide.
  expect(redemptionRequestVerdict(scene(), 'mmA', 'main', wholeUnits(50) + 1n)).toBeUndefined();
  expect(redemptionRequestVerdict(scene(['mmA>mmB']), 'mmA', 'main', 1n)).toMatchObject({
    permitted: false,
    requirement: 'INV-REDEMPTION-BURNS',
  });

  for (const status of ['ACSC', 'ACCP'] as const) {
    expect(redemptionAnswerVerdict(scene(), redemption(wholeUnits(30)), status), status).toEqual({
      verdict: expect.objectContaining({ permitted: true, requirement: 'RED-BURN' }),
      moves: [{ holding: aMain.key, delta: -wholeUnits(30), supply: true }],
    });
  }
  expect(redemptionAnswerVerdict(scene(), redemption(wholeUnits(30)), 'RJCT')).toEqual({
    verdict: expect.objectContaining({ permitted: true, requirement: 'RED-REJECT' }),
    moves: [],
  });
  for (const status of ['ACSC', 'RJCT'] as const) {
    expect(
      redemptionAnswerVerdict(scene(), redemption(wholeUnits(30), 'main', true), status).verdict,
      status,
    ).toMatchObject({ permitted: false, requirement: 'RED-BURN' });
  }
});

test('an acceptance stating another amount, or none, is refused and burns nothing', () => {
  for (const stated of ['other', 'none'] as const) {
    expect(redemptionAnswerVerdict(scene(), redemption(wholeUnits(30)), 'ACSC', stated), stated).toEqual({
      verdict: expect.objectContaining({ permitted: false, requirement: 'RED-AMOUNT-MATCH' }),
      moves: [],
    });
  }
  // A second answer is refused for being second, whatever it states.
  expect(
    redemptionAnswerVerdict(scene(), redemption(wholeUnits(30), 'main', true), 'ACSC', 'other').verdict.requirement,
  ).toBe('RED-BURN');
});

test('an acceptance the ledger cannot burn now is refused: the balance went elsewhere, or the line was revoked', () => {
  const spent = scene();
  spent.applyMoves([
    { holding: aMain.key, delta: -wholeUnits(45), supply: false },
    { holding: aSecond.key, delta: wholeUnits(45), supply: false },
  ]);
  expect(redemptionAnswerVerdict(spent, redemption(wholeUnits(30)), 'ACSC')).toMatchObject({
    verdict: { permitted: false, requirement: 'INV-REDEMPTION-BURNS' },
    moves: [],
  });
  const revoked = scene();
  revoked.decisionApplied(aMain.key, 'revoke');
  expect(redemptionAnswerVerdict(revoked, redemption(wholeUnits(30)), 'ACSC').verdict.requirement).toBe(
    'CL-REVOKED-BLOCKS',
  );
});
