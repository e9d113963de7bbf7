import type { Document, Element } from '@xmldom/xmldom';

/** What an element holds: text, or child elements (undefined entries are optional parts left out). */
export type ElementContent = string | Array<Element | undefined>;

export type ElementFactory = (name: string, content?: ElementContent, attributes?: Record<string, string>) => Element;

/**
 * Builds elements of one namespace in `document`, so a message reads like its structure:
 * `e('GrpHdr', [e('MsgId', id), e('CreDtTm', time)])`. `prefix` is used when the namespace is not the
 * default one where the elements go.
 */
export function elementFactory(document: Document, namespace: string, prefix?: string): ElementFactory {
  return (name, content = [], attributes = {}) => {
    const element = document.createElementNS(namespace, prefix ? `${prefix}:${name}` : name);
    for (const [attribute, value] of Object.entries(attributes)) element.setAttribute(attribute, value);
    if (typeof content === 'string') element.appendChild(document.createTextNode(content));
    else for (const child of content) if (child) element.appendChild(child);
    return element;
  };
}
