import { createHash, randomUUID } from 'node:crypto';
import { XmlC14NMode, XmlElement, XmlXPath, type XmlDocument, type XmlTreeNode } from 'libxml2-wasm';
import { appHeaderSchema, MESSAGE_ENVELOPE_NAMESPACE } from '../../schemas/iso20022/message-types.ts';
import { verifyWithAddress } from '../members/keys.ts';
import type { Member } from '../members/registry.ts';
import { childElements, withEnvelope, type Envelope, type EnvelopeResult } from './envelope.ts';
import { problem, type MessageProblem } from './problems.ts';

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

/**
 * The whole profile of `verifyEnvelopeSignature` in one evaluation (an attribute's normalize-space()
 * equals a URI exactly when its trimmed text does: the URIs hold no spaces). A signature that fails it
 * is read again part by part, to name what is wrong; one that passes, nearly every one, is read once.
 */
const profileHolds = xpath(
  [
    `normalize-space(ds:SignedInfo/ds:CanonicalizationMethod/@Algorithm) = '${signatureAlgorithms.canonicalization}'`,
    `normalize-space(ds:SignedInfo/ds:SignatureMethod/@Algorithm) = '${signatureAlgorithms.signature}'`,
    'count(ds:SignedInfo/ds:Reference) = 1',
    'count(ds:SignedInfo/ds:Reference[@URI=""]) = 1',
    'count(ds:SignedInfo/ds:Reference/ds:Transforms/ds:Transform) = 2',
    `normalize-space(ds:SignedInfo/ds:Reference/ds:Transforms/ds:Transform[1]/@Algorithm) = '${signatureAlgorithms.envelopedSignature}'`,
    `normalize-space(ds:SignedInfo/ds:Reference/ds:Transforms/ds:Transform[2]/@Algorithm) = '${signatureAlgorithms.canonicalization}'`,
    `normalize-space(ds:SignedInfo/ds:Reference/ds:DigestMethod/@Algorithm) = '${signatureAlgorithms.digest}'`,
  ].join(' and '),
);

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/**
 * The exclusive C14N of the ds:SignedInfo this service writes, as text: its profile is fixed, so its
 * canonical form is known without a parser (empty elements as start and end tags, one xmlns:ds on the
 * apex, no text to escape: URIs, base64). `declaration` is false for the copy written inside
 * ds:Signature, where the namespace is declared. Verification canonicalises with libxml2, so a
 * difference would show in every signature the service makes (signature.test.ts).
 */
function signedInfoXml(digest: string, declaration: boolean): string {
  const method = (name: string, algorithm: string) => `<ds:${name} Algorithm="${algorithm}"></ds:${name}>`;
  return [
    `<ds:SignedInfo${declaration ? ` xmlns:ds="${DSIG}"` : ''}>`,
    method('CanonicalizationMethod', signatureAlgorithms.canonicalization),
    method('SignatureMethod', signatureAlgorithms.signature),
    '<ds:Reference URI=""><ds:Transforms>',
    method('Transform', signatureAlgorithms.envelopedSignature),
    method('Transform', signatureAlgorithms.canonicalization),
    '</ds:Transforms>',
    method('DigestMethod', signatureAlgorithms.digest),
    `<ds:DigestValue>${digest}</ds:DigestValue></ds:Reference></ds:SignedInfo>`,
  ].join('');
}

/**
 * Signs a Message: any earlier `AppHdr/Sgntr` is replaced. The answer is the whole signed Message;
 * everything outside the ds:Signature element is as the caller wrote it (re-serialised by libxml2,
 * same content). One parse: the empty Sgntr goes into libxml2's tree, the digest is the C14N of that
 * tree, and the ds:Signature (whose text this module writes) takes the place of a random marker in
 * the tree's serialisation, so no second parser reads the Message again.
 */
