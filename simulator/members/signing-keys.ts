import type { ReadingSwitch } from '../readings/catalogue.ts';
import { verifyWithAddress } from './keys.ts';
import type { Member } from './registry.ts';

/**
 * Which keys may sign a quotation or exchange payload for `member` whose debiting account is `account`:
 * that account's key, the reference's decision (semantics "Exchange (DvP)"). Under the reading
 * `any-member-key` (spec lines 239, 294, 396-398 say only that the member signs its payload) any of the
 * member's own account keys, the debiting account's first.
 */
export function signingAddresses(readings: ReadingSwitch, member: Member, account: string): string[] {
  const debiting = member.accounts.get(account)?.key.address;
  const own = debiting === undefined ? [] : [debiting];
  if (!readings.on('any-member-key')) return own;
  return [
    ...own,
    ...[...member.accounts.values()]
      .map((candidate) => candidate.key.address)
      .filter((address) => address !== debiting),
  ];
}

/** The address among `addresses` whose key made `signature` of `bytes`; undefined when none did. */
export function signedBy(addresses: readonly string[], bytes: Uint8Array, signature: Uint8Array): string | undefined {
  return addresses.find((address) => verifyWithAddress(address, bytes, signature));
}
