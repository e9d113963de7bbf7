import { DssError } from '../errors.ts';
import type { Member } from '../members/registry.ts';
import { decodeMessageData } from './message-data.ts';
import { signMessageXml } from './signature.ts';

/**
 * `POST /sign/message` (semantics §11): the service holds the members' keys and signs a Message with
 * the key of the named account. It checks that the payload is a Message envelope, nothing more: a
 * member may sign an incomplete or invalid message (the harness does, to test the refusals), and the
 * checks happen when the message is sent. Answers the signed Message, base64.
 */
export function signMessage(member: Member, accountIdentification: string, unsignedPayloadBase64: string): string {
  const account = member.accounts.get(accountIdentification);
  if (!account) {
    throw new DssError(
      'SIGN-MESSAGE-ACCOUNT-UNKNOWN',
      `Member ${member.identification} has no account ${accountIdentification} to sign with.`,
    );
  }
  const decoded = decodeMessageData(unsignedPayloadBase64);
  if (!decoded.ok) throw new DssError('ISO-MESSAGE-UNREADABLE', decoded.problem.text);
  const signed = signMessageXml(decoded.xml, account.key);
  if (!signed.ok)
    throw new DssError('ISO-MESSAGE-UNREADABLE', signed.problems.map((problem) => problem.text).join(' '));
  return Buffer.from(signed.value, 'utf8').toString('base64');
}
