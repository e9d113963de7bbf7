/**
 * What an autopilot member reads in a message from its `payment` queue, with the simulator's own ISO
 * 20022 reader (iso20022/message-content.ts): the type, who sent it, and per transaction the story its
 * answer must name (schemas/iso20022/message-builders.ts builds those answers).
 */
import type { PaymentStory, RedemptionStory } from '../../schemas/iso20022/message-builders.ts';
import { parseFinancialMessageType, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { decodeMessageData } from '../iso20022/message-data.ts';
import { readMessageContent, type MessageContent } from '../iso20022/message-content.ts';
import { elementAt, textAt } from '../iso20022/xml-dom.ts';

export interface IncomingMessage {
  type: MessageTypeName;
  content: MessageContent;
  /** The writer's member identification; absent on the service's own reports. */
  sender?: string;
}

/** Reads a `payment` queue payload; undefined when it is no message this reader understands. */
export function readIncoming(payload: object): IncomingMessage | undefined {
  const {
    financial_message_type: typeText,
    financial_message_data: data,
    sender,
  } = payload as { financial_message_type?: string; financial_message_data?: string; sender?: string };
  if (typeof typeText !== 'string') return undefined;
  const type = parseFinancialMessageType(typeText);
  const decoded = decodeMessageData(data);
  if (!type.ok || !decoded.ok) return undefined;
  const content = readMessageContent(type.type, decoded.xml);
  return content && { type: type.type, content, ...(typeof sender === 'string' ? { sender } : {}) };
}

/** The payments of a pacs.008, one story per transaction. */
export function paymentStories(message: MessageContent): PaymentStory[] {
  const method = textAt(message.body, 'GrpHdr/SttlmInf/ClrSys/Prtry') === 'DSO' ? 'DSO' : 'DSA';
  return message.transactions.map((transaction) => {
    const { issuer, ...common } = transactionFacts(message, transaction);
    return { ofi: message.header.from ?? '', rfi: message.header.to ?? '', issuer, method, ...common };
  });
}

/** The redemptions of a pacs.009, one story per transaction. */
export function redemptionStories(message: MessageContent): RedemptionStory[] {
  return message.transactions.map((transaction) => {
    const { issuer, ...common } = transactionFacts(message, transaction);
    return { member: message.header.from ?? '', tokenizerBic: message.header.to ?? '', tokenizer: issuer, ...common };
  });
}

/** What a pacs.008 and a pacs.009 both say of one transaction: the asset's issuer, the amount, the identifiers. */
function transactionFacts(message: MessageContent, { element, payment }: MessageContent['transactions'][number]) {
  return {
    issuer: textAt(element, 'PmtTpInf/SvcLvl/Prtry') ?? '',
    currency: elementAt(element, 'IntrBkSttlmAmt')?.getAttribute('Ccy') ?? '',
    amount: textAt(element, 'IntrBkSttlmAmt') ?? '',
    messageIdentification: message.messageIdentification ?? '',
    instruction: payment?.instructionIdentification ?? '',
    endToEnd: payment?.endToEndIdentification ?? '',
    uetr: payment?.uetr ?? '',
  };
}
