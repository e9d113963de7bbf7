import { DssError } from '../errors.ts';
import type { SimState } from '../state.ts';
import { EMISSION, memberIdentificationPattern, operatingAccounts, type Member } from './registry.ts';
import { shownAddress } from './shown-address.ts';

/** The memberInfo resource of the spec. */
export function memberInfo(state: SimState, member: Member) {
  return {
    identification: member.identification,
    bicfi: member.bicfi,
    business_role: member.business_role,
    country_code: member.country_code,
    member_state: member.member_state,
    // Fault emission-address-of-operating-account: the address of the first operating account stands in for the issuance account's.
    distributed_ledger_emission_account_address: shownAddress(
      state,
      (state.faults.on('emission-address-of-operating-account') ? operatingAccounts(member)[0] : undefined) ??
        member.accounts.get(EMISSION)!,
    ),
    operating_digital_accounts: operatingAccounts(member).map((account) => ({
      identification: account.identification,
      distributed_ledger_account_address: shownAddress(state, account),
    })),
  };
}

export interface MemberFilters {
  country_code?: string;
  asset_code_identification?: string;
  asset_issuer_identification?: string;
}

/**
 * The member directory with its filters. The asset filters keep members that issue the asset or hold
 * an allowed credit line for it (semantics §12); `activeOnly` is the tokenizer's view, which leaves out
 * members that are not activated.
 */
export function listMembers(state: SimState, filters: MemberFilters, activeOnly: boolean): Member[] {
  const found = state.members.list().filter((member) => {
    if (activeOnly && member.member_state !== 'activated') return false;
    // Fault members-country-filter-ignored: the country filter is read but never applied.
    if (
      filters.country_code &&
      member.country_code !== filters.country_code &&
      !state.faults.on('members-country-filter-ignored')
    )
      return false;
    if (filters.asset_code_identification || filters.asset_issuer_identification)
      return dealsIn(state, member, filters);
    return true;
  });
  if (found.length === 0) throw new DssError('MEMBER-NONE-FOUND', 'No member matches the given filters.');
  return found;
}

function dealsIn(state: SimState, member: Member, filters: MemberFilters): boolean {
  const matches = (code: string, issuer: string) =>
    (!filters.asset_code_identification || code === filters.asset_code_identification) &&
    (!filters.asset_issuer_identification || issuer === filters.asset_issuer_identification);
  const issues = state.assets
    .issuedBy(member.identification)
    .some((asset) => matches(asset.asset_code_identification, asset.asset_issuer_identification));
  const holds = state.ledger
    .creditLines()
    .some(
      (line) =>
        line.holderMember === member.identification && line.state === 'allow' && matches(line.assetCode, line.issuer),
    );
  return issues || holds;
}

export function getMember(state: SimState, identification: string): Member {
  const member = state.members.get(identification);
  if (!member) {
    // Fault: a vendor that treats an unknown identifier as a bad parameter.
    if (state.faults.on('unknown-member-wrong-status'))
      throw new DssError('REQUEST-INVALID', `Unknown member ${identification}.`);
    throw new DssError('MEMBER-NOT-FOUND', `No member ${identification}.`);
  }
  return member;
}

/**
 * The member interface's read lists 400, so there an identifier that no member can have (semantics §1)
 * is a bad parameter; the tokenizer's read lists only 404, which `getMember` gives it (semantics §14).
 */
export function wellFormedMemberIdentification(identification: string): string {
  if (!memberIdentificationPattern.test(identification)) {
    throw new DssError(
      'MEMBER-ID-MALFORMED',
      `${JSON.stringify(identification)} is not a member identifier: 5 to 32 letters, digits or hyphens.`,
    );
  }
  return identification;
}
