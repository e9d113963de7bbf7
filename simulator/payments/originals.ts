import type { IsoMessage } from '../iso20022/financial-message-reader.ts';
import type { MessageTransaction, OriginalIdentification } from '../iso20022/message-content.ts';
import { problem } from '../iso20022/problems.ts';
import type { OriginalReference } from './payment.ts';
import { paymentProblem, type Problem } from './problems.ts';

/** One transaction of an answer, with the original (payment or redemption) it names. */
export interface Named<T> {
  original: T;
  transaction: MessageTransaction;
  /** Its position in the message: `IsoMessage.settlement[index]` are its terms. */
  index: number;
}

/**
 * The originals that the transactions of an answer name (semantics §11): each is found by OrgnlMsgId
 * and OrgnlInstrId through `lookup`, and the other identifiers it gives (OrgnlMsgNmId,
 * OrgnlEndToEndId, OrgnlTxId, OrgnlUETR) must be the original's. Each original at most once per
 * message. `described` names what is looked for, for the texts ("payment from X to Y").
 */
export function namedOriginals<T extends { reference: OriginalReference }>(
  message: IsoMessage,
  described: string,
  lookup: (messageIdentification: string, instructionIdentification: string) => T | undefined,
): { named: Array<Named<T>>; problems: Problem[] } {
  const named: Array<Named<T>> = [];
  const problems: Problem[] = [];
  if (message.transactions.length === 0)
    problems.push(paymentProblem('narrative', `The ${message.type} names no transaction of a ${described}.`));
  message.transactions.forEach((transaction, index) => {
    const names = transaction.original ?? {};
    const { messageIdentification, instructionIdentification } = names;
    if (!messageIdentification || !instructionIdentification) {
      problems.push(
        problem('missing', `Each transaction must name the ${described} it is about by OrgnlMsgId and OrgnlInstrId.`),
      );
      return;
    }
    const original = lookup(messageIdentification, instructionIdentification);
    if (!original) {
      problems.push(
        paymentProblem(
          'narrative',
          `No ${described} has message ${messageIdentification} and instruction ${instructionIdentification}.`,
        ),
      );
    } else if (named.some((entry) => entry.original === original)) {
      problems.push(
        paymentProblem('narrative', `Instruction ${instructionIdentification} is named twice in the message.`),
      );
    } else {
      problems.push(...mismatches(names, original.reference));
      named.push({ original, transaction, index });
    }
  });
  return { named, problems };
}

function mismatches(names: OriginalIdentification, reference: OriginalReference): Problem[] {
  const { identification } = reference;
  const checks: Array<[string, string | undefined, string | undefined]> = [
    ['OrgnlMsgNmId', names.messageNameIdentification, reference.type],
    ['OrgnlEndToEndId', names.endToEndIdentification, identification.endToEndIdentification],
    ['OrgnlTxId', names.transactionIdentification, identification.transactionIdentification],
    ['OrgnlUETR', names.uetr, identification.uetr],
  ];
  return checks
    .filter(([, given, expected]) => given !== undefined && given !== expected)
    .map(([name, given, expected]) =>
      paymentProblem(
        'narrative',
        `${name} ${given} is not the one of instruction ${identification.instructionIdentification} (${expected ?? 'none'}).`,
      ),
    );
}
