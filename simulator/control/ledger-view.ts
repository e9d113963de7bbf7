import { transactionJson } from '../ledger/transaction.ts';
import { assetRef } from '../settlement-instruments/instruments.ts';
import type { SimState } from '../state.ts';

/**
 * `GET /sim/ledger`: the whole ledger for people and harnesses debugging a run: every transaction
 * (failed ones too, with their reason), every balance and credit line, and per asset what was minted
 * and burned. Amounts are strings with the ledger's digits, as the API renders balances.
 */
export function ledgerView(state: SimState) {
  const { ledger, amounts } = state;
  return {
    transactions: ledger.transactions().map((transaction) => transactionJson(transaction, amounts)),
    balances: ledger.balances().map((entry) => ({
      member_identification: entry.holderMember,
      account_identification: entry.holderAccount,
      asset_code_identification: entry.assetCode,
      asset_issuer_identification: entry.issuer,
      balance: amounts.format(entry.balance),
    })),
    credit_lines: ledger.creditLines(),
    issuance: state.assets.list().map((asset) => {
      const { minted, burned } = ledger.issuance(assetRef(asset));
      return { ...asset, minted: amounts.format(minted), burned: amounts.format(burned) };
    }),
  };
}
