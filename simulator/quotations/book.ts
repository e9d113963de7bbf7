import { quotationGone, requestEnded } from './expiry.ts';
import { defaultRetention, DroppedCounts } from '../retention/retention.ts';
import type { Quotation, QuotationRequest } from './quotation.ts';
import { quotationId } from './quotation-id.ts';
import { FINAL_STATES, WAITING } from './state-machine.ts';

/** How far from the oldest quotation the book looks for a finished one to drop before it drops the oldest. */
const DROP_SEARCH = 1000;
/** How many of the latest opened quotations `newest` looks among (kept between this and twice this). */
const RECENT_KEPT = 500;

/**
 * The quotation requests and quotations of one simulator (`state.quotations`). What has expired is
 * hidden, by asking expiry.ts with the time of each access. The book is bounded (retention
 * `quotations`): past the bound it drops the oldest quotation that is finished (exchanged, failed,
 * cancelled) or gone (expired), looking among the `DROP_SEARCH` oldest, or else the oldest of all; a
 * request goes with its last quotation. A dropped quotation is unknown: 404 (400 where the endpoint
 * lists no 404), as one that never existed. Lookups hand out the live records; their state changes
 * only through state-machine.ts.
 */
export class QuotationBook {
  private readonly requests = new Map<string, QuotationRequest>();
  /** In creation order, which is the order listings answer in. */
  private readonly quotations = new Map<string, Quotation>();
  private readonly byRequest = new Map<string, Quotation[]>();
  /** Per member, as buyer or seller, in creation order: a member's listing never scans the others'. */
  private readonly byMember = new Map<string, Set<Quotation>>();
  /** The latest opened quotations, oldest first: `newest` answers from these without reading the book. */
  private readonly recent: Quotation[] = [];

  constructor(
    private readonly limit: number = defaultRetention.quotations,
    private readonly dropped: DroppedCounts = new DroppedCounts(),
  ) {}

  /** Records a request and one waiting quotation per seller. */
  open(request: QuotationRequest, sellers: readonly string[]): Quotation[] {
    const opened = sellers.map((seller): Quotation => ({
      quotation_uuid: quotationId(request.request_uuid, seller),
      request,
      seller,
      state: WAITING,
    }));
    this.requests.set(request.request_uuid, request);
    this.byRequest.set(request.request_uuid, opened);
    this.recent.push(...opened);
    // Trimmed in batches, so that opening a quotation does not shift the array each time.
    if (this.recent.length > 2 * RECENT_KEPT) this.recent.splice(0, this.recent.length - RECENT_KEPT);
    for (const quotation of opened) {
      this.quotations.set(quotation.quotation_uuid, quotation);
      for (const member of [request.buyer, quotation.seller]) {
        let involved = this.byMember.get(member);
        if (!involved) this.byMember.set(member, (involved = new Set()));
        involved.add(quotation);
      }
    }
    // The request was made now: its timestamp is the clock's time.
    while (this.quotations.size > this.limit) this.drop(this.dropCandidate(request.request_timestamp));
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

  /** The quotation, when it is known but gone at `now` (expired, not yet dropped). */
  expired(id: string, now: number): Quotation | undefined {
    const quotation = this.quotations.get(id);
    return quotation && quotationGone(quotation, now) ? quotation : undefined;
  }

  /** The quotations of one request still there at `now`. */
  ofRequest(requestUuid: string, now: number): Quotation[] {
    return (this.byRequest.get(requestUuid) ?? []).filter((quotation) => !quotationGone(quotation, now));
  }

  /** The quotations `member` buys or sells that are still there at `now`. */
  involving(member: string, now: number): Quotation[] {
    return [...(this.byMember.get(member) ?? [])].filter((quotation) => !quotationGone(quotation, now));
  }

  /**
   * The newest quotations still there at `now`, newest first: at most `count`, among the latest
   * RECENT_KEPT opened. Its cost does not grow with the book, so the dashboard can ask on every update.
   */
  newest(count: number, now: number): Quotation[] {
    const found: Quotation[] = [];
    for (let index = this.recent.length - 1; index >= 0 && found.length < count; index -= 1) {
      const quotation = this.recent[index]!;
      if (this.quotations.get(quotation.quotation_uuid) === quotation && !quotationGone(quotation, now))
        found.push(quotation);
    }
    return found;
  }

  get size(): number {
    return this.quotations.size;
  }

  private dropCandidate(now: number): Quotation {
    let searched = 0;
    let oldest: Quotation | undefined;
    for (const quotation of this.quotations.values()) {
      oldest ??= quotation;
      if (FINAL_STATES.has(quotation.state) || quotationGone(quotation, now)) return quotation;
      if (++searched >= DROP_SEARCH) break;
    }
    return oldest!;
  }

  private drop(quotation: Quotation): void {
    const { request } = quotation;
    this.quotations.delete(quotation.quotation_uuid);
    for (const member of [request.buyer, quotation.seller]) {
      const involved = this.byMember.get(member);
      involved?.delete(quotation);
      if (involved?.size === 0) this.byMember.delete(member);
    }
    const siblings = (this.byRequest.get(request.request_uuid) ?? []).filter((sibling) => sibling !== quotation);
    if (siblings.length > 0) this.byRequest.set(request.request_uuid, siblings);
    else {
      this.byRequest.delete(request.request_uuid);
      this.requests.delete(request.request_uuid);
    }
    this.dropped.add('quotations');
  }
}
