import type { ErrorCode } from '../../schemas/error-codes.ts';
import type { SettlementTerms } from '../iso20022/settlement.ts';
import type { LedgerFailure, LedgerTransaction, Operation } from '../ledger/ledger.ts';
import { defaultDsoAccount } from '../credit-lines/dso-holding-account.ts';
import { DEFAULT_OPERATING_ACCOUNT, EMISSION } from '../members/registry.ts';
import type { SimState } from '../state.ts';
import type { Report } from './deliveries.ts';
import { reportSubject, type Payment } from './payment.ts';
import { paymentReasons, refusalReason, type Problem } from './problems.ts';

/** The status of a payment whose value has just moved to the RFI. */
function settledStatus(payment: Payment): 'cleared' | 'settled' {
  // Only an OFI's own DSO leaves an obligation outstanding: a DSO of the RFI comes home to its
  // issuer's emission account and is burned, which pays the RFI at once.
  return payment.terms.method === 'DSO' && payment.terms.issuer === payment.ofi.identification ? 'cleared' : 'settled';
}

/**
 * Settles an accepted payment at once (semantics §11): ONE ledger transaction moving the interbank
 * settlement amount, in the payment's instrument, from the OFI's settlement account to the RFI's
 * account (SVC.001 CdtAcct; by default `main`, or for a DSO its issuer's `emission` or the RFI's holding
 * account, credit-lines/dso-holding-account.ts). The OFI gets a pacs.002 ACSC,
 * or, when the ledger refuses the transfer, a RJCT with the ledger's reason and nothing moves: the
 * payment has failed, though the SVC.001 that asked for it was itself a valid message.
 */
export function settlePayment(
  state: SimState,
  payment: Payment,
  creditAccount = defaultCreditAccount(state, payment),
): Report {
  const { terms, ofi, rfi } = payment;
  const transaction = state.ledger.submit(
    [
      transfer(
        state,
        terms,
        { member: ofi.identification, account: terms.account },
        { member: rfi.identification, account: creditAccount },
      ),
    ],
    memo(payment, 'settlement'),
  );
  const subject = reportSubject(payment.reference);
  if (transaction.failure) {
    payment.status = 'failed';
    return {
      to: ofi,
      message: state.serviceReports.report(ofi, subject, 'RJCT', refusalReason([ledgerProblem(transaction.failure)])),
    };
  }
  payment.status = settledStatus(payment);
  recordState(payment, transaction, payment.status === 'cleared' ? 'Payment cleared' : 'Payment settled');
  return { to: ofi, message: state.serviceReports.report(ofi, subject, 'ACSC') };
}

/** What a pacs.004 does to the payment it returns: a refund, or the return of an OFI's DSO to its issuer. */
export type ReturnPurpose = 'refund' | 'obligation';

export interface PaymentReturn {
  payment: Payment;
  purpose: ReturnPurpose;
  /** The RFI's account the pacs.004 debits (its SttlmAcct). */
  account: string;
}

/**
 * A pacs.004's transfers, in ONE ledger transaction so that a message returning several payments
 * returns all or none: each moves the payment's amount and instrument from the RFI's account back to
 * the OFI's settlement account. For a refund the payment becomes `returned`; for an OFI's DSO, whose
 * settlement account is its `emission`, the transfer burns the obligation and the payment is `settled`.
 * A refusal of the ledger is the message's refusal: nothing moved.
 */
export function returnPayments(state: SimState, returns: PaymentReturn[]): Problem[] {
  const operations = returns.map(({ payment, account }) =>
    transfer(
      state,
      payment.terms,
      { member: payment.rfi.identification, account },
      { member: payment.ofi.identification, account: payment.terms.account },
    ),
  );
  const transaction = state.ledger.submit(
    operations,
    returns.map(({ payment, purpose }) => memo(payment, purpose)).join('; '),
  );
  if (transaction.failure) return [ledgerProblem(transaction.failure)];
  for (const { payment, purpose } of returns) {
    payment.status = purpose === 'refund' ? 'returned' : 'settled';
    payment.cancellationRequested = false;
    recordState(payment, transaction, purpose === 'refund' ? 'Payment returned' : 'Payment settled');
  }
  return [];
}

/** A refusal by the ledger as a reason of a pacs.002. */
export function ledgerProblem(failure: LedgerFailure): Problem {
  return { reason: ledgerReason(failure.code), text: `The ledger refused the transfer: ${failure.detail}` };
}

function ledgerReason(code: ErrorCode): string {
  return code === 'LEDGER-INSUFFICIENT-BALANCE' ? paymentReasons.insufficientFunds : paymentReasons.narrative;
}

function transfer(state: SimState, terms: SettlementTerms, from: Operation['from'], to: Operation['to']): Operation {
  return {
    from,
    to,
    asset: { code: terms.assetCode, issuer: terms.issuer },
    amount: state.amounts.parse(terms.amount),
  };
}

function memo(payment: Payment, purpose: string): string {
  return `payment ${payment.reference.identification.instructionIdentification} ${purpose}`;
}

function recordState(payment: Payment, transaction: LedgerTransaction, status: string): void {
  payment.states.push({
    timestamp: transaction.timestamp,
    transaction_flow_status: status,
    transaction_identification: transaction.transaction_identification,
  });
}

/** A DSA lands on `main`; a DSO on its issuer's `emission` (burned), or on the holder's DSO account. */
function defaultCreditAccount(state: SimState, payment: Payment): string {
  if (payment.terms.method !== 'DSO') return DEFAULT_OPERATING_ACCOUNT;
  return payment.terms.issuer === payment.rfi.identification ? EMISSION : defaultDsoAccount(state);
}
