import { expect, test } from '@playwright/test';
import { paymentStory } from '../../schemas/iso20022/message-builders.ts';
import { wholeUnits } from '../runtime/money.ts';
import type { LedgerModel } from './model.ts';
import {
  answeredState,
  complianceVerdict,
  isoAmount,
  noticeDue,
  noticeVerdict,
  otherAmount,
  paymentVerdict,
  returnPurpose,
  returnVerdict,
  UNITS_PER_CENT,
} from './payment-model.ts';
import type { PaymentRecord } from './records.ts';
import { aDso, aMain, aSecond, bDso, bMain, line, modelOf, universe } from '../../test-support/test-universe.ts';
import { allowlistPairs, allowlistEntry, EMISSION } from './universe.ts';

const everyone = allowlistPairs.map(([holder, listed]) => allowlistEntry(holder, listed));

/**
 * mmA holds 50 USD on main, nothing on second, and 30 of mmB's DSO; mmB nothing; every line allowed with
 * a ceiling of 100; everyone lists everyone; both makers issued their DSO.
 */
function scene(allowlist = everyone): LedgerModel {
  return modelOf({
    balances: [
      [aMain, wholeUnits(50)],
      [aDso, wholeUnits(30)],
    ],
    lines: [aMain, aSecond, bMain, aDso, bDso].map((holding) => [holding, line('allow', 100)]),
    allowlist,
    issued: ['mmA', 'mmB'],
  });
}

/** mmA's payment to mmB in the DSA from main, awaiting its answer, unless `changes` says otherwise. */
function payment(units: bigint, changes: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    ofi: 'mmA',
    rfi: 'mmB',
    story: paymentStory(),
    units,
    asset: universe.dsa,
    account: 'main',
    state: 'awaiting',
    cancellationRequested: false,
    cancellationRejected: false,
    obligationPaid: false,
    ...changes,
  };
}

/** mmA's payment in its own DSO (from its emission, which mints it), or in mmB's (which it holds). */
const ownDso = (units: bigint, changes: Partial<PaymentRecord> = {}) =>
  payment(units, { asset: universe.dso.mmA, account: EMISSION, ...changes });
const rfiDso = (units: bigint, changes: Partial<PaymentRecord> = {}) =>
  payment(units, { asset: universe.dso.mmB, account: EMISSION, ...changes });

test('a payment is sent only between makers that list each other, each instrument due under its own rule', () => {
  expect(paymentVerdict(scene(), payment(1n))).toMatchObject({ permitted: true, requirement: 'PAY-SETTLE' });
  expect(paymentVerdict(scene(), ownDso(1n))).toMatchObject({ permitted: true, requirement: 'PAY-DSO-OBLIGATION' });
  expect(paymentVerdict(scene(), rfiDso(1n))).toMatchObject({ permitted: true, requirement: 'INV-PAYMENT-EXACT' });
  expect(paymentVerdict(scene(['mmA>mmB']), payment(1n))).toMatchObject({
    permitted: false,
    requirement: 'INV-PAYMENT-EXACT',
  });
});

test('an accepting SVC.001 moves the amount from the settlement account to the credit account when the ledger permits it then', () => {
  const accepted = complianceVerdict(scene(), payment(wholeUnits(20)), 'ACTC', 'main');
  expect(accepted.verdict).toMatchObject({ permitted: true, requirement: 'PAY-SETTLE' });
  expect(accepted.settlement.moves).toEqual([
    { holding: aMain.key, delta: -wholeUnits(20), supply: false },
    { holding: bMain.key, delta: wholeUnits(20), supply: false },
  ]);
  expect(answeredState(payment(1n), 'ACTC', true)).toBe('settled');
  // The answer itself is due; the transfer is refused by the ledger: the balance, or the RFI's ceiling.
  const broke = complianceVerdict(scene(), payment(wholeUnits(51)), 'ACTC', 'main');
  expect(broke.verdict.permitted).toBe(true);
  expect(broke.settlement).toEqual({
    verdict: expect.objectContaining({ permitted: false, requirement: 'INV-PAYMENT-EXACT' }),
    moves: [],
  });
  expect(answeredState(payment(1n), 'ACTC', false)).toBe('failed');
  const full = scene();
  full.requestApplied(bMain.key, 10);
  expect(complianceVerdict(full, payment(wholeUnits(20)), 'ACTC', 'main').settlement.verdict.requirement).toBe(
    'CL-CEILING',
  );
});

