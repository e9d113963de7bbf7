/**
 * The ISO 20022 message types of the service (semantics §11), as data: for each supported type, the
 * namespace and XSD of its Document, and where its identifiers are. The simulator reads messages with
 * it and the suites can check a target's messages with it; paths are local element names below the
 * Document's message element (e.g. `FIToFICstmrCdtTrf`), all in the Document's namespace.
 */

/** The namespace of the service's `Message` envelope (an AppHdr and one Document). */
export const MESSAGE_ENVELOPE_NAMESPACE = 'urn:dss:message:1';

/** The Business Application Header every message carries. */
export const appHeaderSchema = {
  name: 'head.001.001.02',
  namespace: 'urn:iso:std:iso:20022:tech:xsd:head.001.001.02',
  xsd: 'iso/head.001.001.02.xsd',
} as const;

export interface MessageTypeEntry {
  namespace: string;
  /** Relative to schemas/iso20022/. */
  xsd: string;
  /** The element under `Document`. */
  root: string;
  messageIdentification: string;
  creationDateTime: string;
  /** A count the sender states, which must equal the number of `transactions`. */
  numberOfTransactions?: string;
  /** The repeated element that holds one transaction. */
  transactions: string;
  /**
   * `payment`: the transactions start payments and carry new identifiers (`PmtId/InstrId`, ...).
   * `original`: they refer to an earlier message's transactions (`OrgnlInstrId`, ..., and `OrgnlGrpInf`).
   */
  identification: 'payment' | 'original';
  /** The message-level reference to the earlier message, where the type has one. */
  originalGroup?: string;
  /** Messages that move value: where each transaction states its amount (settlement, semantics §11). */
  settlementAmount?: string;
}

const iso = (name: string) => `urn:iso:std:iso:20022:tech:xsd:${name}`;

const catalogue = {
  'pacs.008.001.08': {
    namespace: iso('pacs.008.001.08'),
    xsd: 'iso/pacs.008.001.08.xsd',
    root: 'FIToFICstmrCdtTrf',
    messageIdentification: 'GrpHdr/MsgId',
    creationDateTime: 'GrpHdr/CreDtTm',
    numberOfTransactions: 'GrpHdr/NbOfTxs',
    transactions: 'CdtTrfTxInf',
    identification: 'payment',
    settlementAmount: 'IntrBkSttlmAmt',
  },
  'pacs.009.001.08': {
    namespace: iso('pacs.009.001.08'),
    xsd: 'iso/pacs.009.001.08.xsd',
    root: 'FICdtTrf',
    messageIdentification: 'GrpHdr/MsgId',
    creationDateTime: 'GrpHdr/CreDtTm',
    numberOfTransactions: 'GrpHdr/NbOfTxs',
    transactions: 'CdtTrfTxInf',
    identification: 'payment',
    settlementAmount: 'IntrBkSttlmAmt',
  },
  'pacs.002.001.10': {
    namespace: iso('pacs.002.001.10'),
    xsd: 'iso/pacs.002.001.10.xsd',
    root: 'FIToFIPmtStsRpt',
    messageIdentification: 'GrpHdr/MsgId',
    creationDateTime: 'GrpHdr/CreDtTm',
    transactions: 'TxInfAndSts',
    identification: 'original',
    originalGroup: 'OrgnlGrpInfAndSts',
  },
  'pacs.004.001.09': {
    namespace: iso('pacs.004.001.09'),
    xsd: 'iso/pacs.004.001.09.xsd',
    root: 'PmtRtr',
    messageIdentification: 'GrpHdr/MsgId',
    creationDateTime: 'GrpHdr/CreDtTm',
    numberOfTransactions: 'GrpHdr/NbOfTxs',
    transactions: 'TxInf',
    identification: 'original',
    originalGroup: 'OrgnlGrpInf',
    settlementAmount: 'RtrdIntrBkSttlmAmt',
  },
  'camt.056.001.08': {
    namespace: iso('camt.056.001.08'),
    xsd: 'iso/camt.056.001.08.xsd',
    root: 'FIToFIPmtCxlReq',
    messageIdentification: 'Assgnmt/Id',
    creationDateTime: 'Assgnmt/CreDtTm',
    numberOfTransactions: 'CtrlData/NbOfTxs',
    transactions: 'Undrlyg/TxInf',
    identification: 'original',
    originalGroup: 'Undrlyg/OrgnlGrpInfAndCxl',
  },
  'camt.029.001.09': {
    namespace: iso('camt.029.001.09'),
    xsd: 'iso/camt.029.001.09.xsd',
    root: 'RsltnOfInvstgtn',
    messageIdentification: 'Assgnmt/Id',
    creationDateTime: 'Assgnmt/CreDtTm',
    transactions: 'CxlDtls/TxInfAndSts',
    identification: 'original',
    originalGroup: 'CxlDtls/OrgnlGrpInfAndSts',
  },
  'camt.026.001.07': {
    namespace: iso('camt.026.001.07'),
    xsd: 'iso/camt.026.001.07.xsd',
    root: 'UblToApply',
    messageIdentification: 'Assgnmt/Id',
    creationDateTime: 'Assgnmt/CreDtTm',
    transactions: 'Undrlyg/IntrBk',
    identification: 'original',
  },
  'camt.087.001.06': {
    namespace: iso('camt.087.001.06'),
    xsd: 'iso/camt.087.001.06.xsd',
    root: 'ReqToModfyPmt',
    messageIdentification: 'Assgnmt/Id',
    creationDateTime: 'Assgnmt/CreDtTm',
    transactions: 'Undrlyg/IntrBk',
    identification: 'original',
  },
  'SVC.001.001.01': {
    namespace: 'urn:dss:xsd:SVC.001.001.01',
    xsd: 'SVC.001.001.01.xsd',
    root: 'CmplncRspn',
    messageIdentification: 'GrpHdr/MsgId',
    creationDateTime: 'GrpHdr/CreDtTm',
    transactions: 'TxInfAndSts',
    identification: 'original',
    originalGroup: 'OrgnlGrpInf',
  },
  'SVC.002.001.01': {
    namespace: 'urn:dss:xsd:SVC.002.001.01',
    xsd: 'SVC.002.001.01.xsd',
    root: 'OblgtnSttlmNtfctn',
    messageIdentification: 'GrpHdr/MsgId',
    creationDateTime: 'GrpHdr/CreDtTm',
    transactions: 'TxInf',
    identification: 'original',
    originalGroup: 'OrgnlGrpInf',
  },
} as const satisfies Record<string, MessageTypeEntry>;

