import { test, expect } from '@playwright/test';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { readdirSync, readFileSync } from 'node:fs';
import { messageXml, paymentDocument } from '../../schemas/iso20022/message-builders.ts';
import { sampleNetwork, signedBy } from '../../test-support/simulator/sample-network.ts';
import { descendantElements, readXml, type MessageElement } from './xml-dom.ts';

/**
 * readXml against a general DOM parser (@xmldom/xmldom, test-only here): the same elements, names,
 * namespaces, attributes and texts, on every sample message and on the XML features a sender may use.
 */
interface Shape {
  name: string;
  namespace: string | null;
  attributes: Record<string, string>;
  text: string;
  children: Shape[];
}

function domShape(element: Element): Shape {
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name !== 'xmlns' && !attribute.name.startsWith('xmlns:'))
      attributes[attribute.name] = attribute.value;
  }
  const children = Array.from(element.childNodes).filter((node): node is Element => node.nodeType === 1);
  return {
    name: element.localName!,
    namespace: element.namespaceURI,
    attributes,
    text: element.textContent ?? '',
    children: children.map(domShape),
  };
}

function shape(element: MessageElement, names: string[]): Shape {
  const attributes: Record<string, string> = {};
  for (const name of names) {
    const value = element.getAttribute(name);
    if (value !== null) attributes[name] = value;
  }
  const children = element.nodes.filter((node): node is MessageElement => typeof node !== 'string');
  return {
    name: element.localName,
    namespace: element.namespaceURI,
    attributes,
    text: element.textContent,
    children: children.map((child) => shape(child, names)),
  };
}

/** Compares the two trees; the attribute names asked of readXml are those the DOM found anywhere. */
function expectSameTree(xml: string) {
  const expected = domShape(new DOMParser().parseFromString(xml, 'text/xml').documentElement!);
  const names = new Set<string>();
  const collect = (node: Shape) => {
    Object.keys(node.attributes).forEach((name) => names.add(name));
    node.children.forEach(collect);
  };
  collect(expected);
  expect(shape(readXml(xml), [...names])).toEqual(expected);
}

const fixtures = new URL('./fixtures/', import.meta.url);
const samples = readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.xml'));

test('every sample message reads as a DOM parser reads it', () => {
  expect(samples.length).toBeGreaterThan(20);
  for (const path of samples) expectSameTree(readFileSync(new URL(path, fixtures), 'utf8'));
});

test('a signed Message reads as a DOM parser reads it', () => {
  const { ofi } = sampleNetwork();
  expectSameTree(signedBy(ofi, messageXml('pacs.008.001.08', paymentDocument())));
});

test('references, CDATA, comments, processing instructions, quotes, line ends and prefixes', () => {
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- before -->',
    '<m:Root xmlns:m=\'urn:a\' xmlns="urn:b" A=\'x &amp; &quot;y&quot; &#x41;&#66;\' B="tab\there\r\nline">',
    '<Txt>a &lt;b&gt; &amp; &apos;c&apos; &#233;&#x1F984;</Txt><?pi data?>',
    '<C><![CDATA[<not> & markup]]> and text<!-- a <comment> --></C>',
    '<x:Other xmlns:x="urn:c" x:Ccy="EUR"><Inner xmlns="">no namespace</Inner><Back/></x:Other>',
    '<Empty/><Spaced   Ccy = "USD" >1.5</Spaced >\r\n  <Multi>line\rone\r\ntwo</Multi>',
    '</m:Root>\n<!-- after -->',
  ].join('');
  expectSameTree(xml);
  const root = readXml(xml);
  expect(root.getAttribute('A')).toBe('x & "y" AB');
  expect(root.getAttribute('B')).toBe('tab here line');
  expect(descendantElements(root, 'urn:b').map((element) => element.localName)).toEqual([
    'Txt',
    'C',
    'Back',
    'Empty',
    'Spaced',
    'Multi',
  ]);
  expect(descendantElements(root, null).map((element) => element.localName)).toEqual(['Inner']);
});

test('a prefix named like an Object property is only a prefix', () => {
  expect(readXml('<constructor:A xmlns:constructor="urn:x"><toString/></constructor:A>').namespaceURI).toBe('urn:x');
  expect(readXml('<A><B/></A>').namespaceURI).toBeNull();
});
