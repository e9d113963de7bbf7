import { expect, test } from '@playwright/test';
import { wholeUnits } from '../runtime/money.ts';
import {
  aDso,
  aMain,
  aSecond,
  bMain,
  exchangeUniverse,
  line,
  modelOf,
  universe,
} from '../../test-support/test-universe.ts';
import { buildUniverse, dsoHolding } from './universe.ts';

test('the universe: a DSA line on at most two operating accounts per maker, and each maker holding the other’s DSO on emission', () => {
  expect(universe.holdings.map((holding) => holding.label)).toEqual([
    'mmA/main USD(tokenizer)',
    'mmA/second USD(tokenizer)',
    'mmB/main USD(tokenizer)',
    'mmA/emission NZDDSO(mmB)',
    'mmB/emission NZDDSO(mmA)',
  ]);
  expect(aDso.asset).toMatchObject({ code: 'NZDDSO', issuer: 'maker-b', group: 'DSO' });
  expect(new Set(universe.holdings.map((holding) => holding.key)).size).toBe(universe.holdings.length);
  // With the tokenizer's second DSA (the exchanges' quoted asset), each DSA on each operating account.
  expect(
    exchangeUniverse.holdings.filter((holding) => holding.asset.group === 'DSA').map((holding) => holding.label),
  ).toEqual([
    'mmA/main USD(tokenizer)',
    'mmA/second USD(tokenizer)',
    'mmB/main USD(tokenizer)',
    'mmB/second USD(tokenizer)',
    'mmA/main EUR(tokenizer)',
    'mmA/second EUR(tokenizer)',
    'mmB/main EUR(tokenizer)',
    'mmB/second EUR(tokenizer)',
  ]);
});

test('a funding needs an allowed line with headroom; each refusal names the rule it would break', () => {
  const model = modelOf({
    balances: [[aMain, wholeUnits(90)]],
    lines: [
      [aMain, line('allow', 100)],
      [aSecond, line('request', 100)],
      [bMain, line('revoke', 100)],
    ],
  });
  expect(model.fundingVerdict(aMain.key, wholeUnits(10))).toMatchObject({
    permitted: true,
    requirement: 'FUND-INSTRUCTION',
  });
  expect(model.fundingVerdict(aMain.key, wholeUnits(10) + 1n)).toMatchObject({
    permitted: false,
    requirement: 'CL-CEILING',
  });
  expect(model.fundingVerdict(aSecond.key, 1n)).toMatchObject({ permitted: false, requirement: 'CL-REQUEST' });
  expect(model.fundingVerdict(bMain.key, 1n)).toMatchObject({ permitted: false, requirement: 'CL-REVOKED-BLOCKS' });
  expect(model.fundingVerdict(aDso.key, 1n)).toMatchObject({
    permitted: false,
    requirement: 'INV-NO-MOVE-WITHOUT-LINE',
  });
  // An allowed line whose ceiling the run does not know takes nothing.
  expect(modelOf({ lines: [[aMain, line('allow')]] }).fundingVerdict(aMain.key, 1n)).toMatchObject({
    permitted: false,
    requirement: 'CL-CEILING',
  });
});

