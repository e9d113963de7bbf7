import { problem } from '../iso20022/problems.ts';
import type { StatusReason } from '../iso20022/status-report.ts';
import { elementsAt, textAt, type MessageElement } from '../iso20022/xml-dom.ts';
import type { SimState } from '../state.ts';
import { answeredPayments } from './answered-payments.ts';
import type { Report } from './deliveries.ts';
import type { MessageRule } from './message-pipeline.ts';
import { reportSubject, type Payment } from './payment.ts';
import { paymentReasons } from './problems.ts';
import { settlePayment } from './settlement.ts';

/**
 * SVC.001 on `reply` (the RFI), once per payment: RJCT ends the payment with nothing moved and the
 * OFI gets a pacs.002 RJCT with the RFI's reason; ACTC settles it at once (settlement.ts) into the
 * RFI account named in CdtAcct, which must be one of the RFI's.
 */
export const complianceAnswer: MessageRule = (state, message) => {
  const { named, problems } = answeredPayments(state, message, 'rfi', ['awaiting compliance']);
  for (const { transaction } of named) {
    const account = textAt(transaction.element, 'CdtAcct/Id/Othr/Id');
    if (account !== undefined && !message.sender.accounts.has(account)) {
      problems.push(problem('account', `CdtAcct ${account} is not an account of ${message.sender.identification}.`));
    }
  }
  return {
    problems,
    act: () => ({
      ok: true,
      reports: named.map(({ original, transaction }) => decide(state, original, transaction.element)),
    }),
  };
};

function decide(state: SimState, payment: Payment, answer: MessageElement): Report {
  // Fault payment-settles-on-reject: the answer's status is not read; every answer settles.
  const accepted = textAt(answer, 'Sts') === 'ACTC' || state.faults.on('payment-settles-on-reject');
  if (accepted) return settlePayment(state, payment, textAt(answer, 'CdtAcct/Id/Othr/Id'));
  payment.status = 'rejected';
  return {
    to: payment.ofi,
    message: state.serviceReports.report(payment.ofi, reportSubject(payment.reference), 'RJCT', answerReason(answer)),
  };
}

/** The RFI's own reason, passed on to the OFI (a proprietary reason becomes text under NARR). */
function answerReason(answer: MessageElement): StatusReason {
  const proprietary = textAt(answer, 'StsRsnInf/Rsn/Prtry');
  return {
    code: textAt(answer, 'StsRsnInf/Rsn/Cd') ?? paymentReasons.narrative,
    additionalInformation: [
      ...(proprietary ? [proprietary] : []),
      ...elementsAt(answer, 'StsRsnInf/AddtlInf').map((element) => element.textContent ?? ''),
    ],
  };
}
