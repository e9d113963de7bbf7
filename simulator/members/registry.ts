import { AccountKey } from './keys.ts';

/** The issuance account every member has (spec: "Identifier emission is the issuance account"). */
export const EMISSION = 'emission';
export const DEFAULT_OPERATING_ACCOUNT = 'main';

export const memberIdentificationPattern = /^[a-zA-Z0-9-]{5,32}$/;
export const accountIdentificationPattern = /^[a-zA-Z0-9_-]{1,32}$/;
export const bicfiPattern = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;
export const countryCodePattern = /^[A-Z]{2}$/;

export type BusinessRole = 'MIS' | 'MMM';
export type MemberState = 'created' | 'activated' | 'blocked';

export interface DigitalAccount {
  identification: string;
  key: AccountKey;
}

export interface Member {
  identification: string;
  bicfi: string;
  business_role: BusinessRole;
  country_code: string;
  member_state: MemberState;
  /** `emission` first, then the operating accounts in creation order. */
  accounts: Map<string, DigitalAccount>;
}

export interface NewMember {
  identification: string;
  bicfi: string;
  business_role: BusinessRole;
  country_code: string;
  operating_accounts?: string[];
  member_state?: MemberState;
}

/** Why a member cannot be created; the control plane turns this into a 400. */
export class MemberRejected extends Error {}

/**
 * Every member of the network with its accounts and keys. Plain data, no HTTP: the routes and the
 * control plane call it.
 */
export class MemberRegistry {
  private readonly members = new Map<string, Member>();
  private readonly byAddress = new Map<string, { member: Member; account: DigitalAccount }>();

  constructor(private readonly networkSeed: string) {}

  add(input: NewMember): Member {
    const problems = validateNewMember(input);
    if (this.members.has(input.identification)) problems.push(`member ${input.identification} already exists`);
    if (this.byBic(input.bicfi)) problems.push(`BIC ${input.bicfi} is already used by another member`);
    if (problems.length > 0) throw new MemberRejected(problems.join('; '));

    const member: Member = {
      identification: input.identification,
      bicfi: input.bicfi,
      business_role: input.business_role,
      country_code: input.country_code,
      member_state: input.member_state ?? 'activated',
      accounts: new Map(),
    };
    for (const name of [EMISSION, ...(input.operating_accounts ?? [DEFAULT_OPERATING_ACCOUNT])]) {
      const account = { identification: name, key: AccountKey.derive(this.networkSeed, member.identification, name) };
      member.accounts.set(name, account);
      this.byAddress.set(account.key.address, { member, account });
    }
    this.members.set(member.identification, member);
    return member;
  }

  get(identification: string): Member | undefined {
    return this.members.get(identification);
  }

  byBic(bicfi: string): Member | undefined {
    for (const member of this.members.values()) if (member.bicfi === bicfi) return member;
    return undefined;
  }

  byAccountAddress(address: string): { member: Member; account: DigitalAccount } | undefined {
    return this.byAddress.get(address);
  }

  list(): Member[] {
    return [...this.members.values()];
  }

  setState(identification: string, state: MemberState): Member {
    const member = this.members.get(identification);
    if (!member) throw new MemberRejected(`unknown member ${identification}`);
    member.member_state = state;
    return member;
  }
}

/**
 * Whether `account` is one of the member's operating accounts (every account but `emission`): the
 * accounts that hold DSA, receive fundings and take part in consolidations.
 */
export function isOperatingAccount(member: Member, account: string): boolean {
  return account !== EMISSION && member.accounts.has(account);
}

export function operatingAccounts(member: Member): DigitalAccount[] {
  return [...member.accounts.values()].filter((account) => account.identification !== EMISSION);
}

function validateNewMember(input: NewMember): string[] {
  const problems: string[] = [];
  if (!memberIdentificationPattern.test(input.identification))
    problems.push('identification must match ^[a-zA-Z0-9-]{5,32}$');
  if (!bicfiPattern.test(input.bicfi)) problems.push('bicfi must be an 8 or 11 character BIC (ISO 9362)');
  if (input.business_role !== 'MIS' && input.business_role !== 'MMM') problems.push('business_role must be MIS or MMM');
  if (!countryCodePattern.test(input.country_code)) problems.push('country_code must be an ISO 3166-1 alpha-2 code');
  const operating = input.operating_accounts ?? [DEFAULT_OPERATING_ACCOUNT];
  if (operating.length === 0) problems.push('a member needs at least one operating account');
  for (const name of operating) {
    if (!accountIdentificationPattern.test(name))
      problems.push(`account ${JSON.stringify(name)} must match ^[a-zA-Z0-9_-]{1,32}$`);
    if (name === EMISSION)
      problems.push('emission is the issuance account and is always created; it is not an operating account');
  }
  if (new Set(operating).size !== operating.length) problems.push('operating account names must be unique');
  return problems;
}
