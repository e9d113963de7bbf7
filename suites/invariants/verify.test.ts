import { expect, test } from '@playwright/test';
import type { LedgerModel, Move } from './model.ts';
import { wholeUnits } from '../runtime/money.ts';
import { aDso, aMain, aSecond, bMain, line, modelOf } from '../../test-support/test-universe.ts';
import { verifyStep, type StepReport } from './verify.ts';

/**
 * mmA/main 10 (allowed, ceiling 50), mmA/second 5 (allowed, ceiling 20), mmB/main 0 (revoked),
 * mmA's DSO line missing. The observed balances of a step are these, changed by `changes`.
 */
function scene(): LedgerModel {
  return modelOf({
    balances: [
      [aMain, wholeUnits(10)],
      [aSecond, wholeUnits(5)],
    ],
    lines: [
      [aMain, line('allow', 50)],
      [aSecond, line('allow', 20)],
      [bMain, line('revoke', 20)],
    ],
  });
}

function observed(model: LedgerModel, changes: [string, bigint][] = []): Map<string, bigint> {
  const balances = new Map(model.universe.holdings.map((holding) => [holding.key, model.balance(holding.key)]));
  for (const [key, delta] of changes) balances.set(key, (balances.get(key) ?? 0n) + delta);
  return balances;
}

const fundMain = (units: bigint): Move[] => [{ holding: aMain.key, delta: units, supply: true }];

function funding(model: LedgerModel, units: bigint, accepted: boolean): StepReport {
  return {
    description: 'a funding',
    nature: 'value',
    accepted,
    verdict: model.fundingVerdict(aMain.key, units),
    moves: fundMain(units),
  };
}

test('an accepted permitted operation that moved exactly what it says passes, and so does a refusal that moved nothing', () => {
  const model = scene();
  expect(
    verifyStep(model, funding(model, wholeUnits(3), true), observed(model, [[aMain.key, wholeUnits(3)]])),
  ).toBeUndefined();
  expect(verifyStep(model, funding(model, wholeUnits(41), false), observed(model))).toBeUndefined();
  expect(
    verifyStep(model, { description: 'an allow', nature: 'no-value', accepted: true }, observed(model)),
  ).toBeUndefined();
});

test('each broken invariant is named by its requirement', () => {
  const model = scene();
  const verdict = (step: StepReport, changes: [string, bigint][]) =>
    verifyStep(model, step, observed(model, changes))?.requirement;
  const allow: StepReport = { description: 'an allow', nature: 'no-value', accepted: true };

  expect(verdict(allow, [[aSecond.key, -wholeUnits(6)]])).toBe('INV-NO-NEGATIVE');
  expect(verdict(funding(model, wholeUnits(41), true), [[aMain.key, wholeUnits(41)]])).toBe('CL-CEILING');
  expect(verdict(allow, [[bMain.key, 1n]])).toBe('INV-NO-MOVE-WITHOUT-LINE');
  expect(verdict(allow, [[aDso.key, 1n]])).toBe('INV-NO-MOVE-WITHOUT-LINE');
  expect(verdict(funding(model, wholeUnits(3), false), [[aMain.key, wholeUnits(3)]])).toBe(
    'INV-REJECTED-CHANGES-NOTHING',
  );
  expect(
    verdict({ ...funding(model, wholeUnits(3), false), refusalRequirement: 'CONS-ATOMIC' }, [[aMain.key, 1n]]),
  ).toBe('CONS-ATOMIC');
  expect(verdict({ description: 'a resend', nature: 'replay', accepted: true }, [[aMain.key, wholeUnits(3)]])).toBe(
    'FUND-REPLAY-ONCE',
  );
  // Accepting what the rules forbid names the rule, even when nothing visibly moved; refusing what they permit too.
  expect(verdict(funding(model, wholeUnits(41), true), [])).toBe('CL-CEILING');
  expect(verdict(funding(model, wholeUnits(3), false), [])).toBe('FUND-INSTRUCTION');
  // Value appearing from nowhere (a credit without its debit), then value credited to the wrong holding.
  const move: StepReport = {
    description: 'a consolidation',
    nature: 'value',
    ...model.consolidationVerdict([{ from: aMain.key, to: aSecond.key, units: 1n, dso: false }]),
    accepted: true,
  };
  expect(verdict(move, [[aSecond.key, 1n]])).toBe('INV-CONSERVATION');
  expect(verdict(funding(model, wholeUnits(3), true), [[aSecond.key, wholeUnits(3)]])).toBe('INV-EXACT-EFFECT');
  expect(
    verdict(move, [
      [aMain.key, -1n],
      [aSecond.key, 1n],
    ]),
  ).toBeUndefined();
});

