import { currencyMinorUnits } from '../../schemas/iso4217.ts';
import { messageTypes } from '../../schemas/iso20022/message-types.ts';
import type { MessageContent } from './message-content.ts';
import { problem, type MessageProblem } from './problems.ts';
import { childElements, descendantElements, elementsAt, textAt, type MessageElement } from './xml-dom.ts';

/**
 * The rules of semantics §11 that an XSD cannot state, for any supported type; they read a Document
 * that already passed its XSD. Identifier uniqueness is in identifiers.ts and settlement in
 * settlement.ts; both need more than the message itself.
 */
export function businessRuleProblems(content: MessageContent): MessageProblem[] {
  return [
    ...transactionCountProblems(content),
    ...currencyProblems(content.body),
    ...agentProblems(content),
    ...requiredIdentifierProblems(content),
    ...complianceAnswerProblems(content),
  ];
}

function transactionCountProblems({ type, body, transactions }: MessageContent): MessageProblem[] {
  const path = messageTypes[type].numberOfTransactions;
  const stated = path === undefined ? undefined : textAt(body, path);
  if (stated === undefined || Number(stated) === transactions.length) return [];
  return [
    problem(
      'numberOfTransactions',
      `${path} is ${stated} but the message holds ${transactions.length} transaction(s).`,
    ),
  ];
}

/** Every amount's `Ccy` is an active ISO 4217 code, and the amount has no more decimals than its minor units. */
function currencyProblems(body: MessageElement): MessageProblem[] {
  const problems: MessageProblem[] = [];
  for (const amount of descendantElements(body)) {
    const currency = amount.getAttribute('Ccy');
    if (currency === null) continue;
    const minorUnits = currencyMinorUnits(currency);
    if (minorUnits === undefined) {
      problems.push(
        problem('currency', `${amount.localName} is in ${currency}, which is not an active ISO 4217 currency code.`),
      );
      continue;
    }
    const decimals = amount.textContent.trim().split('.')[1]?.length ?? 0;
    // ISO says "N.A." for units such as XAU: no number of decimals to hold them to.
    if (typeof minorUnits === 'number' && decimals > minorUnits) {
      problems.push(
        problem(
          'decimals',
          `${amount.localName} ${amount.textContent.trim()} ${currency} has ${decimals} decimals; ${currency} has ${minorUnits}.`,
        ),
      );
    }
  }
  return problems;
}

// The pairs of "who sends" and "who receives" an ISO Document can name: agents of a payment, parties of a case.
const agentPairs = [
  { sender: 'InstgAgt', receiver: 'InstdAgt', bic: 'FinInstnId/BICFI' },
  { sender: 'Assgnr', receiver: 'Assgne', bic: 'Agt/FinInstnId/BICFI' },
] as const;

/**
 * Wherever the Document names the instructing and instructed agents (or assigner and assignee), they
 * are two different members, by BIC, and the same two as AppHdr/Fr and AppHdr/To: the service routes
 * by the header, so a body that says otherwise would mislead the receiver.
 */
function agentProblems({ body, header }: MessageContent): MessageProblem[] {
  const problems: MessageProblem[] = [];
  for (const element of [body, ...descendantElements(body)]) {
    for (const pair of agentPairs) {
      const instructing = childElements(element, pair.sender)[0];
      const instructed = childElements(element, pair.receiver)[0];
      if (!instructing || !instructed) continue;
      const where = `${element.localName}/${pair.sender} and ${pair.receiver}`;
      const from = textAt(instructing, pair.bic);
      const to = textAt(instructed, pair.bic);
      if (!from || !to) problems.push(problem('agent', `${where} must name members by ${pair.bic}.`));
      else if (from === to) problems.push(problem('agent', `${where} are the same member (${from}).`));
      else if (from !== header.from || to !== header.to) {
        problems.push(
          problem(
            'agent',
            `${where} (${from} to ${to}) are not AppHdr/Fr and AppHdr/To (${header.from} to ${header.to}).`,
          ),
        );
      }
    }
  }
  return problems;
}

/** A payment's transactions are found later by their instruction identification (semantics §12). */
function requiredIdentifierProblems({ transactions }: MessageContent): MessageProblem[] {
  return transactions
    .filter((transaction) => transaction.payment && !transaction.payment.instructionIdentification)
    .map((transaction) =>
      problem(
        'missing',
        `Transaction ${transaction.payment?.endToEndIdentification ?? ''} has no PmtId/InstrId; the service needs one to identify it.`,
      ),
    );
}

/** SVC.001: an acceptance must say which of the receiver's accounts to credit. */
function complianceAnswerProblems({ type, transactions }: MessageContent): MessageProblem[] {
  if (type !== 'SVC.001.001.01') return [];
  return transactions
    .filter(
      ({ element }) => textAt(element, 'Sts') === 'ACTC' && elementsAt(element, 'CdtAcct/Id/Othr/Id').length === 0,
    )
    .map(({ original }) =>
      problem(
        'missing',
        `The acceptance of ${original?.instructionIdentification} has no CdtAcct/Id/Othr/Id: the account to credit.`,
      ),
    );
}
