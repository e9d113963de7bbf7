import { test, expect } from '@playwright/test';
import { createHash } from 'node:crypto';
import { XmlC14NMode, XmlDocument } from 'libxml2-wasm';
import { readMessage } from './read-message.ts';
import { signatureAlgorithms, signMessageXml, verifyMessageSignature } from './signature.ts';
import { fixture } from '../../test-support/simulator/iso20022-fixtures.ts';
import { sampleNetwork, signedBy } from '../../test-support/simulator/sample-network.ts';
import { messageXml, paymentDocument } from '../../schemas/iso20022/message-builders.ts';

const { ofi, rfi } = sampleNetwork();
const unsigned = messageXml('pacs.008.001.08', paymentDocument());
const reasons = (xml: string, member = ofi) => verifyMessageSignature(xml, member).map((problem) => problem.reason);

test('sign then verify: the signature is in AppHdr/Sgntr and the message still validates', () => {
  const signed = signedBy(ofi, unsigned);
  expect(verifyMessageSignature(signed, ofi)).toEqual([]);
  expect(signed).toMatch(
    /<CreDt>[^<]*<\/CreDt><Sgntr><ds:Signature xmlns:ds="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">/,
  );
  expect(signed).toContain(`<ds:KeyName>${ofi.accounts.get('main')!.key.address}</ds:KeyName>`);
  expect(readMessage('pacs.008.001.08', signed).problems).toEqual([]);
});

test('any account of the sender may sign; the key named is the one checked', () => {
  expect(verifyMessageSignature(signedBy(ofi, unsigned, 'emission'), ofi)).toEqual([]);
  expect(verifyMessageSignature(signedBy(ofi, unsigned, 'second'), ofi)).toEqual([]);
  const signed = signedBy(ofi, unsigned);
  const otherAccount = signed.replace(ofi.accounts.get('main')!.key.address, ofi.accounts.get('second')!.key.address);
  expect(reasons(otherAccount)).toEqual(['DS0B']);
});

test('a message changed after signing fails, wherever the change is', () => {
  const signed = signedBy(ofi, unsigned);
  expect(reasons(signed.replace('15250.75', '15250.76'))).toEqual(['DS0B']);
  expect(reasons(signed.replace('<BizMsgIdr>AAAAUS33-BIZ-000001', '<BizMsgIdr>AAAAUS33-BIZ-000002'))).toEqual(['DS0B']);
  expect(reasons(signed.replace('<Nm>ABC Corporation</Nm>', '<Nm>ABC  Corporation</Nm>'))).toEqual(['DS0B']);
  expect(reasons(signed.replace('</Cdtr>', '</Cdtr><CdtrAcct><Id><Othr><Id>1</Id></Othr></Id></CdtrAcct>'))).toEqual([
    'DS0B',
  ]);
  const digest = /<ds:DigestValue>([^<]*)</.exec(signed)![1]!;
  expect(reasons(signed.replace(digest, createHash('sha256').update('x').digest('base64')))).toEqual(['DS0B']);
});

test('only the canonical form is signed: re-serialising the same content keeps the signature valid', () => {
  const signed = signedBy(ofi, unsigned);
  const reformatted = signed
    .replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version = "1.0" encoding = "UTF-8" ?>')
    .replace('<ChrgBr>SHAR</ChrgBr>', '<ChrgBr >SHAR</ChrgBr >');
  expect(verifyMessageSignature(reformatted, ofi)).toEqual([]);
});

test('signed with another member’s key: not an account of the sender', () => {
  const byRfi = signedBy(rfi, unsigned);
  expect(reasons(byRfi)).toEqual(['DS0H']);
  expect(verifyMessageSignature(byRfi, rfi)).toEqual([]);
});

test('unsigned, or signed outside the profile', () => {
  expect(reasons(unsigned)).toEqual(['DS0A']);
  const signed = signedBy(ofi, unsigned);
  expect(reasons(signed.replace(signatureAlgorithms.digest, 'http://www.w3.org/2000/09/xmldsig#sha1'))).toEqual([
    'DS0B',
  ]);
  expect(reasons(signed.replace('URI=""', 'URI="#x"'))).toEqual(['DS0B']);
  expect(reasons(signed.replace(/<ds:SignatureValue>[^<]*/, '<ds:SignatureValue>AAAA'))).toEqual(['DS0B']);
  expect(verifyMessageSignature(signed.replace(/<ds:Signature [\s\S]*<\/ds:Signature>/, ''), ofi)[0]?.text).toContain(
    'must hold a ds:Signature',
  );
});

test('signing again replaces the signature; a Sgntr goes before Rltd', () => {
  const twice = signedBy(rfi, signedBy(ofi, unsigned));
  expect(twice.match(/<Sgntr>/g)).toHaveLength(1);
  expect(verifyMessageSignature(twice, rfi)).toEqual([]);

  const related = unsigned.replace(
    '</AppHdr>',
    '<Rltd><Fr><FIId><FinInstnId><BICFI>AAAAUS33XXX</BICFI></FinInstnId></FIId></Fr><To><FIId><FinInstnId><BICFI>BBBBSGSGXXX</BICFI></FinInstnId></FIId></To><BizMsgIdr>X</BizMsgIdr><MsgDefIdr>pacs.008.001.08</MsgDefIdr><CreDt>2024-03-15T10:15:30Z</CreDt></Rltd></AppHdr>',
  );
  const signed = signedBy(ofi, related);
  expect(signed.indexOf('<Sgntr>')).toBeLessThan(signed.indexOf('<Rltd>'));
  expect(readMessage('pacs.008.001.08', signed).problems).toEqual([]);
  expect(verifyMessageSignature(signed, ofi)).toEqual([]);
});

