/**
 * The payment operations of the invariant property (semantics §11): a maker's pacs.008 to the other in
 * the tokenizer's first DSA (from either of its accounts), in its own DSO or in the other maker's DSO
 * (from its `emission` account), and the RFI's SVC.001 accepting it (a DSA into either of its accounts,
 * a DSO into its `emission`) or rejecting it, sometimes much later or a second time. Every balance is
 * then judged: a payment moves exactly its amount once or nothing, a rejected one nothing, and a DSO
 * comes into being as the OFI's obligation, or goes back to its issuer, by exactly that amount. What
 * follows a payment (SVC.002, camt.056, camt.029, pacs.004) is in payment-follow-up-commands.ts.
 */
import fc from 'fast-check';
import {
  accountAt,
  accountOrdinal,
  answer,
  judge,
  LedgerCommand,
  PickingCommand,
  type Act,
  type Model,
  type System,
} from './command-base.ts';
import { pick, type WeightedCommand } from './commands.ts';
import {
  answeredState,
  cancellable,
  cancellationOpen,
  complianceVerdict,
  inOwnDso,
  isoAmount,
  moved,
  noticeDue,
  paymentVerdict,
  returnPurpose,
  UNITS_PER_CENT,
} from './payment-model.ts';
import type { PaymentRecord } from './records.ts';
import { formatUnits } from '../runtime/money.ts';
import {
  dsoHolding,
  EMISSION,
  makerRoles,
  otherMaker,
  type AssetRef,
  type MakerRole,
  type Universe,
} from './universe.ts';

/** What a payment is in: the tokenizer's DSA, the OFI's own DSO, or the RFI's DSO (which the OFI holds only once the RFI paid it in it). */
type Instrument = 'DSA' | 'own DSO' | "RFI's DSO";

function instrumentAsset(universe: Universe, ofi: MakerRole, instrument: Instrument): AssetRef {
  if (instrument === 'DSA') return universe.dsa;
  return universe.dso[instrument === 'own DSO' ? ofi : otherMaker(ofi)];
}

/**
 * The maker's account for `asset`: a DSA on the operating account at `index`; a DSO on `emission` when
 * it is the maker's own (minted and burned there), else on the maker's DSO holding (semantics §3; the
 * target's readings place it).
 */
export function accountFor(model: Readonly<Model>, role: MakerRole, asset: AssetRef, index: number): string {
  if (asset.group === 'DSA') return accountAt(model, role, index);
  return asset.issuerRole === role ? EMISSION : dsoHolding(model.universe, role).account;
}

/** A payment as the transcript names it, with its values. */
export function describePayment(payment: PaymentRecord): string {
  const { story, asset } = payment;
  return `payment ${story.instruction} of ${story.amount} ${asset.code}(${asset.issuerRole}) from ${payment.ofi}/${payment.account} to ${payment.rfi}`;
}

class SendPayment extends LedgerCommand {
  readonly name = 'SendPayment';

  constructor(
    private readonly ofi: MakerRole,
    private readonly units: bigint,
    private readonly instrument: Instrument,
    private readonly account: number,
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const rfi = otherMaker(this.ofi);
    const asset = instrumentAsset(model.universe, this.ofi, this.instrument);
    const account = accountFor(model, this.ofi, asset, this.account);
    const story = await system.payments.newPayment(this.ofi, rfi, isoAmount(this.units), asset);
    const payment: PaymentRecord = {
      ofi: this.ofi,
      rfi,
      story,
      units: this.units,
      asset,
      account,
      state: 'awaiting',
      cancellationRequested: false,
      cancellationRejected: false,
      obligationPaid: false,
    };
    const verdict = paymentVerdict(model, payment);
    const sent = await system.payments.sendPayment(payment, account);
    const what = `${this.ofi}'s pacs.008 of ${describePayment(payment)}`;
    judge(system, 'a pacs.008', what, verdict, sent);
    return {
      // Accepted, a pacs.008 moves nothing yet: the RFI's answer settles it.
      step: {
        description: `${what}: ${answer(sent)}`,
        nature: 'no-value',
        accepted: sent.accepted,
        refusalRequirement: 'INV-PAYMENT-EXACT',
        effectRequirement: 'INV-PAYMENT-EXACT',
      },
      afterwards: () => {
        if (sent.accepted) model.payments.push(payment);
      },
    };
  }

  toString(): string {
    const from = this.instrument === 'DSA' ? ` from its ${accountOrdinal(this.account)} account` : '';
    return `SendPayment(${this.ofi} pays ${otherMaker(this.ofi)} ${formatUnits(this.units)} in the ${this.instrument}${from})`;
  }
}

/** Which of the run's payments a command may pick: each kind of message has those it applies to, and `any`. */
const selections = {
  awaiting: (payment: PaymentRecord) => payment.state === 'awaiting',
  answered: (payment: PaymentRecord) => payment.state !== 'awaiting',
  'notice-due': noticeDue,
  cancellable,
  'cancellation-open': cancellationOpen,
  returnable: (payment: PaymentRecord) => returnPurpose(payment) !== undefined,
  /** Value moved, but nothing calls for a return: no open cancellation request, no paid obligation. */
  'moved-without-cause': (payment: PaymentRecord) => moved(payment) && returnPurpose(payment) === undefined,
  any: () => true,
} satisfies Record<string, (payment: PaymentRecord) => boolean>;

