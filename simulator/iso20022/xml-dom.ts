/**
 * Messages as plain trees of elements, garbage-collected, so the rest of the simulator can keep and read
 * them freely (libxml2 objects live in WebAssembly memory and never leave envelope.ts's callback).
 *
 * `readXml` only reads text that libxml2 has already parsed and accepted (read-message.ts reads the
 * Message after the envelope check): it is well-formed, has no DTD, so no entity but the five predefined
 * ones and character references, and the reader need not look for errors. It costs a tenth of a general
 * DOM parser (@xmldom/xmldom, which the simulator used before, compiles regular expressions per end tag);
 * xml-dom.test.ts compares its trees with @xmldom/xmldom's on every sample message.
 */

/** One element: names as a DOM gives them, the element children in order, the text below it. */
export class MessageElement {
  /** Element children and text, in document order (comments and processing instructions are left out). */
  readonly nodes: Array<MessageElement | string> = [];

  constructor(
    readonly localName: string,
    /** null when the element is in no namespace. */
    readonly namespaceURI: string | null,
    /** By qualified name as written (`Ccy`), namespace declarations left out. */
    private readonly attributes: ReadonlyMap<string, string>,
  ) {}

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  /** The concatenated text of every descendant, as the DOM's `textContent`. */
  get textContent(): string {
    const [only] = this.nodes;
    if (this.nodes.length === 1 && typeof only === 'string') return only;
    return this.nodes.map((node) => (typeof node === 'string' ? node : node.textContent)).join('');
  }
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** Namespaces in scope by prefix ('' is the default); each scope's prototype is its parent's. */
type Scope = Record<string, string | null>;

/**
 * Comments, processing instructions (the XML declaration among them), CDATA, end tags, start tags with
 * their attributes, and text, in one sticky expression. A DOCTYPE cannot occur (refused before libxml2).
 */
const token =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<\/[^>]*>|<([^\s/>]+)((?:\s+[^\s=]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
const attribute = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const reference = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** What most elements of a Message have: one map for all of them, never written to. */
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(reference, (_, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)))
      : predefined[name]!,
  );
}

function split(qualifiedName: string): [prefix: string, localName: string] {
  const colon = qualifiedName.indexOf(':');
  return colon < 0 ? ['', qualifiedName] : [qualifiedName.slice(0, colon), qualifiedName.slice(colon + 1)];
}

/** The root element of a well-formed XML document that libxml2 accepted (see above). */
export function readXml(xml: string): MessageElement {
  // Line ends are normalised before anything else (XML 1.0 §2.11).
  const source = xml.includes('\r') ? xml.replace(/\r\n?/g, '\n') : xml;
  // No prototype: a prefix such as `constructor` must not find Object's properties.
  const root: Scope = Object.assign(Object.create(null) as Scope, { xml: XML_NAMESPACE });
  const open: Array<{ element: MessageElement; scope: Scope }> = [];
  let top: MessageElement | undefined;
  token.lastIndex = 0;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    const [whole, cdata, name, attributeText, selfClosing, text] = match;
    const parent = open[open.length - 1];
    if (text !== undefined || cdata !== undefined) {
      parent?.element.nodes.push(cdata ?? decode(text!));
    } else if (name !== undefined) {
      let scope = parent?.scope ?? root;
      let attributes: Map<string, string> | undefined;
      if (attributeText) {
        for (const [, attributeName, doubleQuoted, singleQuoted] of attributeText.matchAll(attribute)) {
          // Attribute-value normalisation (§3.3.3): literal white space is a space, references are not.
          const value = decode((doubleQuoted ?? singleQuoted!).replace(/[\t\n]/g, ' '));
          if (attributeName === 'xmlns' || attributeName!.startsWith('xmlns:')) {
            if (scope === (parent?.scope ?? root)) scope = Object.create(scope) as Scope;
            scope[attributeName === 'xmlns' ? '' : attributeName!.slice(6)] = value === '' ? null : value;
          } else {
            (attributes ??= new Map()).set(attributeName!, value);
          }
        }
      }
      const [prefix, localName] = split(name);
      const element = new MessageElement(localName, scope[prefix] ?? null, attributes ?? NO_ATTRIBUTES);
      if (parent) parent.element.nodes.push(element);
      else top ??= element;
      if (selfClosing !== '/') open.push({ element, scope });
    } else if (whole[1] === '/') {
      open.pop();
    }
  }
  if (!top) throw new Error('readXml: the document has no root element (it should have been refused before)');
  return top;
}

/**
 * The element children of `parent` named `name` in `namespace`, by default `parent`'s own: an ISO 20022
 * Document uses one namespace throughout.
 */
export function childElements(
  parent: MessageElement,
  name?: string,
  namespace = parent.namespaceURI,
): MessageElement[] {
  const found: MessageElement[] = [];
  for (const node of parent.nodes) {
    if (typeof node !== 'string' && node.namespaceURI === namespace && (name === undefined || node.localName === name))
      found.push(node);
  }
  return found;
}

/** Every element below `parent` (not itself) in `namespace`, by default `parent`'s own, in document order. */
export function descendantElements(parent: MessageElement, namespace = parent.namespaceURI): MessageElement[] {
  const found: MessageElement[] = [];
  const visit = (element: MessageElement) => {
    for (const node of element.nodes) {
      if (typeof node === 'string') continue;
      if (node.namespaceURI === namespace) found.push(node);
      visit(node);
    }
  };
  visit(parent);
  return found;
}

/** Every element at `path` (local names separated by `/`) below `from`, in document order. */
export function elementsAt(from: MessageElement, path: string): MessageElement[] {
  return path
    .split('/')
    .reduce<MessageElement[]>((level, name) => level.flatMap((element) => childElements(element, name)), [from]);
}

export function elementAt(from: MessageElement, path: string): MessageElement | undefined {
  return elementsAt(from, path)[0];
}

/** The trimmed text of the first element at `path`; undefined when there is none. */
export function textAt(from: MessageElement, path: string): string | undefined {
  return elementAt(from, path)?.textContent.trim();
}
