import { XmlCData, XmlDocument, XmlElement, XmlText, XmlXPath } from 'libxml2-wasm';
import { appHeaderSchema, MESSAGE_ENVELOPE_NAMESPACE } from '../../schemas/iso20022/message-types.ts';
import { untrustedParseOptions, xmlErrorProblems } from '../../schemas/iso20022/xsd-validation.ts';
import { problem, type MessageProblem } from './problems.ts';

/**
 * The service's `Message` envelope as libxml2 sees it (semantics §11): the root `Message` in
 * `urn:dss:message:1`, an `AppHdr` in head.001.001.02 and one `Document`, nothing else but whitespace,
 * comments and processing instructions. libxml2 objects live in WebAssembly memory, so they are only
 * handed to a callback and disposed when it returns: nothing outside this module keeps one.
 */
export interface Envelope {
  document: XmlDocument;
  appHeader: XmlElement;
  /** The `Document` element (its namespace is checked against the message type by the reader). */
  body: XmlElement;
}

export type EnvelopeResult<T> = { ok: true; value: T } | { ok: false; problems: MessageProblem[] };

export function withEnvelope<T>(xml: string, use: (envelope: Envelope) => T): EnvelopeResult<T> {
  let document: XmlDocument;
  try {
    // The same UTF-8 bytes libxml2's string entry makes, but encoded natively by Node: libxml2-wasm
    // encodes a string into WebAssembly memory one character at a time in JavaScript (a third of a
    // Message's parse).
    document = XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'), { option: untrustedParseOptions });
  } catch (error) {
    return {
      ok: false,
      problems: xmlErrorProblems(error).map((text) => problem('format', `Not well-formed XML: ${text}`)),
    };
  }
  try {
    const parts = envelopeParts(document);
    if ('problems' in parts) return { ok: false, problems: parts.problems };
    return { ok: true, value: use({ document, ...parts }) };
  } finally {
    document.dispose();
  }
}

/**
 * Children by XPath, not by walking `firstChild`/`next`: libxml2-wasm gives no node for a processing
 * instruction and ends the walk there (`next` is null), which refused a Document after one and hid any
 * element after one. `text()` also selects CDATA sections. Compiled once: this runs for
 * every message.
 */
const ELEMENT_CHILDREN = XmlXPath.compile('*');
const TEXT_CHILDREN = XmlXPath.compile('text()');

/** An element's child elements in document order, processing instructions or not among them. */
export function childElements(parent: XmlElement): XmlElement[] {
  return parent.find(ELEMENT_CHILDREN).filter((node) => node instanceof XmlElement);
}

function envelopeParts(
  document: XmlDocument,
): { appHeader: XmlElement; body: XmlElement } | { problems: MessageProblem[] } {
  const fail = (text: string) => ({ problems: [problem('format', text)] });
  // A DTD was refused before parsing; this guards the parser options against a future change.
  if (document.dtd) return fail('The message has a DTD.');
  const root = document.root;
  if (root.name !== 'Message' || root.namespaceUri !== MESSAGE_ENVELOPE_NAMESPACE) {
    return fail(`The root element must be Message in ${MESSAGE_ENVELOPE_NAMESPACE}, not ${describe(root)}.`);
  }
  if (
    root
      .find(TEXT_CHILDREN)
      .some((node) => (node instanceof XmlText || node instanceof XmlCData) && node.content.trim() !== '')
  ) {
    return fail('Message holds text outside AppHdr and Document.');
  }
  const [appHeader, body, ...extra] = childElements(root);
  if (!appHeader || appHeader.name !== 'AppHdr' || appHeader.namespaceUri !== appHeaderSchema.namespace) {
    return fail(
      `Message must start with AppHdr in ${appHeaderSchema.namespace}${appHeader ? `, not ${describe(appHeader)}` : ''}.`,
    );
  }
  if (!body || body.name !== 'Document')
    return fail(`Message must hold a Document after AppHdr${body ? `, not ${describe(body)}` : ''}.`);
  if (extra.length > 0)
    return fail(`Message must hold only AppHdr and one Document, not also ${extra.map(describe).join(', ')}.`);
  return { appHeader, body };
}

function describe(element: XmlElement): string {
  return element.namespaceUri ? `{${element.namespaceUri}}${element.name}` : element.name;
}
