import { test, expect } from '@playwright/test';
import { EUR, USD, USDDSO, fundLine, refusal, valueNetwork } from '../../test-support/simulator/value-network.ts';
import { formatAmount } from '../ledger/amount.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import type { AssetGroup } from '../../schemas/enumerations.ts';
import type { ConsolidateBalance } from '../../schemas/wire.ts';
import { consolidate, MAX_CONSOLIDATION_ENTRIES } from './consolidation.ts';

function entry(asset: AssetRef, amount: number, source = 'second', group: AssetGroup = 'DSA'): ConsolidateBalance {
  return {
    asset_info: [
      {
        asset_code_identification: asset.code,
        asset_group_identification: group,
        asset_issuer_identification: asset.issuer,
      },
    ],
    consolidated_amount: amount,
    source_account_identification: source,
  };
}

/** maker-aa holds 100 USD and 50 EUR on `second`, and empty allowed lines for both on `main`. */
async function twoAccounts() {
  const network = await valueNetwork();
  const { state } = network;
  fundLine(state, 'maker-aa', 'second', USD, 1000, '100');
  fundLine(state, 'maker-aa', 'second', EUR, 1000, '50');
  fundLine(state, 'maker-aa', 'main', USD, 1000);
  fundLine(state, 'maker-aa', 'main', EUR, 1000);
  const balance = (account: string, asset: AssetRef) => formatAmount(state.ledger.balance('maker-aa', account, asset)!);
  return { ...network, balance, aa: await network.principal('maker-aa') };
}

test('every entry moves in one ledger transaction; the result lists the source balances after it', async () => {
  const { state, aa, balance } = await twoAccounts();
  const before = state.ledger.transactions().length;
  const result = consolidate(state, aa, 'main', [entry(USD, 60.25), entry(EUR, 50)]);
  const transactions = state.ledger.transactions();
  expect(transactions).toHaveLength(before + 1);
  const transaction = transactions.at(-1)!;
  expect(transaction.status).toBe('success');
  expect(transaction.operations).toHaveLength(2);
  expect(result).toEqual({
    account_balances: [
      {
        asset_info: [entry(USD, 0).asset_info[0]],
        consolidated_amount: 39.75,
        source_account_identification: 'second',
      },
      { asset_info: [entry(EUR, 0).asset_info[0]], consolidated_amount: 0, source_account_identification: 'second' },
    ],
    consolidate_timestamp: transaction.timestamp,
    transaction_identification: transaction.transaction_identification,
  });
  expect([balance('main', USD), balance('second', USD), balance('main', EUR)]).toEqual([
    '60.2500000',
    '39.7500000',
    '50.0000000',
  ]);
});

test('atomic: when the second entry fails, the first does not move either (400 with the ledger’s reason)', async () => {
  const { state, aa, balance } = await twoAccounts();
  const failed = refusal(() => consolidate(state, aa, 'main', [entry(USD, 10), entry(EUR, 50.0000001)]));
  expect(failed).toMatchObject({ status: 400, code: 'CONSOLIDATION-FAILED' });
  expect(failed?.detail).toContain('operation 2');
  expect([balance('main', USD), balance('second', USD), balance('second', EUR)]).toEqual([
    '0.0000000',
    '100.0000000',
    '50.0000000',
  ]);
  expect(state.ledger.transactions().at(-1)?.status).toBe('failed');
});

test('DSO entries are 403, whichever of code or group says DSO', async () => {
  const { state, aa } = await twoAccounts();
  expect(refusal(() => consolidate(state, aa, 'main', [entry(USD, 1), entry(USDDSO, 1)]))).toMatchObject({
    status: 403,
    code: 'CONSOLIDATION-DSO',
  });
  expect(refusal(() => consolidate(state, aa, 'main', [entry(USD, 1, 'second', 'DSO')]))).toMatchObject({
    status: 403,
    code: 'CONSOLIDATION-DSO',
  });
});

