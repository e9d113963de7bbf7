import { createHash } from 'node:crypto';
import { XmlC14NMode, XmlElement, XmlXPath, type XmlDocument } from 'libxml2-wasm';
import { appHeaderSchema, MESSAGE_ENVELOPE_NAMESPACE } from '../../schemas/iso20022/message-types.ts';
import { verifyWithAddress } from '../members/keys.ts';
import type { Member } from '../members/registry.ts';
import { withEnvelope, type Envelope, type EnvelopeResult } from './envelope.ts';
import { problem, type MessageProblem } from './problems.ts';
import { elementFactory } from './xml-builder.ts';
import { childElements, parseXml, serializeXml } from './xml-dom.ts';

/**
 * Message signatures (semantics §11): one W3C XML Signature in `AppHdr/Sgntr`, the place head.001.001.02
 * gives it (its XSD admits only an element of the XML-DSig namespace there). A fixed profile, so that a
 * vendor can implement it with an XML-DSig library or by hand (README.md, "Message signature"):
 * enveloped signature over the whole Message (`URI=""`), exclusive canonicalisation, SHA-256 digest,
 * Ed25519 with the key of one of the sender's digital accounts, named by its ledger address in KeyName.
 */
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

export const signatureAlgorithms = {
  canonicalization: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  signature: 'http://www.w3.org/2021/04/xmldsig-more#eddsa-ed25519',
  envelopedSignature: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
} as const;

const namespaces = { m: MESSAGE_ENVELOPE_NAMESPACE, h: appHeaderSchema.namespace, ds: DSIG };
const signaturePath = '/m:Message/h:AppHdr/h:Sgntr/ds:Signature';

/** Who signs: an account key (members/keys.ts AccountKey fits). */
export interface MessageSigner {
  address: string;
  sign(bytes: Uint8Array): Buffer;
}

function exclusiveCanonical(document: XmlDocument): string {
  return document.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 });
}

/**
 * One element of `document` and its subtree, canonicalised as a node set: libxml2's subtree helper
 * builds a JavaScript node object for every node of the whole document (100-180 µs for a Message),
 * the node set only compares pointers (about 30 µs). The output is the same.
 */
function exclusiveCanonicalElement(document: XmlDocument, element: XmlElement): string {
  return document.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0, nodeSet: new Set([element]) });
}

/** XPath expressions compiled once: compiling one costs about as much as evaluating it. Never disposed (they live as long as the module). */
const xpath = (expression: string) => XmlXPath.compile(expression, namespaces);
const paths = {
  signature: xpath(signaturePath),
  signedInfo: xpath(`${signaturePath}/ds:SignedInfo`),
  sgntr: xpath('h:Sgntr'),
  canonicalization: xpath('string(ds:SignedInfo/ds:CanonicalizationMethod/@Algorithm)'),
  signatureMethod: xpath('string(ds:SignedInfo/ds:SignatureMethod/@Algorithm)'),
  references: xpath('count(ds:SignedInfo/ds:Reference)'),
  wholeDocumentReferences: xpath('count(ds:SignedInfo/ds:Reference[@URI=""])'),
  transforms: xpath('count(ds:SignedInfo/ds:Reference/ds:Transforms/ds:Transform)'),
  firstTransform: xpath('string(ds:SignedInfo/ds:Reference/ds:Transforms/ds:Transform[1]/@Algorithm)'),
  secondTransform: xpath('string(ds:SignedInfo/ds:Reference/ds:Transforms/ds:Transform[2]/@Algorithm)'),
  digestMethod: xpath('string(ds:SignedInfo/ds:Reference/ds:DigestMethod/@Algorithm)'),
  keyName: xpath('string(ds:KeyInfo/ds:KeyName)'),
  signedInfoChild: xpath('ds:SignedInfo'),
  signatureValue: xpath('string(ds:SignatureValue)'),
  digestValue: xpath('string(ds:SignedInfo/ds:Reference/ds:DigestValue)'),
  from: xpath('string(h:Fr/h:FIId/h:FinInstnId/h:BICFI)'),
};

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** Runs `use` on a Message the service itself just serialised; failing to parse it is a defect. */
function inOwnMessage<T>(xml: string, use: (document: XmlDocument) => T): T {
  const result = withEnvelope(xml, ({ document }) => use(document));
  if (!result.ok) throw new Error(`The service produced an unreadable Message: ${result.problems[0]?.text}`);
  return result.value;
}

/**
 * Signs a Message: any earlier `AppHdr/Sgntr` is replaced. The answer is the whole signed Message;
 * everything outside the ds:Signature element is as the caller wrote it (re-serialised, same content).
 */
