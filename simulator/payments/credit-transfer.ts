import type { MessageRule } from './message-pipeline.ts';
import { transactionInfo } from '../transactions/transaction-info.ts';

/**
 * pacs.008 on `send` (the OFI): each transaction becomes a payment awaiting the RFI's compliance
 * answer (SVC.001). Nothing moves yet; the checks the pipeline and the ISO core made are all it needs.
 */
export const creditTransfer: MessageRule = (state, message) => ({
  problems: [],
  act: () => {
    message.transactions.forEach((transaction, index) => {
      const terms = message.settlement[index]!;
      state.payments.add({
        ofi: message.sender,
        rfi: message.receiver,
        reference: { type: message.type, messageIdentification: message.messageIdentification, identification: transaction.payment! },
        terms,
        info: transactionInfo(transaction.element, terms, message.sender, message.receiver),
        status: 'awaiting compliance',
        cancellationRequested: false,
        obligationPaid: false,
        unableToApply: false,
        states: [],
      });
    });
    return { ok: true, reports: [] };
  },
});
