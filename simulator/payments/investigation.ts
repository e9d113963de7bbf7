import { answeredPayments, marking } from './answered-payments.ts';
import type { MessageRule } from './message-pipeline.ts';
import type { PaymentStatus } from './payment.ts';
import { paymentProblem } from './problems.ts';

/** A payment that neither ended without moving (rejected, failed) nor was returned may still be investigated. */
const INVESTIGABLE: readonly PaymentStatus[] = ['awaiting compliance', 'cleared', 'settled'];

/**
 * camt.026 on `send` (the RFI): it cannot apply a payment (an unknown creditor account, say). Moves
 * nothing; it opens the way for the OFI's request to modify the payment.
 */
export const unableToApply: MessageRule = (state, message) => {
  const { named, problems } = answeredPayments(state, message, 'rfi', INVESTIGABLE);
  return marking(named, problems, (payment) => (payment.unableToApply = true));
};

/** camt.087 on `send` (the OFI): a request to modify a payment, only after the RFI said it cannot apply it. Moves nothing. */
export const modificationRequest: MessageRule = (state, message) => {
  const { named, problems } = answeredPayments(state, message, 'ofi', INVESTIGABLE);
  for (const { original: payment } of named) {
    if (!payment.unableToApply) {
      problems.push(
        paymentProblem(
          'narrative',
          `Payment ${payment.reference.identification.instructionIdentification} may only be modified after its RFI said it cannot apply it (camt.026).`,
        ),
      );
    }
  }
  // The modification itself is between the two members: the service only relays it.
  return marking(named, problems, () => undefined);
};
