import { DOMImplementation, type Element } from '@xmldom/xmldom';
import { appHeaderSchema, financialMessageType, MESSAGE_ENVELOPE_NAMESPACE, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { elementFactory } from './xml-builder.ts';
import { parseXml, serializeXml } from './xml-dom.ts';

/** The spec's financialMessage object, as the service sends it (always with data). */
export interface FinancialMessage {
  financial_message_type: string;
  financial_message_data: string;
}

export function financialMessage(type: MessageTypeName, xml: string): FinancialMessage {
  return { financial_message_type: financialMessageType(type), financial_message_data: Buffer.from(xml, 'utf8').toString('base64') };
}

/** The AppHdr of a Message: sender and receiver by BIC, and the message's own identification. */
export interface MessageHeader {
  type: MessageTypeName;
  from: string;
  to: string;
  businessMessageIdentification: string;
  /** ISO date-time, from the simulator's clock. */
  creationDate: string;
}

/**
 * Wraps a Document (an element, or its XML text) in the service's Message envelope with a
 * head.001.001.02 AppHdr. The result is unsigned: the service signs nothing on a member's behalf
 * unless asked through `POST /sign/message`.
 */
export function buildMessageXml(header: MessageHeader, document: Element | string): string {
  const message = new DOMImplementation().createDocument(MESSAGE_ENVELOPE_NAMESPACE, 'Message', null);
  const e = elementFactory(message, appHeaderSchema.namespace);
  const member = (bic: string) => [e('FIId', [e('FinInstnId', [e('BICFI', bic)])])];
  const root = message.documentElement!;
  root.appendChild(
    e('AppHdr', [
      e('Fr', member(header.from)),
      e('To', member(header.to)),
      e('BizMsgIdr', header.businessMessageIdentification),
      e('MsgDefIdr', header.type),
      e('CreDt', header.creationDate),
    ]),
  );
  const source = typeof document === 'string' ? parseXml(document).documentElement! : document;
  root.appendChild(message.importNode(source, true));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeXml(message)}`;
}
