import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import type { ErrorCode } from '../../schemas/error-codes.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import {
  readFinancialMessage,
  refusalError,
  type FinancialMessageReading,
  type IsoMessage,
} from '../iso20022/financial-message-reader.ts';
import { MessageIdentifiers } from '../iso20022/identifiers.ts';
import type { MessageContent } from '../iso20022/message-content.ts';
import { type FinancialMessage } from '../../schemas/iso20022/message-envelope.ts';
import { problem, statusReasons } from '../iso20022/problems.ts';
import { readSettlement } from '../iso20022/settlement.ts';
import { statusReportSubject } from '../iso20022/status-report.ts';
import type { SimState } from '../state.ts';
import { deliverReport, relayMessage, type Report } from './deliveries.ts';
import { paymentProblem, refusalReason, type Problem } from './problems.ts';

/** A financialMessage as a member sends it. */
export interface FinancialMessageInput {
  financial_message_type: string;
  financial_message_data?: string;
}

/** The effect of an accepted message: the reports it owes, or the ledger's refusal of what it asked. */
export type MessageOutcome = { ok: true; reports: Report[] } | { ok: false; problems: Problem[] };

/** What one type of message does on a route: its own checks, then (only when they all pass) its effect. */
export interface MessageHandling {
  problems: Problem[];
  act(): MessageOutcome;
}

export type MessageRule = (state: SimState, message: IsoMessage) => MessageHandling;

export interface MessageRoute {
  /** The endpoint, for the texts: `POST /payments/message/send`. */
  name: string;
  /** The types the route takes, and what each does. */
  rules: Partial<Record<MessageTypeName, MessageRule>>;
  /** When set, every refusal has this code (an endpoint whose table lists one failure status). */
  refusalCode?: ErrorCode;
}

/**
 * One incoming financialMessage on one route (semantics §11), in this order:
 * 1. the ISO core reads it (type, data, envelope, XSDs, header members, signature, business rules,
 *    identifiers, settlement terms);
 * 2. the route's checks: the type belongs on the route, AppHdr/Fr is the caller, AppHdr/To is an
 *    activated member, the two have each other on their allowlists, every settlement instrument is
 *    registered (a DSA by its tokenizer, a DSO by its issuer);
 * 3. the type's own checks (the original it answers, its state, its amounts);
 * 4. its effect; then its identifiers are used up, it is relayed to its receiver's `payment` queue,
 *    the reports it caused follow it there, and the caller gets the service's pacs.002 ACTC.
 * Any refusal changes nothing and is an error whose body also carries the service's pacs.002 RJCT
 * (`financial_message_type`, `financial_message_data`) whenever the message had an identification.
 */
export function handleFinancialMessage(
  state: SimState,
  caller: Principal,
  input: FinancialMessageInput,
  route: MessageRoute,
): FinancialMessage {
  const reading = readWithFaults(state, input);
  const content = reading.ok ? reading.message : reading.content;
  const routeProblems = content && !takes(state, route, content.type) ? [wrongRoute(route, content.type)] : [];
  if (!reading.ok) {
    const error = refusalError(reading);
    throw refusal(state, caller, route.refusalCode ?? error.code, [...routeProblems, ...reading.problems], content);
  }
  const { message } = reading;
  const code = route.refusalCode ?? 'PAYMENT-MESSAGE-REFUSED';
  const rule = takes(state, route, message.type) ? route.rules[message.type] : undefined;
  const general = [...routeProblems, ...partyProblems(state, caller, message), ...instrumentProblems(state, message)];
  if (!rule || general.length > 0) throw refusal(state, caller, code, general, message);

  const handling = rule(state, message);
  if (handling.problems.length > 0) throw refusal(state, caller, code, handling.problems, message);
  const outcome = handling.act();
  if (!outcome.ok) throw refusal(state, caller, code, outcome.problems, message);

  state.messageIdentifiers.record(message);
  relayMessage(state, message);
  for (const report of outcome.reports) deliverReport(state, report);
  return state.serviceReports.report(caller.member, statusReportSubject(message)!, 'ACTC');
}

