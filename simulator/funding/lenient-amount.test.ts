import { expect, test } from '@playwright/test';
import { withLenientFundingAmount } from './lenient-amount.ts';

test('fault numeric-string-accepted: a numeric-string funding_amount of an instruction becomes its number', () => {
  expect(
    withLenientFundingAmount('tokenizer.createFundingInstruction', {
      funding_amount: '100',
      member_identification: 'm',
    }),
  ).toEqual({ funding_amount: 100, member_identification: 'm' });
  expect(withLenientFundingAmount('tokenizer.createFundingInstruction', { funding_amount: '12.5' })).toEqual({
    funding_amount: 12.5,
  });
});

test('only the instruction’s numeric strings: words, numbers and other endpoints stay as sent', () => {
  for (const body of [{ funding_amount: 'twelve' }, { funding_amount: 1 }, { funding_amount: '' }, 'text', null]) {
    expect(withLenientFundingAmount('tokenizer.createFundingInstruction', body)).toEqual(body);
  }
  expect(withLenientFundingAmount('tokenizer.sendFunding', { funding_amount: '100' })).toEqual({
    funding_amount: '100',
  });
});
