import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { redemptionRequest, redemptionStory, storyMessage } from '../../schemas/iso20022/message-builders.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../../test-support/simulator-process.ts';
import { launchChromium } from '../../test-support/browser.ts';
import { DeveloperMember, eventually } from '../../test-support/developer-member.ts';

/**
 * The dashboard as a person uses it: `dss sim` on the demo network, /ui open in a browser, and a new
 * member quoting and exchanging through the API meanwhile. What it did must appear on the open page,
 * without a reload: the quotation, the exchange, the moved balances and the sequence of calls.
 */

/** The page follows events, then re-reads the state: on a loaded machine that can take seconds. */
const live = expect.configure({ timeout: 30_000 });

let sim: SimulatorProcess;
let browser: Browser;
test.beforeAll(async () => {
  [sim, browser] = await Promise.all([startSimulatorProcess(['--network', 'demo']), launchChromium()]);
});
test.afterAll(async () => {
  await browser?.close();
  await sim?.stop();
});

test('the dashboard shows a new member quoting and exchanging, live', async () => {
  test.setTimeout(300_000);
  const page = await browser.newPage();
  await page.goto(`${sim.url}/ui`);
  await live(page.locator('#connection')).toHaveText('live', { timeout: 30_000 });
  await live(page.locator('#members')).toContainText('mm-saopaulo');
  await live(page.locator('#members tr', { hasText: 'mm-singapore' })).toContainText('SGDDSO');

  const me = await DeveloperMember.create(sim.url);
  for (const [code, issuer] of [['USD', 'tokenizer-usd'], ['EUR', 'tokenizer-eur']]) {
    await me.ok('POST', '/settlement-instruments/credit-line', { account_identification: 'main', asset_code_identification: code, credit_line_state: 'request', member_identification: issuer, maximum_credit_limit: 1_000_000 });
  }
  await eventually(sim.url, 'EUR funded', async () => ((await me.balance('EUR', 'tokenizer-eur')) === '100000.0000000' ? true : undefined));
  await me.ok('POST', '/members/allowlist', 'mm-saopaulo');
  const request = {
    base_asset_info: [{ asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: 'tokenizer-usd' }],
    buyer_member_identification: me.identification,
    maximum_amount_limit: 1000,
    quoted_asset_info: [{ asset_code_identification: 'EUR', asset_group_identification: 'DSA', asset_issuer_identification: 'tokenizer-eur' }],
    time_end_request_quotation: (await me.now()) + 600_000,
  };
  const { request_uuid: requestUuid } = await eventually(sim.url, 'mm-saopaulo listed me back', async () => {
    const answer = await me.call('POST', '/exchange/quotations/request', request);
    return answer.status === 200 ? (answer.body as { request_uuid: string }) : undefined;
  });
  const quotationUuid = `${requestUuid}-mm-saopaulo`;
  const info = await eventually(sim.url, 'mm-saopaulo answered', async () => {
    const state = (await me.ok('GET', `/exchange/quotations/${quotationUuid}`)) as { request_quotation_state: number; response_data?: unknown[] };
    return state.request_quotation_state === 10 ? state.response_data![0] : undefined;
  });
  const quotationRow = page.locator('#quotations tr', { hasText: quotationUuid });
  await live(quotationRow).toContainText('10 answered');
  await live(quotationRow).toContainText('0.91816');

  const exchange = { amount_base_asset: 500, buyer_crediting_account_identification: 'main', buyer_debiting_account_identification: 'main', quotation_info: [info] };
  const signed = await me.signJson(exchange);
  expect((await me.ok('POST', '/exchange', { exchange_payload: signed.payload, member_signature: signed.signature })).exchange_state).toBe('Success');

  // The quotation completed, the balances moved (500 USD out, 500 x 0.91816 EUR in), the ledger shows the exchange.
  await live(quotationRow).toContainText('21 completed');
  await live(page.locator('#balances tr', { hasText: me.identification }).filter({ hasText: 'USD' })).toContainText('99500.0000000');
  await live(page.locator('#balances tr', { hasText: me.identification }).filter({ hasText: 'EUR' })).toContainText('100459.0800000');
  await live(page.locator('#transactions')).toContainText(`${me.identification}/main → mm-saopaulo/main 500.0000000 USD`);

  // The sequence view, filtered to the member: the request, the autopilot's answer delivered, the exchange, newest first.
  await page.locator('#member-filter').selectOption(me.identification);
  const sequence = page.locator('#sequence tr.entry');
  const exchangeCall = sequence.filter({ hasText: `${me.identification} POST /client/v1/api/exchange → 200` });
  await live(exchangeCall).toHaveCount(1);
  const requestCall = sequence.filter({ hasText: `${me.identification} POST /client/v1/api/exchange/quotations/request → 200` });
  await live(requestCall).toHaveCount(1);
  const answerDelivered = sequence.filter({ hasText: `gateway → ${me.identification} quotations` });
  await live(answerDelivered.first()).toBeVisible();
  const order = async (row: typeof exchangeCall) => Number(await row.first().getAttribute('data-sequence'));
  expect(await order(exchangeCall)).toBeGreaterThan(await order(answerDelivered));
  expect(await order(answerDelivered)).toBeGreaterThan(await order(requestCall));
  // Newest first, and the bodies are there with no token in them.
  const numbers = (await sequence.evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-sequence'))))) as number[];
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  await exchangeCall.locator('summary').click();
  await live(exchangeCall.locator('pre')).toContainText('"exchange_state": "Success"');
  await live(page.locator('#sequence')).not.toContainText('eyJhbGciOi');
});

/** A tokenizer that answers two simulated minutes late, so a redemption waits long enough to be seen waiting. */
const slowTokenizer = `
autopilot: { delay_ms: 120000 }
members:
  - identification: tokenizer-usd
    role: tokenizer
    country: US
    bic: TKNUUS33
    autopilot: { allowlist_back: true, tokenizer: { credit_lines: allow, opening_amount: 1000, redemptions: accept } }
assets: [{ code: USD, issuer: tokenizer-usd }]
`;

test('the dashboard follows a redemption through its life cycle, the clock moved from the page', async () => {
  test.setTimeout(300_000);
  const page = await browser.newPage();
  await page.goto(`${sim.url}/ui`);
  await live(page.locator('#connection')).toHaveText('live', { timeout: 30_000 });
  const reset = await fetch(`${sim.url}/sim/reset`, { method: 'POST', body: JSON.stringify({ network_file: slowTokenizer }) });
  expect(reset.status).toBe(200);
  // The open page starts over from the new network.
  await live(page.locator('#members')).not.toContainText('mm-saopaulo');

  const me = await DeveloperMember.create(sim.url);
  await me.ok('POST', '/settlement-instruments/credit-line', { account_identification: 'main', asset_code_identification: 'USD', credit_line_state: 'request', member_identification: 'tokenizer-usd', maximum_credit_limit: 10_000 });
  await me.ok('POST', '/members/allowlist', 'tokenizer-usd');
  await fetch(`${sim.url}/sim/clock`, { method: 'POST', body: JSON.stringify({ advance_ms: 120_000 }) });
  await eventually(sim.url, 'USD funded', async () => ((await me.balance('USD', 'tokenizer-usd')) === '1000.0000000' ? true : undefined));

  const story = redemptionStory({ member: me.bic, tokenizerBic: 'TKNUUS33', tokenizer: 'tokenizer-usd', currency: 'USD', amount: '100', account: 'main', messageIdentification: me.newIdentification('RDM'), instruction: me.newIdentification('RIN'), endToEnd: me.newIdentification('RE2'), uetr: randomUUID() });
  const signed = await me.signMessage(storyMessage('pacs.009.001.08', redemptionRequest(story), me.bic, 'TKNUUS33', story.messageIdentification));
  await eventually(sim.url, 'tokenizer-usd listed me back', async () => {
    const answer = await me.call('POST', '/payments/message/redeem', { financial_message_type: 'iso20022:pacs.009.001.08', financial_message_data: signed });
    return answer.status === 200 ? true : undefined;
  });

  const row = page.locator('#redemptions tr', { hasText: story.instruction });
  await live(row).toContainText('requested');
  await live(row).toContainText(`${me.identification}`);
  await live(row).toContainText('100 USD');
  await expect(row).not.toContainText('redeemed');
  // Two minutes on the clock, from the page's own buttons: the tokenizer answers, the amount is burned.
  await page.locator('button[data-advance="60000"]').click();
  await page.locator('button[data-advance="60000"]').click();
  await live(row).toContainText('redeemed');
  await live(page.locator('#balances tr', { hasText: me.identification }).filter({ hasText: 'USD' })).toContainText('900.0000000');
  await live(page.locator('#transactions')).toContainText(`${me.identification}/main → tokenizer-usd/emission 100.0000000 USD`);
});
