/**
 * An autopilot RFI (rules.rfi): it answers each payment (pacs.008 transaction) on its `payment` queue
 * with an SVC.001 — RJCT when the currency is not one it takes (AM03), when the amount is above its
 * limit (AM02), or for its seeded share of random rejections (MS03); ACTC crediting its account
 * otherwise — answers a camt.056 with a pacs.004 refund (`cancellations: accept`, for a payment it
 * accepted) or a camt.029 RJCR, answers an SVC.002 (a DSO payment's obligation paid) with the pacs.004
 * that gives the DSO back (`obligations`), and answers charge requests with its fee schedule. Messages are built
 * with the project's builders (schemas/iso20022/message-builders.ts), signed through `POST /sign/message`
 * with its account's key and posted on `POST /payments/message/reply`.
 */
import {
  cancellationResolution,
  complianceAnswer,
  paymentReturn,
  storyMessage,
  type PaymentStory,
} from '../../schemas/iso20022/message-builders.ts';
import { financialMessageType, type MessageTypeName } from '../../schemas/iso20022/message-types.ts';
import type { ChargeRequest, PaymentCharge } from '../../schemas/wire.ts';
import { addAmounts, compareAmounts, parseAmount, subtractAmounts, ZERO_AMOUNT } from '../ledger/amount.ts';
import type { MessageContent } from '../iso20022/message-content.ts';
import { elementAt, textAt } from '../iso20022/xml-dom.ts';
import { paymentStories } from './incoming-message.ts';
import type { Pilot } from './pilot.ts';
import type { RfiRules } from './rules.ts';
import { defaultDsoAccount } from '../credit-lines/dso-holding-account.ts';

/** Where this RFI holds a DSO of `issuer`: its own is burned and minted on emission, another's is on its DSO account. */
function dsoAccount(pilot: Pilot, issuer: string): string {
  return issuer === pilot.member.identification ? 'emission' : defaultDsoAccount(pilot.state);
}

/** Accepted payments, by instruction identification, kept in the pilot's memory for refunds. */
const acceptedKey = (instruction: string) => `accepted:${instruction}`;

export async function answerPayments(
  pilot: Pilot,
  rules: RfiRules,
  message: MessageContent,
  random: () => number,
): Promise<void> {
  const account = rules.account ?? 'main';
  for (const story of paymentStories(message)) {
    const verdict = judge(rules, story, random);
    const identification = pilot.newIdentification('CMP');
    const document = complianceAnswer(story, {
      messageIdentification: identification,
      status: verdict.reason ? 'RJCT' : 'ACTC',
      creditAccount: story.method === 'DSO' ? dsoAccount(pilot, story.issuer) : account,
      ...(verdict.reason ? { reason: verdict.reason } : {}),
    });
    await reply(pilot, account, 'SVC.001.001.01', document, story, identification);
    if (!verdict.reason) pilot.memory.set(acceptedKey(story.instruction), story);
    pilot.log(
      verdict.rule,
      `${verdict.reason ? 'reject' : 'accept'} payment ${story.instruction}`,
      'done',
      `${story.amount} ${story.currency} (${story.method} of ${story.issuer}): ${verdict.why}`,
    );
  }
}

