import { quotationGone, requestEnded } from './expiry.ts';
import { involves, type Quotation, type QuotationRequest } from './quotation.ts';
import { quotationId } from './quotation-id.ts';
import { WAITING } from './state-machine.ts';

/**
 * Every quotation request and quotation of one simulator (`state.quotations`). Records are never
 * deleted: what has expired is only hidden, by asking expiry.ts with the time of each access.
 * Lookups hand out the live records; their state changes only through state-machine.ts.
 */
export class QuotationBook {
  private readonly requests = new Map<string, QuotationRequest>();
  /** In creation order, which is the order listings answer in. */
  private readonly quotations = new Map<string, Quotation>();
  private readonly byRequest = new Map<string, Quotation[]>();

  /** Records a request and one waiting quotation per seller. */
  open(request: QuotationRequest, sellers: readonly string[]): Quotation[] {
    const opened = sellers.map((seller): Quotation => ({ quotation_uuid: quotationId(request.request_uuid, seller), request, seller, state: WAITING }));
    this.requests.set(request.request_uuid, request);
    this.byRequest.set(request.request_uuid, opened);
    for (const quotation of opened) this.quotations.set(quotation.quotation_uuid, quotation);
    return opened;
  }

  /** The request, unless unknown or ended at `now`. */
  request(requestUuid: string, now: number): QuotationRequest | undefined {
    const request = this.requests.get(requestUuid);
    return request && !requestEnded(request, now) ? request : undefined;
  }

  /** The quotation, unless unknown or gone at `now`. */
  quotation(id: string, now: number): Quotation | undefined {
    const quotation = this.quotations.get(id);
    return quotation && !quotationGone(quotation, now) ? quotation : undefined;
  }

  /** The quotations of one request still there at `now`. */
  ofRequest(requestUuid: string, now: number): Quotation[] {
    return (this.byRequest.get(requestUuid) ?? []).filter((quotation) => !quotationGone(quotation, now));
  }

  /** The quotations `member` buys or sells that are still there at `now`. */
  involving(member: string, now: number): Quotation[] {
    return [...this.quotations.values()].filter((quotation) => involves(quotation, member) && !quotationGone(quotation, now));
  }
}
