import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { redemptionRequest, redemptionStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { DeveloperMember } from '../../test-support/developer-member.ts';
import {
  EUR,
  exchangeAt,
  lineAndFunding,
  payToSingapore,
  quotationFromSingapore,
  statusReported,
  untilOn,
  USD,
} from '../../test-support/member-day.ts';

/**
 * A whole member day on the demo network with no other client: the autopilot counterparties
 * (docs/network.md) answer a new member that acts only through the spec's endpoints with its own token.
 */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: 'demo' });
});
test.afterAll(async () => {
  await sim?.close();
});

test('a new member gets lines and funds, is quoted, exchanges, pays, is refused above the limit, asks a fee and redeems', async () => {
  test.setTimeout(300_000);
  const me = await DeveloperMember.create(sim.url);
  const until = untilOn(me);

  await lineAndFunding(me);
  const info = await quotationFromSingapore(me);
  expect(info.foreign_exchange_rate).toBe(0.91908); // 0.92 less mm-singapore's spread of 0.1 %

  // The exchange: 500 USD for 459.54 EUR.
  expect(await exchangeAt(me, info)).toBe('Success');
  expect(await me.balance('USD', USD.issuer)).toBe('99500.0000000');
  expect(await me.balance('EUR', EUR.issuer)).toBe('100459.5400000');

  // A payment to the autopilot RFI within its limit settles; one above 50,000 is rejected.
  const reports: string[] = [];
  expect(await payToSingapore(me, '1000', reports)).toBe('ACSC');
  expect(await me.balance('USD', USD.issuer)).toBe('98500.0000000');
  expect(await payToSingapore(me, '60000', reports)).toBe('RJCT');
  expect(await me.balance('USD', USD.issuer)).toBe('98500.0000000');

  // The RFI's fee for paying out 200 USD: 1 + 0.1 %.
  const chargeUuid = randomUUID();
  await me.ok('POST', '/charges/request/mm-singapore', {
    instructed_currency_code: 'USD',
    instructed_net_amount: 200,
    interbank_settlement_instrument: [
      { asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: USD.issuer },
    ],
    member_identification: me.identification,
    request_uuid: chargeUuid,
  });
  const charges: any[] = [];
  const fee = await until('the fee answered', async () => {
    charges.push(...(await me.readQueue('charge')));
    return charges.find((answer) => answer.request_uuid === chargeUuid);
  });
  expect(fee).toMatchObject({ fee_amount: 1.2, instructed_amount: 200, sender: 'mm-singapore' });

  // Redemption: the tokenizer lists back and burns 100 USD.
  await me.ok('POST', '/members/allowlist', 'tokenizer-usd');
  const story = redemptionStory({
    member: me.bic,
    tokenizerBic: 'TKNUUS33',
    tokenizer: USD.issuer,
    currency: 'USD',
    amount: '100',
    account: 'main',
    messageIdentification: me.newIdentification('RDM'),
    instruction: me.newIdentification('RIN'),
    endToEnd: me.newIdentification('RE2'),
    uetr: randomUUID(),
  });
  const redemption = await me.signMessage(
    storyMessage('pacs.009.001.08', redemptionRequest(story), me.bic, 'TKNUUS33', story.messageIdentification),
  );
  await until('tokenizer-usd listed me back', async () => {
    const answer = await me.call('POST', '/payments/message/redeem', {
      financial_message_type: 'iso20022:pacs.009.001.08',
      financial_message_data: redemption,
    });
    return answer.status === 200 ? true : undefined;
  });
  expect(await statusReported(me, story.instruction, reports, true)).toBe('ACSC');
  expect(await me.balance('USD', USD.issuer)).toBe('98400.0000000');
});
