import { formatAmount, type Amount } from '../ledger/amount.ts';
import type { AssetRef } from '../ledger/ledger.ts';

/** The spec's balanceInfo; the balance is a string with exactly 7 fraction digits. */
export interface BalanceInfo {
  account_identification: string;
  asset_code_identification: string;
  asset_issuer_identification: string;
  balance: string;
}

export function balanceInfo(account: string, asset: AssetRef, balance: Amount): BalanceInfo {
  return {
    account_identification: account,
    asset_code_identification: asset.code,
    asset_issuer_identification: asset.issuer,
    balance: formatAmount(balance),
  };
}