test('a ceiling is broken only by value arriving: a holding left above a lowered ceiling is not blamed on the next step', () => {
  const model = scene();
  model.requestApplied(aMain.key, 5); // a target that let the ceiling go below the balance (the model follows it)
  expect(
    verifyStep(model, { description: 'an allowlist change', nature: 'no-value', accepted: true }, observed(model)),
  ).toBeUndefined();
  expect(verifyStep(model, funding(model, 1n, true), observed(model, [[aMain.key, 1n]]))?.requirement).toBe(
    'CL-CEILING',
  );
});

test('conservation is counted from the start of the run, with what was funded since', () => {
  const model = scene();
  model.applyMoves(fundMain(wholeUnits(2)));
  expect(
    verifyStep(model, { description: 'a read', nature: 'no-value', accepted: true }, observed(model)),
  ).toBeUndefined();
  // A funding credited twice: the holdings grew by 2 + 3 + 3 while 2 + 3 was funded.
  const twice = verifyStep(model, funding(model, wholeUnits(3), true), observed(model, [[aMain.key, wholeUnits(6)]]));
  expect(twice?.requirement).toBe('INV-CONSERVATION');
  expect(twice?.message).toContain(
    'changed by 8.0000000 since the start of the run, but 5.0000000 was minted less burned',
  );
});

test('an accepted message whose transfer the ledger decides: neither its acceptance nor its refusal is the verdict, the balances are', () => {
  const model = scene();
  const transfer = model.transfersVerdict([{ from: aMain.key, to: aSecond.key, units: wholeUnits(4) }], {
    part: 'transfer',
    shortfall: 'INV-PAYMENT-EXACT',
    permittedAs: 'PAY-SETTLE',
  });
  const settles: StepReport = {
    description: 'an SVC.001 ACTC',
    nature: 'outcome',
    accepted: true,
    ...transfer,
    effectRequirement: 'INV-PAYMENT-EXACT',
  };
  expect(
    verifyStep(
      model,
      settles,
      observed(model, [
        [aMain.key, -wholeUnits(4)],
        [aSecond.key, wholeUnits(4)],
      ]),
    ),
  ).toBeUndefined();
  expect(verifyStep(model, settles, observed(model))?.requirement).toBe('INV-PAYMENT-EXACT');
  // The ledger must refuse this transfer (10 held): the answer is still accepted, and nothing may move.
  const refused = model.transfersVerdict([{ from: aMain.key, to: aSecond.key, units: wholeUnits(11) }], {
    part: 'transfer',
    shortfall: 'INV-PAYMENT-EXACT',
    permittedAs: 'PAY-SETTLE',
  });
  const fails: StepReport = { ...settles, ...refused };
  expect(verifyStep(model, fails, observed(model))).toBeUndefined();
  expect(
    verifyStep(
      model,
      fails,
      observed(model, [
        [aMain.key, -wholeUnits(10)],
        [aSecond.key, wholeUnits(10)],
      ]),
    )?.requirement,
  ).toBe('INV-PAYMENT-EXACT');
  // A rejection that moved value anyway is named by its own rule.
  const rejected: StepReport = {
    description: 'an SVC.001 RJCT',
    nature: 'no-value',
    accepted: true,
    effectRequirement: 'PAY-REJECT-NOTHING-MOVES',
  };
  expect(
    verifyStep(
      model,
      rejected,
      observed(model, [
        [aMain.key, -wholeUnits(4)],
        [aSecond.key, wholeUnits(4)],
      ]),
    )?.requirement,
  ).toBe('PAY-REJECT-NOTHING-MOVES');
});