export function signMessageXml(xml: string, signer: MessageSigner): EnvelopeResult<string> {
  return withEnvelope(xml, ({ document, appHeader }) => {
    const inHeader = (node: XmlTreeNode | null, name: string): node is XmlElement =>
      node instanceof XmlElement && node.name === name && node.namespaceUri === appHeaderSchema.namespace;
    let related: XmlElement | undefined;
    for (const node of childElements(appHeader)) {
      if (inHeader(node, 'Sgntr')) node.remove();
      else if (!related && inHeader(node, 'Rltd')) related = node;
    }
    // Sgntr comes after every other AppHdr element but Rltd (head.001.001.02's sequence), with AppHdr's prefix.
    const prefix = appHeader.prefix || undefined;
    const sgntr = related ? related.prependElement('Sgntr', prefix) : appHeader.addElement('Sgntr', prefix);
    // The enveloped-signature transform removes ds:Signature only: the digest covers the empty Sgntr.
    const digest = sha256(exclusiveCanonical(document));
    const signatureValue = signer.sign(Buffer.from(signedInfoXml(digest, true), 'utf8')).toString('base64');
    // Ledger addresses are base32 and signatures base64: nothing to escape.
    const signature = `<ds:Signature xmlns:ds="${DSIG}">${signedInfoXml(digest, false)}<ds:SignatureValue>${signatureValue}</ds:SignatureValue><ds:KeyInfo><ds:KeyName>${signer.address}</ds:KeyName></ds:KeyInfo></ds:Signature>`;
    const marker = randomUUID();
    sgntr.addText(marker);
    // The declaration as the service's own envelopes write it (libxml2 would write "utf-8"), and no line
    // end after the root (libxml2 adds one).
    const serialised = `<?xml version="1.0" encoding="UTF-8"?>\n${document.toString({ format: false, noDeclaration: true }).replace(/\n$/, '')}`;
    const at = serialised.indexOf(`>${marker}<`) + 1;
    return serialised.slice(0, at) + signature + serialised.slice(at + marker.length);
  });
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
  if (!appHeader.get(paths.sgntr))
    return [problem('signatureMissing', 'The message is not signed: AppHdr/Sgntr is missing.')];
  const signature = document.get(paths.signature);
  if (!(signature instanceof XmlElement)) return invalid('AppHdr/Sgntr must hold a ds:Signature (XML-DSig).');
  const text = (path: XmlXPath) => String(signature.eval(path)).trim();
  const count = (path: XmlXPath) => Number(signature.eval(path));

  if (signature.eval(profileHolds) !== true) {
    const profile: Array<[string, boolean]> = [
      ['CanonicalizationMethod', text(paths.canonicalization) === signatureAlgorithms.canonicalization],
      ['SignatureMethod', text(paths.signatureMethod) === signatureAlgorithms.signature],
      ['one Reference with URI=""', count(paths.references) === 1 && count(paths.wholeDocumentReferences) === 1],
      [
        'Transforms',
        count(paths.transforms) === 2 &&
          text(paths.firstTransform) === signatureAlgorithms.envelopedSignature &&
          text(paths.secondTransform) === signatureAlgorithms.canonicalization,
      ],
      ['DigestMethod', text(paths.digestMethod) === signatureAlgorithms.digest],
    ];
    const broken = profile.filter(([, holds]) => !holds).map(([part]) => part);
    // Empty only for spaces that JavaScript trims and XPath does not (no-break spaces): accepted, as before.
    if (broken.length > 0)
      return invalid(
        `The signature is not the service's profile (${broken.join(', ')}); see the message signature documentation.`,
      );
  }

  const address = text(paths.keyName);
  const account = [...sender.accounts.values()].find((candidate) => candidate.key.address === address);
  if (!account) {
    return [
      problem(
        'signerNotAllowed',
        `The message is signed with ${address || 'no KeyName'}, which is not an account of ${sender.identification} (AppHdr/Fr).`,
      ),
    ];
  }
  const signedInfo = exclusiveCanonicalElement(document, signature.get(paths.signedInfoChild) as XmlElement);
  if (!verifyWithAddress(address, Buffer.from(signedInfo, 'utf8'), Buffer.from(text(paths.signatureValue), 'base64'))) {
    return invalid(
      `The signature does not verify with the key of ${sender.identification}'s account ${account.identification}.`,
    );
  }
  const digest = text(paths.digestValue);
  signature.remove();
  if (sha256(exclusiveCanonical(document)) !== digest)
    return invalid('The message was changed after it was signed: the digest does not match.');
  return [];
}
