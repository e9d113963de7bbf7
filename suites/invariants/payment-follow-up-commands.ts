/**
 * What follows a payment in the invariant property (semantics §11): the OFI's SVC.002 saying it paid a
 * cleared payment's obligation off the service, its camt.056 asking for a payment back, the RFI's
 * camt.029 rejecting that request, and the RFI's pacs.004 returning the payment (the whole amount, or a
 * cent off it, from either of its accounts for a DSA). Each is sent for the payments it applies to, and
 * sometimes for any payment of the run (one not settled yet, rejected, returned, or asked about twice).
 * The messages that move nothing are judged only where a rule of the catalogue makes them due; a
 * pacs.004 moves value exactly when the rules permit the return, and nothing otherwise.
 */
import fc from 'fast-check';
import { accountOrdinal, answer, judge, type Act, type Model, type System } from './command-base.ts';
import { pick, type WeightedCommand } from './commands.ts';
import type { Outcome } from './ledger-api.ts';
import type { PaymentApi, PaymentParties } from './payment-api.ts';
import {
  account,
  accountFor,
  describePayment,
  PaymentMessageCommand,
  type PaymentSelection,
} from './payment-commands.ts';
import {
  cancellable,
  cancellationOpen,
  isoAmount,
  noticeDue,
  noticeVerdict,
  otherAmount,
  returnPurpose,
  returnVerdict,
} from './payment-model.ts';
import type { PaymentRecord } from './records.ts';

/** A message about a payment that moves nothing: who writes it, when a rule makes it due, and what it changes once accepted. */
interface Notice {
  message: string;
  due: (payment: PaymentRecord) => boolean;
  /** The rule a target breaks by refusing it when it is due. */
  rule: string;
  send: (api: PaymentApi, payment: PaymentParties) => Promise<Outcome>;
  applied: (payment: PaymentRecord) => void;
}

const notices = {
  NotifyObligationPaid: {
    message: "the OFI's SVC.002",
    due: noticeDue,
    rule: 'PAY-DSO-OBLIGATION',
    send: (api, payment) => api.notifyObligationPaid(payment),
    applied: (payment) => {
      payment.obligationPaid = true;
    },
  },
  RequestCancellation: {
    message: "the OFI's camt.056",
    due: cancellable,
    rule: 'PAY-CANCEL-REFUND',
    send: (api, payment) => api.requestCancellation(payment),
    applied: (payment) => {
      payment.cancellationRequested = true;
      payment.cancellationRejected = false;
    },
  },
  RejectCancellation: {
    message: "the RFI's camt.029 RJCR",
    due: cancellationOpen,
    rule: 'PAY-CANCEL-REJECT',
    send: (api, payment) => api.rejectCancellation(payment),
    applied: (payment) => {
      payment.cancellationRequested = false;
      payment.cancellationRejected = true;
    },
  },
} satisfies Record<string, Notice>;

type NoticeName = keyof typeof notices;

class PaymentNotice extends PaymentMessageCommand {
  constructor(
    readonly name: NoticeName,
    selection: PaymentSelection,
    pick: number,
  ) {
    super(selection, pick);
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const notice: Notice = notices[this.name];
    const payment = this.chosen(model);
    const verdict = noticeVerdict(model, payment, notice.due, notice.rule);
    const sent = await notice.send(system.payments, payment);
    const what = `${notice.message} about the ${payment.state} ${describePayment(payment)}`;
    if (verdict) judge(system, notice.message, what, verdict, sent);
    return {
      step: {
        description: `${what}: ${answer(sent)}`,
        nature: 'no-value',
        accepted: sent.accepted,
        refusalRequirement: 'INV-PAYMENT-EXACT',
        effectRequirement: 'INV-PAYMENT-EXACT',
      },
      afterwards: () => {
        // One the rules do not make due changes nothing the model knows, whatever the target answered.
        if (sent.accepted && verdict) notice.applied(payment);
      },
    };
  }

  toString(): string {
    return `${this.name}(${this.picked()})`;
  }
}

class ReturnPayment extends PaymentMessageCommand {
  readonly name = 'ReturnPayment';

  constructor(
    selection: PaymentSelection,
    pick: number,
    private readonly account: number,
    /** A cent off the payment's amount (a fee kept back), which must be refused. */
    private readonly offByACent: boolean,
  ) {
    super(selection, pick);
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const payment = this.chosen(model);
    const account = accountFor(model, payment.rfi, payment.asset, this.account);
    const units = this.offByACent ? otherAmount(payment.units) : payment.units;
    const purpose = returnPurpose(payment);
    const { verdict, moves } = returnVerdict(model, payment, account, units);
    const sent = await system.payments.returnPayment(
      payment,
      account,
      isoAmount(units),
      purpose === 'refund' ? 'FOCR' : 'NARR',
    );
    const what = `${payment.rfi}'s pacs.004 returning ${isoAmount(units)} from ${account} of the ${payment.state} ${describePayment(payment)}`;
    return {
      // A return moves value exactly when it is accepted: the ledger transaction is the message's.
      step: {
        description: `${what}: ${answer(sent)}`,
        nature: 'value',
        accepted: sent.accepted,
        verdict,
        moves,
        refusalRequirement: 'INV-PAYMENT-EXACT',
        effectRequirement: verdict.requirement,
      },
      afterwards: () => {
        if (!sent.accepted || !verdict.permitted) return;
        payment.state = purpose === 'refund' ? 'returned' : 'settled';
        payment.cancellationRequested = false;
      },
    };
  }

  toString(): string {
    return `ReturnPayment(${this.picked()}, ${this.offByACent ? 'a cent off the amount' : 'the amount'} from the RFI's ${accountOrdinal(this.account)} account, emission for a DSO)`;
  }
}

// ---- generation -------------------------------------------------------------------------------------

/** Each follow-up mostly for the payments it applies to, and now and then for any payment of the run. */
export function paymentFollowUpCommands(): WeightedCommand[] {
  const notice = (name: NoticeName, due: PaymentSelection, weight: number): WeightedCommand[] => [
    { weight, arbitrary: pick.map((index) => new PaymentNotice(name, due, index)) },
    { weight: 1, arbitrary: pick.map((index) => new PaymentNotice(name, 'any', index)) },
  ];
  const offByACent = fc.constantFrom(false, false, true);
  return [
    ...notice('NotifyObligationPaid', 'notice-due', 10),
    ...notice('RequestCancellation', 'cancellable', 10),
    ...notice('RejectCancellation', 'cancellation-open', 8),
    {
      weight: 14,
      arbitrary: fc
        .tuple(pick, account, offByACent)
        .map(([index, from, cut]) => new ReturnPayment('returnable', index, from, cut)),
    },
    // The defects that matter most: value sent back without a cause (no cancellation, no paid obligation),
    // above all a DSO given back before its OFI said it paid the obligation.
    {
      weight: 4,
      arbitrary: fc
        .tuple(pick, account)
        .map(([index, from]) => new ReturnPayment('moved-without-cause', index, from, false)),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(pick, account).map(([index, from]) => new ReturnPayment('notice-due', index, from, false)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(pick, account, offByACent)
        .map(([index, from, cut]) => new ReturnPayment('any', index, from, cut)),
    },
  ];
}
