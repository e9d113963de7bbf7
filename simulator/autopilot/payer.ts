/**
 * Traffic from an autopilot OFI (rules.payments): a pacs.008 to one member at a pace, built with the
 * project's builders, signed through `POST /sign/message` with the paying account's key and sent on
 * `POST /payments/message/send`. The receiver's BIC comes from the directory (`GET /members/{id}`).
 * What happens next (the RFI's answer, the service's report) reaches the OFI's `payment` queue.
 */
import { randomUUID } from 'node:crypto';
import { creditTransfer, paymentStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { financialMessageType } from '../../schemas/iso20022/message-types.ts';
import type { Pilot } from './pilot.ts';
import type { PaymentTraffic } from './rules.ts';

export async function sendPayment(pilot: Pilot, traffic: PaymentTraffic): Promise<void> {
  const account = traffic.account ?? 'main';
  const receiver = (await pilot.api.request('member.getMember', { path: { member_identification: traffic.to } })) as {
    bicfi: string;
  };
  const story = paymentStory({
    ofi: pilot.member.bicfi,
    rfi: receiver.bicfi,
    issuer: traffic.issuer,
    method: 'DSA',
    currency: traffic.currency,
    amount: String(traffic.amount),
    messageIdentification: pilot.newIdentification('PAY'),
    instruction: pilot.newIdentification('INS'),
    endToEnd: pilot.newIdentification('E2E'),
    uetr: randomUUID(),
  });
  const xml = storyMessage(
    'pacs.008.001.08',
    creditTransfer(story, { settlementAccount: account }),
    story.ofi,
    story.rfi,
    story.messageIdentification,
  );
  const signed = await pilot.api.signMessage(account, xml);
  await pilot.api.request('member.sendPayment', {
    body: { financial_message_type: financialMessageType('pacs.008.001.08'), financial_message_data: signed },
  });
  pilot.log(
    'payments',
    `pay ${traffic.amount} ${traffic.currency} to ${traffic.to}`,
    'done',
    `payment ${story.instruction}, every ${traffic.every_ms / 1000} s`,
  );
}
