/**
 * The payment and redemption calls of the invariant property, as the members of the universe, with the
 * flows of suites/flows/payments.ts and messages.ts: every message is built by the project's builders,
 * signed through the target's `POST /sign/message` by its writer and posted to its route. Answers are
 * Outcomes, judged by the model; what the messages deliver is the payment checks' concern.
 */
import { complianceAnswer, redemptionAnswer, redemptionRequest, type PaymentStory, type RedemptionStory } from '../../schemas/iso20022/message-builders.ts';
import type { MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import { messageMember, newIdentification, postMessage, postRedemptionAnswer, signedMessage, type MessageMember, type MessageRoute } from '../flows/messages.ts';
import type { Party } from '../flows/party.ts';
import { creditTransferOf, newPayment, newRedemption } from '../flows/payments.ts';
import { outcome, type Outcome } from './ledger-api.ts';
import type { AssetRef, MakerRole, ParticipantRole } from './universe.ts';

export class PaymentApi {
  /** Each participant as its messages name it (its BIC), read from the directory once. */
  private readonly members = new Map<ParticipantRole, Promise<MessageMember>>();

  constructor(
    private readonly parties: Record<ParticipantRole, Party>,
    /** The DSA the payments and redemptions are in: the tokenizer's. */
    private readonly asset: AssetRef,
  ) {}

  /** A new payment of `amount` (an ISO decimal) from `ofi` to `rfi`, with fresh identifiers. */
  async newPayment(ofi: MakerRole, rfi: MakerRole, amount: string): Promise<PaymentStory> {
    return newPayment({ ofi: await this.member(ofi), rfi: await this.member(rfi), asset: this.asset }, amount);
  }

  /** The OFI's pacs.008, settled from its `account`. */
  async sendPayment(ofi: MakerRole, rfi: MakerRole, story: PaymentStory, account: string): Promise<Outcome> {
    const network = { ofi: await this.member(ofi), rfi: await this.member(rfi), asset: this.asset };
    return this.post(ofi, rfi, 'send', 'pacs.008.001.08', creditTransferOf(network, story, { settlementAccount: account }), story.messageIdentification);
  }

  /** The RFI's SVC.001 about the payment: ACTC crediting its `creditAccount`, or RJCT. */
  async answerPayment(rfi: MakerRole, ofi: MakerRole, story: PaymentStory, status: 'ACTC' | 'RJCT', creditAccount: string): Promise<Outcome> {
    const identification = newIdentification((await this.member(rfi)).bic, 'CMP');
    const document = complianceAnswer(story, {
      messageIdentification: identification,
      status,
      creditAccount,
      ...(status === 'RJCT' ? { reason: { code: 'AC06', text: 'Refused by the invariant property' } } : {}),
    });
    return this.post(rfi, ofi, 'reply', 'SVC.001.001.01', document, identification);
  }

  /** A new redemption of `amount` (an ISO decimal) from the member's `account`, with fresh identifiers. */
  async newRedemption(member: MakerRole, amount: string, account: string): Promise<RedemptionStory> {
    return { ...newRedemption({ member: await this.member(member), tokenizer: await this.member('tokenizer'), asset: this.asset }, amount), account };
  }

  /** The member's pacs.009. */
  async redeem(member: MakerRole, story: RedemptionStory): Promise<Outcome> {
    return this.post(member, 'tokenizer', 'redeem', 'pacs.009.001.08', redemptionRequest(story), story.messageIdentification);
  }

  /** The tokenizer's pacs.002 about the redemption: ACSC with its amount, or RJCT. */
  async answerRedemption(member: MakerRole, story: RedemptionStory, status: 'ACSC' | 'RJCT'): Promise<Outcome> {
    const tokenizer = await this.member('tokenizer');
    const identification = newIdentification(tokenizer.bic, 'RDA');
    const document = redemptionAnswer(story, { messageIdentification: identification, status });
    const message = await signedMessage(tokenizer, 'pacs.002.001.10', document, { from: tokenizer.bic, to: (await this.member(member)).bic, identification });
    return outcome(await postRedemptionAnswer(this.parties.tokenizer, message));
  }

  private async post(from: ParticipantRole, to: ParticipantRole, route: MessageRoute, type: MessageTypeName, document: string, identification: string): Promise<Outcome> {
    const sender = await this.member(from);
    const message = await signedMessage(sender, type, document, { from: sender.bic, to: (await this.member(to)).bic, identification });
    return outcome(await postMessage(this.parties[from], route, message));
  }

  private member(role: ParticipantRole): Promise<MessageMember> {
    const known = this.members.get(role) ?? messageMember(this.parties[role]);
    this.members.set(role, known);
    return known;
  }
}
