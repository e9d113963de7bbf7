import type { Handler } from '../http/call.ts';
import { handleFinancialMessage, type FinancialMessageInput } from '../payments/message-pipeline.ts';
import { redemptionAnswerRoute } from '../payments/message-routes.ts';

/** Tokenizer interface: the answer to a member's redemption request (semantics §11). */
export const tokenizerPaymentHandlers = {
  'tokenizer.answerRedemption': ({ state, caller, body }) => handleFinancialMessage(state, caller, body as FinancialMessageInput, redemptionAnswerRoute),
} satisfies Record<string, Handler>;
