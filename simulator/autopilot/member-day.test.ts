import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { creditTransfer, paymentStory, redemptionRequest, redemptionStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { DeveloperMember, eventually } from '../../test-support/developer-member.ts';

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

const USD = { code: 'USD', issuer: 'tokenizer-usd' };
const EUR = { code: 'EUR', issuer: 'tokenizer-eur' };

test('a new member gets lines and funds, is quoted, exchanges, pays, is refused above the limit, asks a fee and redeems', async () => {
  test.setTimeout(300_000);
  const me = await DeveloperMember.create(sim.url);
  const until = <T>(what: string, condition: () => Promise<T | undefined>) => eventually(sim.url, what, condition);

  // Credit lines: both tokenizers allow them and fund each with 100,000.
  for (const asset of [USD, EUR]) {
    await me.ok('POST', '/settlement-instruments/credit-line', { account_identification: 'main', asset_code_identification: asset.code, credit_line_state: 'request', member_identification: asset.issuer, maximum_credit_limit: 1_000_000 });
  }
  for (const asset of [USD, EUR]) {
    await until(`${asset.code} funded`, async () => ((await me.balance(asset.code, asset.issuer)) === '100000.0000000' ? true : undefined));
  }

  // The autopilot market maker lists back, then answers a quotation request (1-1000 EUR for USD).
  await me.ok('POST', '/members/allowlist', 'mm-singapore');
  const end = (await me.now()) + 600_000;
  const request = { base_asset_info: [{ asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: USD.issuer }], buyer_member_identification: me.identification, maximum_amount_limit: 1000, minimum_amount_limit: 1, quoted_asset_info: [{ asset_code_identification: 'EUR', asset_group_identification: 'DSA', asset_issuer_identification: EUR.issuer }], time_end_request_quotation: end };
  const requested = await until('mm-singapore listed me back', async () => {
    const answer = await me.call('POST', '/exchange/quotations/request', request);
    return answer.status === 200 ? (answer.body as { request_uuid: string }) : undefined;
  });
  const quotation = await until('mm-singapore answered', async () => {
    const states = (await me.ok('GET', `/exchange/quotations/request/${requested.request_uuid}`)) as Array<{ request_quotation_state: number; response_data?: Array<{ foreign_exchange_rate: number }> }>;
    return states.find((state) => state.request_quotation_state === 10);
  });
  const info = quotation.response_data![0]!;
  expect(info.foreign_exchange_rate).toBe(0.91908); // 0.92 less mm-singapore's spread of 0.1 %

  // The exchange: 500 USD for 459.54 EUR.
  const exchange = { amount_base_asset: 500, buyer_crediting_account_identification: 'main', buyer_debiting_account_identification: 'main', quotation_info: [info] };
  const signedExchange = await me.signJson(exchange);
  const result = await me.ok('POST', '/exchange', { exchange_payload: signedExchange.payload, member_signature: signedExchange.signature });
  expect(result.exchange_state).toBe('Success');
  expect(await me.balance('USD', USD.issuer)).toBe('99500.0000000');
  expect(await me.balance('EUR', EUR.issuer)).toBe('100459.5400000');

  // A payment to the autopilot RFI within its limit settles; one above 50,000 is rejected.
  const pay = async (amount: string) => {
    const story = paymentStory({ ofi: me.bic, rfi: 'MMSGSGSG', issuer: USD.issuer, method: 'DSA', currency: 'USD', amount, messageIdentification: me.newIdentification('PAY'), instruction: me.newIdentification('INS'), endToEnd: me.newIdentification('E2E'), uetr: randomUUID() });
    const xml = storyMessage('pacs.008.001.08', creditTransfer(story, { settlementAccount: 'main' }), me.bic, 'MMSGSGSG', story.messageIdentification);
    await me.ok('POST', '/payments/message/send', { financial_message_type: 'iso20022:pacs.008.001.08', financial_message_data: await me.signMessage(xml) });
    return story.instruction;
  };
  const reports: string[] = [];
  const statusOf = async (instruction: string) => {
    for (const payload of await me.readQueue('payment')) reports.push(Buffer.from((payload as { financial_message_data: string }).financial_message_data, 'base64').toString('utf8'));
    const report = reports.find((xml) => xml.includes(instruction) && xml.includes('pacs.002'));
    return report && /<TxSts>(\w+)<\/TxSts>/.exec(report)?.[1];
  };
  const settled = await pay('1000');
  expect(await until('the payment answered', () => statusOf(settled))).toBe('ACSC');
  expect(await me.balance('USD', USD.issuer)).toBe('98500.0000000');
  const tooBig = await pay('60000');
  expect(await until('the big payment answered', () => statusOf(tooBig))).toBe('RJCT');
  expect(await me.balance('USD', USD.issuer)).toBe('98500.0000000');

  // The RFI's fee for paying out 200 USD: 1 + 0.1 %.
  const chargeUuid = randomUUID();
  await me.ok('POST', '/charges/request/mm-singapore', { instructed_currency_code: 'USD', instructed_net_amount: 200, interbank_settlement_instrument: [{ asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: USD.issuer }], member_identification: me.identification, request_uuid: chargeUuid });
  const charges: any[] = [];
  const fee = await until('the fee answered', async () => {
    charges.push(...(await me.readQueue('charge')));
    return charges.find((answer) => answer.request_uuid === chargeUuid);
  });
  expect(fee).toMatchObject({ fee_amount: 1.2, instructed_amount: 200, sender: 'mm-singapore' });

  // Redemption: the tokenizer lists back and burns 100 USD.
  await me.ok('POST', '/members/allowlist', 'tokenizer-usd');
  const story = redemptionStory({ member: me.bic, tokenizerBic: 'TKNUUS33', tokenizer: USD.issuer, currency: 'USD', amount: '100', account: 'main', messageIdentification: me.newIdentification('RDM'), instruction: me.newIdentification('RIN'), endToEnd: me.newIdentification('RE2'), uetr: randomUUID() });
  const redemption = await me.signMessage(storyMessage('pacs.009.001.08', redemptionRequest(story), me.bic, 'TKNUUS33', story.messageIdentification));
  await until('tokenizer-usd listed me back', async () => {
    const answer = await me.call('POST', '/payments/message/redeem', { financial_message_type: 'iso20022:pacs.009.001.08', financial_message_data: redemption });
    return answer.status === 200 ? true : undefined;
  });
  expect(await until('the redemption answered', () => statusOf(story.instruction).then((status) => (status === 'ACTC' ? undefined : status)))).toBe('ACSC');
  expect(await me.balance('USD', USD.issuer)).toBe('98400.0000000');
});
