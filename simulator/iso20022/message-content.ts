import {
  appHeaderSchema,
  messageTypes,
  MESSAGE_ENVELOPE_NAMESPACE,
  type MessageTypeName,
} from '../../schemas/iso20022/message-types.ts';
import { childElements, elementAt, elementsAt, readXml, textAt, type MessageElement } from './xml-dom.ts';

/** AppHdr fields (head.001.001.02). Members are named by BIC (`Fr|To/FIId/FinInstnId/BICFI`). */
export interface AppHeader {
  from?: string;
  to?: string;
  businessMessageIdentification?: string;
  messageDefinitionIdentifier?: string;
  creationDate?: string;
}

/** The identifiers a transaction that starts a payment gives itself (`PmtId`). */
export interface PaymentIdentification {
  instructionIdentification?: string;
  endToEndIdentification?: string;
  transactionIdentification?: string;
  uetr?: string;
}

/** An earlier message's transaction, as a later message names it (`Orgnl*`). */
export interface OriginalIdentification extends PaymentIdentification {
  messageIdentification?: string;
  messageNameIdentification?: string;
}

export interface MessageTransaction {
  /** `CdtTrfTxInf`, `TxInf`, `TxInfAndSts`, `Undrlyg/IntrBk`...: read anything else from it. */
  element: MessageElement;
  /** Set for pacs.008 and pacs.009. */
  payment?: PaymentIdentification;
  /** Set for every other type. */
  original?: OriginalIdentification;
}

/**
 * A message as read from its XML, before any rule has judged it. Fields are optional because a
 * schema-invalid Document is read too (to answer it with a pacs.002 RJCT when its identifiers exist).
 */
export interface MessageContent {
  type: MessageTypeName;
  /** The Message XML as received. */
  xml: string;
  header: AppHeader;
  /** The element under Document, e.g. `FIToFICstmrCdtTrf`. */
  body: MessageElement;
  messageIdentification?: string;
  creationDateTime?: string;
  transactions: MessageTransaction[];
}

/** Reads a Message that passed the envelope check; undefined when its Document lacks the type's root. */
export function readMessageContent(type: MessageTypeName, xml: string): MessageContent | undefined {
  const entry = messageTypes[type];
  const root = readXml(xml);
  const appHeader = root && childElements(root, 'AppHdr', appHeaderSchema.namespace)[0];
  const document = root && childElements(root, 'Document', entry.namespace)[0];
  const body = document && childElements(document, entry.root)[0];
  if (!root || root.namespaceURI !== MESSAGE_ENVELOPE_NAMESPACE || !appHeader || !body) return undefined;

  const group = entry.originalGroup ? elementAt(body, entry.originalGroup) : undefined;
  return {
    type,
    xml,
    header: {
      from: textAt(appHeader, 'Fr/FIId/FinInstnId/BICFI'),
      to: textAt(appHeader, 'To/FIId/FinInstnId/BICFI'),
      businessMessageIdentification: textAt(appHeader, 'BizMsgIdr'),
      messageDefinitionIdentifier: textAt(appHeader, 'MsgDefIdr'),
      creationDate: textAt(appHeader, 'CreDt'),
    },
    body,
    messageIdentification: textAt(body, entry.messageIdentification),
    creationDateTime: textAt(body, entry.creationDateTime),
    transactions: elementsAt(body, entry.transactions).map((element) =>
      entry.identification === 'payment'
        ? {
            element,
            payment: {
              instructionIdentification: textAt(element, 'PmtId/InstrId'),
              endToEndIdentification: textAt(element, 'PmtId/EndToEndId'),
              transactionIdentification: textAt(element, 'PmtId/TxId'),
              uetr: textAt(element, 'PmtId/UETR'),
            },
          }
        : {
            element,
            original: {
              // The transaction's own reference to the earlier message wins over the message-level one.
              messageIdentification:
                textAt(element, 'OrgnlGrpInf/OrgnlMsgId') ?? (group && textAt(group, 'OrgnlMsgId')),
              messageNameIdentification:
                textAt(element, 'OrgnlGrpInf/OrgnlMsgNmId') ?? (group && textAt(group, 'OrgnlMsgNmId')),
              instructionIdentification: textAt(element, 'OrgnlInstrId'),
              endToEndIdentification: textAt(element, 'OrgnlEndToEndId'),
              transactionIdentification: textAt(element, 'OrgnlTxId'),
              uetr: textAt(element, 'OrgnlUETR'),
            },
          },
    ),
  };
}