/** The core's reading, with the two faults of this layer. */
function readWithFaults(state: SimState, input: FinancialMessageInput): FinancialMessageReading {
  // Fault duplicate-message-id-accepted: identifiers are compared with an empty memory, so none repeats.
  const identifiers = state.faults.on('duplicate-message-id-accepted')
    ? new MessageIdentifiers()
    : state.messageIdentifiers;
  const reading = readFinancialMessage(input, { members: state.members, identifiers, amounts: state.amounts });
  // Fault message-signature-not-checked: a missing, broken or foreign signature is overlooked.
  return state.faults.on('message-signature-not-checked') ? overlookingSignature(reading, state) : reading;
}

const signatureReasons: ReadonlySet<string> = new Set([
  statusReasons.signatureMissing,
  statusReasons.signatureInvalid,
  statusReasons.signerNotAllowed,
]);

/** The reading as it would be without the signature's problems (the fault above only). */
function overlookingSignature(
  reading: FinancialMessageReading,
  { members, amounts }: SimState,
): FinancialMessageReading {
  if (reading.ok) return reading;
  const problems = reading.problems.filter((found) => !signatureReasons.has(found.reason));
  const { content, sender } = reading;
  const receiver = content?.header.to === undefined ? undefined : members.byBic(content.header.to);
  if (problems.length > 0 || !content?.messageIdentification || !sender || !receiver) return { ...reading, problems };
  const settlement = readSettlement(content, sender, receiver, members, amounts).terms;
  return {
    ok: true,
    message: { ...content, messageIdentification: content.messageIdentification, sender, receiver, settlement },
  };
}

/** Whether the route takes the type: one of its rules, unless the fault of this layer drops it. */
function takes(state: SimState, route: MessageRoute, type: MessageTypeName): boolean {
  // Fault cancellation-rejection-refused: the reply route is written for SVC.001 and pacs.004 only.
  if (type === 'camt.029.001.09' && state.faults.on('cancellation-rejection-refused')) return false;
  return route.rules[type] !== undefined;
}

function wrongRoute(route: MessageRoute, type: MessageTypeName): Problem {
  return problem('format', `${type} does not go to ${route.name}, which takes ${Object.keys(route.rules).join(', ')}.`);
}

/** The caller sends, as itself, to an activated member with which it is mutually allowlisted. */
function partyProblems(state: SimState, caller: Principal, { sender, receiver }: IsoMessage): Problem[] {
  const problems: Problem[] = [];
  if (sender !== caller.member) {
    problems.push(
      problem(
        'agent',
        `AppHdr/Fr ${sender.bicfi} is ${sender.identification}; the caller is ${caller.member.identification} (${caller.member.bicfi}).`,
      ),
    );
  }
  if (receiver.member_state !== 'activated')
    problems.push(
      problem(
        'agent',
        `AppHdr/To ${receiver.bicfi} is ${receiver.identification}, which is ${receiver.member_state}, not activated.`,
      ),
    );
  if (!state.allowlists.mutual(sender.identification, receiver.identification)) {
    problems.push(
      paymentProblem(
        'forbidden',
        `${sender.identification} and ${receiver.identification} do not both have each other on their allowlists.`,
      ),
    );
  }
  return problems;
}

/** Each instrument a message settles in exists: a DSA registered for its tokenizer, a DSO issued by its issuer. */
function instrumentProblems(state: SimState, message: IsoMessage): Problem[] {
  const unknown = new Set<string>();
  for (const terms of message.settlement) {
    if (state.assets.get(terms.assetCode, terms.issuer)?.asset_group_identification !== terms.method) {
      unknown.add(`${terms.method} ${terms.assetCode} of ${terms.issuer}`);
    }
  }
  return [...unknown].map((asset) =>
    problem('settlement', `The settlement instrument ${asset} is not registered on the network.`),
  );
}

/** The refusal: `code` decides the status; the body also carries the RJCT when the message can be answered. */
function refusal(
  state: SimState,
  caller: Principal,
  code: ErrorCode,
  problems: Problem[],
  content: MessageContent | undefined,
): DssError {
  const subject = content && statusReportSubject(content);
  const rejection = subject && state.serviceReports.report(caller.member, subject, 'RJCT', refusalReason(problems));
  return new DssError(code, problems.map((found) => found.text).join(' '), rejection && { ...rejection });
}