export async function answerCancellation(pilot: Pilot, rules: RfiRules, message: MessageContent): Promise<void> {
  const account = rules.account ?? 'main';
  const transaction = message.transactions[0];
  const instruction = transaction?.original?.instructionIdentification ?? '';
  const accepted = pilot.memory.get(acceptedKey(instruction)) as PaymentStory | undefined;
  const identification = pilot.newIdentification(accepted && rules.cancellations === 'accept' ? 'RTR' : 'CXL');
  if (accepted && rules.cancellations === 'accept') {
    const document = paymentReturn(accepted, {
      messageIdentification: identification,
      settlementAccount: accepted.method === 'DSO' ? dsoAccount(pilot, accepted.issuer) : account,
    });
    await reply(pilot, account, 'pacs.004.001.09', document, accepted, identification);
    pilot.memory.delete(acceptedKey(instruction));
    pilot.log(
      'rfi.cancellations',
      `refund payment ${instruction}`,
      'done',
      `cancellations: accept — pacs.004 returns ${accepted.amount} ${accepted.currency}`,
    );
    return;
  }
  const story = originalOf(message, transaction?.element);
  await reply(
    pilot,
    account,
    'camt.029.001.09',
    cancellationResolution(story, { messageIdentification: identification }),
    story,
    identification,
  );
  const why = accepted ? 'cancellations: reject' : 'it accepted no such payment (or gave it back already)';
  pilot.log('rfi.cancellations', `refuse to cancel payment ${instruction}`, 'done', `camt.029 RJCR: ${why}`);
}

/** An SVC.002: the OFI paid off the service what its DSO payment owed; by rule the RFI gives the DSO back to its issuer with a pacs.004. */
export async function answerObligationNotice(pilot: Pilot, rules: RfiRules, message: MessageContent): Promise<void> {
  const rule = rules.obligations ?? 'return';
  for (const transaction of message.transactions) {
    const instruction = transaction.original?.instructionIdentification ?? '';
    const accepted = pilot.memory.get(acceptedKey(instruction)) as PaymentStory | undefined;
    if (!accepted || accepted.method !== 'DSO' || accepted.issuer === pilot.member.identification) {
      pilot.log(
        'rfi.obligations',
        `leave the SVC.002 about payment ${instruction} unanswered`,
        'skipped',
        'it holds no obligation from that payment (not accepted by it, not in the OFI’s DSO, or given back already)',
      );
      continue;
    }
    if (rule === 'keep') {
      pilot.log(
        'rfi.obligations',
        `keep the ${accepted.currency}DSO of payment ${instruction}`,
        'skipped',
        'obligations: keep',
      );
      continue;
    }
    const identification = pilot.newIdentification('RTR');
    // NARR: a return for a paid obligation, not following a cancellation request (the builder's default FOCR).
    const document = paymentReturn(accepted, {
      messageIdentification: identification,
      settlementAccount: dsoAccount(pilot, accepted.issuer),
      reason: 'NARR',
    });
    await reply(pilot, rules.account ?? 'main', 'pacs.004.001.09', document, accepted, identification);
    pilot.memory.delete(acceptedKey(instruction));
    pilot.log(
      'rfi.obligations',
      `return the ${accepted.currency}DSO of payment ${instruction}`,
      'done',
      `obligations: ${rule} — pacs.004 gives ${accepted.amount} ${accepted.currency}DSO back to ${accepted.issuer}, which the SVC.002 says it paid`,
    );
  }
}

export function isChargeRequest(payload: object): payload is ChargeRequest & { sender: string } {
  return (
    typeof (payload as { sender?: unknown }).sender === 'string' &&
    !('fee_amount' in payload) &&
    'request_uuid' in payload
  );
}

