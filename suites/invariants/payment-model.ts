/**
 * What the invariant model knows of the run's payments (semantics §11), and how it judges the messages
 * about them. A payment is in the tokenizer's DSA, in the OFI's own DSO or in the RFI's DSO. Its pacs.008
 * moves nothing; the RFI's SVC.001 ACTC moves exactly its amount once, when the ledger permits the
 * transfer at that moment (INV-PAYMENT-EXACT), and nothing when the RFI rejects it
 * (PAY-REJECT-NOTHING-MOVES). In the OFI's own DSO the acceptance mints the OFI's obligation into the
 * RFI's `emission` account (the payment is cleared); after the OFI's SVC.002 the RFI's pacs.004 gives
 * it back to its issuer, where it is burned (PAY-DSO-OBLIGATION). In the RFI's DSO the OFI pays back
 * what it holds of it, burned at once. Once value moved, the OFI may ask for it back (camt.056): the
 * RFI refunds exactly the amount with a pacs.004 (PAY-CANCEL-REFUND) or rejects the request with a
 * camt.029 RJCR, after which no refund is taken (PAY-CANCEL-REJECT). A pacs.004 without one of those
 * two causes is refused: the payment's value moved once already (INV-PAYMENT-EXACT). Pure.
 */
import type { PaymentStory } from '../../schemas/iso20022/message-builders.ts';
import { formatUnits, lastDigit } from '../runtime/money.ts';
import { forbidden, permitted, type LedgerModel, type Move, type Verdict } from './model.ts';
import type { PaymentRecord, PaymentState } from './records.ts';
import { dsaHolding, dsoHolding, type AssetRef, type MakerRole } from './universe.ts';

/** Why a pacs.004 may return the payment: a refund answering the OFI's camt.056, or the OFI's paid obligation. */
export type ReturnPurpose = 'refund' | 'obligation';

/** Value moved and may move back: a cancellation applies (semantics §11). */
export function moved(payment: PaymentRecord): boolean {
  return payment.state === 'cleared' || payment.state === 'settled';
}

/** The OFI may still say it paid the obligation off the service (once, for a cleared payment). */
export function noticeDue(payment: PaymentRecord): boolean {
  return payment.state === 'cleared' && !payment.obligationPaid;
}

/** The OFI may ask for the payment back: its value moved, and no request of it is open. */
export function cancellable(payment: PaymentRecord): boolean {
  return moved(payment) && !payment.cancellationRequested;
}

/** The RFI may reject the open cancellation request. */
export function cancellationOpen(payment: PaymentRecord): boolean {
  return moved(payment) && payment.cancellationRequested;
}

/** Why a pacs.004 may return the payment now; undefined when nothing calls for it. */
export function returnPurpose(payment: PaymentRecord): ReturnPurpose | undefined {
  if (cancellationOpen(payment)) return 'refund';
  return payment.state === 'cleared' && payment.obligationPaid ? 'obligation' : undefined;
}

/** Whether the payment is in the OFI's own DSO: its acceptance clears it, leaving an obligation. */
export function inOwnDso(payment: Pick<PaymentRecord, 'ofi' | 'asset'>): boolean {
  return payment.asset.issuerRole === payment.ofi;
}

/** The rule that makes a valid message about the payment due, and its transfers exact. */
function paymentRule(payment: Pick<PaymentRecord, 'ofi' | 'asset'>): string {
  if (payment.asset.group === 'DSA') return 'PAY-SETTLE';
  return inOwnDso(payment) ? 'PAY-DSO-OBLIGATION' : 'INV-PAYMENT-EXACT';
}

/**
 * Where `role`'s `account` keeps the asset: its holding in the universe, or undefined for the issuer's
 * own `emission` account, which mints what it pays and burns what it is paid. The commands name the
 * universe's accounts: a DSA on an operating account, a DSO on `emission`.
 */
function holdingOf(model: LedgerModel, role: MakerRole, account: string, asset: AssetRef): string | undefined {
  if (asset.issuerRole === role) return undefined;
  return (asset.group === 'DSO' ? dsoHolding(model.universe, role) : dsaHolding(model.universe, role, account, asset)!)
    .key;
}

/** Whether the OFI may send a payment to the other maker: only while they list each other (semantics §6). */
export function paymentVerdict(model: LedgerModel, payment: Pick<PaymentRecord, 'ofi' | 'rfi' | 'asset'>): Verdict {
  return model.mutual(payment.ofi, payment.rfi)
    ? permitted(paymentRule(payment))
    : forbidden(`${payment.ofi} and ${payment.rfi} do not list each other`, 'INV-PAYMENT-EXACT');
}

/**
 * The RFI's SVC.001 about `payment`: accepted once, while the two list each other. An accepting one
 * then moves the amount from the OFI's settlement account to the RFI's `creditAccount` when the ledger
 * permits it (`moves`), and nothing otherwise; a rejecting one moves nothing.
 */
