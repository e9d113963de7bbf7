import type { QuotationParameters, RequestQuotation } from '../../schemas/wire.ts';
import { exchange } from '../exchange/exchange.ts';
import type { Handlers } from '../http/call.ts';
import { answerQuotation } from '../quotations/answer.ts';
import { cancelQuotation, cancelQuotations } from '../quotations/cancellation.ts';
import { findQuotations, readQuotation, readQuotationsOfRequest } from '../quotations/reading.ts';
import { requestQuotations } from '../quotations/request.ts';

/**
 * Member interface: quotations and the DvP exchange. Bodies and paths were validated against the
 * catalogue before these run, which is what makes the casts safe.
 */
export const memberExchangeHandlers = {
  'member.requestQuotations': ({ state, caller, body }) => requestQuotations(state, caller, body as RequestQuotation),

  'member.answerQuotation': ({ state, caller, path, body }) => {
    answerQuotation(state, caller, path.quotation_uuid, body);
    return undefined;
  },

  'member.getQuotation': ({ state, caller, path }) => readQuotation(state, caller, path.quotation_uuid),

  'member.getQuotationsOfRequest': ({ state, caller, path }) =>
    readQuotationsOfRequest(state, caller, path.request_uuid),

  'member.findQuotations': ({ state, caller, body }) => findQuotations(state, caller, body),

  'member.searchQuotations': ({ state, caller, body }) => findQuotations(state, caller, body),

  'member.cancelQuotation': ({ state, caller, path }) => {
    cancelQuotation(state, caller, path.quotation_uuid);
    return undefined;
  },

  'member.cancelQuotations': ({ state, caller, body }) => {
    cancelQuotations(state, caller, body as QuotationParameters);
    return undefined;
  },

  'member.exchange': ({ state, caller, body }) => exchange(state, caller, body),
} satisfies Partial<Handlers<'member'>>;
