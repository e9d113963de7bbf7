import { readFileSync } from 'node:fs';
import { MemberRegistry, type Member } from '../members/registry.ts';
import { MessageIdentifiers } from './identifiers.ts';
import { signMessageXml } from './signature.ts';

/**
 * Test support (tests only): the sample fixtures, a small network whose BICs match the authored samples
 * and the default stories of schemas/iso20022/message-builders.ts, and signing as `POST /sign/message` does.
 */

export function fixture(path: string): string {
  return readFileSync(new URL(`fixtures/${path}`, import.meta.url), 'utf8');
}

/** The documented example of one of the service's own types (schemas/iso20022/examples/). */
export function serviceExample(type: 'SVC.001.001.01' | 'SVC.002.001.01'): string {
  return readFileSync(new URL(`../../schemas/iso20022/examples/${type}.xml`, import.meta.url), 'utf8');
}

/** The authored samples' story: AAAAUS33XXX pays BBBBSGSGXXX; CCCCSGSGXXX is a USD tokenizer. */
export function testNetwork() {
  const members = new MemberRegistry('iso20022-tests');
  const ofi = members.add({ identification: 'bank-aaaa', bicfi: 'AAAAUS33XXX', business_role: 'MMM', country_code: 'US', operating_accounts: ['main', 'second'] });
  const rfi = members.add({ identification: 'bank-bbbb', bicfi: 'BBBBSGSGXXX', business_role: 'MMM', country_code: 'SG' });
  const tokenizer = members.add({ identification: 'tokenizer-cc', bicfi: 'CCCCSGSGXXX', business_role: 'MIS', country_code: 'SG' });
  return { members, identifiers: new MessageIdentifiers(), ofi, rfi, tokenizer };
}

/** Signs with the key of `member`'s `account` (main by default), as `POST /sign/message` does. */
export function signedBy(member: Member, xml: string, account = 'main'): string {
  const signed = signMessageXml(xml, member.accounts.get(account)!.key);
  if (!signed.ok) throw new Error(`test setup: ${signed.problems[0]?.text}`);
  return signed.value;
}
