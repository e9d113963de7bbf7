import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { ZERO_AMOUNT, addAmounts } from '../ledger/amount.ts';
import { EMISSION } from '../members/registry.ts';
import { assetRef, issuedDso } from '../settlement-instruments/instruments.ts';
import type { SimState } from '../state.ts';
import { balanceInfo, type BalanceInfo } from './balance-info.ts';

/** The spec's balanceSheetLiabilities: one holder member and its holdings of one DSO. */
export interface BalanceSheetLiabilities {
  member_identification: string;
  outstanding_balance: BalanceInfo[];
}

/**
 * `GET /settlement-obligations`: per DSO the caller issued, the total its holders hold (what the issuer
 * owes off the service), reported against the issuer's `emission` account. Totals of zero are listed:
 * an issued DSO with nothing outstanding is still an instrument the caller answers for.
 */
export function obligationTotals(state: SimState, caller: Principal, code?: string): BalanceInfo[] {
  const issued = issuedDso(state, caller.member.identification).filter(
    (asset) => !code || asset.asset_code_identification === code,
  );
  if (issued.length === 0) {
    throw new DssError(
      'OBLIGATIONS-NONE',
      `Member ${caller.member.identification} has issued no DSO${code ? ` ${code}` : ''}.`,
    );
  }
  return issued.map((asset) => {
    const ref = assetRef(asset);
    const total = state.ledger.holdingsOf(ref).reduce((sum, holding) => addAmounts(sum, holding.balance), ZERO_AMOUNT);
    return balanceInfo(state.amounts, EMISSION, ref, total);
  });
}

/** `GET /settlement-obligations/{code}`: every member holding a credit line (any state) for the caller's DSO. */
export function obligationHolders(state: SimState, caller: Principal, code: string): BalanceSheetLiabilities[] {
  const asset = issuedDso(state, caller.member.identification).find(
    (candidate) => candidate.asset_code_identification === code,
  );
  if (!asset)
    throw new DssError('OBLIGATION-NOT-ISSUED', `Member ${caller.member.identification} has not issued ${code}.`);
  const ref = assetRef(asset);
  const byHolder = new Map<string, BalanceInfo[]>();
  for (const holding of state.ledger.holdingsOf(ref)) {
    const balances = byHolder.get(holding.holderMember) ?? [];
    balances.push(balanceInfo(state.amounts, holding.holderAccount, ref, holding.balance));
    byHolder.set(holding.holderMember, balances);
  }
  return [...byHolder].map(([member, balances]) => ({ member_identification: member, outstanding_balance: balances }));
}
