import { test, expect } from '@playwright/test';
import {
  USDDSO,
  fundLine,
  issueDsoDirectly,
  refusal,
  valueNetwork,
} from '../../test-support/simulator/value-network.ts';
import { obligationHolders, obligationTotals } from './obligations.ts';

const GBPDSO = { code: 'GBPDSO', issuer: 'maker-aa' };

async function issuerWithHolders() {
  const network = await valueNetwork();
  const { state } = network;
  issueDsoDirectly(state, USDDSO);
  issueDsoDirectly(state, GBPDSO);
  fundLine(state, 'maker-bb', 'emission', USDDSO, 1000, '300.5');
  fundLine(state, 'tokenizer-us', 'emission', USDDSO, 1000, '20');
  state.ledger.requestCreditLine('tokenizer-eu', 'emission', USDDSO, 10); // requested only: listed with zero
  return { ...network, aa: await network.principal('maker-aa') };
}

test('totals per DSO issued by the caller, against its emission account, zero totals included', async () => {
  const { state, aa } = await issuerWithHolders();
  expect(obligationTotals(state, aa)).toEqual([
    {
      account_identification: 'emission',
      asset_code_identification: 'USDDSO',
      asset_issuer_identification: 'maker-aa',
      balance: '320.5000000',
    },
    {
      account_identification: 'emission',
      asset_code_identification: 'GBPDSO',
      asset_issuer_identification: 'maker-aa',
      balance: '0.0000000',
    },
  ]);
  expect(obligationTotals(state, aa, 'GBPDSO')).toHaveLength(1);
  expect(refusal(() => obligationTotals(state, aa, 'EURDSO'))).toMatchObject({ status: 404, code: 'OBLIGATIONS-NONE' });
});

test('a member that issued no DSO has no obligations (404)', async () => {
  const { state, principal } = await issuerWithHolders();
  const bb = await principal('maker-bb');
  expect(refusal(() => obligationTotals(state, bb))).toMatchObject({ status: 404, code: 'OBLIGATIONS-NONE' });
});

test('holders of one DSO: one entry per holder member with a line in any state, its balances per account', async () => {
  const { state, aa } = await issuerWithHolders();
  const line = (account: string, balance: string) => ({
    account_identification: account,
    asset_code_identification: 'USDDSO',
    asset_issuer_identification: 'maker-aa',
    balance,
  });
  expect(obligationHolders(state, aa, 'USDDSO')).toEqual([
    { member_identification: 'maker-bb', outstanding_balance: [line('emission', '300.5000000')] },
    { member_identification: 'tokenizer-us', outstanding_balance: [line('emission', '20.0000000')] },
    { member_identification: 'tokenizer-eu', outstanding_balance: [line('emission', '0.0000000')] },
  ]);
  expect(obligationHolders(state, aa, 'GBPDSO')).toEqual([]);
});

test('holders of a DSO the caller did not issue: 404', async () => {
  const { state, principal } = await issuerWithHolders();
  const bb = await principal('maker-bb');
  expect(refusal(() => obligationHolders(state, bb, 'USDDSO'))).toMatchObject({
    status: 404,
    code: 'OBLIGATION-NOT-ISSUED',
  });
});