test('a rejecting SVC.001 moves nothing; a second answer, or one between makers that no longer list each other, is refused', () => {
  expect(complianceVerdict(scene(), payment(wholeUnits(20)), 'RJCT', 'main')).toEqual({
    verdict: expect.objectContaining({ permitted: true, requirement: 'PAY-REJECT-NOTHING-MOVES' }),
    settlement: { verdict: expect.objectContaining({ permitted: true }), moves: [] },
  });
  expect(answeredState(payment(1n), 'RJCT', false)).toBe('rejected');
  for (const status of ['ACTC', 'RJCT'] as const) {
    expect(
      complianceVerdict(scene(), payment(wholeUnits(20), { state: 'settled' }), status, 'main').verdict,
      status,
    ).toMatchObject({ permitted: false, requirement: 'INV-PAYMENT-EXACT' });
    expect(
      complianceVerdict(scene(['mmA>mmB', 'mmA>tokenizer']), payment(wholeUnits(20)), status, 'main').verdict.permitted,
      status,
    ).toBe(false);
  }
});

test('in the OFI’s own DSO an acceptance mints the obligation into the RFI’s emission; in the RFI’s DSO it burns what the OFI holds', () => {
  const cleared = complianceVerdict(scene(), ownDso(wholeUnits(20)), 'ACTC', EMISSION);
  expect(cleared.verdict.requirement).toBe('PAY-DSO-OBLIGATION');
  expect(cleared.settlement.moves).toEqual([{ holding: bDso.key, delta: wholeUnits(20), supply: true }]);
  expect(answeredState(ownDso(1n), 'ACTC', true)).toBe('cleared');
  // The RFI's ceiling on the OFI's DSO bounds the obligation it takes.
  expect(complianceVerdict(scene(), ownDso(wholeUnits(101)), 'ACTC', EMISSION).settlement.verdict).toMatchObject({
    permitted: false,
    requirement: 'CL-CEILING',
  });

  expect(complianceVerdict(scene(), rfiDso(wholeUnits(20)), 'ACTC', EMISSION).settlement.moves).toEqual([
    { holding: aDso.key, delta: -wholeUnits(20), supply: true },
  ]);
  expect(answeredState(rfiDso(1n), 'ACTC', true)).toBe('settled');
  expect(complianceVerdict(scene(), rfiDso(wholeUnits(31)), 'ACTC', EMISSION).settlement.verdict).toMatchObject({
    permitted: false,
    requirement: 'INV-PAYMENT-EXACT',
  });
});

test('SVC.002, camt.056 and camt.029 are due only where the rules say, and undecided elsewhere', () => {
  const cleared = ownDso(wholeUnits(5), { state: 'cleared' });
  expect(noticeVerdict(scene(), cleared, noticeDue, 'PAY-DSO-OBLIGATION')).toMatchObject({
    permitted: true,
    requirement: 'PAY-DSO-OBLIGATION',
  });
  // Said already, a settled DSA payment, or makers that no longer list each other: the model does not decide.
  expect(noticeVerdict(scene(), { ...cleared, obligationPaid: true }, noticeDue, 'PAY-DSO-OBLIGATION')).toBeUndefined();
  expect(noticeVerdict(scene(), payment(1n, { state: 'settled' }), noticeDue, 'PAY-DSO-OBLIGATION')).toBeUndefined();
  expect(noticeVerdict(scene(['mmA>mmB']), cleared, noticeDue, 'PAY-DSO-OBLIGATION')).toBeUndefined();
});

