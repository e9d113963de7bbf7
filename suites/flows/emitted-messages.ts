import { XmlDocument, XmlElement, type XmlNode } from 'libxml2-wasm';
import {
  appHeaderSchema,
  MESSAGE_ENVELOPE_NAMESPACE,
  messageTypes,
  parseFinancialMessageType,
  type MessageTypeName,
} from '../../schemas/iso20022/message-types.ts';
import { untrustedParseOptions, xmlErrorProblems, xsdProblems } from '../../schemas/iso20022/xsd-validation.ts';
import { CheckFailure } from '../runtime/check-failure.ts';

/**
 * The ISO 20022 messages a target emits (its answers' financialMessage, and what its `payment` queue
 * delivers), read the way a member's system would: base64 of one Message envelope (semantics §11)
 * whose AppHdr validates against head.001.001.02 and whose Document validates against the official XSD
 * of the type in `financial_message_type`. The harness reads with libxml2 and the shared XSDs, not with
 * the simulator's reader, so that the oracle does not share the parser of the system it judges.
 */

/** One transaction of a message: its own identifiers (pacs.008, pacs.009) or those of its original. */
export interface EmittedTransaction {
  instruction?: string;
  endToEnd?: string;
  uetr?: string;
  /** A pacs.008's or pacs.009's IntrBkSttlmAmt, as written, and its Ccy. */
  amount?: string;
  currency?: string;
  /** TxSts (pacs.002) or Sts (SVC.001). */
  status?: string;
}

/** What the checks judge of an emitted message, read once its XSDs are checked. */
export interface EmittedMessage {
  type: MessageTypeName;
  /** BICs of AppHdr/Fr and AppHdr/To. */
  from: string;
  to: string;
  /** GrpHdr/MsgId or Assgnmt/Id. */
  messageIdentification: string;
  /** The message it answers, for types that name one at group level (pacs.002, SVC.*, pacs.004, camt.029, camt.056). */
  original?: { messageIdentification?: string; messageName?: string; status?: string; reason?: string };
  transactions: EmittedTransaction[];
}

export const EMITTED_REQUIREMENT = 'MSG-XSD-VALID-EMITTED';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The message in `value` (a financialMessage), or a failure under MSG-XSD-VALID-EMITTED saying what is
 * wrong with it; `what` names it in the message ("the answer to POST /payments/message/send").
 */
export function readEmittedMessage(value: unknown, what: string): EmittedMessage {
  const fail = (text: string): never => {
    throw new CheckFailure(EMITTED_REQUIREMENT, `${what}: ${text}`);
  };
  const { financial_message_type: typeText, financial_message_data: data } = (value ?? {}) as Record<string, unknown>;
  if (typeof typeText !== 'string') return fail(`financial_message_type is ${JSON.stringify(typeText)}, not a string`);
  const parsed = parseFinancialMessageType(typeText);
  if (!parsed.ok) return fail(parsed.reason);
  if (typeof data !== 'string' || !BASE64.test(data.replace(/\s/g, '')))
    return fail('financial_message_data is not a base64 string');
  const xml = Buffer.from(data, 'base64').toString('utf8');

  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(xml, { option: untrustedParseOptions });
  } catch (error) {
    return fail(`financial_message_data is not well-formed XML: ${xmlErrorProblems(error).join('; ')}`);
  }
  try {
    return readEnvelope(document, parsed.type, fail);
  } finally {
    document.dispose();
  }
}

