import { DssError } from '../errors.ts';
import type { SimState } from '../state.ts';
import { EMISSION, type DigitalAccount, type Member } from './registry.ts';

/**
 * Resolves a federated address `<account>*<country>.<member>.<service domain>` to a digital account
 * (semantics §1). The member is the second dot-separated label after `*`; the domain may itself have
 * dots. An empty account part or `emission` names the issuance account. A country that is not the
 * member's is "not found": the address does not exist, even though the member does.
 */
/**
 * `GET /account-address`. The spec marks addressing_identification optional (line 414): the reference
 * refuses its absence, there being nothing to resolve; under the reading optional-inputs-defaulted it
 * names the caller's default account, its issuance account, as an empty account part does.
 */
export function addressedAccount(state: SimState, caller: Member, addressing: string | undefined): DigitalAccount {
  if (addressing === undefined && state.readings.on('optional-inputs-defaulted')) {
    const account = caller.accounts.get(EMISSION);
    if (!account)
      throw new DssError('ACCOUNT-ADDRESS-NOT-FOUND', `Member ${caller.identification} has no issuance account.`);
    return account;
  }
  return resolveAccountAddress(state, addressing);
}

export function resolveAccountAddress(state: SimState, addressing: string | undefined): DigitalAccount {
  const parsed = parseAddressing(addressing);
  const member = state.members.get(parsed.member);
  const account = member?.country_code === parsed.country ? member.accounts.get(parsed.account || EMISSION) : undefined;
  if (!account) throw new DssError('ACCOUNT-ADDRESS-NOT-FOUND', `No digital account at ${addressing}.`);
  return account;
}

function parseAddressing(addressing: string | undefined): { account: string; country: string; member: string } {
  const star = addressing?.indexOf('*') ?? -1;
  if (addressing === undefined || star < 0 || addressing.indexOf('*', star + 1) >= 0) throw malformed(addressing);
  const account = addressing.slice(0, star);
  const [country, member, ...domain] = addressing.slice(star + 1).split('.');
  if (
    !country ||
    !/^[A-Z]{2}$/i.test(country) ||
    !member ||
    domain.length === 0 ||
    domain.some((label) => label === '')
  ) {
    throw malformed(addressing);
  }
  return { account, country: country.toUpperCase(), member };
}

function malformed(addressing: string | undefined): DssError {
  return new DssError(
    'ACCOUNT-ADDRESS-MALFORMED',
    `addressing_identification must look like <account>*<country_code>.<member_identification>.<service domain>; got ${JSON.stringify(addressing ?? null)}.`,
  );
}
