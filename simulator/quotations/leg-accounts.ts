import type { AssetRef } from '../ledger/ledger.ts';
import { EMISSION, type Member } from '../members/registry.ts';
import type { SimState } from '../state.ts';

/**
 * Which of a member's accounts may carry one leg of an exchange (semantics, Exchange): a DSA moves
 * between operating accounts; a DSO is held only on `emission` accounts (its credit lines are set
 * there, semantics §3), so a DSO leg names `emission`, where its issuer mints or burns it. Answers why
 * `account` cannot carry `asset` for `member`, or undefined when it can.
 */
export function legAccountProblem(state: SimState, member: Member, account: string, asset: AssetRef): string | undefined {
  if (isDso(state, asset)) return account === EMISSION ? undefined : `${asset.code} is a DSO, held on the ${EMISSION} account; ${member.identification}’s account ${account} cannot carry it.`;
  return account !== EMISSION && member.accounts.has(account) ? undefined : `${account} is not an operating account of ${member.identification}.`;
}

export function isDso(state: SimState, asset: AssetRef): boolean {
  return state.assets.get(asset.code, asset.issuer)?.asset_group_identification === 'DSO';
}
