import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import {
  AmountSyntaxError,
  amountUnitsToNumber,
  formatAmountUnits,
  multiplyRoundDown,
  parseAmountUnits,
} from './amount.ts';

/** The published vectors (vectors/amount.json): exact inputs and outputs, refusals included. */
interface Vectors {
  parse: Array<{ input: string | number; units?: string; refused?: string }>;
  format: Array<{ units: string; text: string }>;
  multiply_round_down: Array<{ amount: string; rate: string | number; result?: string; refused?: string }>;
}
const vectors = JSON.parse(readFileSync(new URL('vectors/amount.json', import.meta.url), 'utf8')) as Vectors;

function describeInput(input: string | number): string {
  return Object.is(input, -0) ? 'the number -0' : `${typeof input} ${JSON.stringify(input)}`;
}

test('parse: the published vectors, each read exactly or refused', () => {
  expect(vectors.parse.filter((vector) => vector.refused).length).toBeGreaterThanOrEqual(20);
  for (const vector of vectors.parse) {
    if (vector.refused)
      expect(() => parseAmountUnits(vector.input), `${describeInput(vector.input)}: ${vector.refused}`).toThrow(
        AmountSyntaxError,
      );
    else expect(parseAmountUnits(vector.input), describeInput(vector.input)).toBe(BigInt(vector.units!));
  }
});

test('format: the published vectors, always 7 fraction digits', () => {
  for (const vector of vectors.format) expect(formatAmountUnits(BigInt(vector.units)), vector.units).toBe(vector.text);
});

test('multiply_round_down: the published vectors, one rounding down to 7 fraction digits', () => {
  for (const vector of vectors.multiply_round_down) {
    const what = `${vector.amount} x ${describeInput(vector.rate)}`;
    const amount = parseAmountUnits(vector.amount);
    if (vector.refused) expect(() => multiplyRoundDown(amount, vector.rate), what).toThrow(AmountSyntaxError);
    else expect(formatAmountUnits(multiplyRoundDown(amount, vector.rate)), what).toBe(vector.result);
  }
});

test('parse and format are inverse on every amount the vectors read', () => {
  for (const vector of vectors.parse.filter((candidate) => candidate.units !== undefined)) {
    const units = BigInt(vector.units!);
    expect(parseAmountUnits(formatAmountUnits(units))).toBe(units);
  }
});

test('a refusal says what was wrong; the JSON number nearest the exact decimal is given back', () => {
  expect(() => parseAmountUnits(0.1 + 0.2)).toThrow('0.30000000000000004 has more than 7 fraction digits');
  expect(() => parseAmountUnits('x'.repeat(100))).toThrow(/is not a non-negative decimal number$/);
  expect(() => parseAmountUnits(Number.NaN)).toThrow('NaN is not a finite number');
  expect(amountUnitsToNumber(parseAmountUnits('0.1') + parseAmountUnits('0.2'))).toBe(0.3);
  expect(() => multiplyRoundDown(-1n, 2)).toThrow(RangeError);
});
