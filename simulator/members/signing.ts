import { DssError } from '../errors.ts';
import type { Member } from './registry.ts';

/**
 * `POST /sign/payload`: the service holds every account's secret key and signs on the member's behalf
 * (semantics §4a). The signature is Ed25519 over the decoded bytes, returned in base64; whoever verifies
 * uses the account's ledger address, never a key sent with the request.
 */
export function signPayload(member: Member, accountIdentification: string, unsignedPayloadBase64: string): string {
  const account = member.accounts.get(accountIdentification);
  if (!account) {
    throw new DssError(
      'SIGN-KEY-UNAVAILABLE',
      `Member ${member.identification} has no key for account ${accountIdentification}.`,
    );
  }
  return account.key.sign(Buffer.from(unsignedPayloadBase64, 'base64')).toString('base64');
}
