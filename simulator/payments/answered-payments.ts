import type { IsoMessage } from '../iso20022/financial-message-reader.ts';
import { problem } from '../iso20022/problems.ts';
import type { SimState } from '../state.ts';
import type { MessageHandling } from './message-pipeline.ts';
import { namedOriginals, type Named } from './originals.ts';
import type { Payment, PaymentStatus } from './payment.ts';
import { paymentProblem, type Problem } from './problems.ts';

/** Who of a payment's two members writes a message about it. */
export type PaymentParty = 'ofi' | 'rfi';

/**
 * The payments a message about payments names (semantics §11), checked for its writer: an OFI's
 * message (SVC.002, camt.056, camt.087) names payments it sent to the receiver; an RFI's (SVC.001,
 * pacs.004, camt.029, camt.026) names payments the receiver sent to it. Each payment must also be in
 * one of `states`.
 */
export function answeredPayments(
  state: SimState,
  message: IsoMessage,
  writer: PaymentParty,
  states: readonly PaymentStatus[],
): { named: Array<Named<Payment>>; problems: Problem[] } {
  const ofi = writer === 'ofi' ? message.sender : message.receiver;
  const rfi = writer === 'ofi' ? message.receiver : message.sender;
  const found = namedOriginals(message, `payment from ${ofi.identification}`, (messageIdentification, instruction) =>
    state.payments.find(ofi.identification, messageIdentification, instruction),
  );
  const problems = [...found.problems];
  for (const { original: payment } of found.named) {
    const instruction = payment.reference.identification.instructionIdentification;
    if (payment.rfi !== rfi) {
      problems.push(
        problem(
          'agent',
          `Payment ${instruction} went from ${ofi.identification} to ${payment.rfi.identification}, not to ${rfi.identification}.`,
        ),
      );
    } else if (!states.includes(payment.status)) {
      problems.push(
        paymentProblem(
          'narrative',
          `A ${message.type} does not apply to payment ${instruction}, which is ${payment.status}.`,
        ),
      );
    }
  }
  return { named: found.named, problems };
}

/** The handling of a message that moves nothing: its problems, and once it is accepted, `mark` on each payment it names. */
export function marking(
  named: Array<Named<Payment>>,
  problems: Problem[],
  mark: (payment: Payment) => void,
): MessageHandling {
  return {
    problems,
    act: () => {
      for (const { original } of named) mark(original);
      return { ok: true, reports: [] };
    },
  };
}