test('an AppHdr written with a prefix gets its Sgntr with that prefix', () => {
  const end = unsigned.indexOf('</AppHdr>') + '</AppHdr>'.length;
  const header = unsigned
    .slice(0, end)
    .replace(/<(\/?)(AppHdr|Fr|To|FIId|FinInstnId|BICFI|BizMsgIdr|MsgDefIdr|CreDt)\b/g, '<$1h:$2')
    .replace('<h:AppHdr xmlns=', '<h:AppHdr xmlns:h=');
  const prefixed = header + unsigned.slice(end);
  const signed = signedBy(ofi, prefixed);
  expect(signed).toContain('</h:CreDt><h:Sgntr><ds:Signature');
  expect(signed.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(readMessage('pacs.008.001.08', signed).problems).toEqual([]);
  expect(verifyMessageSignature(signed, ofi)).toEqual([]);
});

test('text outside ASCII is signed, read and verified as the same characters', () => {
  const named = unsigned.replace('<Nm>ABC Corporation</Nm>', '<Nm>Société Générale 🦄 Ωmega</Nm>');
  const signed = signedBy(ofi, named);
  expect(signed).toContain('<Nm>Société Générale 🦄 Ωmega</Nm>');
  expect(verifyMessageSignature(signed, ofi)).toEqual([]);
  expect(reasons(signed.replace('Ωmega', 'Omega'))).toEqual(['DS0B']);
  const read = readMessage('pacs.008.001.08', signed);
  expect(read.problems).toEqual([]);
  expect(read.content?.xml).toBe(signed);
});

test('signing refuses what is not a Message envelope', () => {
  const key = ofi.accounts.get('main')!.key;
  expect(signMessageXml('not xml', key).ok).toBe(false);
  expect(signMessageXml(fixture('authored/pacs.008.001.08_minimal_bicfi.xml'), key).ok).toBe(false);
});

/**
 * The scheme as README.md documents it, done by hand with a generic C14N and Ed25519, never with the
 * service's signing code: what a vendor writes must verify.
 */
test('a signature made by hand from the documentation verifies', () => {
  const exclusiveC14n = (xml: string) => {
    const document = XmlDocument.fromString(xml);
    try {
      return document.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 });
    } finally {
      document.dispose();
    }
  };
  const key = ofi.accounts.get('second')!.key;
  // 1. An empty Sgntr where head.001.001.02 puts it; 2. SHA-256 of the exclusive C14N of the whole Message.
  const withEmptySgntr = unsigned.replace('</CreDt>', '</CreDt><Sgntr></Sgntr>');
  const digest = createHash('sha256').update(exclusiveC14n(withEmptySgntr)).digest('base64');
  // 3. SignedInfo, canonicalised on its own (exclusive C14N needs no context), signed with Ed25519.
  const signedInfo = `<ds:SignedInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:CanonicalizationMethod Algorithm="${signatureAlgorithms.canonicalization}"/><ds:SignatureMethod Algorithm="${signatureAlgorithms.signature}"/><ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="${signatureAlgorithms.envelopedSignature}"/><ds:Transform Algorithm="${signatureAlgorithms.canonicalization}"/></ds:Transforms><ds:DigestMethod Algorithm="${signatureAlgorithms.digest}"/><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference></ds:SignedInfo>`;
  const signatureValue = key.sign(Buffer.from(exclusiveC14n(signedInfo), 'utf8')).toString('base64');
  // 4. The ds:Signature inside Sgntr, formatted as the author likes.
  const signature = `<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#">\n  ${signedInfo.replace(' xmlns:ds="http://www.w3.org/2000/09/xmldsig#"', '')}\n  <ds:SignatureValue>${signatureValue}</ds:SignatureValue>\n  <ds:KeyInfo><ds:KeyName>${key.address}</ds:KeyName></ds:KeyInfo>\n</ds:Signature>`;
  const signed = withEmptySgntr.replace('<Sgntr></Sgntr>', `<Sgntr>${signature}</Sgntr>`);
  expect(verifyMessageSignature(signed, ofi)).toEqual([]);
  expect(reasons(signed.replace('ABC Corporation', 'XYZ Corporation'))).toEqual(['DS0B']);
});

test('a processing instruction in AppHdr hides neither an old Sgntr nor Rltd from signing', () => {
  const rltd =
    '<Rltd><Fr><FIId><FinInstnId><BICFI>AAAAUS33XXX</BICFI></FinInstnId></FIId></Fr><To><FIId><FinInstnId><BICFI>BBBBSGSGXXX</BICFI></FinInstnId></FIId></To><BizMsgIdr>X</BizMsgIdr><MsgDefIdr>pacs.008.001.08</MsgDefIdr><CreDt>2024-03-15T10:15:30Z</CreDt></Rltd>';
  const withPi = unsigned.replace('</AppHdr>', `<?dss-note before Rltd?>${rltd}</AppHdr>`);
  const signed = signedBy(ofi, withPi);
  expect(signed.indexOf('<Sgntr>')).toBeLessThan(signed.indexOf('<Rltd>'));
  expect(readMessage('pacs.008.001.08', signed).problems).toEqual([]);
  // Signed again after a processing instruction put before its Sgntr: the old one is replaced, not kept.
  const again = signedBy(rfi, signed.replace('<Sgntr>', '<?dss-note before Sgntr?><Sgntr>'));
  expect(again.match(/<Sgntr>/g)).toHaveLength(1);
  expect(verifyMessageSignature(again, rfi)).toEqual([]);
});
