/**
 * The redemption operations of the invariant property (semantics §11), in the tokenizer's first DSA: a
 * maker's pacs.009 to the tokenizer (from either of its accounts), and the tokenizer's pacs.002
 * accepting it (ACSC or ACCP, stating the redeemed amount, another one or none, as a vendor's tokenizer
 * might) or rejecting it (RJCT), also after the balance has gone elsewhere, or a second time. Every
 * balance is then judged: a redemption burns exactly its amount (the asset's total falls by it) or
 * nothing, and nothing on an acceptance stating another amount.
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
import { account, cents } from './payment-commands.ts';
import { isoAmount, otherAmount } from './payment-model.ts';
import { redemptionAnswerVerdict, redemptionRequestVerdict, type StatedAmount } from './redemption-model.ts';
import type { RedemptionRecord } from './records.ts';
import { formatUnits } from '../runtime/money.ts';
import { makerRoles, type MakerRole } from './universe.ts';

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
      step: {
        description: `${what}: ${answer(sent)}`,
        nature: 'no-value',
        accepted: sent.accepted,
        refusalRequirement: 'INV-REDEMPTION-BURNS',
        effectRequirement: 'INV-REDEMPTION-BURNS',
      },
      afterwards: () => {
        if (sent.accepted)
          model.redemptions.push({ member: this.member, story, units: this.units, account, answered: false });
      },
    };
  }

  toString(): string {
    return `Redeem(${this.member}, ${formatUnits(this.units)} from its ${accountOrdinal(this.account)} account)`;
  }
}

/** The tokenizer's answer: a rejection, or an acceptance and the amount it states. */
type Decision = readonly ['RJCT', 'same'] | readonly ['ACSC' | 'ACCP', StatedAmount];

class AnswerRedemption extends PickingCommand<RedemptionRecord> {
  readonly name = 'AnswerRedemption';

  constructor(
    /** Redemptions awaiting the tokenizer's answer (`open`), or answered already (`answered`). */
    private readonly state: 'open' | 'answered',
    pick: number,
    private readonly decision: Decision,
  ) {
    super(pick);
  }

  protected candidates(model: Readonly<Model>): RedemptionRecord[] {
    return model.redemptions.filter((redemption) => redemption.answered === (this.state === 'answered'));
  }

  protected async act(model: Model, system: System): Promise<Act> {
    const redemption = this.chosen(model);
    const [status, stated] = this.decision;
    const amount = { same: redemption.story.amount, other: isoAmount(otherAmount(redemption.units)), none: null }[
      stated
    ];
    const { verdict, moves } = redemptionAnswerVerdict(model, redemption, status, stated);
    const sent = await system.payments.answerRedemption(redemption.member, redemption.story, status, amount);
    const states = status === 'RJCT' ? '' : ` stating ${amount ?? 'no amount'}`;
    const what = `the tokenizer's pacs.002 ${status}${states} about ${redemption.answered ? 'the answered' : 'the'} redemption ${redemption.story.instruction} of ${redemption.story.amount} from ${redemption.member}/${redemption.account}`;
    if (status === 'RJCT')
      judge(
        system,
        `a pacs.002 RJCT${redemption.answered ? ' about an answered redemption' : ''}`,
        what,
        verdict,
        sent,
      );
    return {
      step: {
        description: `${what}: ${answer(sent)}`,
        // An acceptance burns exactly when it is accepted; a rejection moves nothing.
        nature: status === 'RJCT' ? 'no-value' : 'value',
        accepted: sent.accepted,
        verdict,
        moves,
        refusalRequirement: 'INV-REDEMPTION-BURNS',
        effectRequirement: status === 'RJCT' ? 'RED-REJECT' : 'INV-REDEMPTION-BURNS',
      },
      afterwards: () => {
        if (sent.accepted) redemption.answered = true;
      },
    };
  }

  toString(): string {
    const [status, stated] = this.decision;
    const states =
      status === 'RJCT'
        ? ''
        : stated === 'same'
          ? ' stating its amount'
          : stated === 'other'
            ? ' stating a cent off its amount'
            : ' stating no amount';
    return `AnswerRedemption(${this.state} redemptions[${this.pick} mod count], ${status}${states})`;
  }
}

// ---- generation -------------------------------------------------------------------------------------

/** Redemptions and their answers; one acceptance in five states another amount, or none. */
export function redemptionCommands(): WeightedCommand[] {
  const maker = fc.constantFrom(...makerRoles);
  const acceptance = fc.tuple(
    fc.constantFrom<'ACSC' | 'ACCP'>('ACSC', 'ACSC', 'ACCP'),
    fc.constantFrom<StatedAmount>('same', 'same', 'same', 'same', 'same', 'same', 'same', 'same', 'other', 'none'),
  );
  const rejection: Decision = ['RJCT', 'same'];
  const decision = fc.oneof(
    { weight: 2, arbitrary: acceptance.map((accepted): Decision => accepted) },
    { weight: 1, arbitrary: fc.constant(rejection) },
  );
  return [
    {
      weight: 10,
      arbitrary: fc.tuple(maker, cents, account).map(([member, units, index]) => new Redeem(member, units, index)),
    },
    {
      weight: 12,
      arbitrary: fc.tuple(pick, decision).map(([index, answered]) => new AnswerRedemption('open', index, answered)),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(pick, decision).map(([index, answered]) => new AnswerRedemption('answered', index, answered)),
    },
  ];
}
