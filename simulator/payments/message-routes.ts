import { redemptionAnswer } from '../redemption/answer.ts';
import { redemptionRequest } from '../redemption/request.ts';
import { cancellationRejection, cancellationRequest } from './cancellation.ts';
import { complianceAnswer } from './compliance-answer.ts';
import { creditTransfer } from './credit-transfer.ts';
import { modificationRequest, unableToApply } from './investigation.ts';
import type { MessageRoute } from './message-pipeline.ts';
import { obligationNotice } from './obligation-notice.ts';
import { paymentReturn } from './payment-return.ts';

/** Which message types each endpoint takes (semantics §11); any other type on it is refused. */

export const sendRoute: MessageRoute = {
  name: 'POST /payments/message/send',
  rules: {
    'pacs.008.001.08': creditTransfer,
    'SVC.002.001.01': obligationNotice,
    'camt.026.001.07': unableToApply,
    'camt.056.001.08': cancellationRequest,
    'camt.087.001.06': modificationRequest,
  },
};

export const replyRoute: MessageRoute = {
  name: 'POST /payments/message/reply',
  rules: {
    'SVC.001.001.01': complianceAnswer,
    'pacs.004.001.09': paymentReturn,
    'camt.029.001.09': cancellationRejection,
  },
};

export const redeemRoute: MessageRoute = {
  name: 'POST /payments/message/redeem',
  rules: { 'pacs.009.001.08': redemptionRequest },
};

/** The endpoint lists only 404 ("error while processing the answer"), so every refusal is that. */
export const redemptionAnswerRoute: MessageRoute = {
  name: 'POST /tokenizer/v1/api/transactions/message/redeem',
  rules: { 'pacs.002.001.10': redemptionAnswer },
  refusalCode: 'REDEMPTION-ANSWER-REFUSED',
};
