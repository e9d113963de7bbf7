import { problem } from '../iso20022/problems.ts';
import { parseAmount } from '../ledger/amount.ts';
import { answeredPayments } from './answered-payments.ts';
import type { MessageRule } from './message-pipeline.ts';
import { MOVED, type Payment } from './payment.ts';
import { paymentProblem, type Problem } from './problems.ts';
import { returnPayments, type PaymentReturn, type ReturnPurpose } from './settlement.ts';

/**
 * pacs.004 on `reply` (the RFI) returns payments whose value moved, for one of two reasons only:
 * a refund answering the OFI's open cancellation request (camt.056), or, for a payment cleared in the
 * OFI's DSO, the return of that obligation to its issuer once the OFI said it paid it (SVC.002). It
 * returns the whole amount, in the payment's instrument. The transfers are in settlement.ts.
 */
export const paymentReturn: MessageRule = (state, message) => {
  const { named, problems } = answeredPayments(state, message, 'rfi', MOVED);
  const returns: PaymentReturn[] = [];
  for (const { original: payment, index } of named) {
    const terms = message.settlement[index]!;
    const purpose = returnPurpose(payment);
    const instruction = payment.reference.identification.instructionIdentification;
    if (!purpose) {
      problems.push(
        paymentProblem(
          'narrative',
          `Payment ${instruction} has no open cancellation request and no paid obligation: there is nothing to return.`,
        ),
      );
      continue;
    }
    problems.push(...sameValueProblems(payment, terms.method, terms.assetCode, terms.issuer, terms.amount));
    returns.push({ payment, purpose, account: terms.account });
  }
  return {
    problems,
    act: () => {
      const refused = returnPayments(state, returns);
      return refused.length > 0 ? { ok: false, problems: refused } : { ok: true, reports: [] };
    },
  };
};

function returnPurpose(payment: Payment): ReturnPurpose | undefined {
  if (payment.cancellationRequested) return 'refund';
  return payment.status === 'cleared' && payment.obligationPaid ? 'obligation' : undefined;
}

/** A return gives back exactly what the payment moved. */
function sameValueProblems(
  payment: Payment,
  method: string,
  assetCode: string,
  issuer: string,
  amount: string,
): Problem[] {
  const { terms } = payment;
  const instruction = payment.reference.identification.instructionIdentification;
  const problems: Problem[] = [];
  if (method !== terms.method || assetCode !== terms.assetCode || issuer !== terms.issuer) {
    problems.push(
      problem(
        'settlement',
        `Payment ${instruction} settled in ${terms.method} ${terms.assetCode} of ${terms.issuer}; the return is in ${method} ${assetCode} of ${issuer}.`,
      ),
    );
  }
  if (parseAmount(amount) !== parseAmount(terms.amount)) {
    problems.push(
      paymentProblem('wrongAmount', `Payment ${instruction} moved ${terms.amount}; the return gives back ${amount}.`),
    );
  }
  return problems;
}
