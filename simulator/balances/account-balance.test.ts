import { test, expect } from '@playwright/test';
import { EUR, USD, fundLine, refusal, valueNetwork } from '../../test-support/simulator/value-network.ts';
import { accountBalance } from './account-balance.ts';

test('one line on the account: its balance with 7 fraction digits, with or without filters', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  fundLine(state, 'maker-aa', 'main', USD, 5000, '1250.5');
  const expected = {
    account_identification: 'main',
    asset_code_identification: 'USD',
    asset_issuer_identification: 'tokenizer-us',
    balance: '1250.5000000',
  };
  expect(accountBalance(state, aa, 'main', {})).toEqual(expected);
  expect(
    accountBalance(state, aa, 'main', {
      asset_code_identification: 'USD',
      asset_issuer_identification: 'tokenizer-us',
    }),
  ).toEqual(expected);
});

test('lines in any state count; several candidates are a 400 naming them; no match is a 404', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  fundLine(state, 'maker-aa', 'main', USD, 100, '7');
  state.ledger.requestCreditLine('maker-aa', 'main', EUR, 100); // not allowed yet, still a line
  const several = refusal(() => accountBalance(state, aa, 'main', {}));
  expect(several).toMatchObject({ status: 400, code: 'BALANCE-ASSET-AMBIGUOUS' });
  expect(several?.detail).toContain('USD issued by tokenizer-us');
  expect(several?.detail).toContain('EUR issued by tokenizer-eu');
  expect(accountBalance(state, aa, 'main', { asset_code_identification: 'EUR' }).balance).toBe('0.0000000');
  expect(accountBalance(state, aa, 'main', { asset_issuer_identification: 'tokenizer-us' }).balance).toBe('7.0000000');
  state.ledger.revokeCreditLine('maker-aa', 'main', USD);
  expect(accountBalance(state, aa, 'main', { asset_code_identification: 'USD' }).balance).toBe('7.0000000');
  expect(
    refusal(() =>
      accountBalance(state, aa, 'main', {
        asset_code_identification: 'USD',
        asset_issuer_identification: 'tokenizer-eu',
      }),
    ),
  ).toMatchObject({
    status: 404,
    code: 'BALANCE-NO-CREDIT-LINE',
  });
  expect(refusal(() => accountBalance(state, aa, 'second', {}))).toMatchObject({
    status: 404,
    code: 'BALANCE-NO-CREDIT-LINE',
  });
});

test('an account the caller does not have is a 404; one its token does not grant is a 401', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  const narrow = await principal('maker-aa', { accounts: ['second'] });
  fundLine(state, 'maker-bb', 'main', USD, 100, '1');
  expect(refusal(() => accountBalance(state, aa, 'third', {}))).toMatchObject({
    status: 404,
    code: 'ACCOUNT-NOT-FOUND',
  });
  expect(refusal(() => accountBalance(state, narrow, 'main', {}))).toMatchObject({
    status: 401,
    code: 'AUTH-ACCOUNT-FORBIDDEN',
  });
});

test('fault balance-missing-line-zero: an asset without a line reads as a zero balance', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  state.faults.enable('balance-missing-line-zero');
  expect(
    accountBalance(state, aa, 'main', {
      asset_code_identification: 'USD',
      asset_issuer_identification: 'tokenizer-us',
    }),
  ).toEqual({
    account_identification: 'main',
    asset_code_identification: 'USD',
    asset_issuer_identification: 'tokenizer-us',
    balance: '0.0000000',
  });
});
