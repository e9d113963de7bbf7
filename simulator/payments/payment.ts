import type { TransactionState } from '../../schemas/wire.ts';
import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import type { PaymentIdentification } from '../iso20022/message-content.ts';
import type { SettlementTerms } from '../iso20022/settlement.ts';
import type { StatusReportSubject } from '../iso20022/status-report.ts';
import type { Member } from '../members/registry.ts';
import { Fifo } from '../retention/fifo.ts';
import { defaultRetention, DroppedCounts } from '../retention/retention.ts';
import type { TransactionInfo } from '../../schemas/wire.ts';

/**
 * The transaction that started a payment or a redemption, as later messages must name it: its
 * message (type and GrpHdr/MsgId) and its own identifiers (PmtId).
 */
export interface OriginalReference {
  type: MessageTypeName;
  messageIdentification: string;
  identification: PaymentIdentification;
}

/** What the service's reports about an original name: its message and that one transaction. */
export function reportSubject(reference: OriginalReference): StatusReportSubject {
  return {
    type: reference.type,
    messageIdentification: reference.messageIdentification,
    transactions: [reference.identification],
  };
}

/**
 * Where a payment is in its life (semantics §11):
 * - `awaiting compliance`: the pacs.008 was delivered; the RFI has not answered its SVC.001 yet;
 * - `rejected`: the RFI answered RJCT; `failed`: it answered ACTC but the ledger refused the transfer
 *   (both final, nothing moved);
 * - `cleared`: settled in a DSO the OFI issued, so the RFI holds the OFI's obligation until the OFI
 *   pays it off the service (SVC.002) and the RFI returns the DSO (pacs.004);
 * - `settled`: the value is final; `returned`: refunded after a cancellation request.
 */
export type PaymentStatus = 'awaiting compliance' | 'rejected' | 'failed' | 'cleared' | 'settled' | 'returned';

/** The statuses in which value has moved and may move back: a cancellation or an investigation applies. */
export const MOVED: readonly PaymentStatus[] = ['cleared', 'settled'];

/** One transaction (`CdtTrfTxInf`) of a pacs.008: every payment message after it is about one of these. */
export interface Payment {
  ofi: Member;
  rfi: Member;
  reference: OriginalReference;
  terms: SettlementTerms;
  /** The transaction record's details, read from the pacs.008 once. */
  info: TransactionInfo;
  status: PaymentStatus;
  /** A camt.056 is waiting for its answer (pacs.004 refund or camt.029 RJCR). */
  cancellationRequested: boolean;
  /** The OFI said with SVC.002 that it paid the obligation off the service. */
  obligationPaid: boolean;
  /** The RFI said with camt.026 that it cannot apply the payment; the OFI may then ask to modify it (camt.087). */
  unableToApply: boolean;
  /** Receipts of the ledger transactions of its life: the `transaction_state` of its record. */
  states: TransactionState[];
}

/**
 * The payments of the simulator, found by their OFI, their pacs.008's MsgId and their InstrId, and
 * listed per member. Bounded (retention `payments`): past it the oldest payment is dropped, whatever
 * its state; a later message about it finds no original, and `GET /transactions` no longer lists it.
 */
export class PaymentBook {
  private readonly payments = new Fifo<Payment>();
  private readonly byKey = new Map<string, Payment>();
  /** Per member (as OFI or RFI), in the order the pacs.008 messages came. */
  private readonly byMember = new Map<string, Set<Payment>>();

  constructor(
    private readonly limit: number = defaultRetention.payments,
    private readonly dropped: DroppedCounts = new DroppedCounts(),
  ) {}

  /** How many payments are kept. */
  get size(): number {
    return this.payments.length;
  }

  add(payment: Payment): void {
    this.payments.push(payment);
    this.byKey.set(keyOf(payment), payment);
    for (const member of [payment.ofi.identification, payment.rfi.identification]) {
      let payments = this.byMember.get(member);
      if (!payments) this.byMember.set(member, (payments = new Set()));
      payments.add(payment);
    }
    if (this.payments.length > this.limit) this.drop(this.payments.shift()!);
  }

  find(ofi: string, messageIdentification: string, instructionIdentification: string): Payment | undefined {
    return this.byKey.get(paymentKey(ofi, messageIdentification, instructionIdentification));
  }

  /** Every payment kept, in the order the pacs.008 messages came. */
  all(): Payment[] {
    return [...this.payments];
  }

  /** The latest `count` payments, newest first (the dashboard's listing). */
  newest(count: number): Payment[] {
    return this.payments.newest(count);
  }

  /** The payments `member` sends or receives, in the order the pacs.008 messages came. */
  involving(member: string): Iterable<Payment> {
    return this.byMember.get(member) ?? [];
  }

  private drop(payment: Payment): void {
    this.byKey.delete(keyOf(payment));
    for (const member of [payment.ofi.identification, payment.rfi.identification]) {
      const payments = this.byMember.get(member);
      payments?.delete(payment);
      if (payments?.size === 0) this.byMember.delete(member);
    }
    this.dropped.add('payments');
  }
}

function keyOf(payment: Payment): string {
  const { messageIdentification, identification } = payment.reference;
  return paymentKey(payment.ofi.identification, messageIdentification, identification.instructionIdentification ?? '');
}

function paymentKey(ofi: string, messageIdentification: string, instructionIdentification: string): string {
  return JSON.stringify([ofi, messageIdentification, instructionIdentification]);
}
