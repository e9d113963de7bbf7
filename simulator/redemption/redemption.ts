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

/** Every redemption, found by its member, its pacs.009's MsgId and its InstrId. */
export class RedemptionBook {
  private readonly byKey = new Map<string, Redemption>();
  /** In the order they were requested, for `newest`. */
  private readonly inOrder: Redemption[] = [];

  add(redemption: Redemption): void {
    this.inOrder.push(redemption);
    const { messageIdentification, identification } = redemption.reference;
    this.byKey.set(redemptionKey(redemption.member.identification, messageIdentification, identification.instructionIdentification ?? ''), redemption);
  }

  /** The latest `count` redemptions, newest first (the dashboard's listing). */
  newest(count: number): Redemption[] {
    return this.inOrder.slice(-count).reverse();
  }

  find(member: string, messageIdentification: string, instructionIdentification: string): Redemption | undefined {
    return this.byKey.get(redemptionKey(member, messageIdentification, instructionIdentification));
  }
}

function redemptionKey(member: string, messageIdentification: string, instructionIdentification: string): string {
  return JSON.stringify([member, messageIdentification, instructionIdentification]);
}
