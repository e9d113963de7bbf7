import { messageTypes, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import type { MessageContent, PaymentIdentification } from './message-content.ts';
import { financialMessage, messageEnvelope, type FinancialMessage } from '../../schemas/iso20022/message-envelope.ts';
import type { MessageProblem } from './problems.ts';
import { xmlElement as e } from './xml-builder.ts';

/**
 * The service's own pacs.002.001.10 status reports (semantics §11): ACTC when it accepts a message,
 * RJCT with a reason when it refuses one, ACSC when a payment has settled, ACCP/RJCT relayed for
 * redemptions. They validate against the official XSD (status-report.test.ts).
 */

/**
 * The BIC the service signs its own reports with (AppHdr/Fr, GrpHdr/InstgAgt). Fictitious: ZZ is a
 * user-assigned country code in ISO 3166, so it can be no real institution's.
 */
export const SERVICE_BICFI = 'DSSVZZZZ';

export type ReportedStatus = 'ACTC' | 'ACSC' | 'ACCP' | 'RJCT';

/** The message a report is about. `transactions` are its payments' own identifiers (pacs.008, pacs.009). */
export interface StatusReportSubject {
  type: MessageTypeName;
  messageIdentification: string;
  transactions: PaymentIdentification[];
}

export interface StatusReason {
  /** An ExternalStatusReason1Code (1 to 4 characters), e.g. FF01, AC04. */
  code: string;
  /** Free text; each entry becomes one or more AddtlInf of at most 105 characters. */
  additionalInformation: string[];
}

export interface StatusReport {
  /** GrpHdr/MsgId and AppHdr/BizMsgIdr: unique among the service's messages. */
  messageIdentification: string;
  /** ISO date-time, from the simulator's clock. */
  creationDateTime: string;
  /** BICs: the reporter (usually SERVICE_BICFI) and the member the report goes to. */
  from: string;
  to: string;
  subject: StatusReportSubject;
  status: ReportedStatus;
  reason?: StatusReason;
}

/** What a report about `content` refers to; undefined when the message has no identification to answer. */
export function statusReportSubject(content: MessageContent): StatusReportSubject | undefined {
  if (!content.messageIdentification) return undefined;
  return {
    type: content.type,
    messageIdentification: content.messageIdentification,
    transactions: content.transactions.flatMap((transaction) => (transaction.payment ? [transaction.payment] : [])),
  };
}

/** The reason of a refusal: the first problem's code, every problem's text. */
export function rejectionReason(problems: MessageProblem[]): StatusReason {
  return { code: problems[0]?.reason ?? 'NARR', additionalInformation: problems.map((problem) => problem.text) };
}

export function statusReportMessage(report: StatusReport): FinancialMessage {
  return financialMessage('pacs.002.001.10', statusReportXml(report));
}

/** The whole Message (AppHdr + pacs.002 Document), unsigned. */
export function statusReportXml(report: StatusReport): string {
  const agent = (bic: string) => [e('FinInstnId', [e('BICFI', bic)])];
  const reasonInformation = () =>
    report.reason &&
    e('StsRsnInf', [
      e('Rsn', [e('Cd', report.reason.code)]),
      ...report.reason.additionalInformation.flatMap(max105).map((text) => e('AddtlInf', text)),
    ]);
  const { subject } = report;
  const original = () => [e('OrgnlMsgId', subject.messageIdentification), e('OrgnlMsgNmId', subject.type)];

  const statusReport = e('FIToFIPmtStsRpt', [
    e('GrpHdr', [
      e('MsgId', report.messageIdentification),
      e('CreDtTm', report.creationDateTime),
      e('InstgAgt', agent(report.from)),
      e('InstdAgt', agent(report.to)),
    ]),
    e('OrgnlGrpInfAndSts', [...original(), e('GrpSts', report.status), reasonInformation()]),
    ...subject.transactions.map((transaction) =>
      e('TxInfAndSts', [
        e('OrgnlGrpInf', original()),
        optional('OrgnlInstrId', transaction.instructionIdentification),
        optional('OrgnlEndToEndId', transaction.endToEndIdentification),
        optional('OrgnlTxId', transaction.transactionIdentification),
        optional('OrgnlUETR', transaction.uetr),
        e('TxSts', report.status),
        reasonInformation(),
      ]),
    ),
  ]);
  return messageEnvelope(
    {
      type: 'pacs.002.001.10',
      from: report.from,
      to: report.to,
      businessMessageIdentification: report.messageIdentification,
      creationDate: report.creationDateTime,
    },
    `<Document xmlns="${messageTypes['pacs.002.001.10'].namespace}">${statusReport}</Document>`,
  );
}

function optional(name: string, value: string | undefined) {
  return value === undefined ? undefined : e(name, value);
}

/** Max105Text: long texts are split, never cut. */
function max105(text: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += 105) parts.push(text.slice(start, start + 105));
  return parts;
}
