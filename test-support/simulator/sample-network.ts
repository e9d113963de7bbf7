import { MemberRegistry, type Member } from '../../simulator/members/registry.ts';
import { MessageIdentifiers } from '../../simulator/iso20022/identifiers.ts';
import { signMessageXml } from '../../simulator/iso20022/signature.ts';

/**
 * The members of the ISO 20022 sample story: a network whose BICs match the authored samples
 * (fixtures/authored) and the default stories of schemas/iso20022/message-builders.ts, and signing as
 * `POST /sign/message` does. docs/messages.md (payments/message-docs.ts) builds its worked examples
 * on it, and the message tests use the same story.
 */

/** The authored samples' story: AAAAUS33XXX pays BBBBSGSGXXX; CCCCSGSGXXX is a USD tokenizer. */
export function sampleNetwork() {
  const members = new MemberRegistry('iso20022-samples');
  const ofi = members.add({
    identification: 'bank-aaaa',
    bicfi: 'AAAAUS33XXX',
    business_role: 'MMM',
    country_code: 'US',
    operating_accounts: ['main', 'second'],
  });
  const rfi = members.add({
    identification: 'bank-bbbb',
    bicfi: 'BBBBSGSGXXX',
    business_role: 'MMM',
    country_code: 'SG',
  });
  const tokenizer = members.add({
    identification: 'tokenizer-cc',
    bicfi: 'CCCCSGSGXXX',
    business_role: 'MIS',
    country_code: 'SG',
  });
  return { members, identifiers: new MessageIdentifiers(), ofi, rfi, tokenizer };
}

/** Signs with the key of `member`'s `account` (main by default), as `POST /sign/message` does. */
export function signedBy(member: Member, xml: string, account = 'main'): string {
  const signed = signMessageXml(xml, member.accounts.get(account)!.key);
  if (!signed.ok) throw new Error(`sample message could not be signed: ${signed.problems[0]?.text}`);
  return signed.value;
}
