import type { Handlers } from '../http/call.ts';
import { handleFinancialMessage, type FinancialMessageInput } from '../payments/message-pipeline.ts';
import { redemptionAnswerRoute } from '../payments/message-routes.ts';

/** Tokenizer interface: the answer to a member's redemption request (semantics §11). */
export const tokenizerPaymentHandlers = {
  'tokenizer.answerRedemption': ({ state, caller, body }) => {
    const report = handleFinancialMessage(state, caller, body as FinancialMessageInput, redemptionAnswerRoute);
    // Fault redemption-answer-not-reported: the answer is acted on, but the tokenizer is sent no pacs.002 back.
    return state.faults.on('redemption-answer-not-reported') ? { status: 'received' } : report;
  },
} satisfies Partial<Handlers<'tokenizer'>>;
