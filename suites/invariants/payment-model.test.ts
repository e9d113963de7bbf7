import { expect, test } from '@playwright/test';
import { paymentStory, redemptionStory } from '../../schemas/iso20022/message-builders.ts';
import type { LedgerModel } from './model.ts';
import { wholeUnits } from './money.ts';
import { complianceVerdict, isoAmount, paymentVerdict, redemptionAnswerVerdict, redemptionRequestVerdict, type PaymentRecord, type RedemptionRecord } from './payment-model.ts';
import { aMain, aSecond, bMain, line, modelOf } from './test-universe.ts';
import { allowlistPairs, allowlistEntry } from './universe.ts';

/** mmA holds 50 USD on main, nothing on second; mmB nothing; every line allowed with a ceiling of 100; everyone lists everyone. */
function scene(allowlist = allowlistPairs.map(([holder, listed]) => allowlistEntry(holder, listed))): LedgerModel {
  return modelOf({ balances: [[aMain, wholeUnits(50)]], lines: [aMain, aSecond, bMain].map((holding) => [holding, line('allow', 100)]), allowlist });
}

function payment(units: bigint, answered = false): PaymentRecord {
  return { ofi: 'mmA', rfi: 'mmB', story: paymentStory(), units, account: 'main', answered };
}

function redemption(units: bigint, account = 'main', answered = false): RedemptionRecord {
  return { member: 'mmA', story: redemptionStory(), units, account, answered };
}

test('a payment is sent only between makers that list each other', () => {
  expect(paymentVerdict(scene(), 'mmA', 'mmB')).toMatchObject({ permitted: true, requirement: 'PAY-SETTLE' });
  expect(paymentVerdict(scene(['mmA>mmB']), 'mmA', 'mmB')).toMatchObject({ permitted: false, requirement: 'INV-PAYMENT-EXACT' });
});

test('an accepting SVC.001 moves the amount from the settlement account to the credit account when the ledger permits it then', () => {
  const accepted = complianceVerdict(scene(), payment(wholeUnits(20)), 'ACTC', 'main');
  expect(accepted.verdict).toMatchObject({ permitted: true, requirement: 'PAY-SETTLE' });
  expect(accepted.settlement.moves).toEqual([
    { holding: aMain.key, delta: -wholeUnits(20), supply: false },
    { holding: bMain.key, delta: wholeUnits(20), supply: false },
  ]);
  // The answer itself is due; the transfer is refused by the ledger: the balance, or the RFI's ceiling.
  const broke = complianceVerdict(scene(), payment(wholeUnits(51)), 'ACTC', 'main');
  expect(broke.verdict.permitted).toBe(true);
  expect(broke.settlement).toEqual({ verdict: expect.objectContaining({ permitted: false, requirement: 'INV-PAYMENT-EXACT' }), moves: [] });
  const full = scene();
  full.requestApplied(bMain.key, 10);
  expect(complianceVerdict(full, payment(wholeUnits(20)), 'ACTC', 'main').settlement.verdict.requirement).toBe('CL-CEILING');
});

test('a rejecting SVC.001 moves nothing; a second answer, or one between makers that no longer list each other, is refused', () => {
  expect(complianceVerdict(scene(), payment(wholeUnits(20)), 'RJCT', 'main')).toEqual({
    verdict: expect.objectContaining({ permitted: true, requirement: 'PAY-REJECT-NOTHING-MOVES' }),
    settlement: { verdict: expect.objectContaining({ permitted: true }), moves: [] },
  });
  for (const status of ['ACTC', 'RJCT'] as const) {
    expect(complianceVerdict(scene(), payment(wholeUnits(20), true), status, 'main').verdict, status).toMatchObject({ permitted: false, requirement: 'INV-PAYMENT-EXACT' });
    expect(complianceVerdict(scene(['mmA>mmB', 'mmA>tokenizer']), payment(wholeUnits(20)), status, 'main').verdict.permitted, status).toBe(false);
  }
});

test('a redemption is taken when the account holds the amount, and its acceptance burns exactly it, once', () => {
  expect(redemptionRequestVerdict(scene(), 'mmA', 'main', wholeUnits(50))).toMatchObject({ permitted: true, requirement: 'RED-BURN' });
  // More than the balance: the reference refuses it on a rule of its own, the model does not decide.
  expect(redemptionRequestVerdict(scene(), 'mmA', 'main', wholeUnits(50) + 1n)).toBeUndefined();
  expect(redemptionRequestVerdict(scene(['mmA>mmB']), 'mmA', 'main', 1n)).toMatchObject({ permitted: false, requirement: 'INV-REDEMPTION-BURNS' });

  expect(redemptionAnswerVerdict(scene(), redemption(wholeUnits(30)), 'ACSC')).toEqual({
    verdict: expect.objectContaining({ permitted: true, requirement: 'RED-BURN' }),
    moves: [{ holding: aMain.key, delta: -wholeUnits(30), supply: true }],
  });
  expect(redemptionAnswerVerdict(scene(), redemption(wholeUnits(30)), 'RJCT')).toEqual({ verdict: expect.objectContaining({ permitted: true, requirement: 'RED-REJECT' }), moves: [] });
  for (const status of ['ACSC', 'RJCT'] as const) {
    expect(redemptionAnswerVerdict(scene(), redemption(wholeUnits(30), 'main', true), status).verdict, status).toMatchObject({ permitted: false, requirement: 'RED-BURN' });
  }
});

test('an acceptance the ledger cannot burn now is refused: the balance went elsewhere, or the line was revoked', () => {
  const spent = scene();
  spent.applyMoves([{ holding: aMain.key, delta: -wholeUnits(45), supply: false }, { holding: aSecond.key, delta: wholeUnits(45), supply: false }]);
  expect(redemptionAnswerVerdict(spent, redemption(wholeUnits(30)), 'ACSC')).toMatchObject({ verdict: { permitted: false, requirement: 'INV-REDEMPTION-BURNS' }, moves: [] });
  const revoked = scene();
  revoked.decisionApplied(aMain.key, 'revoke');
  expect(redemptionAnswerVerdict(revoked, redemption(wholeUnits(30)), 'ACSC').verdict.requirement).toBe('CL-REVOKED-BLOCKS');
});

test('amounts travel as ISO decimals of whole cents', () => {
  expect(isoAmount(wholeUnits(12) + 3_000_000n)).toBe('12.30');
  expect(isoAmount(100_000n)).toBe('0.01');
  expect(isoAmount(wholeUnits(7))).toBe('7.00');
});
