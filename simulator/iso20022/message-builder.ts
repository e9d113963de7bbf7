import type { Element } from '@xmldom/xmldom';
import { messageEnvelope, type MessageHeader } from '../../schemas/iso20022/message-envelope.ts';
import { serializeXml } from './xml-dom.ts';

export { financialMessage, type FinancialMessage, type MessageHeader } from '../../schemas/iso20022/message-envelope.ts';

/**
 * Wraps a Document (an element, or its XML text) in the service's Message envelope with a
 * head.001.001.02 AppHdr (schemas/iso20022/message-envelope.ts). The result is unsigned: the service
 * signs nothing on a member's behalf unless asked through `POST /sign/message`.
 */
export function buildMessageXml(header: MessageHeader, document: Element | string): string {
  return messageEnvelope(header, typeof document === 'string' ? document : serializeXml(document));
}