function readEnvelope(document: XmlDocument, type: MessageTypeName, fail: (text: string) => never): EmittedMessage {
  const entry = messageTypes[type];
  const root = document.root;
  if (root.name !== 'Message' || root.namespaceUri !== MESSAGE_ENVELOPE_NAMESPACE)
    return fail(`the root element is {${root.namespaceUri}}${root.name}, not Message in ${MESSAGE_ENVELOPE_NAMESPACE}`);
  const [appHeader, body, ...extra] = elementChildren(root);
  if (!appHeader || appHeader.name !== 'AppHdr' || appHeader.namespaceUri !== appHeaderSchema.namespace)
    return fail(`Message does not start with an AppHdr in ${appHeaderSchema.namespace}`);
  if (!body || body.name !== 'Document' || body.namespaceUri !== entry.namespace)
    return fail(`Message does not hold a Document in ${entry.namespace} (the namespace of ${type}) after its AppHdr`);
  if (extra.length > 0) return fail(`Message holds more than an AppHdr and one Document`);
  const problems = [
    ...xsdProblems(appHeaderSchema.xsd, appHeader).map((text) => `AppHdr against ${appHeaderSchema.name}: ${text}`),
    ...xsdProblems(entry.xsd, body).map((text) => `Document against ${type}: ${text}`),
  ];
  if (problems.length > 0) return fail(`the message does not validate: ${problems.join('; ')}`);

  const header = (path: string) => textAt(appHeader, path, appHeaderSchema.namespace);
  if (header('MsgDefIdr') !== type)
    return fail(
      `AppHdr/MsgDefIdr is ${JSON.stringify(header('MsgDefIdr'))}, not the type ${type} of financial_message_type`,
    );
  const message = elementAt(body, entry.root, entry.namespace)!;
  const text = (from: XmlElement, path: string) => textAt(from, path, entry.namespace);
  const original =
    entry.originalGroup === undefined ? undefined : elementAt(message, entry.originalGroup, entry.namespace);
  return {
    type,
    from: header('Fr/FIId/FinInstnId/BICFI') ?? '',
    to: header('To/FIId/FinInstnId/BICFI') ?? '',
    messageIdentification: text(message, entry.messageIdentification) ?? '',
    ...(original && {
      original: {
        messageIdentification: text(original, 'OrgnlMsgId'),
        messageName: text(original, 'OrgnlMsgNmId'),
        status: text(original, 'GrpSts'),
        reason: text(original, 'StsRsnInf/Rsn/Cd'),
      },
    }),
    transactions: elementsAt(message, entry.transactions, entry.namespace).map((transaction) =>
      entry.identification === 'payment'
        ? {
            instruction: text(transaction, 'PmtId/InstrId'),
            endToEnd: text(transaction, 'PmtId/EndToEndId'),
            uetr: text(transaction, 'PmtId/UETR'),
            ...settledAmount(transaction, entry.settlementAmount, entry.namespace),
          }
        : {
            instruction: text(transaction, 'OrgnlInstrId'),
            endToEnd: text(transaction, 'OrgnlEndToEndId'),
            uetr: text(transaction, 'OrgnlUETR'),
            status: text(transaction, 'TxSts') ?? text(transaction, 'Sts'),
          },
    ),
  };
}

/** The transaction's settlement amount (its text and Ccy), where its type has one. */
function settledAmount(
  transaction: XmlElement,
  path: string | undefined,
  namespace: string,
): Pick<EmittedTransaction, 'amount' | 'currency'> {
  const amount = path === undefined ? undefined : elementAt(transaction, path, namespace);
  return amount ? { amount: amount.content.trim(), currency: amount.attr('Ccy')?.value } : {};
}

function elementChildren(parent: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (let node = parent.firstChild; node; node = node.next) if (node instanceof XmlElement) children.push(node);
  return children;
}

/** `A/B` as an XPath in one namespace: the messages' paths are local names (schemas/iso20022/message-types.ts). */
function xpathOf(path: string): string {
  return path
    .split('/')
    .map((name) => `n:${name}`)
    .join('/');
}

function elementsAt(from: XmlElement, path: string, namespace: string): XmlElement[] {
  return from
    .find(xpathOf(path), { n: namespace })
    .filter((node: XmlNode): node is XmlElement => node instanceof XmlElement);
}

function elementAt(from: XmlElement, path: string, namespace: string): XmlElement | undefined {
  return elementsAt(from, path, namespace)[0];
}

function textAt(from: XmlElement, path: string, namespace: string): string | undefined {
  return elementAt(from, path, namespace)?.content.trim();
}
