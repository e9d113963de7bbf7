import type { Amount } from '../ledger/amount.ts';
import type { AmountScale } from '../ledger/amount-scale.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import type { BalanceInfo } from '../../schemas/wire.ts';

export type { BalanceInfo };

/** The spec's balanceInfo; the balance is a string with exactly the ledger's fraction digits (7 for the reference). */
export function balanceInfo(amounts: AmountScale, account: string, asset: AssetRef, balance: Amount): BalanceInfo {
  return {
    account_identification: account,
    asset_code_identification: asset.code,
    asset_issuer_identification: asset.issuer,
    balance: amounts.format(balance),
  };
}
