/**
 * What the invariant model knows of the run's redemptions (semantics §11), and how it judges the
 * messages about them: a pacs.009 burns nothing; the tokenizer's acceptance (ACSC or ACCP) stating the
 * pacs.009's amount burns exactly it once, when the member's account still holds it
 * (INV-REDEMPTION-BURNS), and an acceptance stating another amount, or none, is refused
 * (RED-AMOUNT-MATCH); a rejection moves nothing (RED-REJECT). Pure.
 */
import type { RedemptionStory } from '../../schemas/iso20022/message-builders.ts';
import { forbidden, permitted, type LedgerModel, type Move, type Verdict } from './model.ts';
import type { RedemptionRecord } from './records.ts';
import { dsaHolding, type MakerRole } from './universe.ts';

/** The tokenizer's answer: ACSC (settled) and ACCP (accepted for settlement) both burn; RJCT does not. */
export type RedemptionStatus = 'ACSC' | 'ACCP' | 'RJCT';

/** The amount an acceptance states (OrgnlTxRef/IntrBkSttlmAmt): the pacs.009's, another one, or none. */
export type StatedAmount = 'same' | 'other' | 'none';

/**
 * A member's pacs.009: refused unless it and the tokenizer list each other; taken when its account holds
 * the amount now (semantics §11). undefined: the model does not decide (an amount above the balance,
 * which the reference refuses on a rule of its own), and the run follows the target.
 */
export function redemptionRequestVerdict(
  model: LedgerModel,
  member: MakerRole,
  account: string,
  units: bigint,
): Verdict | undefined {
  if (!model.mutual(member, 'tokenizer'))
    return forbidden(`${member} and the tokenizer do not list each other`, 'INV-REDEMPTION-BURNS');
  const held = model.balance(dsaHolding(model.universe, member, account)!.key);
  return held >= units ? permitted('RED-BURN') : undefined;
}

/**
 * The tokenizer's answer to `redemption`: once only (a second is refused); an acceptance must state the
 * redemption's amount, and then burns it when the member's account can send it now (allowed line, the
 * balance), and is refused otherwise, the redemption staying open; a rejection moves nothing.
 */
export function redemptionAnswerVerdict(
  model: LedgerModel,
  redemption: RedemptionRecord,
  status: RedemptionStatus,
  stated: StatedAmount = 'same',
): { verdict: Verdict; moves: Move[] } {
  const refused = (reason: string, requirement: string) => ({ verdict: forbidden(reason, requirement), moves: [] });
  if (redemption.answered)
    return refused(`redemption ${redemption.story.instruction} was answered already`, 'RED-BURN');
  if (!model.mutual(redemption.member, 'tokenizer'))
    return refused(`${redemption.member} and the tokenizer no longer list each other`, 'INV-REDEMPTION-BURNS');
  if (status === 'RJCT') return { verdict: permitted('RED-REJECT'), moves: [] };
  if (stated !== 'same')
    return refused(
      `the acceptance states ${stated === 'none' ? 'no amount' : 'another amount'}, not the ${redemption.story.amount} ${redemption.story.currency} the pacs.009 redeems`,
      'RED-AMOUNT-MATCH',
    );
  const from = dsaHolding(model.universe, redemption.member, redemption.account)!.key;
  return model.transfersVerdict([{ from, units: redemption.units }], {
    part: 'burn',
    shortfall: 'INV-REDEMPTION-BURNS',
    permittedAs: 'RED-BURN',
  });
}
