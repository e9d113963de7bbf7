/**
 * The payment and redemption operations of the invariant property (semantics §11), in the tokenizer's
 * first DSA: a maker's pacs.008 to the other (from either of its accounts), the RFI's SVC.001 accepting
 * it (into either of its accounts) or rejecting it, sometimes much later or a second time; a maker's
 * pacs.009 to the tokenizer and the tokenizer's pacs.002 accepting (ACSC) or rejecting (RJCT) it, also
 * after the balance has gone elsewhere, or a second time. Every balance is then judged: a payment moves
 * exactly its amount once or nothing, a rejected one nothing, and a redemption burns exactly its amount
 * (the asset's total falls by it) or nothing.
 */
import fc from 'fast-check';
import { accountAt, accountOrdinal, answer, judge, LedgerCommand, type Act, type Model, type System } from './command-base.ts';
import { pick, type WeightedCommand } from './commands.ts';
import { formatUnits } from './money.ts';
import { complianceVerdict, isoAmount, paymentVerdict, redemptionAnswerVerdict, redemptionRequestVerdict, UNITS_PER_CENT, type PaymentRecord, type RedemptionRecord } from './payment-model.ts';
import { makerRoles, otherMaker, type MakerRole } from './universe.ts';

class SendPayment extends LedgerCommand {
  readonly name = 'SendPayment';

  constructor(
    private readonly ofi: MakerRole,
    private readonly units: bigint,
    private readonly account: number,
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const rfi = otherMaker(this.ofi);
    const account = accountAt(model, this.ofi, this.account);
    const story = await system.payments.newPayment(this.ofi, rfi, isoAmount(this.units));
    const verdict = paymentVerdict(model, this.ofi, rfi);
    const sent = await system.payments.sendPayment(this.ofi, rfi, story, account);
    const what = `${this.ofi}'s pacs.008 ${story.instruction} paying ${rfi} ${story.amount} ${story.currency} from ${account}`;
    judge(system, 'a pacs.008', what, verdict, sent);
    return {
      // Accepted, a pacs.008 moves nothing yet: the RFI's answer settles it.
      step: { description: `${what}: ${answer(sent)}`, nature: 'no-value', accepted: sent.accepted, refusalRequirement: 'INV-PAYMENT-EXACT', effectRequirement: 'INV-PAYMENT-EXACT' },
      afterwards: () => {
        if (sent.accepted) model.payments.push({ ofi: this.ofi, rfi, story, units: this.units, account, answered: false });
      },
    };
  }

  toString(): string {
    return `SendPayment(${this.ofi} pays ${otherMaker(this.ofi)} ${formatUnits(this.units)} from its ${accountOrdinal(this.account)} account)`;
  }
}

/** Payments awaiting their answer (`open`), or answered already (`answered`). */
function payments(model: Readonly<Model>, state: 'open' | 'answered'): PaymentRecord[] {
  return model.payments.filter((payment) => payment.answered === (state === 'answered'));
}

class AnswerPayment extends LedgerCommand {
  readonly name = 'AnswerPayment';

  constructor(
    private readonly state: 'open' | 'answered',
    private readonly pick: number,
    private readonly status: 'ACTC' | 'RJCT',
    private readonly account: number,
  ) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return payments(model, this.state).length > 0;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const candidates = payments(model, this.state);
    const payment = candidates[this.pick % candidates.length]!;
    const creditAccount = accountAt(model, payment.rfi, this.account);
    const { verdict, settlement } = complianceVerdict(model, payment, this.status, creditAccount);
    const sent = await system.payments.answerPayment(payment.rfi, payment.ofi, payment.story, this.status, creditAccount);
    const into = this.status === 'ACTC' ? ` into ${creditAccount}` : '';
    const what = `${payment.rfi}'s SVC.001 ${this.status}${into} about ${payment.answered ? 'the answered' : 'the'} payment ${payment.story.instruction} of ${payment.story.amount} from ${payment.ofi}/${payment.account}`;
    judge(system, `an SVC.001 ${this.status}${payment.answered ? ' about an answered payment' : ''}`, what, verdict, sent);
    const settles = this.status === 'ACTC' && verdict.permitted;
    return {
      step: {
        description: `${what}: ${answer(sent)}${settles && !settlement.verdict.permitted ? ` (the ledger must refuse the transfer: ${settlement.verdict.reason})` : ''}`,
        // An accepted ACTC settles when the ledger permits the transfer then; anything else moves nothing.
        nature: settles ? 'outcome' : 'no-value',
        accepted: sent.accepted,
        verdict: settlement.verdict,
        moves: settlement.moves,
        refusalRequirement: 'INV-PAYMENT-EXACT',
        effectRequirement: this.status === 'RJCT' && !payment.answered ? 'PAY-REJECT-NOTHING-MOVES' : 'INV-PAYMENT-EXACT',
      },
      afterwards: () => {
        if (sent.accepted) payment.answered = true;
      },
    };
  }

  toString(): string {
    return `AnswerPayment(${this.state} payments[${this.pick} mod count], ${this.status}${this.status === 'ACTC' ? ` into the RFI's ${accountOrdinal(this.account)} account` : ''})`;
  }
}

