import {
  appHeaderSchema,
  financialMessageType,
  MESSAGE_ENVELOPE_NAMESPACE,
  type MessageTypeName,
} from './message-types.ts';

/**
 * Writing the service's `Message` envelope (semantics §11): a head.001.001.02 AppHdr naming sender and
 * receiver by BIC, then one Document, as base64 in a financialMessage. The one writer of the envelope:
 * the simulator's own reports, its tests and the harness's messages all go through it.
 */

/** The spec's financialMessage object, as the service sends it (always with data). */
export interface FinancialMessage {
  financial_message_type: string;
  financial_message_data: string;
}

export function financialMessage(type: MessageTypeName, xml: string): FinancialMessage {
  return {
    financial_message_type: financialMessageType(type),
    financial_message_data: Buffer.from(xml, 'utf8').toString('base64'),
  };
}

/** The AppHdr of a Message: sender and receiver by BIC, and the message's own identification. */
export interface MessageHeader {
  type: MessageTypeName;
  from: string;
  to: string;
  businessMessageIdentification: string;
  /** ISO date-time. */
  creationDate: string;
}

/**
 * The Message around `document` (the XML text of one Document element with its namespace declared, an
 * XML declaration in front of it dropped). Unsigned: `POST /sign/message` puts the signature in AppHdr.
 */
export function messageEnvelope(header: MessageHeader, document: string): string {
  const member = (bic: string) => `<FIId><FinInstnId><BICFI>${escapeXmlText(bic)}</BICFI></FinInstnId></FIId>`;
  const appHeader = [
    `<AppHdr xmlns="${appHeaderSchema.namespace}">`,
    `<Fr>${member(header.from)}</Fr>`,
    `<To>${member(header.to)}</To>`,
    `<BizMsgIdr>${escapeXmlText(header.businessMessageIdentification)}</BizMsgIdr>`,
    `<MsgDefIdr>${header.type}</MsgDefIdr>`,
    `<CreDt>${escapeXmlText(header.creationDate)}</CreDt>`,
    '</AppHdr>',
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Message xmlns="${MESSAGE_ENVELOPE_NAMESPACE}">${appHeader}${document.replace(/^\s*<\?xml[^>]*\?>\s*/, '')}</Message>`;
}

/** Text content as XML: `&`, `<` and `>` escaped. */
export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
