import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { messageEnvelope } from '../../schemas/iso20022/message-envelope.ts';
import { financialMessageType, isMessageTypeName, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';

/**
 * Real ISO 20022 messages, changed and never signed: the Documents of the ISO core's sample fixtures in
 * the service's envelope, from one member of the network to another, with one element dropped, doubled
 * or given an odd text, or an attribute made odd. They pass the early checks and reach the XSDs, the
 * business rules and the settlement terms, and the service must still refuse every one, because no
 * message without its sender's signature is ever accepted (semantics §11).
 */

interface Sample {
  type: MessageTypeName;
  document: string;
}

const fixtures = new URL('../../simulator/iso20022/fixtures/', import.meta.url);

/** The samples whose Document is of a type the service takes (AppHdr-only samples left out). */
const samples: Sample[] = readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).flatMap((path) => {
  const type = /(?:^|\/)((?:pacs|camt|SVC)\.\d{3}\.\d{3}\.\d{2})_[^/]*\.xml$/.exec(path)?.[1];
  if (!type || !isMessageTypeName(type)) return [];
  return [{ type, document: readFileSync(new URL(path, fixtures), 'utf8') }];
});

const oddTexts = [
  '',
  ' ',
  'x'.repeat(5_000),
  '-1',
  '0',
  '1e400',
  '99999999999999999999.99999',
  'NaN',
  '2024-02-30T25:61:00',
  'ZZZ',
  '&lt;&gt;',
  '🦄',
  'DSO',
  'CLRG',
  'MMLOGB2LXXX',
];

export interface UnsignedMessage {
  change: string;
  body: { financial_message_type: string; financial_message_data: string };
}

const ELEMENT_NODE = 1;

/** The fixtures are well-formed: a DOM to change them in and write them back. */
const parseXml = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const serializeXml = (node: Parameters<XMLSerializer['serializeToString']>[0]) =>
  new XMLSerializer().serializeToString(node);

function elementsOf(root: Element): Element[] {
  const all: Element[] = [root];
  for (let index = 0; index < all.length; index++) {
    for (let node = all[index]!.firstChild; node; node = node.nextSibling)
      if (node.nodeType === ELEMENT_NODE) all.push(node as Element);
  }
  return all;
}

/** A change of the Document, by the position of the element it touches (modulo their number). */
function changed(document: string, change: { kind: number; at: number; text: string }): { name: string; xml: string } {
  const parsed = parseXml(document);
  const root = parsed.documentElement!;
  const elements = elementsOf(root);
  const element = elements[change.at % elements.length]!;
  const parent = element.parentNode;
  switch (change.kind % 5) {
    case 0:
      return { name: 'as it is', xml: document };
    case 1:
      if (parent && element !== root) parent.removeChild(element);
      return { name: `${element.localName} dropped`, xml: serializeXml(parsed) };
    case 2:
      if (parent && element !== root) parent.insertBefore(element.cloneNode(true), element);
      return { name: `${element.localName} doubled`, xml: serializeXml(parsed) };
    case 3:
      element.textContent = change.text;
      return { name: `${element.localName} = ${JSON.stringify(change.text.slice(0, 20))}`, xml: serializeXml(parsed) };
    default: {
      const attribute = element.attributes.item(0);
      if (attribute) element.setAttribute(attribute.name, change.text);
      return {
        name: `${element.localName}@${attribute?.name ?? '-'} = ${JSON.stringify(change.text.slice(0, 20))}`,
        xml: serializeXml(parsed),
      };
    }
  }
}

/** Unsigned messages from `from` to `to` (BICs), under their own type or another one. */
export function unsignedMessages(from: string, to: string): fc.Arbitrary<UnsignedMessage> {
  return fc
    .record({
      sample: fc.constantFrom(...samples),
      kind: fc.nat(),
      at: fc.nat(),
      text: fc.constantFrom(...oddTexts),
      claimed: fc.option(fc.constantFrom(...samples.map((sample) => sample.type)), { freq: 5 }),
    })
    .map(({ sample, kind, at, text, claimed }) => {
      const document = changed(sample.document, { kind, at, text });
      const type = claimed ?? sample.type;
      const xml = messageEnvelope(
        { type, from, to, businessMessageIdentification: `zz-fuzz-${at}`, creationDate: '2024-03-15T10:15:30Z' },
        document.xml,
      );
      return {
        change: `${sample.type}, ${document.name}${claimed ? `, sent as ${claimed}` : ''}`,
        body: {
          financial_message_type: financialMessageType(type),
          financial_message_data: Buffer.from(xml, 'utf8').toString('base64'),
        },
      };
    });
}
