import { EMISSION, type Member } from '../members/registry.ts';

/**
 * Whether `account` is one of the member's operating accounts (every account but `emission`,
 * semantics §1): the accounts that hold DSA, receive fundings and take part in consolidations.
 */
export function isOperatingAccount(member: Member, account: string): boolean {
  return account !== EMISSION && member.accounts.has(account);
}