export type MessageTypeName = keyof typeof catalogue;
export const messageTypes: Readonly<Record<MessageTypeName, MessageTypeEntry>> = catalogue;
/** Frozen: it is shared by every module and test in a worker, so nothing may reorder it. */
export const messageTypeNames: readonly MessageTypeName[] = Object.freeze(Object.keys(catalogue) as MessageTypeName[]);

export function isMessageTypeName(name: string): name is MessageTypeName {
  return Object.hasOwn(catalogue, name);
}

/** `financial_message_type` of a supported type, e.g. `iso20022:pacs.008.001.08`. */
export function financialMessageType(type: MessageTypeName): string {
  return `iso20022:${type}`;
}

export type ParsedMessageType = { ok: true; type: MessageTypeName } | { ok: false; reason: string };

const typePattern = /^iso20022:((?:[a-z]{4}|SVC)\.\d{3})\.(\d{3})\.(\d{2})$/;
// SWIFT MT names as senders write them: "MT103", "swift:MT103", "fin.103", "MT 103".
const mtPattern = /(^|[:.\s])(MT\s?\d{3}|fin\.\d{3})$/i;

/**
 * Reads `financial_message_type` (`<namespace>:<message>.<variant>.<version>`). Only the `iso20022`
 * namespace and the listed versions are supported; the reason names what is wrong and what would do.
 */
export function parseFinancialMessageType(value: string): ParsedMessageType {
  if (mtPattern.test(value.trim())) {
    return {
      ok: false,
      reason: `${JSON.stringify(value)} is a SWIFT MT format; only ISO 20022 messages are supported (convert it, e.g. MT103 to pacs.008.001.08).`,
    };
  }
  const match = typePattern.exec(value);
  if (!match) {
    return {
      ok: false,
      reason: `${JSON.stringify(value)} is not of the form iso20022:<message>.<variant>.<version> (e.g. iso20022:pacs.008.001.08).`,
    };
  }
  const name = `${match[1]}.${match[2]}.${match[3]}`;
  if (isMessageTypeName(name)) return { ok: true, type: name };
  const sameMessage = messageTypeNames.filter((known) => known.startsWith(`${match[1]}.`));
  return {
    ok: false,
    reason:
      sameMessage.length > 0
        ? `${name} is not a supported version; the service accepts ${sameMessage.join(', ')}.`
        : `${name} is not a message type of the service; supported: ${messageTypeNames.join(', ')}.`,
  };
}