test('a consolidation applies its entries in order, all or none', () => {
  const model = modelOf({
    balances: [
      [aMain, wholeUnits(10)],
      [aSecond, wholeUnits(95)],
    ],
    lines: [
      [aMain, line('allow', 50)],
      [aSecond, line('allow', 100)],
    ],
  });
  const leg = (units: bigint, dso = false) => ({ from: aMain.key, to: aSecond.key, units, dso });
  const two = model.consolidationVerdict([leg(wholeUnits(3)), leg(wholeUnits(2))]);
  expect(two.verdict).toMatchObject({ permitted: true, requirement: 'CONS-MOVE' });
  expect(two.moves).toEqual([
    { holding: aMain.key, delta: -wholeUnits(3), supply: false },
    { holding: aSecond.key, delta: wholeUnits(3), supply: false },
    { holding: aMain.key, delta: -wholeUnits(2), supply: false },
    { holding: aSecond.key, delta: wholeUnits(2), supply: false },
  ]);
  // Each entry fits alone; together they exceed the target's headroom (5).
  expect(model.consolidationVerdict([leg(wholeUnits(4)), leg(wholeUnits(2))]).verdict).toMatchObject({
    permitted: false,
    requirement: 'CL-CEILING',
  });
  expect(model.consolidationVerdict([leg(wholeUnits(5))]).verdict).toMatchObject({ permitted: true });
  const backwards = (units: bigint) => ({ from: aSecond.key, to: aMain.key, units, dso: false });
  expect(model.consolidationVerdict([backwards(wholeUnits(40)), backwards(wholeUnits(1))]).verdict).toMatchObject({
    permitted: false,
    requirement: 'CL-CEILING',
  });
  // With room in the target, what the source holds after the earlier entries decides.
  const roomy = modelOf({
    balances: [[aMain, wholeUnits(10)]],
    lines: [
      [aMain, line('allow', 50)],
      [aSecond, line('allow', 1000)],
    ],
  });
  expect(roomy.consolidationVerdict([leg(wholeUnits(6)), leg(wholeUnits(4))]).verdict).toMatchObject({
    permitted: true,
  });
  expect(roomy.consolidationVerdict([leg(wholeUnits(6)), leg(wholeUnits(4) + 1n)]).verdict).toMatchObject({
    permitted: false,
    requirement: 'CONS-ATOMIC',
  });
  // A DSO entry refuses everything, whatever the others.
  const withDso = model.consolidationVerdict([leg(1n), leg(1n, true)]);
  expect(withDso).toEqual({
    verdict: expect.objectContaining({ permitted: false, requirement: 'CONS-DSO-FORBIDDEN' }),
    moves: [],
  });
  expect(modelOf({ lines: [[aSecond, line('allow', 100)]] }).consolidationVerdict([leg(1n)]).verdict).toMatchObject({
    requirement: 'INV-NO-MOVE-WITHOUT-LINE',
  });
});

test('credit line requests: the asset must exist, the ceiling be positive and cover the balance, a DSO needs the holder’s allowlist', () => {
  const model = modelOf({ balances: [[aMain, wholeUnits(20) + 1n]], lines: [[aMain, line('allow', 50)]] });
  expect(model.requestVerdict(aSecond.key, 10)).toMatchObject({ permitted: true, requirement: 'CL-REQUEST' });
  expect(model.requestVerdict(aMain.key, 21)).toMatchObject({
    permitted: true,
    requirement: 'INV-REFERENCE-DECISIONS',
  });
  expect(model.requestVerdict(aMain.key, 20)).toMatchObject({
    permitted: false,
    requirement: 'INV-REFERENCE-DECISIONS',
  });
  expect(model.requestVerdict(aSecond.key, 0)).toMatchObject({ permitted: false });
  expect(model.requestVerdict(aDso.key, 10)).toMatchObject({
    permitted: false,
    reason: expect.stringContaining('not issued'),
  });
  const issued = modelOf({ issued: ['mmB'] });
  expect(issued.requestVerdict(aDso.key, 10)).toMatchObject({ permitted: false, requirement: 'CL-DSO-ALLOWLIST' });
  expect(modelOf({ issued: ['mmB'], allowlist: ['mmA>mmB'] }).requestVerdict(aDso.key, 10)).toMatchObject({
    permitted: true,
    requirement: 'CL-DSO-ALLOWLIST',
  });
  // The other direction of the allowlist is the issuer's, which a request does not need.
  expect(modelOf({ issued: ['mmB'], allowlist: ['mmB>mmA'] }).requestVerdict(aDso.key, 10)).toMatchObject({
    permitted: false,
  });
});

