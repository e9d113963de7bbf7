import { escapeXmlText } from '../../schemas/iso20022/message-envelope.ts';

/** What an element holds: text (escaped here), or the XML of child elements (undefined entries are optional parts left out). */
export type ElementContent = string | Array<string | undefined>;

/**
 * The XML text of one element without attributes, so a message reads like its structure:
 * `xmlElement('GrpHdr', [xmlElement('MsgId', id), xmlElement('CreDtTm', time)])`. Written as text, not
 * through a DOM: the service's reports are built on every payment, and a DOM (and its serialiser) cost
 * several times the text. Names are the caller's constants; only text content comes from data.
 */
export function xmlElement(name: string, content: ElementContent = []): string {
  const inner = typeof content === 'string' ? escapeXmlText(content) : content.join('');
  return `<${name}>${inner}</${name}>`;
}
