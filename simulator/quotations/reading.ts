import type { QuotationParameters } from '../../schemas/wire.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import type { SimState } from '../state.ts';
import { matchesParameters } from './filters.ts';
import { involves, quotationState, type Quotation, type QuotationStateView } from './quotation.ts';
import { requireQuotationId } from './quotation-id.ts';

/**
 * Reading quotations (semantics §7). A quotation is visible to its buyer and its seller only; to
 * anyone else it does not exist (404, never 401 or 403, so that ids reveal nothing). Expired ones are
 * gone for everybody.
 */

/** The live quotation `id` if the caller may see it; 400 for a malformed id, 404 otherwise. */
export function visibleQuotation(state: SimState, caller: Principal, id: string): Quotation {
  requireQuotationId(id);
  const quotation = state.quotations.quotation(id, state.clock.now());
  if (!quotation || !involves(quotation, caller.member.identification))
    throw notFound(`No quotation ${id} is visible to ${caller.member.identification}.`);
  return quotation;
}

/** `GET /exchange/quotations/{quotation_uuid}`. */
export function readQuotation(state: SimState, caller: Principal, id: string): QuotationStateView {
  return quotationState(visibleQuotation(state, caller, id));
}

/** `GET /exchange/quotations/request/{request_uuid}`: for the buyer only, while the request is open. */
export function readQuotationsOfRequest(state: SimState, caller: Principal, requestUuid: string): QuotationStateView[] {
  const now = state.clock.now();
  const request = state.quotations.request(requestUuid, now);
  if (!request || request.buyer !== caller.member.identification) {
    throw notFound(`No open quotation request ${requestUuid} of ${caller.member.identification}.`);
  }
  return state.quotations.ofRequest(requestUuid, now).map(quotationState);
}

/** `GET` and `POST /exchange/quotations`: the caller's quotations (as buyer or seller) that match. */
export function findQuotations(
  state: SimState,
  caller: Principal,
  parameters: QuotationParameters = {},
): QuotationStateView[] {
  return matchingQuotations(state, caller, parameters).map(quotationState);
}

export function matchingQuotations(state: SimState, caller: Principal, parameters: QuotationParameters): Quotation[] {
  return state.quotations
    .involving(caller.member.identification, state.clock.now())
    .filter((quotation) => matchesParameters(quotation, parameters));
}

function notFound(detail: string): DssError {
  return new DssError('QUOTATION-NOT-FOUND', detail);
}
