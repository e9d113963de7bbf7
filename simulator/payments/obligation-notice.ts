import { parseAmount } from '../ledger/amount.ts';
import { elementAt } from '../iso20022/xml-dom.ts';
import { answeredPayments, marking } from './answered-payments.ts';
import type { MessageRule } from './message-pipeline.ts';
import { paymentProblem } from './problems.ts';

/**
 * SVC.002 on `send` (the OFI): the OFI says it paid off the service the obligation that a payment in
 * its own DSO left with the RFI (a `cleared` payment), for the whole amount (SttldAmt and its currency).
 * Nothing moves; the RFI may now return the DSO to its issuer with a pacs.004. Said once per payment.
 */
export const obligationNotice: MessageRule = (state, message) => {
  const { named, problems } = answeredPayments(state, message, 'ofi', ['cleared']);
  for (const { original: payment, transaction } of named) {
    const instruction = payment.reference.identification.instructionIdentification;
    const settled = elementAt(transaction.element, 'SttldAmt');
    const amount = settled?.textContent?.trim() ?? '';
    const currency = settled?.getAttribute('Ccy');
    if (payment.obligationPaid)
      problems.push(
        paymentProblem('narrative', `The obligation of payment ${instruction} was already said to be paid.`),
      );
    if (currency !== payment.terms.currency || parseAmount(amount) !== parseAmount(payment.terms.amount)) {
      problems.push(
        paymentProblem(
          'wrongAmount',
          `Payment ${instruction} left an obligation of ${payment.terms.amount} ${payment.terms.currency}; SttldAmt is ${amount} ${currency ?? ''}.`,
        ),
      );
    }
  }
  return marking(named, problems, (payment) => (payment.obligationPaid = true));
};
