/**
 * simulator/redemption/: redemption of DSA (semantics §11). A member asks the tokenizer that issued a
 * currency to take it back with a pacs.009 (request.ts); the tokenizer answers with a pacs.002 on its
 * own interface (answer.ts): accepted, the amount leaves the member's account for the tokenizer's
 * `emission` account and is burned; rejected, nothing moves. Routing, reading and the common checks
 * are the payments pipeline's (payments/message-pipeline.ts).
 */
import type { SettlementTerms } from '../iso20022/settlement.ts';
import type { Member } from '../members/registry.ts';
import type { OriginalReference } from '../payments/payment.ts';
import { FinishedFirst } from '../retention/finished-first.ts';
import { defaultRetention, type DroppedCounts } from '../retention/retention.ts';

/** `requested` until the tokenizer answers; then `redeemed` (burned) or `rejected` (nothing moved). */
export type RedemptionStatus = 'requested' | 'redeemed' | 'rejected';

/** One transaction of a pacs.009. */
export interface Redemption {
  member: Member;
  tokenizer: Member;
  reference: OriginalReference;
  terms: SettlementTerms;
  status: RedemptionStatus;
}

/**
 * Every redemption, found by its member, its pacs.009's MsgId and its InstrId. Bounded (retention
 * `redemptions`): past it the one answered earliest (redeemed or rejected) is dropped; one still
 * `requested` stays. A tokenizer's answer about a dropped redemption is refused as naming no known
 * redemption.
 */
export class RedemptionBook {
  private readonly byKey: FinishedFirst<Redemption>;

  constructor(limit: number = defaultRetention.redemptions, dropped?: DroppedCounts) {
    this.byKey = new FinishedFirst('redemptions', limit, dropped);
  }

  add(redemption: Redemption): void {
    this.byKey.set(keyOf(redemption), redemption);
  }

  /** The latest `count` redemptions, newest first (the dashboard's listing). */
  newest(count: number): Redemption[] {
    return this.byKey.newest(count);
  }

  find(member: string, messageIdentification: string, instructionIdentification: string): Redemption | undefined {
    return this.byKey.get(redemptionKey(member, messageIdentification, instructionIdentification));
  }

  /** The tokenizer answered: the redemption is `redeemed` or `rejected`, and history from now on. */
  answered(redemption: Redemption, status: Exclude<RedemptionStatus, 'requested'>): void {
    redemption.status = status;
    this.byKey.finish(keyOf(redemption));
  }
}

function keyOf(redemption: Redemption): string {
  const { messageIdentification, identification } = redemption.reference;
  return redemptionKey(
    redemption.member.identification,
    messageIdentification,
    identification.instructionIdentification ?? '',
  );
}

function redemptionKey(member: string, messageIdentification: string, instructionIdentification: string): string {
  return JSON.stringify([member, messageIdentification, instructionIdentification]);
}