/** Answers a charge request: fee = fixed + percent of the amount; a net request is paid out whole, a gross one less the fee. */
export async function answerCharge(
  pilot: Pilot,
  rules: RfiRules,
  request: ChargeRequest & { sender: string },
): Promise<void> {
  if (!rules.fee) {
    pilot.log('rfi.fee', `leave charge request ${request.request_uuid} unanswered`, 'skipped', 'no fee schedule');
    return;
  }
  // The fee has the ledger's digits, so that the service takes the answer.
  const { amounts } = pilot.state;
  const gross = request.interbank_settlement_gross_amount;
  const basis = amounts.parse(gross ?? request.instructed_net_amount ?? 0);
  const fee = addAmounts(
    amounts.parse(rules.fee.fixed ?? 0),
    amounts.multiplyRoundDown(basis, (rules.fee.percent ?? 0) / 100),
  );
  const paidOut = gross === undefined ? basis : subtractAmounts(basis, fee);
  if (compareAmounts(paidOut, ZERO_AMOUNT) <= 0) {
    pilot.log(
      'rfi.fee',
      `leave charge request ${request.request_uuid} unanswered`,
      'skipped',
      `the fee ${amounts.toNumber(fee)} takes the whole gross amount ${gross}`,
    );
    return;
  }
  const answer: PaymentCharge = {
    fee_amount: amounts.toNumber(fee),
    instructed_amount: amounts.toNumber(paidOut),
    instructed_currency_code: request.instructed_currency_code,
    interbank_settlement_amount_without_fee: amounts.toNumber(paidOut),
    interbank_settlement_instrument: request.interbank_settlement_instrument,
    request_uuid: request.request_uuid,
  };
  await pilot.api.request('member.answerCharge', { path: { member_identification: request.sender }, body: answer });
  pilot.log(
    'rfi.fee',
    `answer charge request ${request.request_uuid} of ${request.sender}`,
    'done',
    `fee ${answer.fee_amount} ${request.instructed_currency_code} (${rules.fee.fixed ?? 0} + ${rules.fee.percent ?? 0} %), pays out ${answer.instructed_amount}`,
  );
}

interface Verdict {
  rule: string;
  why: string;
  reason?: { code: string; text: string };
}

function judge(rules: RfiRules, story: PaymentStory, random: () => number): Verdict {
  if (rules.currencies && !rules.currencies.includes(story.currency)) {
    return {
      rule: 'rfi.currencies',
      why: `takes ${rules.currencies.join(', ')} only`,
      reason: { code: 'AM03', text: `${story.currency} is not a currency this RFI takes` },
    };
  }
  if (
    rules.accept_up_to !== undefined &&
    compareAmounts(parseAmount(story.amount), parseAmount(rules.accept_up_to)) > 0
  ) {
    return {
      rule: 'rfi.accept_up_to',
      why: `above its limit of ${rules.accept_up_to}`,
      reason: { code: 'AM02', text: `Above this RFI's limit of ${rules.accept_up_to}` },
    };
  }
  // Drawn for every payment that reaches this rule, so a seed gives the same rejections in the same order.
  if (random() < (rules.reject_share ?? 0)) {
    return {
      rule: 'rfi.reject_share',
      why: `one of the ${(rules.reject_share ?? 0) * 100} % rejected at random`,
      reason: { code: 'MS03', text: 'Rejected by the RFI (simulated random rejection)' },
    };
  }
  return {
    rule: 'rfi.accept_up_to',
    why: rules.accept_up_to === undefined ? 'no limit' : `within its limit of ${rules.accept_up_to}`,
  };
}

/** The payment a camt.056 names, from its own fields, for an answer that moves nothing. */
function originalOf(
  message: MessageContent,
  element: MessageContent['transactions'][number]['element'] | undefined,
): PaymentStory {
  const original = message.transactions[0]?.original;
  return {
    ofi: message.header.from ?? '',
    rfi: message.header.to ?? '',
    issuer: '',
    method: 'DSA',
    currency: (element && elementAt(element, 'OrgnlIntrBkSttlmAmt')?.getAttribute('Ccy')) ?? '',
    amount: (element && textAt(element, 'OrgnlIntrBkSttlmAmt')) ?? '',
    messageIdentification: original?.messageIdentification ?? '',
    instruction: original?.instructionIdentification ?? '',
    endToEnd: original?.endToEndIdentification ?? '',
    uetr: original?.uetr ?? '',
  };
}

/** Signs the answer with `account`'s key and posts it on the reply route, from the RFI to the OFI. */
async function reply(
  pilot: Pilot,
  account: string,
  type: MessageTypeName,
  document: string,
  story: PaymentStory,
  identification: string,
): Promise<void> {
  const signed = await pilot.api.signMessage(
    account,
    storyMessage(type, document, story.rfi, story.ofi, identification),
  );
  await pilot.api.request('member.replyPayment', {
    body: { financial_message_type: financialMessageType(type), financial_message_data: signed },
  });
}