test('invalid instructions are 400 and move nothing', async () => {
  const { state, aa } = await twoAccounts();
  const before = state.ledger.transactions().length;
  const noIssuer: ConsolidateBalance = {
    ...entry(USD, 1),
    asset_info: [{ asset_code_identification: 'USD', asset_group_identification: 'DSA' }],
  };
  const invalid = { status: 400, code: 'CONSOLIDATION-INVALID' };
  expect(refusal(() => consolidate(state, aa, 'emission', [entry(USD, 1)]))).toMatchObject(invalid);
  expect(refusal(() => consolidate(state, aa, 'third', [entry(USD, 1)]))).toMatchObject(invalid);
  expect(refusal(() => consolidate(state, aa, 'main', []))).toMatchObject(invalid);
  expect(
    refusal(() =>
      consolidate(
        state,
        aa,
        'main',
        Array.from({ length: MAX_CONSOLIDATION_ENTRIES + 1 }, () => entry(USD, 0.01)),
      ),
    ),
  ).toMatchObject(invalid);
  expect(refusal(() => consolidate(state, aa, 'main', [noIssuer]))).toMatchObject(invalid);
  expect(refusal(() => consolidate(state, aa, 'main', [{ ...entry(USD, 1), asset_info: [] }]))).toMatchObject(invalid);
  expect(refusal(() => consolidate(state, aa, 'main', [entry(USD, 1, 'main')]))).toMatchObject(invalid);
  expect(refusal(() => consolidate(state, aa, 'main', [entry(USD, 1, 'emission')]))).toMatchObject(invalid);
  expect(refusal(() => consolidate(state, aa, 'main', [entry(USD, 0)]))).toMatchObject(invalid);
  expect(refusal(() => consolidate(state, aa, 'main', [entry(USD, 0.00000001)]))).toMatchObject({
    status: 400,
    code: 'AMOUNT-INVALID',
  });
  expect(refusal(() => consolidate(state, aa, 'main', [entry(USD, -1)]))).toMatchObject({
    status: 400,
    code: 'AMOUNT-INVALID',
  });
  expect(state.ledger.transactions()).toHaveLength(before);
});

test('exactly 100 entries are accepted; the source defaults to main', async () => {
  const { state, aa, balance } = await twoAccounts();
  consolidate(
    state,
    aa,
    'main',
    Array.from({ length: MAX_CONSOLIDATION_ENTRIES }, () => entry(USD, 0.5)),
  );
  expect(balance('main', USD)).toBe('50.0000000');
  const { source_account_identification: _ignored, ...fromMain } = entry(USD, 20);
  // The schema requires the source (spec: "yes", with "default main"), so only a direct call can leave it out.
  const result = consolidate(state, aa, 'second', [fromMain as ConsolidateBalance]);
  expect(result.account_balances?.[0]).toMatchObject({
    source_account_identification: 'main',
    consolidated_amount: 30,
  });
  expect(balance('second', USD)).toBe('70.0000000');
});

test('every account named must be granted by the token (401)', async () => {
  const { state, principal } = await twoAccounts();
  const mainOnly = await principal('maker-aa', { accounts: ['main'] });
  const secondOnly = await principal('maker-aa', { accounts: ['second'] });
  expect(refusal(() => consolidate(state, mainOnly, 'main', [entry(USD, 1)]))).toMatchObject({
    status: 401,
    code: 'AUTH-ACCOUNT-FORBIDDEN',
  });
  expect(refusal(() => consolidate(state, secondOnly, 'main', [entry(USD, 1)]))).toMatchObject({
    status: 401,
    code: 'AUTH-ACCOUNT-FORBIDDEN',
  });
});

test.describe('faults', () => {
  test('consolidation-not-atomic: the entries before the failing one stay moved', async () => {
    const { state, aa, balance } = await twoAccounts();
    state.faults.enable('consolidation-not-atomic');
    expect(refusal(() => consolidate(state, aa, 'main', [entry(USD, 10), entry(EUR, 50.0000001)]))).toMatchObject({
      status: 400,
      code: 'CONSOLIDATION-FAILED',
    });
    expect([balance('main', USD), balance('second', USD), balance('second', EUR)]).toEqual([
      '10.0000000',
      '90.0000000',
      '50.0000000',
    ]);
  });

  test('dso-consolidation-allowed: a DSO entry reaches the ledger instead of a 403', async () => {
    const { state, aa } = await twoAccounts();
    state.faults.enable('dso-consolidation-allowed');
    expect(refusal(() => consolidate(state, aa, 'main', [entry(USDDSO, 1)]))).toMatchObject({
      status: 400,
      code: 'CONSOLIDATION-FAILED',
    });
  });
});
