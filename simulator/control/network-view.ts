import type { SimState } from '../state.ts';
import type { Member } from '../members/registry.ts';
import { shownAddress } from '../members/shown-address.ts';

/** A member as the control plane shows it: everything a harness needs to act as that member. */
export function memberView(state: SimState, member: Member) {
  return {
    identification: member.identification,
    business_role: member.business_role,
    country_code: member.country_code,
    bicfi: member.bicfi,
    member_state: member.member_state,
    accounts: [...member.accounts.values()].map((account) => ({
      identification: account.identification,
      distributed_ledger_account_address: shownAddress(state, account),
    })),
  };
}

/** `GET /sim/network`: members with a fresh manager token each, and the registered assets. */
export async function networkView(state: SimState) {
  const members = [];
  for (const member of state.members.list()) {
    const issued = await state.tokens.issue({ member_identification: member.identification, role: 'manager' });
    members.push({ ...memberView(state, member), token: issued.token, token_expires_at: issued.expires_at });
  }
  return { now: state.clock.now(), members, assets: state.assets.list() };
}