class Redeem extends LedgerCommand {
  readonly name = 'Redeem';

  constructor(
    private readonly member: MakerRole,
    private readonly units: bigint,
    private readonly account: number,
  ) {
    super();
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const account = accountAt(model, this.member, this.account);
    const story = await system.payments.newRedemption(this.member, isoAmount(this.units), account);
    const verdict = redemptionRequestVerdict(model, this.member, account, this.units);
    const sent = await system.payments.redeem(this.member, story);
    const what = `${this.member}'s pacs.009 ${story.instruction} redeeming ${story.amount} ${story.currency} from ${account}`;
    if (verdict) judge(system, 'a pacs.009', what, verdict, sent);
    return {
      // Accepted, a pacs.009 moves nothing yet: the tokenizer's answer burns it.
      step: { description: `${what}: ${answer(sent)}`, nature: 'no-value', accepted: sent.accepted, refusalRequirement: 'INV-REDEMPTION-BURNS', effectRequirement: 'INV-REDEMPTION-BURNS' },
      afterwards: () => {
        if (sent.accepted) model.redemptions.push({ member: this.member, story, units: this.units, account, answered: false });
      },
    };
  }

  toString(): string {
    return `Redeem(${this.member}, ${formatUnits(this.units)} from its ${accountOrdinal(this.account)} account)`;
  }
}

/** Redemptions awaiting the tokenizer's answer (`open`), or answered already (`answered`). */
function redemptions(model: Readonly<Model>, state: 'open' | 'answered'): RedemptionRecord[] {
  return model.redemptions.filter((redemption) => redemption.answered === (state === 'answered'));
}

class AnswerRedemption extends LedgerCommand {
  readonly name = 'AnswerRedemption';

  constructor(
    private readonly state: 'open' | 'answered',
    private readonly pick: number,
    private readonly status: 'ACSC' | 'RJCT',
  ) {
    super();
  }

  override check(model: Readonly<Model>): boolean {
    return redemptions(model, this.state).length > 0;
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const candidates = redemptions(model, this.state);
    const redemption = candidates[this.pick % candidates.length]!;
    const { verdict, moves } = redemptionAnswerVerdict(model, redemption, this.status);
    const sent = await system.payments.answerRedemption(redemption.member, redemption.story, this.status);
    const what = `the tokenizer's pacs.002 ${this.status} about ${redemption.answered ? 'the answered' : 'the'} redemption ${redemption.story.instruction} of ${redemption.story.amount} from ${redemption.member}/${redemption.account}`;
    if (this.status === 'RJCT') judge(system, `a pacs.002 RJCT${redemption.answered ? ' about an answered redemption' : ''}`, what, verdict, sent);
    return {
      step: {
        description: `${what}: ${answer(sent)}`,
        // An acceptance burns exactly when it is accepted; a rejection moves nothing.
        nature: this.status === 'ACSC' ? 'value' : 'no-value',
        accepted: sent.accepted,
        verdict,
        moves,
        refusalRequirement: 'INV-REDEMPTION-BURNS',
        effectRequirement: this.status === 'RJCT' ? 'RED-REJECT' : 'INV-REDEMPTION-BURNS',
      },
      afterwards: () => {
        if (sent.accepted) redemption.answered = true;
      },
    };
  }

  toString(): string {
    return `AnswerRedemption(${this.state} redemptions[${this.pick} mod count], ${this.status})`;
  }
}

// ---- generation -------------------------------------------------------------------------------------

const account = fc.nat({ max: 1 });

/** Amounts in whole cents, up to 40 (the ledger's fundings are up to 60). */
const cents = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map((whole) => BigInt(whole) * 100n) }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 4_000 }) }).map((count) => BigInt(count) * UNITS_PER_CENT);

/** The payment and redemption commands, about as likely as the ledger's beside them. */
export function paymentCommands(): WeightedCommand[] {
  const maker = fc.constantFrom(...makerRoles);
  const compliance = fc.constantFrom<'ACTC' | 'RJCT'>('ACTC', 'ACTC', 'RJCT');
  const burn = fc.constantFrom<'ACSC' | 'RJCT'>('ACSC', 'ACSC', 'RJCT');
  return [
    { weight: 18, arbitrary: fc.tuple(maker, cents, account).map(([ofi, units, index]) => new SendPayment(ofi, units, index)) },
    { weight: 20, arbitrary: fc.tuple(pick, compliance, account).map(([index, status, credit]) => new AnswerPayment('open', index, status, credit)) },
    { weight: 3, arbitrary: fc.tuple(pick, compliance, account).map(([index, status, credit]) => new AnswerPayment('answered', index, status, credit)) },
    { weight: 12, arbitrary: fc.tuple(maker, cents, account).map(([member, units, index]) => new Redeem(member, units, index)) },
    { weight: 14, arbitrary: fc.tuple(pick, burn).map(([index, status]) => new AnswerRedemption('open', index, status)) },
    { weight: 3, arbitrary: fc.tuple(pick, burn).map(([index, status]) => new AnswerRedemption('answered', index, status)) },
  ];
}