export function complianceVerdict(
  model: LedgerModel,
  payment: PaymentRecord,
  status: 'ACTC' | 'RJCT',
  creditAccount: string,
): { verdict: Verdict; settlement: { verdict: Verdict; moves: Move[] } } {
  const nothing = (verdict: Verdict) => ({ verdict, settlement: { verdict, moves: [] } });
  if (payment.state !== 'awaiting')
    return nothing(forbidden(`payment ${payment.story.instruction} was answered already`, 'INV-PAYMENT-EXACT'));
  if (!model.mutual(payment.ofi, payment.rfi))
    return nothing(forbidden(`${payment.ofi} and ${payment.rfi} no longer list each other`, 'INV-PAYMENT-EXACT'));
  if (status === 'RJCT') return nothing(permitted('PAY-REJECT-NOTHING-MOVES'));
  const transfer = {
    from: holdingOf(model, payment.ofi, payment.account, payment.asset),
    to: holdingOf(model, payment.rfi, creditAccount, payment.asset),
    units: payment.units,
  };
  const settlement = model.transfersVerdict([transfer], {
    part: 'transfer',
    shortfall: 'INV-PAYMENT-EXACT',
    permittedAs: paymentRule(payment),
  });
  return { verdict: permitted(paymentRule(payment)), settlement };
}

/** What an accepted ACTC made of the payment, once the ledger did (`settles`) or did not move it. */
export function answeredState(payment: PaymentRecord, status: 'ACTC' | 'RJCT', settles: boolean): PaymentState {
  if (status === 'RJCT') return 'rejected';
  if (!settles) return 'failed';
  return inOwnDso(payment) ? 'cleared' : 'settled';
}

/**
 * A message about the payment that moves nothing (SVC.002, camt.056, camt.029 RJCR): due when `due`
 * holds and the two list each other, failing under `rule` when refused. Otherwise the model does not
 * decide: no requirement of the catalogue says which status refuses it, and accepting it moves nothing;
 * the model keeps the payment as the rules have it, so that a return it would wrongly enable is judged.
 */
export function noticeVerdict(
  model: LedgerModel,
  payment: PaymentRecord,
  due: (payment: PaymentRecord) => boolean,
  rule: string,
): Verdict | undefined {
  return due(payment) && model.mutual(payment.ofi, payment.rfi) ? permitted(rule) : undefined;
}

/**
 * The RFI's pacs.004 returning `units` of the payment from its `account`: only while the two list each
 * other, for a cause (`returnPurpose`), of exactly the payment's amount, and when the ledger permits the
 * transfer back to the OFI's settlement account (in the OFI's DSO there it is burned; in the RFI's DSO
 * the RFI's `emission` mints it back).
 */
export function returnVerdict(
  model: LedgerModel,
  payment: PaymentRecord,
  account: string,
  units: bigint,
): { verdict: Verdict; moves: Move[] } {
  const refused = (reason: string, requirement: string) => ({ verdict: forbidden(reason, requirement), moves: [] });
  const { ofi, rfi, story } = payment;
  if (!model.mutual(ofi, rfi)) return refused(`${ofi} and ${rfi} no longer list each other`, 'INV-PAYMENT-EXACT');
  const purpose = returnPurpose(payment);
  if (!purpose) {
    const why = payment.cancellationRejected
      ? 'the RFI rejected its cancellation'
      : `the payment is ${payment.state}, with no open cancellation request and no paid obligation`;
    return refused(
      `nothing calls for returning payment ${story.instruction}: ${why}`,
      payment.cancellationRejected ? 'PAY-CANCEL-REJECT' : 'INV-PAYMENT-EXACT',
    );
  }
  const rule = purpose === 'refund' ? 'PAY-CANCEL-REFUND' : 'PAY-DSO-OBLIGATION';
  if (units !== payment.units)
    return refused(`it returns ${formatUnits(units)} of a payment of ${formatUnits(payment.units)}`, rule);
  const transfer = {
    from: holdingOf(model, rfi, account, payment.asset),
    to: holdingOf(model, ofi, payment.account, payment.asset),
    units,
  };
  return model.transfersVerdict([transfer], { part: 'transfer', shortfall: 'INV-PAYMENT-EXACT', permittedAs: rule });
}

/** Amounts of the messages: whole cents (a USD or NZD amount has at most 2 decimals in ISO 20022). */
export const UNITS_PER_CENT = lastDigit(2);

/** The ISO decimal of an amount of whole cents: `12.30`. */
export function isoAmount(units: bigint): string {
  return formatUnits(units).replace(/(\.\d\d)\d*$/, '$1');
}

/** An amount a cent off `units`, as a vendor's answer might state it: a cent less (a fee kept back), or a cent more for a single cent. */
export function otherAmount(units: bigint): bigint {
  return units > UNITS_PER_CENT ? units - UNITS_PER_CENT : units + UNITS_PER_CENT;
}
