import type { PaymentStory, RedemptionStory } from '../../schemas/iso20022/message-builders.ts';
import type { ExchangeObject } from '../flows/exchange.ts';
import type { QuotationInfo, RequestQuotation } from '../flows/quotations.ts';
import type { AssetRef, MakerRole } from './universe.ts';

/**
 * What the invariant model remembers of each quotation, payment and redemption of the run: the records
 * the ledger model (model.ts) keeps and the sub-models (exchange-, payment-, redemption-model.ts) judge
 * with it. Apart from both, so that the model and its sub-models do not import each other.
 */

/** The quotation's state codes 1, 10, 21, 80 and 90 (20 is never seen between two calls). */
export type QuotationStage = 'waiting' | 'answered' | 'completed' | 'failed' | 'cancelled';

export interface QuotationRecord {
  uuid: string;
  buyer: MakerRole;
  seller: MakerRole;
  /** The request as the buyer sent it (the seller's answer echoes it). */
  request: RequestQuotation;
  /** The target's time when it took the request: where the seller's validity window starts. */
  requestTimestamp: number;
  stage: QuotationStage;
  /** The seller's terms the target holds: the last answer it accepted. */
  info?: QuotationInfo;
  /** An exchange of it was answered Success or Rejected: no exchange of it may settle again (EXC-ONCE). */
  exchanged: boolean;
  /** The signed exchange that completed it, to send again. */
  settledWith?: ExchangeObject;
}

/**
 * Where a payment is (the reference's statuses): `awaiting` its SVC.001; `rejected` by it, or `failed`
 * because the ledger refused the transfer it asked for; `cleared` in the OFI's DSO (an obligation
 * outstanding); `settled`; `returned` by a refund.
 */
export type PaymentState = 'awaiting' | 'rejected' | 'failed' | 'cleared' | 'settled' | 'returned';

/** One transaction of a pacs.008 the target accepted. */
export interface PaymentRecord {
  ofi: MakerRole;
  rfi: MakerRole;
  story: PaymentStory;
  units: bigint;
  /** The instrument: the tokenizer's DSA, or either maker's DSO. */
  asset: AssetRef;
  /** The OFI's settlement account (SttlmAcct): debited when the payment settles, credited by a return. */
  account: string;
  state: PaymentState;
  /** The OFI's camt.056 waits for the RFI's answer. */
  cancellationRequested: boolean;
  /** The RFI rejected a cancellation (camt.029 RJCR) and none was asked since: a refund must be refused. */
  cancellationRejected: boolean;
  /** The OFI said with SVC.002 that it paid the obligation off the service. */
  obligationPaid: boolean;
}

/** One transaction of a pacs.009 the target accepted. */
export interface RedemptionRecord {
  member: MakerRole;
  story: RedemptionStory;
  units: bigint;
  /** The member's settlement account (SttlmAcct), whose balance is burned. */
  account: string;
  /** The tokenizer's answer was accepted (an acceptance burned it, RJCT closed it). */
  answered: boolean;
}
