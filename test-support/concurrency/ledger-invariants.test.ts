import { expect, test } from '@playwright/test';
import { ledgerViolations, type LedgerView } from './ledger-invariants.ts';
import { Observations } from './workload.ts';

/**
 * The sums over the simulator's whole ledger, on a ledger of three transactions: 10 USD of `tkn` minted
 * into mmA/main (out of the issuer's `emission`), 3 moved on to mmB/main, and a failed move of 5 that
 * counts for nothing.
 */
function ledger(balances: { mmA: string; mmB: string }, minted = '10.0000000'): LedgerView {
  const operation = (from: [string, string], to: [string, string], amount: string) => ({
    from: { member: from[0], account: from[1] },
    to: { member: to[0], account: to[1] },
    asset: { code: 'USD', issuer: 'tkn' },
    amount,
  });
  const transaction = (id: string, status: 'success' | 'failed', operations: ReturnType<typeof operation>[]) => ({
    transaction_identification: id,
    transaction_reference_number: 1,
    timestamp: 0,
    status,
    operations,
  });
  const holding = (member: string, balance: string) => ({
    member_identification: member,
    account_identification: 'main',
    asset_code_identification: 'USD',
    asset_issuer_identification: 'tkn',
    balance,
  });
  return {
    transactions: [
      transaction('t1', 'success', [operation(['tkn', 'emission'], ['mmA', 'main'], '10.0000000')]),
      transaction('t2', 'success', [operation(['mmA', 'main'], ['mmB', 'main'], '3.0000000')]),
      transaction('t3', 'failed', [operation(['mmA', 'main'], ['mmB', 'main'], '5.0000000')]),
    ],
    balances: [holding('mmA', balances.mmA), holding('mmB', balances.mmB)],
    credit_lines: [],
    issuance: [
      {
        asset_code_identification: 'USD',
        asset_group_identification: 'DSA',
        asset_issuer_identification: 'tkn',
        minted,
        burned: '0.0000000',
      },
    ],
  };
}

test('a ledger whose balances are its successful transactions, and add up to what was minted, keeps the invariants', () => {
  expect(ledgerViolations(ledger({ mmA: '7.0000000', mmB: '3.0000000' }), new Observations())).toEqual([]);
});

test('a balance its transactions do not explain breaks the replay and the conservation of its asset', () => {
  expect(ledgerViolations(ledger({ mmA: '7.0000000', mmB: '4.0000000' }), new Observations())).toEqual([
    'USD@tkn: balances add up to 11.0000000, but minted - burned is 10.0000000',
    'mmB/main USD@tkn: the ledger shows 4.0000000, its successful transactions add up to 3.0000000',
  ]);
});

test('an issuance that says more was minted than the balances hold breaks conservation alone', () => {
  expect(ledgerViolations(ledger({ mmA: '7.0000000', mmB: '3.0000000' }, '12.0000000'), new Observations())).toEqual([
    'USD@tkn: balances add up to 10.0000000, but minted - burned is 12.0000000',
  ]);
});
