import { DOMParser, type Element } from '@xmldom/xmldom';

/**
 * Reading an ISO 20022 Message a target sent (base64 of the XML, as in financial_message_data) for the
 * `message` matcher: the text at element paths below the root, by local names in any namespace
 * (`Document/FIToFIPmtStsRpt/TxInfAndSts/TxSts`), since the envelope, the AppHdr and the Document each
 * have their own. Only reading: checking a message against its XSD is the payment checks' job.
 */

/** `AppHdr/Fr/FIId/FinInstnId/BICFI`: local element names separated by `/`. */
export const elementPath = /^[A-Za-z][A-Za-z0-9]*(?:\/[A-Za-z][A-Za-z0-9]*)*$/;

type MessageReading = { ok: true; textAt(path: string): string | undefined } | { ok: false; reason: string };

export function readMessageText(data: unknown): MessageReading {
  if (typeof data !== 'string' || !/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(data))
    return { ok: false, reason: 'not base64' };
  const xml = Buffer.from(data, 'base64').toString('utf8');
  // Entities are never expanded: a message with a DTD is no Message of the service (semantics §11).
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, reason: 'an XML text with a DTD' };
  let root: Element | null;
  try {
    root = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch (error) {
    return { ok: false, reason: `not XML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
  if (!root) return { ok: false, reason: 'not XML' };
  const top = root;
  return { ok: true, textAt: (path) => firstAt(top, path.split('/'))?.textContent?.trim() };
}

const ELEMENT_NODE = 1;

/** The first element at the path, depth first in document order. */
function firstAt(parent: Element, names: string[]): Element | undefined {
  const [name, ...rest] = names;
  if (name === undefined) return parent;
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== ELEMENT_NODE || (node as Element).localName !== name) continue;
    const found = firstAt(node as Element, rest);
    if (found) return found;
  }
  return undefined;
}
