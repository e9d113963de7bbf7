import { test, expect } from '@playwright/test';
import { amountScaleFound, dsoLineAccountFound, scaleShown, type AmountSeen } from './reading-evidence.ts';

/** What the target's answers show of amount_scale and dso_line_account, and what preflight makes of it (docs/readings.md, "Detected readings"). */

const seen = (...texts: string[]): AmountSeen[] =>
  texts.map((text, index) => ({ text, shown_by: `GET /b/${index} answered balance "${text}"` }));

test('a rendering padded to one width shows that width; trimmed or mixed widths show only the digits needed', () => {
  expect(scaleShown(seen('250.00', '0.00', '12.50'))).toEqual({
    least: 1,
    least_by: seen('250.00', '0.00', '12.50')[2],
    fixed: { digits: 2, by: seen('250.00')[0] },
  });
  expect(scaleShown(seen('250.000000000')).fixed?.digits).toBe(9);
  // Round or trimmed amounts say nothing of the width: "250" may be 250.0000000 trimmed.
  expect(scaleShown(seen('250', '12.5', '0.125')).fixed).toBeNull();
  expect(scaleShown(seen('250', '12.5', '0.125')).least).toBe(3);
  expect(scaleShown(seen('12.34', '5.67')).fixed).toBeNull();
  expect(scaleShown(seen('0.00', '0.0000000')).fixed).toBeNull();
  // What is no decimal is no evidence.
  expect(scaleShown(seen('n/a', '1e-9', ''))).toEqual({ least: 0, least_by: null, fixed: null });
  expect(scaleShown(seen('-3.10')).fixed?.digits).toBe(2);
});

test('not declared: a fixed width is the scale; digits beyond the reference’s without a width stop the run; nothing shown, nothing detected', () => {
  expect(amountScaleFound(scaleShown(seen('250.000000000', '0.000000000')), undefined)).toEqual({
    value: 9,
    shown_by: 'GET /b/0 answered balance "250.000000000"',
  });
  expect(amountScaleFound(scaleShown(seen('0.00')), undefined)).toEqual({
    value: 2,
    shown_by: 'GET /b/0 answered balance "0.00"',
  });
  expect(amountScaleFound(scaleShown(seen('0.0000000')), undefined)).toEqual({
    value: 7,
    shown_by: 'GET /b/0 answered balance "0.0000000"',
  });
  expect(amountScaleFound(scaleShown(seen('250', '12.5')), undefined)).toBeNull();
  expect(amountScaleFound(scaleShown([]), undefined)).toBeNull();
  expect(amountScaleFound(scaleShown(seen('250', '12.123456789')), undefined)).toEqual({
    problem:
      'readings.amount_scale: not declared, and GET /b/1 answered balance "12.123456789": a digit in the 9th fraction place, beyond the reference\'s 7, in amounts written without the fixed width that would show how many the ledger keeps: declare it',
  });
  expect(amountScaleFound(scaleShown(seen('1.0000000000000')), undefined)).toMatchObject({
    problem: expect.stringContaining('13 fraction digits, more than the 12'),
  });
});

test('declared: only a digit beyond the declared scale contradicts it; another padded width does not', () => {
  expect(amountScaleFound(scaleShown(seen('250.123', '1.000')), 2)).toEqual({
    problem:
      'readings.amount_scale: declared 2, but GET /b/0 answered balance "250.123": a digit in the 3rd fraction place, so the ledger keeps at least 3 fraction digits; declare 3 or more, or leave the key out',
  });
  // A ledger of 2 digits may write 7, as the reference does; one of 9 may hold round amounts.
  expect(amountScaleFound(scaleShown(seen('250.0000000')), 2)).toBeNull();
  expect(amountScaleFound(scaleShown(seen('250.50')), 9)).toBeNull();
  expect(amountScaleFound(scaleShown(seen('250.123456789')), 9)).toBeNull();
});

test('the DSO line account: lines on issuance accounts only, or operating accounts only, show it; a declaration the listings contradict stops the run', () => {
  const emission = {
    account: 'emission',
    shown_by: 'GET /client/v1/api/settlement-instruments/digital-accounts/emission as mm-a listed CHFDSO of mm-b',
  };
  const main = {
    account: 'main',
    shown_by: 'GET /client/v1/api/settlement-instruments/digital-accounts/main as mm-a listed CHFDSO of mm-b',
  };
  expect(dsoLineAccountFound([emission], undefined)).toEqual({ value: 'emission', shown_by: emission.shown_by });
  expect(dsoLineAccountFound([main, { ...main, account: 'second' }], undefined)).toEqual({
    value: 'operating',
    shown_by: main.shown_by,
  });
  expect(dsoLineAccountFound([], undefined)).toBeNull();
  // Both kinds: the target takes either, so either reading serves.
  expect(dsoLineAccountFound([emission, main], undefined)).toBeNull();
  expect(dsoLineAccountFound([emission, main], 'operating')).toBeNull();
  expect(dsoLineAccountFound([main], 'operating')).toBeNull();
  expect(dsoLineAccountFound([main], 'emission')).toEqual({
    problem: `readings.dso_line_account: declared emission, but ${main.shown_by}, and no issuance account (emission) lists one: declare operating, or leave the key out`,
  });
  expect(dsoLineAccountFound([emission], 'operating')).toEqual({
    problem: `readings.dso_line_account: declared operating, but ${emission.shown_by}, and no operating account lists one: declare emission, or leave the key out`,
  });
});
