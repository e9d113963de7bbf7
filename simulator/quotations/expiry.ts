import type { QuotationRequest, Quotation } from './quotation.ts';
import { UPDATED, WAITING } from './state-machine.ts';

/**
 * When requests and quotations are gone (semantics §7). Nothing runs on a timer: every access asks
 * these functions with the clock's current time, so moving the simulator clock expires things at once
 * and a request that nobody reads costs nothing.
 */

/** A request is gone from the instant `time_end_request_quotation` is reached. */
export function requestEnded(request: QuotationRequest, now: number): boolean {
  return now >= request.requestQuotation.time_end_request_quotation;
}

/**
 * An unanswered quotation goes with its request; an answered one (10) lives until its own `end_time`,
 * even past the request's end. Exchanged, failed and cancelled quotations stay readable for good.
 */
export function quotationGone(quotation: Quotation, now: number): boolean {
  if (quotation.state === WAITING) return requestEnded(quotation.request, now);
  if (quotation.state === UPDATED) return quotation.answer !== undefined && now >= quotation.answer.info.end_time;
  return false;
}
