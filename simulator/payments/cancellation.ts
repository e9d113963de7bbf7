import { textAt } from '../iso20022/xml-dom.ts';
import { answeredPayments, marking } from './answered-payments.ts';
import type { MessageRule } from './message-pipeline.ts';
import { MOVED } from './payment.ts';
import { paymentProblem } from './problems.ts';

/**
 * Cancellation after settlement (semantics §11). The OFI asks with camt.056 on `send`; the RFI answers
 * either with a pacs.004 refund (payment-return.ts) or with a camt.029 whose status is RJCR (rejected
 * cancellation request) on `reply`, which closes the request and moves nothing. One open request per
 * payment at a time.
 */
export const cancellationRequest: MessageRule = (state, message) => {
  const { named, problems } = answeredPayments(state, message, 'ofi', MOVED);
  for (const { original: payment } of named) {
    if (payment.cancellationRequested) {
      problems.push(
        paymentProblem(
          'narrative',
          `Payment ${payment.reference.identification.instructionIdentification} already has a cancellation request waiting for its answer.`,
        ),
      );
    }
  }
  return marking(named, problems, (payment) => (payment.cancellationRequested = true));
};

/**
 * camt.029: only the rejection of a cancellation (RJCR, per transaction in TxCxlSts or for the whole
 * message in Sts/Conf) answers a camt.056; an accepted cancellation is answered by returning the money.
 */
export const cancellationRejection: MessageRule = (state, message) => {
  const { named, problems } = answeredPayments(state, message, 'rfi', MOVED);
  for (const { original: payment, transaction } of named) {
    const instruction = payment.reference.identification.instructionIdentification;
    const status = textAt(transaction.element, 'TxCxlSts') ?? textAt(message.body, 'Sts/Conf');
    if (!payment.cancellationRequested)
      problems.push(paymentProblem('narrative', `Payment ${instruction} has no cancellation request to answer.`));
    else if (status !== 'RJCR') {
      problems.push(
        paymentProblem(
          'narrative',
          `The answer to the cancellation of ${instruction} is ${status ?? 'absent'}: a camt.029 may only reject it (RJCR); to accept, return the payment with a pacs.004.`,
        ),
      );
    }
  }
  return marking(named, problems, (payment) => (payment.cancellationRequested = false));
};
