import { DOMParser, XMLSerializer, type Document, type Element, type Node } from '@xmldom/xmldom';

/**
 * Reading and writing messages as plain DOM trees (@xmldom/xmldom): garbage-collected, so the rest of
 * the simulator can keep and read them freely (libxml2 is only used, briefly, for XSDs and signatures).
 * Input reaches this parser only after the envelope check, so it is well-formed and has no DTD.
 */
export function parseXml(xml: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`XML ${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
}

export function serializeXml(node: Node): string {
  return new XMLSerializer().serializeToString(node);
}

const ELEMENT_NODE = 1;

/**
 * The element children of `parent` named `name` in `namespace`, by default `parent`'s own: an ISO 20022
 * Document uses one namespace throughout.
 */
export function childElements(parent: Element, name?: string, namespace = parent.namespaceURI): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as Element;
    if (element.namespaceURI === namespace && (name === undefined || element.localName === name)) found.push(element);
  }
  return found;
}

/** Every element at `path` (local names separated by `/`) below `from`, in document order. */
export function elementsAt(from: Element, path: string): Element[] {
  return path.split('/').reduce<Element[]>((level, name) => level.flatMap((element) => childElements(element, name)), [from]);
}

export function elementAt(from: Element, path: string): Element | undefined {
  return elementsAt(from, path)[0];
}

/** The trimmed text of the first element at `path`; undefined when there is none. */
export function textAt(from: Element, path: string): string | undefined {
  return elementAt(from, path)?.textContent?.trim();
}
