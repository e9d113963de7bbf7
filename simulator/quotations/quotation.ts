import type { RequestQuotationState } from '../../schemas/enumerations.ts';
import type { QuotationInfo, QuotationState, RequestQuotation } from '../../schemas/wire.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import { ownBytes } from '../retention/own.ts';

/** A buyer's quotation request as the service keeps it. */
export interface QuotationRequest {
  request_uuid: string;
  request_timestamp: number;
  /** The spec's fields of the request as the buyer sent them; sellers must echo exactly this. */
  requestQuotation: RequestQuotation;
  buyer: string;
  base: AssetRef;
  quoted: AssetRef;
}

/** A seller's latest answer: what it signed, byte for byte, so the signature can be checked again. */
export interface QuotationAnswer {
  readonly info: QuotationInfo;
  readonly payload: Buffer;
  readonly signature: Buffer;
  readonly answered_at: number;
}

/**
 * The address each answer's signature was verified with when the seller gave it. An answer is frozen
 * once verified and account keys never change, so an exchange need not verify the same bytes again
 * (about 80 µs); any other answer object is verified at exchange as before.
 */
const verifiedAnswers = new WeakMap<QuotationAnswer, string>();

/** The answer as kept: frozen, its bytes copied out of Node's shared 8 KiB pool (a kept slice pins a whole slab), verified with `address`. */
export function verifiedAnswer(answer: QuotationAnswer, address: string): QuotationAnswer {
  // A literal, not a spread: V8 gives each object a spread makes in optimized code a hidden class of its own
  // (about 300 bytes more per kept answer; ledger.test.ts shows it on the ledger's records).
  const kept = Object.freeze({
    info: answer.info,
    payload: ownBytes(answer.payload),
    signature: ownBytes(answer.signature),
    answered_at: answer.answered_at,
  });
  verifiedAnswers.set(kept, address);
  return kept;
}

/** The address `answer`'s signature was verified with, if it was. */
export function verifiedWith(answer: QuotationAnswer): string | undefined {
  return verifiedAnswers.get(answer);
}

export interface Quotation {
  /** `<request_uuid>-<seller>`. */
  readonly quotation_uuid: string;
  readonly request: QuotationRequest;
  readonly seller: string;
  state: RequestQuotationState;
  /** Set by the first answer and replaced by each re-quote; kept after cancellation and exchange. */
  answer?: QuotationAnswer;
}

/** The spec's quotationState as the simulator answers it: always with its request, at most one answer. */
export interface QuotationStateView extends QuotationState {
  request_quotation_time: number;
  request_uuid: string;
  response_data?: [QuotationInfo];
}

/** The two members of a quotation are the only ones who may see it (semantics §7). */
export function involves(quotation: Quotation, member: string): boolean {
  return quotation.request.buyer === member || quotation.seller === member;
}

export function quotationState(quotation: Quotation): QuotationStateView {
  const { request, answer } = quotation;
  return {
    quotation_uuid: quotation.quotation_uuid,
    request_quotation_state: quotation.state,
    request_quotation_time: request.request_timestamp,
    request_uuid: request.request_uuid,
    seller_member_identification: quotation.seller,
    ...(answer ? { response_data: [answer.info], response_quotation_time: answer.answered_at } : {}),
  };
}
