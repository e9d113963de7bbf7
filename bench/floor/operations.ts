/**
 * The operations the floor is made of, shared by the floor's micro-benchmarks (bench/floor/) and the
 * bare server that performs them inside flows (bench/servers/floor-flow-child.ts), so that both
 * measure the same work: Ed25519 with a reused key object (node:crypto), and libxml2-wasm, as the
 * simulator uses it, on a signed pacs.008 Message (parse; XSDs of AppHdr and Document; exclusive C14N).
 */
import { generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { XmlC14NMode, XmlDocument } from 'libxml2-wasm';
import { appHeaderSchema, messageTypes } from '../../schemas/iso20022/message-types.ts';
import { messageXml, paymentDocument } from '../../schemas/iso20022/message-builders.ts';
import { untrustedParseOptions, xsdProblems } from '../../schemas/iso20022/xsd-validation.ts';

export interface Ed25519 {
  sign(data: Buffer): Buffer;
  verify(data: Buffer, signature: Buffer): boolean;
}

/** A fresh key pair, kept as KeyObjects: the simulator caches its members' keys the same way. */
export function ed25519(): Ed25519 {
  const { privateKey, publicKey }: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ed25519');
  return {
    sign: (data) => sign(null, data, privateKey),
    verify: (data, signature) => verify(null, data, publicKey, signature),
  };
}

/** The sample the libxml2 figures are taken on. */
export const SAMPLE_MESSAGE = messageXml('pacs.008.001.08', paymentDocument());
const SAMPLE_TYPE = messageTypes['pacs.008.001.08'];

/** Parses `xml` as the simulator parses what it receives, and disposes of the document after `use`. */
export function withDocument<T>(xml: string, use: (document: XmlDocument) => T): T {
  const document = XmlDocument.fromString(xml, { option: untrustedParseOptions });
  try {
    return use(document);
  } finally {
    document.dispose();
  }
}

/** Validates a pacs.008 Message's AppHdr and Document against their XSDs; throws unless both are valid. */
export function validatePayment(document: XmlDocument): void {
  const [appHeader, body] = document.root.find('*');
  if (
    xsdProblems(appHeaderSchema.xsd, appHeader as never).length + xsdProblems(SAMPLE_TYPE.xsd, body as never).length >
    0
  )
    throw new Error('the pacs.008 Message is invalid');
}

export function canonical(document: XmlDocument): string {
  return document.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_EXCLUSIVE_1_0 });
}
