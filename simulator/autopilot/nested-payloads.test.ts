import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { creditTransfer, paymentStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { DeveloperMember, eventually } from '../../test-support/developer-member.ts';

/**
 * The autopilot members under the reading nested-gateway-payloads (readings/catalogue.ts): what reaches
 * their queues sits under its kind inside each response_data object, and they still answer it. A new
 * member on the demo network is quoted, gets a fee and has a payment settled by mm-singapore, and reads
 * every answer in the nested form.
 */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: 'demo', readings: ['nested-gateway-payloads'] });
});
test.afterAll(async () => {
  await sim?.close();
});

const usd = [
  { asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: 'tokenizer-usd' },
];
const eur = [
  { asset_code_identification: 'EUR', asset_group_identification: 'DSA', asset_issuer_identification: 'tokenizer-eur' },
];

test('mm-singapore answers a quotation request, a fee request and a payment it reads nested; the member reads the answers nested', async () => {
  test.setTimeout(240_000);
  const me = await DeveloperMember.create(sim.url);
  const until = <T>(what: string, condition: () => Promise<T | undefined>) => eventually(sim.url, what, condition);
  const kept: Record<string, any[]> = {};
  const nested = async (type: string, key: string, wanted: (payload: any) => boolean) => {
    const read = (kept[type] ??= []);
    read.push(...(await me.readQueue(type)));
    const found = read.find((data) => Object.keys(data).length === 1 && data[key] !== undefined && wanted(data[key]));
    return found?.[key];
  };

  await me.ok('POST', '/settlement-instruments/credit-line', {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'request',
    member_identification: 'tokenizer-usd',
    maximum_credit_limit: 1_000_000,
  });
  await until('USD funded', async () =>
    (await me.balance('USD', 'tokenizer-usd')) === '100000.0000000' ? true : undefined,
  );
  // The funding's notice, under its kind.
  expect(
    await until('the funding notice', () =>
      nested('transactions', 'transaction', (notice) => notice.direction === 'credit'),
    ),
  ).toMatchObject({ account_identification: 'main', amount: '100000.0000000' });

  // The market maker reads the quotation request nested and answers it; the buyer's quotation comes nested too.
  await me.ok('POST', '/members/allowlist', 'mm-singapore');
  const request = {
    base_asset_info: usd,
    buyer_member_identification: me.identification,
    maximum_amount_limit: 1000,
    minimum_amount_limit: 1,
    quoted_asset_info: eur,
    time_end_request_quotation: (await me.now()) + 600_000,
  };
  const { request_uuid } = await until('mm-singapore listed me back', async () => {
    const answer = await me.call('POST', '/exchange/quotations/request', request);
    return answer.status === 200 ? (answer.body as { request_uuid: string }) : undefined;
  });
  const quotation = await until('the quotation', () =>
    nested('quotations', 'quotation', (state) => state.quotation_uuid === `${request_uuid}-mm-singapore`),
  );
  expect(quotation).toMatchObject({
    request_quotation_state: 10,
    response_data: [{ foreign_exchange_rate: 0.91908, seller_member_identification: 'mm-singapore' }],
  });

  // The RFI reads the fee request nested and answers it: 1 + 0.1 % of 200 USD.
  const chargeUuid = randomUUID();
  await me.ok('POST', '/charges/request/mm-singapore', {
    instructed_currency_code: 'USD',
    instructed_net_amount: 200,
    interbank_settlement_instrument: usd,
    member_identification: me.identification,
    request_uuid: chargeUuid,
  });
  expect(
    await until('the fee answered', () => nested('charge', 'charge', (answer) => answer.request_uuid === chargeUuid)),
  ).toMatchObject({ fee_amount: 1.2, instructed_amount: 200, sender: 'mm-singapore' });

  // The RFI reads the pacs.008 nested and accepts it; the OFI's pacs.002 ACSC comes nested.
  const story = paymentStory({
    ofi: me.bic,
    rfi: 'MMSGSGSG',
    issuer: 'tokenizer-usd',
    method: 'DSA',
    currency: 'USD',
    amount: '1000',
    messageIdentification: me.newIdentification('PAY'),
    instruction: me.newIdentification('INS'),
    endToEnd: me.newIdentification('E2E'),
    uetr: randomUUID(),
  });
  const xml = storyMessage(
    'pacs.008.001.08',
    creditTransfer(story, { settlementAccount: 'main' }),
    me.bic,
    'MMSGSGSG',
    story.messageIdentification,
  );
  await me.ok('POST', '/payments/message/send', {
    financial_message_type: 'iso20022:pacs.008.001.08',
    financial_message_data: await me.signMessage(xml),
  });
  const settled = (message: any) => {
    const text = Buffer.from(String(message.financial_message_data), 'base64').toString('utf8');
    return text.includes(story.instruction) && text.includes('<TxSts>ACSC</TxSts>');
  };
  await until('the payment settled', () => nested('payment', 'payment', settled));
  expect(await me.balance('USD', 'tokenizer-usd')).toBe('99000.0000000');
});