test('allow and revoke: only an existing line; allowing a DSO line needs the issuer’s allowlist', () => {
  const model = modelOf({
    lines: [
      [aMain, line('request', 10)],
      [aDso, line('unknown')],
    ],
    issued: ['mmB'],
  });
  expect(model.decisionVerdict(aMain.key, 'allow')).toMatchObject({ permitted: true, requirement: 'CL-REQUEST' });
  expect(model.decisionVerdict(aMain.key, 'revoke')).toMatchObject({
    permitted: true,
    requirement: 'CL-REVOKED-BLOCKS',
  });
  expect(model.decisionVerdict(aSecond.key, 'allow')).toMatchObject({
    permitted: false,
    requirement: 'CL-ALLOW-REQUESTED',
  });
  expect(model.decisionVerdict(aSecond.key, 'revoke')).toMatchObject({
    permitted: false,
    requirement: 'INV-REFERENCE-DECISIONS',
  });
  expect(model.decisionVerdict(aDso.key, 'allow')).toMatchObject({ permitted: false, requirement: 'CL-DSO-ALLOWLIST' });
  // The DSO line is only inferred from a balance read: deciding on it is expected, refusing it only warns.
  expect(model.decisionVerdict(aDso.key, 'revoke')).toMatchObject({
    permitted: true,
    requirement: 'INV-REFERENCE-DECISIONS',
  });
  model.allowlistApplied('mmB', 'mmA', true);
  expect(model.decisionVerdict(aDso.key, 'allow')).toMatchObject({
    permitted: true,
    requirement: 'INV-REFERENCE-DECISIONS',
  });
  model.decisionApplied(aDso.key, 'allow');
  expect(model.decisionVerdict(aDso.key, 'allow')).toMatchObject({ permitted: true, requirement: 'CL-DSO-ALLOWLIST' });
  expect(model.decisionVerdict(aDso.key, 'revoke')).toMatchObject({
    permitted: true,
    requirement: 'CL-REVOKED-BLOCKS',
  });
  // Allowing a revoked line again is the reference's decision, not the spec's (line 378: transitions not shown).
  model.decisionApplied(aMain.key, 'revoke');
  expect(model.decisionVerdict(aMain.key, 'allow')).toMatchObject({
    permitted: true,
    requirement: 'CL-REVOKED-REALLOW',
  });
});

test('changes: a request opens a line or re-sizes it without changing its state; mints count as funded', () => {
  const model = modelOf({ lines: [[aMain, line('revoke', 5)]] });
  model.requestApplied(aSecond.key, 30);
  model.requestApplied(aMain.key, 40);
  expect(model.line(aSecond.key)).toEqual({ state: 'request', ceiling: wholeUnits(30) });
  expect(model.line(aMain.key)).toEqual({ state: 'revoke', ceiling: wholeUnits(40) });
  model.decisionApplied(aSecond.key, 'allow');
  expect(model.line(aSecond.key).state).toBe('allow');

  model.applyMoves([{ holding: aSecond.key, delta: 7n, supply: true }]);
  model.applyMoves([
    { holding: aSecond.key, delta: -2n, supply: false },
    { holding: aMain.key, delta: 2n, supply: false },
  ]);
  expect([model.balance(aSecond.key), model.balance(aMain.key), model.startBalance(aSecond.key)]).toEqual([5n, 2n, 0n]);
  expect(model.supplyChange('USD|tkn')).toBe(7n);
  expect(model.supplyChange('NZDDSO|maker-b')).toBe(0n);
});

test('the universe puts each maker’s line for the other’s DSO where the target’s readings set it: emission, or its first operating account', () => {
  const makers = {
    mmA: { identification: 'maker-a', accounts: ['main', 'second'] },
    mmB: { identification: 'maker-b', accounts: ['ops'] },
  };
  const reference = buildUniverse({ tokenizer: 'tkn', dsaCode: 'USD', makers });
  const operating = buildUniverse({
    tokenizer: 'tkn',
    dsaCode: 'USD',
    makers,
    readings: { dso_line_account: 'operating' },
  });
  expect([dsoHolding(reference, 'mmA').account, dsoHolding(reference, 'mmB').account]).toEqual([
    'emission',
    'emission',
  ]);
  expect([dsoHolding(operating, 'mmA').account, dsoHolding(operating, 'mmB').account]).toEqual(['main', 'ops']);
  // Its DSA line on the same account is another holding.
  expect(new Set(operating.holdings.map((holding) => holding.key)).size).toBe(operating.holdings.length);
});
