import { parseFinancialMessageType } from '../../schemas/iso20022/message-types.ts';
import { DssError } from '../errors.ts';
import type { AmountScale } from '../ledger/amount-scale.ts';
import type { Member, MemberRegistry } from '../members/registry.ts';
import { businessRuleProblems } from './business-rules.ts';
import { repeatedIdentifierProblems, type MessageIdentifiers } from './identifiers.ts';
import { decodeMessageData } from './message-data.ts';
import type { AppHeader, MessageContent } from './message-content.ts';
import { problem, type MessageProblem } from './problems.ts';
import { readMessage } from './read-message.ts';
import { readSettlement, type SettlementTerms } from './settlement.ts';
import { verifyMessageSignature } from './signature.ts';

/** What reading a message needs from the simulator's state. */
export interface MessageContext {
  members: MemberRegistry;
  identifiers: MessageIdentifiers;
  /** The ledger's scale (the reference's when not given): a settlement amount with more fraction digits cannot move. */
  amounts?: AmountScale;
}

/** A message that passed every check of this module: safe to route, relay and settle. */
export interface IsoMessage extends MessageContent {
  messageIdentification: string;
  /** The members of AppHdr/Fr and AppHdr/To. */
  sender: Member;
  receiver: Member;
  /** pacs.008, pacs.009, pacs.004: the terms of each transaction, in order; empty for other types. */
  settlement: SettlementTerms[];
}

export type FinancialMessageReading =
  | { ok: true; message: IsoMessage }
  | {
      ok: false;
      problems: MessageProblem[];
      /** The message as read, when it could be (a pacs.002 RJCT answers it: see `statusReportSubject`). */
      content?: MessageContent;
      /** The member of AppHdr/Fr, when it is one: where a RJCT goes. */
      sender?: Member;
    };

type RefusedReading = Extract<FinancialMessageReading, { ok: false }>;

/** The plain error body for a refused message: unreadable, or read and refused (every problem listed). */
export function refusalError(reading: RefusedReading): DssError {
  return new DssError(
    reading.content ? 'ISO-MESSAGE-INVALID' : 'ISO-MESSAGE-UNREADABLE',
    reading.problems.map((problem) => problem.text).join(' '),
  );
}

/**
 * Reads an incoming `financialMessage` (semantics §11) and reports every problem it finds, never
 * throwing for bad input: the type, the data (base64, size, UTF-8, no DTD), the envelope, the XSDs of
 * AppHdr and Document, the two members of the header, the signature against the sender's registered
 * keys, then, on a schema-valid Document, the business rules, identifier uniqueness and settlement
 * terms. Who may send what on which route (caller, allowlist, member state) is the route's business.
 * An accepted message's identifiers are not recorded here: call `identifiers.record` once it is acted on.
 */
export function readFinancialMessage(
  input: { financial_message_type: string; financial_message_data?: string },
  context: MessageContext,
): FinancialMessageReading {
  const type = parseFinancialMessageType(input.financial_message_type);
  if (!type.ok) return { ok: false, problems: [problem('format', type.reason)] };
  const decoded = decodeMessageData(input.financial_message_data);
  if (!decoded.ok) return { ok: false, problems: [decoded.problem] };
  // The signature is verified in the same parse as the XSDs, by the member AppHdr/Fr names.
  const reading = readMessage(type.type, decoded.xml, (bic) =>
    bic === undefined ? undefined : context.members.byBic(bic),
  );
  const { content } = reading;
  if (!content) return { ok: false, problems: reading.problems };

  const problems = [...reading.problems];
  const { sender, receiver } = headerMembers(content.header, context.members, problems);
  if (sender)
    problems.push(
      ...(reading.signature?.signer === sender
        ? reading.signature.problems
        : verifyMessageSignature(decoded.xml, sender)),
    );
  let settlement: SettlementTerms[] = [];
  // The rules read the Document as its XSD describes it; on an invalid one they would only add noise.
  if (reading.schemaValid) {
    problems.push(
      ...businessRuleProblems(content),
      ...repeatedIdentifierProblems(content),
      ...context.identifiers.conflicts(content),
    );
    if (sender && receiver) {
      const terms = readSettlement(content, sender, receiver, context.members, context.amounts);
      problems.push(...terms.problems);
      settlement = terms.terms;
    }
  }
  if (problems.length > 0 || !sender || !receiver || !content.messageIdentification) {
    return { ok: false, problems, content, sender };
  }
  return {
    ok: true,
    message: { ...content, messageIdentification: content.messageIdentification, sender, receiver, settlement },
  };
}

function headerMembers(
  header: AppHeader,
  members: MemberRegistry,
  problems: MessageProblem[],
): { sender?: Member; receiver?: Member } {
  const resolve = (bic: string | undefined, part: 'Fr' | 'To') => {
    if (!bic) {
      problems.push(problem('agent', `AppHdr/${part} must name a member by FIId/FinInstnId/BICFI.`));
      return undefined;
    }
    const member = members.byBic(bic);
    if (!member) problems.push(problem('agent', `AppHdr/${part} ${bic} is not the BIC of a member.`));
    return member;
  };
  const sender = resolve(header.from, 'Fr');
  const receiver = resolve(header.to, 'To');
  if (sender && sender === receiver)
    problems.push(problem('agent', `AppHdr/Fr and AppHdr/To are the same member (${header.from}).`));
  return { sender, receiver };
}
