/**
 * What the invariant model knows of the run's DSA payments and redemptions (semantics §11), and how it
 * judges the messages about them: a payment moves nothing until the RFI accepts it, then exactly its
 * amount once, when the ledger permits it at that moment (INV-PAYMENT-EXACT), and nothing when the RFI
 * rejects it (PAY-REJECT-NOTHING-MOVES); a redemption burns nothing until the tokenizer accepts it, then
 * exactly its amount once, when the member's account still holds it (INV-REDEMPTION-BURNS). Pure.
 */
import type { PaymentStory, RedemptionStory } from '../../schemas/iso20022/message-builders.ts';
import { formatUnits } from './money.ts';
import { forbidden, permitted, type LedgerModel, type Move, type Verdict } from './model.ts';
import { dsaHolding, type MakerRole } from './universe.ts';

/** One transaction of a pacs.008 the target accepted. */
export interface PaymentRecord {
  ofi: MakerRole;
  rfi: MakerRole;
  story: PaymentStory;
  units: bigint;
  /** The OFI's settlement account (SttlmAcct), debited when the payment settles. */
  account: string;
  /** The RFI answered it with an SVC.001 the target accepted: it is over, whatever happened to its value. */
  answered: boolean;
}

/** One transaction of a pacs.009 the target accepted. */
export interface RedemptionRecord {
  member: MakerRole;
  story: RedemptionStory;
  units: bigint;
  /** The member's settlement account (SttlmAcct), whose balance is burned. */
  account: string;
  /** The tokenizer's answer was accepted (ACSC burned it, RJCT closed it). */
  answered: boolean;
}

/** Whether the OFI may send a payment to the other maker: only while they list each other (semantics §6). */
export function paymentVerdict(model: LedgerModel, ofi: MakerRole, rfi: MakerRole): Verdict {
  return model.mutual(ofi, rfi) ? permitted('PAY-SETTLE') : forbidden(`${ofi} and ${rfi} do not list each other`, 'INV-PAYMENT-EXACT');
}

/**
 * The RFI's SVC.001 about `payment`: accepted once, while the two list each other. An accepting one
 * then moves the amount from the OFI's settlement account to the RFI's `creditAccount` when the ledger
 * permits it (`moves`), and nothing otherwise; a rejecting one moves nothing.
 */
export function complianceVerdict(model: LedgerModel, payment: PaymentRecord, status: 'ACTC' | 'RJCT', creditAccount: string): { verdict: Verdict; settlement: { verdict: Verdict; moves: Move[] } } {
  const nothing = (verdict: Verdict) => ({ verdict, settlement: { verdict, moves: [] } });
  if (payment.answered) return nothing(forbidden(`payment ${payment.story.instruction} was answered already`, 'INV-PAYMENT-EXACT'));
  if (!model.mutual(payment.ofi, payment.rfi)) return nothing(forbidden(`${payment.ofi} and ${payment.rfi} no longer list each other`, 'INV-PAYMENT-EXACT'));
  if (status === 'RJCT') return nothing(permitted('PAY-REJECT-NOTHING-MOVES'));
  const holding = (role: MakerRole, account: string) => dsaHolding(model.universe, role, account)!.key; // the commands pick accounts of the universe
  const settlement = model.transfersVerdict([{ from: holding(payment.ofi, payment.account), to: holding(payment.rfi, creditAccount), units: payment.units }], {
    part: 'transfer',
    shortfall: 'INV-PAYMENT-EXACT',
    permittedAs: 'PAY-SETTLE',
  });
  return { verdict: permitted('PAY-SETTLE'), settlement };
}

/**
 * A member's pacs.009: refused unless it and the tokenizer list each other; taken when its account holds
 * the amount now (semantics §11). undefined: the model does not decide (an amount above the balance,
 * which the reference refuses on a rule of its own), and the run follows the target.
 */
export function redemptionRequestVerdict(model: LedgerModel, member: MakerRole, account: string, units: bigint): Verdict | undefined {
  if (!model.mutual(member, 'tokenizer')) return forbidden(`${member} and the tokenizer do not list each other`, 'INV-REDEMPTION-BURNS');
  const held = model.balance(dsaHolding(model.universe, member, account)!.key);
  return held >= units ? permitted('RED-BURN') : undefined;
}

/**
 * The tokenizer's answer to `redemption`: once only (a second is refused); an acceptance burns the
 * amount when the member's account can send it now (allowed line, the balance), and is refused
 * otherwise, the redemption staying open; a rejection moves nothing.
 */
export function redemptionAnswerVerdict(model: LedgerModel, redemption: RedemptionRecord, status: 'ACSC' | 'RJCT'): { verdict: Verdict; moves: Move[] } {
  if (redemption.answered) return { verdict: forbidden(`redemption ${redemption.story.instruction} was answered already`, 'RED-BURN'), moves: [] };
  if (!model.mutual(redemption.member, 'tokenizer')) return { verdict: forbidden(`${redemption.member} and the tokenizer no longer list each other`, 'INV-REDEMPTION-BURNS'), moves: [] };
  if (status === 'RJCT') return { verdict: permitted('RED-REJECT'), moves: [] };
  const from = dsaHolding(model.universe, redemption.member, redemption.account)!.key;
  return model.transfersVerdict([{ from, units: redemption.units }], { part: 'burn', shortfall: 'INV-REDEMPTION-BURNS', permittedAs: 'RED-BURN' });
}

/** Amounts in the DSA's currency: whole cents (a USD amount has at most 2 decimals in ISO 20022). */
export const UNITS_PER_CENT = 100_000n;

/** The ISO decimal of an amount of whole cents: `12.30`. */
export function isoAmount(units: bigint): string {
  return formatUnits(units).replace(/(\.\d\d)\d*$/, '$1');
}
