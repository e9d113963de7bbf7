import type { MessageRule } from './message-pipeline.ts';
import { ownData } from '../retention/own.ts';
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
      const info = transactionInfo(transaction.element, terms, message.sender, message.receiver);
      // Fault creditor-fee-dropped: the record is written from the settlement alone, without the pacs.008's charges.
      if (state.faults.on('creditor-fee-dropped')) info.creditor_fee = [];
      // Texts read from the message are slices of its XML and would keep all of it alive as long as
      // the payment is kept (retention `payments`): the payment holds copies.
      state.payments.add({
        ofi: message.sender,
        rfi: message.receiver,
        reference: ownData({
          type: message.type,
          messageIdentification: message.messageIdentification,
          identification: transaction.payment!,
        }),
        terms: ownData(terms),
        info: ownData(info),
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
