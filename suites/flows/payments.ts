import { randomUUID } from 'node:crypto';
import {
  complianceAnswer,
  creditTransfer,
  paymentStory,
  redemptionStory,
  type ComplianceAnswerOptions,
  type CreditTransferOptions,
  type PaymentStory,
  type RedemptionStory,
} from '../../schemas/iso20022/message-builders.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { Actors } from '../runtime/fixtures.ts';
import { instrumentOf, tokenizerDsa, type AssetId } from './assets.ts';
import { balanceOf, units } from './balances.ts';
import { openDsaLine } from './credit-lines.ts';
import { fund } from './funding.ts';
import { defaultAccount } from './party.ts';
import { allowMutually } from './market.ts';
import {
  awaitMessage,
  exchangeMessage,
  expectReportAbout,
  messageMember,
  MESSAGE_REQUIREMENTS,
  newIdentification,
  statusOf,
  type MessageMember,
  type SentMessage,
} from './messages.ts';

/**
 * Payments and redemptions as members make them (semantics §11), through the API only: mmA (the OFI)
 * pays mmB (the RFI) in the run's tokenizer's first DSA, or mmA redeems it with the tokenizer. Stories
 * come from the builders every message of the project is written with
 * (schemas/iso20022/message-builders.ts), with fresh identifiers and the target's own BICs, accounts and
 * assets. Amounts in stories are ISO decimals (at most the currency's minor units).
 */

/** The set-up steps' requirements: a check using these flows names them too. */
export const PAYMENT_REQUIREMENTS = [
  'ALLOWLIST-LIST',
  'CL-REQUEST',
  'FUND-INSTRUCTION',
  'SIGN-PAYLOAD',
  'BAL-READ',
  'RES-LEDGER-SCHEMAS',
  'ERR-BODY-SHAPE',
  ...MESSAGE_REQUIREMENTS,
];

/** Two members who pay each other in a DSA of the run's tokenizer. */
export interface PaymentNetwork {
  ofi: MessageMember;
  rfi: MessageMember;
  asset: AssetId;
}

/** mmA (the OFI) and mmB (the RFI) with their BICs, listing each other (all at once). Requirements: PAYMENT_REQUIREMENTS. */
export async function paymentParties(
  actors: Pick<Actors, 'mmA' | 'mmB'>,
): Promise<Pick<PaymentNetwork, 'ofi' | 'rfi'>> {
  const [ofi, rfi] = await Promise.all([
    messageMember(actors.mmA),
    messageMember(actors.mmB),
    allowMutually(actors.mmA, actors.mmB),
  ]);
  return { ofi, rfi };
}

/**
 * The payment parties, each with an allowed line for the tokenizer's DSA on its default account with room
 * for `funds` more, and the OFI funded with `funds`. The parties, the two lines and the funding once the
 * OFI's line is allowed go at once: none needs the others. Requirements: PAYMENT_REQUIREMENTS.
 */
export async function openPayments(
  actors: Pick<Actors, 'tokenizer' | 'mmA' | 'mmB'>,
  funds: string,
): Promise<PaymentNetwork> {
  const asset = tokenizerDsa(actors);
  const [ofiAccount, rfiAccount] = [defaultAccount(actors.mmA), defaultAccount(actors.mmB)];
  const [{ ofi, rfi }] = await Promise.all([
    paymentParties(actors),
    openDsaLine(actors, actors.mmA, ofiAccount, units(funds), asset).then(() =>
      fund(actors, actors.mmA, ofiAccount, units(funds), asset),
    ),
    openDsaLine(actors, actors.mmB, rfiAccount, units(funds), asset),
  ]);
  return { ofi, rfi, asset };
}

/**
 * A payment no one has sent: `amount` of the network's asset (a DSA, or a DSO: its currency is the code
 * without DSO), fresh identifiers, unless `changes` says otherwise.
 */
export function newPayment(network: PaymentNetwork, amount: string, changes: Partial<PaymentStory> = {}): PaymentStory {
  const { ofi, rfi, asset } = network;
  const method = instrumentOf(asset).asset_group_identification === 'DSO' ? 'DSO' : 'DSA';
  return paymentStory({
    ofi: ofi.bic,
    rfi: rfi.bic,
    issuer: asset.issuer,
    method,
    currency: method === 'DSO' ? asset.code.slice(0, 3) : asset.code,
    amount,
    ...freshIdentifiers(ofi.bic, 'PAY'),
    ...changes,
  });
}

/** The identifiers of a new pacs.008 or pacs.009 of one transaction. */
type TransactionIdentifiers = Pick<PaymentStory, 'messageIdentification' | 'instruction' | 'endToEnd' | 'uetr'>;

function freshIdentifiers(bic: string, kind: string): TransactionIdentifiers {
  return {
    messageIdentification: newIdentification(bic, kind),
    instruction: newIdentification(bic, 'INS'),
    endToEnd: newIdentification(bic, 'E2E'),
    uetr: randomUUID(),
  };
}

/** The pacs.008 of a payment (or the pacs.009 of a redemption), as the reports about it name it and its receiver is sent it. */
export function paymentSent(
  story: TransactionIdentifiers & Pick<PaymentStory, 'amount' | 'currency'>,
  type: 'pacs.008.001.08' | 'pacs.009.001.08' = 'pacs.008.001.08',
): SentMessage {
  const { instruction, endToEnd, uetr, amount, currency } = story;
  return {
    type,
    messageIdentification: story.messageIdentification,
    transactions: [{ instruction, endToEnd, uetr, amount, currency }],
  };
}