test('a pacs.004 returns exactly the payment, for a cause: the open cancellation (refund) or the paid obligation', () => {
  // A refund of a settled DSA payment, from the RFI's account back to the OFI's settlement account.
  const refunded = scene();
  refunded.applyMoves([{ holding: bMain.key, delta: wholeUnits(20), supply: false }]);
  const requested = payment(wholeUnits(20), { state: 'settled', cancellationRequested: true });
  expect(returnPurpose(requested)).toBe('refund');
  expect(returnVerdict(refunded, requested, 'main', wholeUnits(20))).toEqual({
    verdict: expect.objectContaining({ permitted: true, requirement: 'PAY-CANCEL-REFUND' }),
    moves: [
      { holding: bMain.key, delta: -wholeUnits(20), supply: false },
      { holding: aMain.key, delta: wholeUnits(20), supply: false },
    ],
  });
  expect(returnVerdict(refunded, requested, 'main', otherAmount(wholeUnits(20))).verdict).toMatchObject({
    permitted: false,
    requirement: 'PAY-CANCEL-REFUND',
  });
  // The RFI's balance went elsewhere: the ledger refuses the return.
  expect(returnVerdict(scene(), requested, 'main', wholeUnits(20)).verdict).toMatchObject({
    permitted: false,
    requirement: 'INV-PAYMENT-EXACT',
  });

  // The obligation paid off the service: the RFI's holding of the OFI's DSO goes back to its issuer and is burned.
  const obligation = scene();
  obligation.applyMoves([{ holding: bDso.key, delta: wholeUnits(20), supply: true }]);
  const paid = ownDso(wholeUnits(20), { state: 'cleared', obligationPaid: true });
  expect(returnPurpose(paid)).toBe('obligation');
  expect(returnVerdict(obligation, paid, EMISSION, wholeUnits(20))).toEqual({
    verdict: expect.objectContaining({ permitted: true, requirement: 'PAY-DSO-OBLIGATION' }),
    moves: [{ holding: bDso.key, delta: -wholeUnits(20), supply: true }],
  });
  // A refund of a payment in the RFI's DSO is minted back into what the OFI holds of it.
  expect(
    returnVerdict(
      scene(),
      rfiDso(wholeUnits(20), { state: 'settled', cancellationRequested: true }),
      EMISSION,
      wholeUnits(20),
    ).moves,
  ).toEqual([{ holding: aDso.key, delta: wholeUnits(20), supply: true }]);
});

test('a pacs.004 without a cause is refused: never asked, rejected, cleared but not paid, or between makers that no longer list each other', () => {
  const model = scene();
  model.applyMoves([{ holding: bMain.key, delta: wholeUnits(20), supply: false }]);
  expect(
    returnVerdict(model, payment(wholeUnits(20), { state: 'settled' }), 'main', wholeUnits(20)).verdict,
  ).toMatchObject({ permitted: false, requirement: 'INV-PAYMENT-EXACT' });
  expect(
    returnVerdict(
      model,
      payment(wholeUnits(20), { state: 'settled', cancellationRejected: true }),
      'main',
      wholeUnits(20),
    ).verdict,
  ).toMatchObject({ permitted: false, requirement: 'PAY-CANCEL-REJECT' });
  expect(returnPurpose(ownDso(1n, { state: 'cleared' }))).toBeUndefined();
  expect(returnPurpose(payment(1n, { state: 'returned' }))).toBeUndefined();
  const apart = scene(['mmA>mmB']);
  apart.applyMoves([{ holding: bMain.key, delta: wholeUnits(20), supply: false }]);
  expect(
    returnVerdict(
      apart,
      payment(wholeUnits(20), { state: 'settled', cancellationRequested: true }),
      'main',
      wholeUnits(20),
    ).verdict,
  ).toMatchObject({ permitted: false, requirement: 'INV-PAYMENT-EXACT' });
});

test('amounts travel as ISO decimals of whole cents; another amount is a cent off', () => {
  expect(isoAmount(wholeUnits(12) + 30n * UNITS_PER_CENT)).toBe('12.30');
  expect(isoAmount(UNITS_PER_CENT)).toBe('0.01');
  expect(isoAmount(wholeUnits(7))).toBe('7.00');
  expect(isoAmount(otherAmount(wholeUnits(7)))).toBe('6.99');
  expect(isoAmount(otherAmount(UNITS_PER_CENT))).toBe('0.02');
});