export function signMessageXml(xml: string, signer: MessageSigner): EnvelopeResult<string> {
  const checked = withEnvelope(xml, () => undefined);
  if (!checked.ok) return checked;

  const dom = parseXml(xml);
  const appHeader = childElements(dom.documentElement!, 'AppHdr', appHeaderSchema.namespace)[0]!;
  for (const earlier of childElements(appHeader, 'Sgntr')) appHeader.removeChild(earlier);
  // Sgntr comes after every other AppHdr element but Rltd (head.001.001.02's sequence).
  const sgntr = elementFactory(dom, appHeaderSchema.namespace, appHeader.prefix ?? undefined)('Sgntr');
  appHeader.insertBefore(sgntr, childElements(appHeader, 'Rltd')[0] ?? null);
  // The enveloped-signature transform removes ds:Signature only: the digest covers the empty Sgntr.
  const digest = inOwnMessage(serializeXml(dom), (document) => sha256(exclusiveCanonical(document)));

  const ds = elementFactory(dom, DSIG, 'ds');
  const signatureValue = ds('SignatureValue');
  sgntr.appendChild(
    ds('Signature', [
      ds('SignedInfo', [
        ds('CanonicalizationMethod', [], { Algorithm: signatureAlgorithms.canonicalization }),
        ds('SignatureMethod', [], { Algorithm: signatureAlgorithms.signature }),
        ds('Reference', [
          ds('Transforms', [
            ds('Transform', [], { Algorithm: signatureAlgorithms.envelopedSignature }),
            ds('Transform', [], { Algorithm: signatureAlgorithms.canonicalization }),
          ]),
          ds('DigestMethod', [], { Algorithm: signatureAlgorithms.digest }),
          ds('DigestValue', digest),
        ], { URI: '' }),
      ]),
      signatureValue,
      ds('KeyInfo', [ds('KeyName', signer.address)]),
    ]),
  );
  const signedInfo = inOwnMessage(serializeXml(dom), (document) => exclusiveCanonicalElement(document, document.get(paths.signedInfo) as XmlElement));
  signatureValue.appendChild(dom.createTextNode(signer.sign(Buffer.from(signedInfo, 'utf8')).toString('base64')));
  return { ok: true, value: serializeXml(dom) };
}

/**
 * Verifies the signature of a Message against the keys registered for `sender` (the member of
 * AppHdr/Fr): KeyName must be the ledger address of one of its accounts, never a key carried in the
 * message. Answers the problems; empty means the message is the sender's, unchanged since it signed.
 */
export function verifyMessageSignature(xml: string, sender: Member): MessageProblem[] {
  const result = withEnvelope(xml, (envelope) => verifyEnvelopeSignature(envelope, sender));
  return result.ok ? result.value : result.problems;
}

/** The BIC of AppHdr/Fr as read from libxml2's tree (the same text as message-content.ts reads). */
export function senderBic({ appHeader }: Envelope): string | undefined {
  return String(appHeader.eval(paths.from)).trim() || undefined;
}

/**
 * `verifyMessageSignature` on a Message already parsed (read-message.ts verifies in the same parse as
 * the XSDs). It removes the ds:Signature from the document: the last use of the envelope.
 */
export function verifyEnvelopeSignature({ document, appHeader }: Envelope, sender: Member): MessageProblem[] {
  const invalid = (text: string) => [problem('signatureInvalid', text)];
  if (!appHeader.get(paths.sgntr)) return [problem('signatureMissing', 'The message is not signed: AppHdr/Sgntr is missing.')];
  const signature = document.get(paths.signature);
  if (!(signature instanceof XmlElement)) return invalid('AppHdr/Sgntr must hold a ds:Signature (XML-DSig).');
  const text = (path: XmlXPath) => String(signature.eval(path)).trim();
  const count = (path: XmlXPath) => Number(signature.eval(path));

  const profile: Array<[string, boolean]> = [
    ['CanonicalizationMethod', text(paths.canonicalization) === signatureAlgorithms.canonicalization],
    ['SignatureMethod', text(paths.signatureMethod) === signatureAlgorithms.signature],
    ['one Reference with URI=""', count(paths.references) === 1 && count(paths.wholeDocumentReferences) === 1],
    ['Transforms', count(paths.transforms) === 2
      && text(paths.firstTransform) === signatureAlgorithms.envelopedSignature
      && text(paths.secondTransform) === signatureAlgorithms.canonicalization],
    ['DigestMethod', text(paths.digestMethod) === signatureAlgorithms.digest],
  ];
  const broken = profile.filter(([, holds]) => !holds).map(([part]) => part);
  if (broken.length > 0) return invalid(`The signature is not the service's profile (${broken.join(', ')}); see the message signature documentation.`);

  const address = text(paths.keyName);
  const account = [...sender.accounts.values()].find((candidate) => candidate.key.address === address);
  if (!account) {
    return [problem('signerNotAllowed', `The message is signed with ${address || 'no KeyName'}, which is not an account of ${sender.identification} (AppHdr/Fr).`)];
  }
  const signedInfo = exclusiveCanonicalElement(document, signature.get(paths.signedInfoChild) as XmlElement);
  if (!verifyWithAddress(address, Buffer.from(signedInfo, 'utf8'), Buffer.from(text(paths.signatureValue), 'base64'))) {
    return invalid(`The signature does not verify with the key of ${sender.identification}'s account ${account.identification}.`);
  }
  const digest = text(paths.digestValue);
  signature.remove();
  if (sha256(exclusiveCanonical(document)) !== digest) return invalid('The message was changed after it was signed: the digest does not match.');
  return [];
}
