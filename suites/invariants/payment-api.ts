/**
 * The payment and redemption calls of the invariant property, as the members of the universe, with the
 * flows of suites/flows/payments.ts and messages.ts: every message is built by the project's builders
 * (schemas/iso20022/message-builders.ts), signed through the target's `POST /sign/message` by its writer
 * and posted to its route. Answers are Outcomes, judged by the model; what the messages deliver is the
 * payment checks' concern.
 */
import {
  cancellationRequest,
  cancellationResolution,
  complianceAnswer,
  creditTransfer,
  obligationNotice,
  paymentReturn,
  redemptionAnswer,
  redemptionRequest,
  type PaymentStory,
  type RedemptionStory,
} from '../../schemas/iso20022/message-builders.ts';
import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import {
  messageMember,
  newIdentification,
  postMessage,
  postRedemptionAnswer,
  signedMessage,
  type MessageMember,
  type MessageRoute,
} from '../flows/messages.ts';
import type { Party } from '../flows/party.ts';
import { newPayment, newRedemption } from '../flows/payments.ts';
import { outcome, type Outcome } from './ledger-api.ts';
import type { AssetRef, MakerRole, ParticipantRole, Universe } from './universe.ts';

/** A payment as the messages about it name it: who sent it to whom, and its story. */
export interface PaymentParties {
  ofi: MakerRole;
  rfi: MakerRole;
  story: PaymentStory;
}

export class PaymentApi {
  /** Each participant as its messages name it (its BIC), read from the directory once. */
  private readonly members = new Map<ParticipantRole, Promise<MessageMember>>();

  constructor(
    private readonly parties: Record<ParticipantRole, Party>,
    private readonly universe: Universe,
  ) {}

  /** A new payment of `amount` (an ISO decimal) of `asset` (a DSA, or a maker's DSO) from `ofi` to `rfi`, with fresh identifiers. */
  async newPayment(ofi: MakerRole, rfi: MakerRole, amount: string, asset: AssetRef): Promise<PaymentStory> {
    return newPayment({ ofi: await this.member(ofi), rfi: await this.member(rfi), asset }, amount);
  }

  /** The OFI's pacs.008, settled from its `account`. */
  sendPayment(payment: PaymentParties, account: string): Promise<Outcome> {
    const { ofi, rfi, story } = payment;
    return this.post(
      ofi,
      rfi,
      'send',
      'pacs.008.001.08',
      creditTransfer(story, { settlementAccount: account }),
      story.messageIdentification,
    );
  }

  /** The RFI's SVC.001 about the payment: ACTC crediting its `creditAccount`, or RJCT. */
  answerPayment(payment: PaymentParties, status: 'ACTC' | 'RJCT', creditAccount: string): Promise<Outcome> {
    const reason = status === 'RJCT' ? { reason: { code: 'AC06', text: 'Refused by the invariant property' } } : {};
    return this.write(payment.rfi, payment.ofi, 'reply', 'SVC.001.001.01', 'CMP', (messageIdentification) =>
      complianceAnswer(payment.story, { messageIdentification, status, creditAccount, ...reason }),
    );
  }

  /** The OFI's SVC.002: it paid the payment's obligation off the service. */
  notifyObligationPaid(payment: PaymentParties): Promise<Outcome> {
    return this.write(payment.ofi, payment.rfi, 'send', 'SVC.002.001.01', 'OSN', (messageIdentification) =>
      obligationNotice(payment.story, { messageIdentification }),
    );
  }

  /** The OFI's camt.056: it asks for the payment back. */
  requestCancellation(payment: PaymentParties): Promise<Outcome> {
    return this.write(payment.ofi, payment.rfi, 'send', 'camt.056.001.08', 'CXL', (messageIdentification) =>
      cancellationRequest(payment.story, { messageIdentification }),
    );
  }

  /** The RFI's camt.029 RJCR: it rejects the cancellation request. */
  rejectCancellation(payment: PaymentParties): Promise<Outcome> {
    return this.write(payment.rfi, payment.ofi, 'reply', 'camt.029.001.09', 'RSL', (messageIdentification) =>
      cancellationResolution(payment.story, { messageIdentification }),
    );
  }

  /** The RFI's pacs.004 returning `amount` (an ISO decimal) from its `account`, with `reason` (FOCR: following a cancellation request). */
  returnPayment(payment: PaymentParties, account: string, amount: string, reason: 'FOCR' | 'NARR'): Promise<Outcome> {
    return this.write(payment.rfi, payment.ofi, 'reply', 'pacs.004.001.09', 'RTR', (messageIdentification) =>
      paymentReturn(payment.story, { messageIdentification, amount, settlementAccount: account, reason }),
    );
  }

  /** A new redemption of `amount` (an ISO decimal) of the universe's DSA from the member's `account`, with fresh identifiers. */
  async newRedemption(member: MakerRole, amount: string, account: string): Promise<RedemptionStory> {
    return {
      ...newRedemption(
        { member: await this.member(member), tokenizer: await this.member('tokenizer'), asset: this.universe.dsa },
        amount,
      ),
      account,
    };
  }

  /** The member's pacs.009. */
  async redeem(member: MakerRole, story: RedemptionStory): Promise<Outcome> {
    return this.post(
      member,
      'tokenizer',
      'redeem',
      'pacs.009.001.08',
      redemptionRequest(story),
      story.messageIdentification,
    );
  }

  /** The tokenizer's pacs.002 about the redemption, stating `amount` (an ISO decimal; null: none). */
  async answerRedemption(
    member: MakerRole,
    story: RedemptionStory,
    status: 'ACSC' | 'ACCP' | 'RJCT',
    amount: string | null,
  ): Promise<Outcome> {
    const tokenizer = await this.member('tokenizer');
    const identification = newIdentification(tokenizer.bic, 'RDA');
    const document = redemptionAnswer(story, { messageIdentification: identification, status, amount });
    const message = await signedMessage(tokenizer, 'pacs.002.001.10', document, {
      from: tokenizer.bic,
      to: (await this.member(member)).bic,
      identification,
    });
    return outcome(await postRedemptionAnswer(this.parties.tokenizer, message));
  }

  /** A message about an earlier one, with a fresh identification of `kind` from the writer's BIC. */
  private async write(
    from: MakerRole,
    to: MakerRole,
    route: MessageRoute,
    type: MessageTypeName,
    kind: string,
    document: (identification: string) => string,
  ): Promise<Outcome> {
    const identification = newIdentification((await this.member(from)).bic, kind);
    return this.post(from, to, route, type, document(identification), identification);
  }

  private async post(
    from: ParticipantRole,
    to: ParticipantRole,
    route: MessageRoute,
    type: MessageTypeName,
    document: string,
    identification: string,
  ): Promise<Outcome> {
    const sender = await this.member(from);
    const message = await signedMessage(sender, type, document, {
      from: sender.bic,
      to: (await this.member(to)).bic,
      identification,
    });
    return outcome(await postMessage(this.parties[from], route, message));
  }

  private member(role: ParticipantRole): Promise<MessageMember> {
    const known = this.members.get(role) ?? messageMember(this.parties[role]);
    this.members.set(role, known);
    return known;
  }
}
