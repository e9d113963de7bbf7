import { test, expect } from '@playwright/test';
import { USD, EUR, fundLine, refusal, valueNetwork } from '../../test-support/simulator/value-network.ts';
import { accountBalance } from '../balances/account-balance.ts';
import { consolidate } from '../balances/consolidation.ts';
import { createFundingInstruction } from '../funding/instruction.ts';
import type { ReadingName } from '../readings/catalogue.ts';
import type { ConsolidateBalance } from '../../schemas/wire.ts';

/**
 * The amount readings at the edges of the API (amount-scale.ts): what a funding, a consolidation and a
 * balance read take and write under two-decimal-amounts and nine-decimal-amounts, and that the reference
 * (no reading) is unchanged.
 */
async function network(reading?: ReadingName) {
  const { state, principal } = await valueNetwork();
  if (reading) state.readings.enable(reading);
  fundLine(state, 'maker-aa', 'second', USD, 1000, '100');
  fundLine(state, 'maker-aa', 'main', USD, 1000);
  fundLine(state, 'maker-aa', 'main', EUR, 1000);
  return { state, tokenizer: await principal('tokenizer-us'), maker: await principal('maker-aa') };
}

const funding = (funding_amount: number, end = 'fund-1') => ({
  end_to_end_identification: end,
  funding_amount,
  issued_asset_code_identification: 'USD',
  member_identification: 'maker-aa',
  tokenizer_identification: 'tokenizer-us',
});
const mintAmount = (unsigned: string) =>
  (JSON.parse(Buffer.from(unsigned, 'base64').toString('utf8')) as { amount: string }).amount;
const entry = (consolidated_amount: number): ConsolidateBalance => ({
  asset_info: [
    {
      asset_code_identification: 'USD',
      asset_group_identification: 'DSA',
      asset_issuer_identification: 'tokenizer-us',
    },
  ],
  consolidated_amount,
  source_account_identification: 'second',
});

test('the reference: 7 fraction digits read and written, 8 refused', async () => {
  const { state, tokenizer, maker } = await network();
  expect(mintAmount(createFundingInstruction(state, tokenizer, funding(12.3456789)).unsigned_transaction_object)).toBe(
    '12.3456789',
  );
  expect(refusal(() => createFundingInstruction(state, tokenizer, funding(1.00000001, 'fund-2')))).toMatchObject({
    status: 400,
    code: 'AMOUNT-INVALID',
  });
  expect(consolidate(state, maker, 'main', [entry(0.0000001)]).account_balances?.[0]?.consolidated_amount).toBe(
    99.9999999,
  );
  expect(accountBalance(state, maker, 'second', { asset_code_identification: 'USD' }).balance).toBe('99.9999999');
});

test('two-decimal-amounts: 2 fraction digits read and written, 3 refused with 400', async () => {
  const { state, tokenizer, maker } = await network('two-decimal-amounts');
  expect(mintAmount(createFundingInstruction(state, tokenizer, funding(12.34)).unsigned_transaction_object)).toBe(
    '12.34',
  );
  expect(refusal(() => createFundingInstruction(state, tokenizer, funding(12.3456789, 'fund-2')))).toMatchObject({
    status: 400,
    code: 'AMOUNT-INVALID',
  });
  expect(refusal(() => consolidate(state, maker, 'main', [entry(0.001)]))).toMatchObject({
    status: 400,
    code: 'AMOUNT-INVALID',
  });
  expect(consolidate(state, maker, 'main', [entry(0.01)]).account_balances?.[0]?.consolidated_amount).toBe(99.99);
  expect(accountBalance(state, maker, 'second', { asset_code_identification: 'USD' }).balance).toBe('99.99');
  expect(accountBalance(state, maker, 'main', { asset_code_identification: 'EUR' }).balance).toBe('0.00');
});

test('nine-decimal-amounts: 9 fraction digits held and written, 10 refused', async () => {
  const { state, tokenizer, maker } = await network('nine-decimal-amounts');
  expect(
    mintAmount(createFundingInstruction(state, tokenizer, funding(12.345678912)).unsigned_transaction_object),
  ).toBe('12.345678912');
  expect(refusal(() => createFundingInstruction(state, tokenizer, funding(1.0000000001, 'fund-2')))).toMatchObject({
    status: 400,
    code: 'AMOUNT-INVALID',
  });
  expect(consolidate(state, maker, 'main', [entry(0.000000001)]).account_balances?.[0]?.consolidated_amount).toBe(
    99.999999999,
  );
  expect(accountBalance(state, maker, 'second', { asset_code_identification: 'USD' }).balance).toBe('99.999999999');
});