/** The OFI's pacs.008 Document for `story`, settled from its default account unless `options` says otherwise. */
export function creditTransferOf(
  network: PaymentNetwork,
  story: PaymentStory,
  options: CreditTransferOptions = {},
): string {
  return creditTransfer(story, { settlementAccount: network.ofi.account, ...options });
}

/** The OFI sends `story`'s pacs.008, accepted and delivered to the RFI. Requirements: `requirement`, MESSAGE_REQUIREMENTS. */
export async function sendPayment(
  network: PaymentNetwork,
  story: PaymentStory,
  requirement: string,
  options: CreditTransferOptions = {},
): Promise<SentMessage> {
  const { transactions } = paymentSent(story);
  const document = creditTransferOf(network, story, options);
  return exchangeMessage(
    {
      from: network.ofi,
      to: network.rfi,
      route: 'send',
      type: 'pacs.008.001.08',
      document,
      identification: story.messageIdentification,
      transactions,
    },
    requirement,
  );
}

/**
 * The RFI's SVC.001 about `story` (ACTC crediting its default account unless `options` says otherwise),
 * accepted and delivered to the OFI. Requirements: `requirement`, MESSAGE_REQUIREMENTS.
 */
export async function answerPayment(
  network: PaymentNetwork,
  story: PaymentStory,
  requirement: string,
  options: Partial<ComplianceAnswerOptions> = {},
): Promise<SentMessage> {
  const identification = newIdentification(network.rfi.bic, 'CMP');
  const document = complianceAnswer(story, {
    creditAccount: network.rfi.account,
    ...options,
    messageIdentification: identification,
  });
  return exchangeMessage(
    { from: network.rfi, to: network.ofi, route: 'reply', type: 'SVC.001.001.01', document, identification },
    requirement,
  );
}

/** A payment of `amount` sent and accepted by the RFI: settled, unless the ledger refuses it. Requirements: `requirement`, MESSAGE_REQUIREMENTS. */
export async function settledPayment(
  network: PaymentNetwork,
  amount: string,
  requirement: string,
): Promise<PaymentStory> {
  const story = newPayment(network, amount);
  await sendPayment(network, story, requirement);
  await answerPayment(network, story, requirement);
  return story;
}

/**
 * The service's pacs.002 that tells `member` how the message `sent` ended: delivered on its payment queue,
 * naming `sent`, with `status`. Requirements: `requirement`, MSG-XSD-VALID-EMITTED, MSG-ORIGINAL-IDS.
 */
export async function expectOutcome(
  member: MessageMember,
  sent: SentMessage,
  status: string,
  requirement: string,
): Promise<void> {
  const what = `about ${sent.type} ${sent.messageIdentification}`;
  const report = await awaitMessage(member, 'pacs.002.001.10', sent.messageIdentification, requirement, what);
  expectReportAbout(report, sent, `the pacs.002 ${what} delivered to ${member.identification}`);
  if (statusOf(report) !== status)
    throw new CheckFailure(
      requirement,
      `the pacs.002 ${what} delivered to ${member.identification} reports ${statusOf(report) ?? 'no status'}, expected ${status}`,
    );
}

/** What the OFI and the RFI hold of the network's asset on their default accounts. Requirement: BAL-READ. */
export async function paymentHoldings(network: PaymentNetwork): Promise<{ ofi: bigint; rfi: bigint }> {
  const read = async (member: MessageMember) => {
    const balance = await balanceOf(member, member.account, network.asset);
    if (balance === undefined)
      throw new CheckFailure(
        'BAL-READ',
        `${member.identification}/${member.account} has no readable ${network.asset.code} balance although its credit line was allowed`,
      );
    return balance;
  };
  const [ofi, rfi] = await Promise.all([read(network.ofi), read(network.rfi)]);
  return { ofi, rfi };
}

/** A member and the tokenizer that issued its DSA, for redemptions. */
export interface RedemptionNetwork {
  member: MessageMember;
  tokenizer: MessageMember;
  asset: AssetId;
}

/**
 * mmA and the tokenizer list each other, and mmA holds `funds` more of the tokenizer's DSA on its default
 * account. Requirements: PAYMENT_REQUIREMENTS.
 */
export async function openRedemptions(
  actors: Pick<Actors, 'tokenizer' | 'mmA'>,
  funds: string,
): Promise<RedemptionNetwork> {
  const asset = tokenizerDsa(actors);
  const account = defaultAccount(actors.mmA);
  // The directory reads, the allowlists and the funded line need none of each other: all at once.
  const [member, tokenizer] = await Promise.all([
    messageMember(actors.mmA),
    messageMember(actors.tokenizer),
    allowMutually(actors.mmA, actors.tokenizer),
    openDsaLine(actors, actors.mmA, account, units(funds), asset).then(() =>
      fund(actors, actors.mmA, account, units(funds), asset),
    ),
  ]);
  return { member, tokenizer, asset };
}

/** A redemption no one has asked for: `amount` of the DSA from the member's default account, fresh identifiers. */
export function newRedemption(network: RedemptionNetwork, amount: string): RedemptionStory {
  const { member, tokenizer, asset } = network;
  return redemptionStory({
    member: member.bic,
    tokenizerBic: tokenizer.bic,
    tokenizer: tokenizer.identification,
    currency: asset.code,
    amount,
    account: member.account,
    ...freshIdentifiers(member.bic, 'RDM'),
  });
}
