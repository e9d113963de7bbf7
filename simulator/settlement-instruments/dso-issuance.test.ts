import { test, expect } from '@playwright/test';
import { refusal, valueNetwork } from '../../test-support/simulator/value-network.ts';
import { issueDso } from './dso-issuance.ts';

test('a market maker issues a DSO; issuing again gives the same instrument and records nothing new', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  const first = issueDso(state, aa, 'GBPDSO', 'DSO');
  expect(first).toEqual({
    asset_code_identification: 'GBPDSO',
    asset_group_identification: 'DSO',
    asset_issuer_identification: 'maker-aa',
  });
  expect(issueDso(state, aa, 'GBPDSO', 'DSO')).toEqual(first);
  expect(state.assets.issuedBy('maker-aa')).toEqual([first]);
  // Issuing creates no value: nothing minted until the issuer pays out of emission.
  expect(state.ledger.transactions()).toEqual([]);
});

test('invalid issuances are 400, and a token without the issuance account is 401', async () => {
  const { state, principal } = await valueNetwork();
  const aa = await principal('maker-aa');
  const tokenizer = await principal('tokenizer-us');
  const mainOnly = await principal('maker-aa', { accounts: ['main'] });
  const invalid = { status: 400, code: 'DSO-ISSUANCE-INVALID' };
  expect(refusal(() => issueDso(state, aa, 'QQQDSO', 'DSO'))).toMatchObject(invalid); // not an ISO 4217 code
  expect(refusal(() => issueDso(state, aa, 'USDXYZ', 'DSO'))).toMatchObject(invalid);
  expect(refusal(() => issueDso(state, aa, 'USDDSO', 'DSA'))).toMatchObject(invalid);
  expect(refusal(() => issueDso(state, tokenizer, 'USDDSO', 'DSO'))).toMatchObject(invalid);
  expect(refusal(() => issueDso(state, mainOnly, 'USDDSO', 'DSO'))).toMatchObject({
    status: 401,
    code: 'DSO-ISSUANCE-ACCOUNT-MISMATCH',
  });
  const emissionOnly = await principal('maker-aa', { accounts: ['emission'] });
  expect(issueDso(state, emissionOnly, 'USDDSO', 'DSO').asset_issuer_identification).toBe('maker-aa');
  expect(state.assets.issuedBy('maker-aa')).toHaveLength(1);
});

test('fault dso-issuance-ignores-token-accounts: a token without the issuance account issues a DSO', async () => {
  const { state, principal } = await valueNetwork();
  state.faults.enable('dso-issuance-ignores-token-accounts');
  const mainOnly = await principal('maker-aa', { accounts: ['main'] });
  expect(issueDso(state, mainOnly, 'USDDSO', 'DSO').asset_issuer_identification).toBe('maker-aa');
  state.faults.disable('dso-issuance-ignores-token-accounts');
  expect(refusal(() => issueDso(state, mainOnly, 'GBPDSO', 'DSO'))).toMatchObject({
    status: 401,
    code: 'DSO-ISSUANCE-ACCOUNT-MISMATCH',
  });
});
