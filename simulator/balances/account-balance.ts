import { requireAccount } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { ZERO_AMOUNT } from '../ledger/amount.ts';
import type { SimState } from '../state.ts';
import { balanceInfo, type BalanceInfo } from './balance-info.ts';

export interface BalanceFilter {
  asset_code_identification?: string;
  asset_issuer_identification?: string;
}

/**
 * `GET /balances/digital-accounts/{account}`: the balance of one asset of one of the caller's accounts.
 * Every holding lives on a credit line (whatever its state), so the candidates are the account's lines
 * that match the filters; the filters may be left out when they leave exactly one.
 */
export function accountBalance(
  state: SimState,
  caller: Principal,
  account: string,
  filter: BalanceFilter,
): BalanceInfo {
  const member = caller.member.identification;
  if (!caller.member.accounts.has(account))
    throw new DssError('ACCOUNT-NOT-FOUND', `Member ${member} has no account ${account}.`);
  requireAccount(caller, account);
  const { asset_code_identification: code, asset_issuer_identification: issuer } = filter;
  const candidates = state.ledger
    .balancesOf(member, account)
    .filter((entry) => (!code || entry.assetCode === code) && (!issuer || entry.issuer === issuer));
  const [only, ...others] = candidates;
  if (!only) {
    // Fault balance-missing-line-zero: a missing credit line reads as a zero balance.
    if (code && issuer && state.faults.on('balance-missing-line-zero'))
      return balanceInfo(state.amounts, account, { code, issuer }, ZERO_AMOUNT);
    const asked = `${code ?? 'any asset'}${issuer ? ` issued by ${issuer}` : ''}`;
    throw new DssError('BALANCE-NO-CREDIT-LINE', `Account ${account} of ${member} has no credit line for ${asked}.`);
  }
  if (others.length > 0) {
    const names = candidates.map((entry) => `${entry.assetCode} issued by ${entry.issuer}`).join(', ');
    throw new DssError(
      'BALANCE-ASSET-AMBIGUOUS',
      `Account ${account} holds several assets (${names}); give asset_code_identification and asset_issuer_identification.`,
    );
  }
  return balanceInfo(state.amounts, account, { code: only.assetCode, issuer: only.issuer }, only.balance);
}
