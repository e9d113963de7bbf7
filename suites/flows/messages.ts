import { randomBytes } from 'node:crypto';
import { financialMessage, messageEnvelope, type FinancialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { financialMessageType, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { schemaRef } from '../../schemas/resources.ts';
import type { EndpointId } from '../../schemas/endpoints.ts';
import { expectSchema, expectStatus, inAttempt, describeCall } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';
import type { DssResponse } from '../runtime/client.ts';
import { formatUnits, readBalanceText } from '../runtime/money.ts';
import { expectRefusal, type RefusalExpectation } from '../runtime/refusal.ts';
import { okBody } from './answers.ts';
import { readEmittedMessage, type EmittedMessage } from './emitted-messages.ts';
import { awaitPayload, hasPayload } from './mailbox.ts';
import { defaultAccount, type Party } from './party.ts';

/**
 * ISO 20022 messages as members exchange them through the API (spec: POST /sign/message, POST
 * /payments/message/*, POST /tokenizer/v1/api/transactions/message/redeem, the `payment` gateway queue;
 * semantics §11): who a member is in a message (its BIC, read from the directory), signing through the
 * target's own signing service, posting to a route, and judging what comes back: the service's report
 * about the message, the messages its queue delivers. Every emitted message is read against its XSD
 * (emitted-messages.ts) before anything else is judged.
 */

/** A member as its messages name it: its BIC (from the directory) and the operating account it settles from. */
export interface MessageMember extends Party {
  bic: string;
  /** Its default operating account: debited when it pays, credited when it is paid. */
  account: string;
}

/** What a message was, for judging the reports about it. */
export interface SentMessage {
  type: MessageTypeName;
  /** GrpHdr/MsgId or Assgnmt/Id. */
  messageIdentification: string;
  /** A pacs.008's or pacs.009's transactions (with the amount each settles, when known); empty for a message about an earlier one. */
  transactions: SentTransaction[];
}

export interface SentTransaction {
  instruction: string;
  endToEnd: string;
  uetr?: string;
  /** IntrBkSttlmAmt and its Ccy, as written. */
  amount?: string;
  currency?: string;
}

export type MessageRoute = 'send' | 'reply' | 'redeem';

/** The catalogue endpoint of each message route (`POST /payments/message/{route}`). */
export const messageRouteEndpoints = {
  send: 'member.sendPayment',
  reply: 'member.replyPayment',
  redeem: 'member.redeem',
} as const satisfies Record<MessageRoute, EndpointId>;

/** The requirements every message flow names: the directory read, the signing, the answers' shapes. */
export const MESSAGE_REQUIREMENTS = [
  'DIR-MEMBER-GET',
  'RES-DIRECTORY-SCHEMAS',
  'MSG-SIGN-MESSAGE',
  'RES-SIGNING-SCHEMAS',
  'RES-PAYMENT-SCHEMAS',
  'MSG-XSD-VALID-EMITTED',
  'MSG-ORIGINAL-IDS',
  'MSG-DELIVERY',
];

/** The party with its BIC, as the directory gives it. Requirements: DIR-MEMBER-GET, RES-DIRECTORY-SCHEMAS. */
export async function messageMember(party: Party): Promise<MessageMember> {
  const account = defaultAccount(party);
  const response = await party.client.call('member.getMember', {
    path: { member_identification: party.identification },
  });
  const info = okBody<{ identification: string; bicfi: string }>(
    response,
    schemaRef('memberInfo'),
    'DIR-MEMBER-GET',
    'RES-DIRECTORY-SCHEMAS',
  );
  if (info.identification !== party.identification)
    throw new CheckFailure('DIR-MEMBER-GET', `${describeCall(response)} answered the member ${info.identification}`);
  return { ...party, bic: info.bicfi, account };
}

/** A fresh identification for a message or an instruction (Max35Text): the sender's bank code, a kind, random hex. */
export function newIdentification(bic: string, kind: string): string {
  return `${bic.slice(0, 8)}-${kind}-${randomBytes(6).toString('hex')}`;
}

/**
 * `POST /sign/message` as `signer` with the key of `account`: the base64 of the signed Message. Requirements:
 * MSG-SIGN-MESSAGE, RES-SIGNING-SCHEMAS.
 */
export async function signMessage(signer: Party, account: string, xml: string): Promise<string> {
  const response = await signer.client.call('member.signMessage', {
    body: { account_identification: account, unsigned_payload: Buffer.from(xml, 'utf8').toString('base64') },
  });
  const { payload } = okBody<{ payload: string }>(
    response,
    schemaRef('signedMessagePayload'),
    'MSG-SIGN-MESSAGE',
    'RES-SIGNING-SCHEMAS',
  );
  const signed = Buffer.from(payload, 'base64').toString('utf8');
  if (!signed.includes('<'))
    throw new CheckFailure(
      'MSG-SIGN-MESSAGE',
      `${describeCall(response)} answered a payload that is not base64 of an XML message`,
    );
  return payload;
}

/** Who a message goes from and to (BICs of AppHdr/Fr and AppHdr/To), and its identification (AppHdr/BizMsgIdr). */
export interface MessageHeading {
  from: string;
  to: string;
  identification: string;
}

/** The Message of a Document, unsigned, as the financialMessage a route takes. */
export function unsignedMessage(type: MessageTypeName, document: string, heading: MessageHeading): FinancialMessage {
  return financialMessage(type, envelopeOf(type, document, heading));
}

/** The Message of a Document signed by `signer` with the key of `account` (default: its settlement account). */
export async function signedMessage(
  signer: MessageMember,
  type: MessageTypeName,
  document: string,
  heading: MessageHeading,
  account = signer.account,
): Promise<FinancialMessage> {
  return {
    financial_message_type: financialMessageType(type),
    financial_message_data: await signMessage(signer, account, envelopeOf(type, document, heading)),
  };
}

function envelopeOf(type: MessageTypeName, document: string, heading: MessageHeading): string {
  // The creation date is the harness's: the service judges none of a message's dates.
  return messageEnvelope(
    {
      type,
      from: heading.from,
      to: heading.to,
      businessMessageIdentification: heading.identification,
      creationDate: new Date().toISOString(),
    },
    document,
  );
}

/** `POST /payments/message/{route}` as `sender`, whatever the body. */
export function postMessage(sender: Party, route: MessageRoute, body: unknown): Promise<DssResponse> {
  return sender.client.call(messageRouteEndpoints[route], { body });
}

/** The tokenizer's `POST /transactions/message/redeem`, whatever the body. */
export function postRedemptionAnswer(tokenizer: Party, body: unknown): Promise<DssResponse> {
  return tokenizer.client.call('tokenizer.answerRedemption', { body });
}

/**
 * A 200 whose financialMessage is the service's report about `sent`, not a rejection. Requirements:
 * `requirement`, RES-PAYMENT-SCHEMAS, MSG-XSD-VALID-EMITTED, MSG-ORIGINAL-IDS.
 */
export function expectAccepted(response: DssResponse, sent: SentMessage, requirement: string): EmittedMessage {
  expectStatus(response, 200, requirement);
  expectSchema(
    response.body,
    schemaRef('financialMessage'),
    'RES-PAYMENT-SCHEMAS',
    `the answer of ${describeCall(response)}`,
  );
  const report = readEmittedMessage(response.body, `the answer of ${describeCall(response)}`);
  expectReportAbout(report, sent, `the answer of ${describeCall(response)}`);
  if (statusOf(report) === 'RJCT')
    throw new CheckFailure(
      requirement,
      `${describeCall(response)} answered 200 with a pacs.002 that rejects ${sent.type} ${sent.messageIdentification}`,
    );
  return report;
}

/**
 * A refusal as `expectation` says; when its body also carries a financialMessage (the reference's pacs.002
 * RJCT), that message must be valid, about `sent` (when known) and a rejection. A failure starts with
 * `what` (which of several attempts it was), when given. Requirements: `expectation.requirement`,
 * ERR-NO-5XX, ERR-BODY-SHAPE, MSG-XSD-VALID-EMITTED, MSG-ORIGINAL-IDS.
 */
export function expectMessageRefusal(
  response: DssResponse,
  expectation: RefusalExpectation,
  sent?: SentMessage,
  what?: string,
): void {
  if (what === undefined) expectRefusalWithReport(response, expectation, sent);
  else inAttempt(what, () => expectRefusalWithReport(response, expectation, sent));
}

function expectRefusalWithReport(
  response: DssResponse,
  expectation: RefusalExpectation,
  sent: SentMessage | undefined,
): void {
  expectRefusal(response, expectation);
  const body = response.body as Record<string, unknown>;
  if (body.financial_message_type === undefined && body.financial_message_data === undefined) return;
  const what = `the financialMessage of the refusal of ${describeCall(response)}`;
  const report = readEmittedMessage(body, what);
  if (sent) expectReportAbout(report, sent, what);
  if (statusOf(report) !== 'RJCT')
    throw new CheckFailure(expectation.requirement, `${what} reports ${statusOf(report) ?? 'no status'}, not RJCT`);
}

/** The status a pacs.002 reports: its group status, else that of its first transaction. */
export function statusOf(report: EmittedMessage): string | undefined {
  return report.original?.status ?? report.transactions[0]?.status;
}

/**
 * Fails under MSG-ORIGINAL-IDS unless `report` is a pacs.002 naming `sent` by OrgnlMsgId and OrgnlMsgNmId,
 * and every transaction it reports is one of `sent`'s, with that transaction's end-to-end id and UETR.
 */
export function expectReportAbout(report: EmittedMessage, sent: SentMessage, what: string): void {
  const fail = (text: string): never => {
    throw new CheckFailure('MSG-ORIGINAL-IDS', `${what}: ${text}`);
  };
  if (report.type !== 'pacs.002.001.10') fail(`it is a ${report.type}, not a pacs.002 status report`);
  const original = report.original ?? {};
  if (original.messageIdentification !== sent.messageIdentification)
    fail(`OrgnlMsgId is ${JSON.stringify(original.messageIdentification)}, expected ${sent.messageIdentification}`);
  if (original.messageName !== sent.type)
    fail(`OrgnlMsgNmId is ${JSON.stringify(original.messageName)}, expected ${sent.type}`);
  for (const reported of report.transactions) {
    const transaction = sent.transactions.find((candidate) => candidate.instruction === reported.instruction);
    if (!transaction)
      fail(
        `it reports OrgnlInstrId ${JSON.stringify(reported.instruction)}, which is no transaction of ${sent.messageIdentification} (${sent.transactions.map((known) => known.instruction).join(', ') || 'it has none'})`,
      );
    if (reported.endToEnd !== undefined && reported.endToEnd !== transaction?.endToEnd)
      fail(`OrgnlEndToEndId of ${reported.instruction} is ${reported.endToEnd}, expected ${transaction?.endToEnd}`);
    if (reported.uetr !== undefined && reported.uetr !== transaction?.uetr)
      fail(`OrgnlUETR of ${reported.instruction} is ${reported.uetr}, expected ${transaction?.uetr}`);
  }
}

/**
 * A `payment` queue payload that is a financialMessage of `type` (any, when not given) whose XML holds
 * `identifier` as an element's text: the identifiers of the checks are random, so this finds one message.
 */
export function carrying(identifier: string, type?: MessageTypeName): (payload: object) => boolean {
  return (payload) => {
    const { financial_message_type: typeText, financial_message_data: data } = payload as Record<string, unknown>;
    if (typeof data !== 'string' || (type !== undefined && typeText !== financialMessageType(type))) return false;
    return Buffer.from(data, 'base64').toString('utf8').includes(`>${identifier}<`);
  };
}

/**
 * The `type` message holding `identifier` that `member`'s payment queue delivers (now or earlier), read
 * against its XSD. Requirements: `requirement`, MSG-XSD-VALID-EMITTED, GW-READ-CONSUMES, RES-LEDGER-SCHEMAS.
 */
export async function awaitMessage(
  member: Party,
  type: MessageTypeName,
  identifier: string,
  requirement: string,
  what: string,
): Promise<EmittedMessage> {
  const payload = await awaitPayload(member, 'payment', carrying(identifier, type), requirement, what);
  return readEmittedMessage(payload, `the ${type} ${what}, delivered to ${member.identification}`);
}

/** Fails under `requirement` if `member`'s payment queue has delivered any message holding `identifier`. */
export async function expectNothingDelivered(
  member: Party,
  identifier: string,
  requirement: string,
  what: string,
): Promise<void> {
  if (await hasPayload(member, 'payment', carrying(identifier))) {
    throw new CheckFailure(
      requirement,
      `${member.identification}'s payment queue delivered a message holding ${identifier} after ${what}`,
    );
  }
}

/** One message a member writes to another, on a route. */
export interface MessageStep {
  from: MessageMember;
  to: MessageMember;
  route: MessageRoute;
  type: MessageTypeName;
  document: string;
  identification: string;
  /** Whose key signs it: `from`'s default account unless given. */
  account?: string;
  /** A pacs.008's or pacs.009's transactions, which the service's answer may name. */
  transactions?: SentMessage['transactions'];
}

/**
 * `step` signed, posted and accepted, then delivered to its receiver as sent. Answers what was sent.
 * Requirements: `requirement`, MESSAGE_REQUIREMENTS.
 */
export async function exchangeMessage(step: MessageStep, requirement: string): Promise<SentMessage> {
  const sent: SentMessage = {
    type: step.type,
    messageIdentification: step.identification,
    transactions: step.transactions ?? [],
  };
  const message = await signedMessage(
    step.from,
    step.type,
    step.document,
    { from: step.from.bic, to: step.to.bic, identification: step.identification },
    step.account,
  );
  expectAccepted(await postMessage(step.from, step.route, message), sent, requirement);
  await expectRelayed(step.to, sent);
  return sent;
}

/**
 * `receiver`'s payment queue delivers `sent`, still valid and still itself: its identification and, for a
 * pacs.008 or pacs.009, its transactions as sent (line 443's "original payment details"). Requirements:
 * MSG-DELIVERY, MSG-XSD-VALID-EMITTED.
 */
export async function expectRelayed(receiver: Party, sent: SentMessage): Promise<EmittedMessage> {
  const delivered = await awaitMessage(
    receiver,
    sent.type,
    sent.messageIdentification,
    'MSG-DELIVERY',
    `relaying ${sent.messageIdentification}`,
  );
  if (delivered.messageIdentification !== sent.messageIdentification) {
    throw new CheckFailure(
      'MSG-DELIVERY',
      `the ${sent.type} delivered to ${receiver.identification} for ${sent.messageIdentification} has the identification ${delivered.messageIdentification}`,
    );
  }
  const differs = transactionsDiffer(delivered, sent);
  if (differs)
    throw new CheckFailure(
      'MSG-DELIVERY',
      `the ${sent.type} delivered to ${receiver.identification} for ${sent.messageIdentification} ${differs}`,
    );
  return delivered;
}

/**
 * How the transactions a delivery of `sent` carries differ from those sent (identifiers, and the amount
 * where `sent` gives one), or undefined when they agree; a message about an earlier one (no transactions
 * of its own) has nothing to compare.
 */
export function transactionsDiffer(
  delivered: Pick<EmittedMessage, 'transactions'>,
  sent: SentMessage,
): string | undefined {
  if (sent.transactions.length === 0) return undefined;
  const expected = sent.transactions.map((transaction) =>
    transactionText(transaction, transaction.amount !== undefined),
  );
  const carried = delivered.transactions.map((transaction, index) =>
    transactionText(transaction, sent.transactions[index]?.amount !== undefined),
  );
  return JSON.stringify(carried) === JSON.stringify(expected)
    ? undefined
    : `carries the transactions ${JSON.stringify(carried)}, sent ${JSON.stringify(expected)}`;
}

/**
 * A transaction by its identifiers (InstrId, EndToEndId, UETR) and, `withAmount`, its amount (read exactly:
 * 12.5 and 12.50 are one amount) and currency, for comparing what was delivered with what was sent.
 */
function transactionText(transaction: Partial<SentTransaction>, withAmount: boolean): string {
  const identifiers = [transaction.instruction, transaction.endToEnd, transaction.uetr];
  if (!withAmount) return identifiers.join(' ');
  const exact = transaction.amount === undefined ? undefined : readBalanceText(transaction.amount);
  return [...identifiers, exact === undefined ? transaction.amount : formatUnits(exact), transaction.currency].join(
    ' ',
  );
}