test('a burn lowers the total of its asset: conservation counts what was funded less what was redeemed', () => {
  const model = scene();
  const burn = model.transfersVerdict([{ from: aMain.key, units: wholeUnits(4) }], {
    part: 'burn',
    shortfall: 'INV-REDEMPTION-BURNS',
    permittedAs: 'RED-BURN',
  });
  expect(burn.moves).toEqual([{ holding: aMain.key, delta: -wholeUnits(4), supply: true }]);
  const redemption: StepReport = {
    description: 'a pacs.002 ACSC',
    nature: 'value',
    accepted: true,
    ...burn,
    effectRequirement: 'INV-REDEMPTION-BURNS',
  };
  expect(verifyStep(model, redemption, observed(model, [[aMain.key, -wholeUnits(4)]]))).toBeUndefined();
  // The amount left the member's account but arrived elsewhere instead of being burned.
  expect(
    verifyStep(
      model,
      redemption,
      observed(model, [
        [aMain.key, -wholeUnits(4)],
        [aSecond.key, wholeUnits(4)],
      ]),
    )?.requirement,
  ).toBe('INV-CONSERVATION');
  // Burned, but another amount.
  expect(verifyStep(model, redemption, observed(model, [[aMain.key, -wholeUnits(3)]]))?.requirement).toBe(
    'INV-CONSERVATION',
  );
  model.applyMoves(burn.moves);
  expect(model.supplyChange('USD|tkn')).toBe(-wholeUnits(4));
  expect(
    verifyStep(model, { description: 'a read', nature: 'no-value', accepted: true }, observed(model)),
  ).toBeUndefined();
});

test('a DSO paid out of its issuer’s emission raises its total, and one paid back lowers it: conservation counts both', () => {
  const model = modelOf({ lines: [[aDso, line('allow', 50)]], issued: ['mmB'] });
  const cleared = model.transfersVerdict([{ to: aDso.key, units: wholeUnits(6) }], {
    part: 'transfer',
    shortfall: 'INV-PAYMENT-EXACT',
    permittedAs: 'PAY-DSO-OBLIGATION',
  });
  expect(cleared.moves).toEqual([{ holding: aDso.key, delta: wholeUnits(6), supply: true }]);
  const acceptance: StepReport = {
    description: 'an SVC.001 ACTC',
    nature: 'outcome',
    accepted: true,
    ...cleared,
    effectRequirement: 'PAY-DSO-OBLIGATION',
  };
  expect(verifyStep(model, acceptance, observed(model, [[aDso.key, wholeUnits(6)]]))).toBeUndefined();
  expect(verifyStep(model, acceptance, observed(model, [[aDso.key, wholeUnits(5)]]))?.requirement).toBe(
    'INV-CONSERVATION',
  );
  model.applyMoves(cleared.moves);
  expect(model.supplyChange(`NZDDSO|${aDso.asset.issuer}`)).toBe(wholeUnits(6));
  // Paid back to its issuer: the holding falls and so does the asset's total, back to where it started.
  const returned = model.transfersVerdict([{ from: aDso.key, units: wholeUnits(6) }], {
    part: 'transfer',
    shortfall: 'INV-PAYMENT-EXACT',
    permittedAs: 'PAY-DSO-OBLIGATION',
  });
  const ret: StepReport = {
    description: 'a pacs.004',
    nature: 'value',
    accepted: true,
    ...returned,
    effectRequirement: 'PAY-DSO-OBLIGATION',
  };
  expect(verifyStep(model, ret, observed(model, [[aDso.key, -wholeUnits(6)]]))).toBeUndefined();
  // Accepted, yet the holding kept the DSO: the asset's total is above what was minted less burned.
  expect(verifyStep(model, ret, observed(model))?.requirement).toBe('INV-CONSERVATION');
});