export type PaymentSelection = keyof typeof selections;

/** A command about one of the run's payments: one of those `selection` keeps. */
export abstract class PaymentMessageCommand extends PickingCommand<PaymentRecord> {
  constructor(
    protected readonly selection: PaymentSelection,
    pick: number,
  ) {
    super(pick);
  }

  protected candidates(model: Readonly<Model>): PaymentRecord[] {
    return model.payments.filter(selections[this.selection]);
  }

  /** How toString names the payment: the same in every run. */
  protected picked(): string {
    return `${this.selection} payments[${this.pick} mod count]`;
  }
}

class AnswerPayment extends PaymentMessageCommand {
  readonly name = 'AnswerPayment';

  constructor(
    selection: 'awaiting' | 'answered',
    pick: number,
    private readonly status: 'ACTC' | 'RJCT',
    private readonly account: number,
  ) {
    super(selection, pick);
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const payment = this.chosen(model);
    const creditAccount = accountFor(model, payment.rfi, payment.asset, this.account);
    const { verdict, settlement } = complianceVerdict(model, payment, this.status, creditAccount);
    const sent = await system.payments.answerPayment(payment, this.status, creditAccount);
    const into = this.status === 'ACTC' ? ` into ${creditAccount}` : '';
    const answered = payment.state !== 'awaiting';
    const what = `${payment.rfi}'s SVC.001 ${this.status}${into} about the ${answered ? `${payment.state} ` : ''}${describePayment(payment)}`;
    judge(system, `an SVC.001 ${this.status}${answered ? ' about an answered payment' : ''}`, what, verdict, sent);
    const settles = this.status === 'ACTC' && verdict.permitted;
    const effectRequirement =
      this.status === 'RJCT'
        ? answered
          ? 'INV-PAYMENT-EXACT'
          : 'PAY-REJECT-NOTHING-MOVES'
        : inOwnDso(payment)
          ? 'PAY-DSO-OBLIGATION'
          : 'INV-PAYMENT-EXACT';
    // A target that settles a rejected payment (the SVC.001 RJCT names no account: into any of the RFI's)
    // breaks a decision of the reference profile; the model can follow it.
    const settledAnyway =
      this.status === 'RJCT' && !answered
        ? [0, 1]
            .map(
              (index) =>
                complianceVerdict(model, payment, 'ACTC', accountFor(model, payment.rfi, payment.asset, index))
                  .settlement,
            )
            .filter((outcome) => outcome.verdict.permitted)
        : [];
    return {
      step: {
        description: `${what}: ${answer(sent)}${settles && !settlement.verdict.permitted ? ` (the ledger must refuse the transfer: ${settlement.verdict.reason})` : ''}`,
        // An accepted ACTC settles when the ledger permits the transfer then; anything else moves nothing.
        nature: settles ? 'outcome' : 'no-value',
        accepted: sent.accepted,
        verdict: settlement.verdict,
        moves: settlement.moves,
        refusalRequirement: 'INV-PAYMENT-EXACT',
        effectRequirement,
        ...(settledAnyway.length > 0
          ? {
              divergence: {
                requirement: 'PAY-REJECT-NOTHING-MOVES',
                outcomes: settledAnyway.map((outcome) => outcome.moves),
              },
            }
          : {}),
      },
      afterwards: (diverged) => {
        // Accepting what the verdict forbids failed the check already (judge): an accepted answer was due.
        if (diverged) payment.state = answeredState(payment, 'ACTC', true);
        else if (sent.accepted) payment.state = answeredState(payment, this.status, settlement.verdict.permitted);
      },
    };
  }

  toString(): string {
    return `AnswerPayment(${this.picked()}, ${this.status}${this.status === 'ACTC' ? ` into the RFI's ${accountOrdinal(this.account)} account, emission for a DSO` : ''})`;
  }
}

// ---- generation -------------------------------------------------------------------------------------

export const account = fc.nat({ max: 1 });

/** Amounts in whole cents, up to 40 (the ledger's fundings are up to 60). */
export const cents = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map((whole) => BigInt(whole) * 100n) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 4_000 }) },
  )
  .map((count) => BigInt(count) * UNITS_PER_CENT);

/** Payments and their compliance answers, about as likely as the ledger's commands beside them. */
export function paymentCommands(): WeightedCommand[] {
  const maker = fc.constantFrom(...makerRoles);
  // The RFI's DSO is paid only with what the OFI holds of it, after the RFI paid in it: it is the rarest.
  const instrument = fc.constantFrom<Instrument>('DSA', 'DSA', 'DSA', 'own DSO', 'own DSO', "RFI's DSO");
  const compliance = fc.constantFrom<'ACTC' | 'RJCT'>('ACTC', 'ACTC', 'RJCT');
  return [
    {
      weight: 16,
      arbitrary: fc
        .tuple(maker, cents, instrument, account)
        .map(([ofi, units, paidIn, index]) => new SendPayment(ofi, units, paidIn, index)),
    },
    {
      weight: 24,
      arbitrary: fc
        .tuple(pick, compliance, account)
        .map(([index, status, credit]) => new AnswerPayment('awaiting', index, status, credit)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(pick, compliance, account)
        .map(([index, status, credit]) => new AnswerPayment('answered', index, status, credit)),
    },
  ];
}
