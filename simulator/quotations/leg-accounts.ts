import type { AssetRef } from '../ledger/ledger.ts';
import { EMISSION, type Member } from '../members/registry.ts';
import { dsoAccountKind, holdsDsoOn } from '../credit-lines/dso-holding-account.ts';
import type { SimState } from '../state.ts';

/**
 * Which of a member's accounts may carry one leg of an exchange (semantics, Exchange): a DSA moves
 * between operating accounts; a DSO's issuer mints and burns it on its `emission`, and a holder holds
 * it where its credit lines are set (`emission`, semantics §3; an operating account under reading
 * holder-dso-on-operating-account: credit-lines/dso-holding-account.ts). Answers why `account` cannot
 * carry `asset` for `member`, or undefined when it can.
 */
export function legAccountProblem(
  state: SimState,
  member: Member,
  account: string,
  asset: AssetRef,
): string | undefined {
  if (isDso(state, asset)) {
    const carries = member.identification === asset.issuer ? account === EMISSION : holdsDsoOn(state, member, account);
    return carries
      ? undefined
      : `${asset.code} is a DSO, held on ${member.identification === asset.issuer ? `the ${EMISSION} account of its issuer` : dsoAccountKind(state)}; ${member.identification}’s account ${account} cannot carry it.`;
  }
  return account !== EMISSION && member.accounts.has(account)
    ? undefined
    : `${account} is not an operating account of ${member.identification}.`;
}

export function isDso(state: SimState, asset: AssetRef): boolean {
  return state.assets.get(asset.code, asset.issuer)?.asset_group_identification === 'DSO';
}
