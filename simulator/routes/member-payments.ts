import { answerCharge } from '../charges/answer.ts';
import { requestCharge } from '../charges/request.ts';
import type { Handlers } from '../http/call.ts';
import { handleFinancialMessage, type FinancialMessageInput } from '../payments/message-pipeline.ts';
import { redeemRoute, replyRoute, sendRoute } from '../payments/message-routes.ts';
import { findTransactions } from '../transactions/query.ts';

/**
 * Member interface: payments and their ISO 20022 messages, redemption requests, charges and the
 * transactions query (semantics §10-§12). Bodies and queries were validated against the catalogue
 * before these run, which is what makes their types (QueryOf, BodyOf) and the casts of the message
 * bodies (a request form BodyOf leaves unknown) safe.
 */
export const memberPaymentHandlers = {
  'member.sendPayment': ({ state, caller, body }) =>
    handleFinancialMessage(state, caller, body as FinancialMessageInput, sendRoute),

  'member.replyPayment': ({ state, caller, body }) =>
    handleFinancialMessage(state, caller, body as FinancialMessageInput, replyRoute),

  'member.redeem': ({ state, caller, body }) =>
    handleFinancialMessage(state, caller, body as FinancialMessageInput, redeemRoute),

  'member.requestCharge': ({ state, caller, path, body }) => {
    requestCharge(state, caller, path.member_identification, body);
    return undefined;
  },

  'member.answerCharge': ({ state, caller, path, body }) => {
    answerCharge(state, caller, path.member_identification, body);
    return undefined;
  },

  'member.listTransactions': ({ state, caller, query }) => findTransactions(state, caller, query),
} satisfies Partial<Handlers<'member'>>;
