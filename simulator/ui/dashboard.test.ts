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

/** A USD-for-EUR quotation request to mm-saopaulo, sent once it lists `me` back: the quotation's id. */
async function requestFromSaopaulo(me: DeveloperMember): Promise<string> {
  const request = {
    base_asset_info: [
      {
        asset_code_identification: 'USD',
        asset_group_identification: 'DSA',
        asset_issuer_identification: 'tokenizer-usd',
      },
    ],
    buyer_member_identification: me.identification,
    maximum_amount_limit: 1000,
    quoted_asset_info: [
      {
        asset_code_identification: 'EUR',
        asset_group_identification: 'DSA',
        asset_issuer_identification: 'tokenizer-eur',
      },
    ],
    time_end_request_quotation: (await me.now()) + 600_000,
  };
  const { request_uuid: requestUuid } = await eventually(sim.url, 'mm-saopaulo listed me back', async () => {
    const answer = await me.call('POST', '/exchange/quotations/request', request);
    return answer.status === 200 ? (answer.body as { request_uuid: string }) : undefined;
  });
  return `${requestUuid}-mm-saopaulo`;
}

test('the dashboard shows a new member quoting and exchanging, live', async () => {
  test.setTimeout(300_000);
  const page = await browser.newPage();
  await page.goto(`${sim.url}/ui`);
  await live(page.locator('#connection')).toHaveText('live', { timeout: 30_000 });
  await live(page.locator('#members')).toContainText('mm-saopaulo');
  await live(page.locator('#members tr', { hasText: 'mm-singapore' })).toContainText('SGDDSO');

  const me = await DeveloperMember.create(sim.url);
  for (const [code, issuer] of [
    ['USD', 'tokenizer-usd'],
    ['EUR', 'tokenizer-eur'],
  ]) {
    await me.ok('POST', '/settlement-instruments/credit-line', {
      account_identification: 'main',
      asset_code_identification: code,
      credit_line_state: 'request',
      member_identification: issuer,
      maximum_credit_limit: 1_000_000,
    });
  }
  await eventually(sim.url, 'EUR funded', async () =>
    (await me.balance('EUR', 'tokenizer-eur')) === '100000.0000000' ? true : undefined,
  );
  await me.ok('POST', '/members/allowlist', 'mm-saopaulo');
  const quotationUuid = await requestFromSaopaulo(me);
  const info = await eventually(sim.url, 'mm-saopaulo answered', async () => {
    const state = (await me.ok('GET', `/exchange/quotations/${quotationUuid}`)) as {
      request_quotation_state: number;
      response_data?: unknown[];
    };
    return state.request_quotation_state === 10 ? state.response_data![0] : undefined;
  });
  const quotationRow = page.locator('#quotations tr', { hasText: quotationUuid });
  await live(quotationRow).toContainText('10 answered');
  await live(quotationRow).toContainText('0.91816');

  const exchange = {
    amount_base_asset: 500,
    buyer_crediting_account_identification: 'main',
    buyer_debiting_account_identification: 'main',
    quotation_info: [info],
  };
  const signed = await me.signJson(exchange);
  expect(
    (await me.ok('POST', '/exchange', { exchange_payload: signed.payload, member_signature: signed.signature }))
      .exchange_state,
  ).toBe('Success');

  // The quotation completed, the balances moved (500 USD out, 500 x 0.91816 EUR in), the ledger shows the exchange.
  await live(quotationRow).toContainText('21 completed');
  await live(page.locator('#balances tr', { hasText: me.identification }).filter({ hasText: 'USD' })).toContainText(
    '99500.0000000',
  );
  await live(page.locator('#balances tr', { hasText: me.identification }).filter({ hasText: 'EUR' })).toContainText(
    '100459.0800000',
  );
  await live(page.locator('#transactions')).toContainText(
    `${me.identification}/main → mm-saopaulo/main 500.0000000 USD`,
  );

  // The sequence view, filtered to the member: the request, the autopilot's answer delivered, the exchange, newest first.
  await page.locator('#member-filter').selectOption(me.identification);
  const sequence = page.locator('#sequence tr.entry');
  const exchangeCall = sequence.filter({ hasText: `${me.identification} POST /client/v1/api/exchange → 200` });
  await live(exchangeCall).toHaveCount(1);
  const requestCall = sequence.filter({
    hasText: `${me.identification} POST /client/v1/api/exchange/quotations/request → 200`,
  });
  await live(requestCall).toHaveCount(1);
  const answerDelivered = sequence.filter({ hasText: `gateway → ${me.identification} quotations` });
  await live(answerDelivered.first()).toBeVisible();
  const order = async (row: typeof exchangeCall) => Number(await row.first().getAttribute('data-sequence'));
  expect(await order(exchangeCall)).toBeGreaterThan(await order(answerDelivered));
  expect(await order(answerDelivered)).toBeGreaterThan(await order(requestCall));
  // Newest first, and the bodies are there with no token in them.
  const numbers = (await sequence.evaluateAll((rows) =>
    rows.map((row) => Number(row.getAttribute('data-sequence'))),
  )) as number[];
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  await exchangeCall.locator('summary').click();
  await live(exchangeCall.locator('pre')).toContainText('"exchange_state": "Success"');
  await live(page.locator('#sequence')).not.toContainText('eyJhbGciOi');
});

test('at 1280×800: the live sequence on the first screen, every column readable, the member view keeps what concerns it, changes to the network logged', async () => {
  test.setTimeout(300_000);
  expect(
    (await fetch(`${sim.url}/sim/reset`, { method: 'POST', body: JSON.stringify({ network: 'demo' }) })).status,
  ).toBe(200);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${sim.url}/ui`);
  await live(page.locator('#connection')).toHaveText('live', { timeout: 30_000 });

  const me = await DeveloperMember.create(sim.url);
  await me.ok('POST', '/settlement-instruments/credit-line', {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'request',
    member_identification: 'tokenizer-usd',
    maximum_credit_limit: 1_000_000,
  });
  await me.ok('POST', '/settlement-instruments/credit-line', {
    account_identification: 'main',
    asset_code_identification: 'EUR',
    credit_line_state: 'request',
    member_identification: 'tokenizer-eur',
    maximum_credit_limit: 1_000_000,
  });
  await me.ok('POST', '/members/allowlist', 'mm-saopaulo');
  const quotationUuid = await requestFromSaopaulo(me);
  await eventually(sim.url, 'mm-saopaulo answered', async () =>
    (await me.ok('GET', `/exchange/quotations/${quotationUuid}`)).request_quotation_state === 10 ? true : undefined,
  );

  // The page names its icon, which the simulator serves.
  const icon = await page.request.get(`${sim.url}${await page.locator('link[rel="icon"]').getAttribute('href')}`);
  expect(icon.headers()['content-type']).toBe('image/svg+xml');

  // The live pane fills the first screen beside the state, and its newest entries are in view.
  const pane = await page.locator('#live').boundingBox();
  expect(pane!.y).toBeLessThan(100);
  expect(pane!.y + pane!.height).toBeLessThanOrEqual(800);
  expect(pane!.height).toBeGreaterThan(500);
  await expect(page.locator('#sequence tr.entry').first()).toBeInViewport();

  // Every tab's table fits its pane: no column pushed out of sight, every header inside the pane.
  const statePane = await page.locator('#state').boundingBox();
  for (const tab of [
    'members',
    'balances',
    'credit-lines',
    'queues',
    'quotations',
    'payments',
    'redemptions',
    'transactions',
  ]) {
    await page.locator(`#tabs button[data-tab="${tab}"]`).click();
    const section = page.locator(`#state section[data-tab="${tab}"]`);
    await expect(section).toBeVisible();
    const overflow = await page.locator('#state').evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `${tab}: columns wider than the pane`).toBeLessThanOrEqual(0);
    for (const header of await section.locator('th').all()) {
      const box = await header.boundingBox();
      expect(box!.x + box!.width, `${tab}: header "${await header.textContent()}" out of the pane`).toBeLessThanOrEqual(
        statePane!.x + statePane!.width,
      );
    }
  }
  await page.locator('#tabs button[data-tab="quotations"]').click();
  const quotationRow = page.locator('#quotations tr', { hasText: quotationUuid });
  await live(quotationRow).toContainText('10 answered');
  for (const cell of await quotationRow.locator('td').all()) await expect(cell).toBeInViewport();

  // My view keeps the counterparties' automatic answers about me.
  await page.locator('#member-filter').selectOption(me.identification);
  const sequence = page.locator('#sequence tr.entry');
  await live(sequence.filter({ hasText: `autopilot mm-saopaulo quote ${quotationUuid}` })).toHaveCount(1);
  await live(sequence.filter({ hasText: `autopilot tokenizer-usd allow the` }).first()).toBeVisible();
  await live(sequence.filter({ hasText: `autopilot mm-saopaulo list ${me.identification} back` })).toHaveCount(1);

  // A clock move from the page is logged, with the quotation it expired, in my view too.
  await page.locator('button[data-advance="900000"]').click();
  await live(sequence.filter({ hasText: 'network clock moved +15 min' }).first()).toBeVisible();
  await live(
    sequence.filter({ hasText: `network quotation ${quotationUuid} of ${me.identification} and mm-saopaulo expired` }),
  ).toHaveCount(1);

  // A fault switched on from the page: logged, and shown as a red badge while it is on.
  await page.locator('#fault').selectOption('viewer-can-write');
  await page.locator('#fault-toggle').click();
  const badge = page.locator('#faults-on .badge.fault');
  await live(badge).toHaveText('fault on: viewer-can-write');
  expect(
    await badge.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).backgroundColor),
  ).toBe('rgb(179, 38, 30)');
  await live(sequence.filter({ hasText: 'network faults switched on: viewer-can-write' })).toHaveCount(1);
  await page.locator('#fault-toggle').click();
  await live(page.locator('#faults-on')).toHaveText('no fault on');
  await live(sequence.filter({ hasText: 'network faults switched off: viewer-can-write' })).toHaveCount(1);

  // An autopilot behaviour switched from the page is logged, in the view of the member switched.
  await page.locator('#member-filter').selectOption('mm-saopaulo');
  await page.locator('#tabs button[data-tab="members"]').click();
  const marketMaker = page.locator('input[data-member="mm-saopaulo"][data-behaviour="market_maker"]');
  await marketMaker.uncheck();
  await live(sequence.filter({ hasText: 'network autopilot mm-saopaulo: market_maker switched off' })).toHaveCount(1);
  await marketMaker.check();
  await live(sequence.filter({ hasText: 'network autopilot mm-saopaulo: market_maker switched on' })).toHaveCount(1);

  // A call with a token the service does not know is named by why, not as a call without one.
  await fetch(`${sim.url}/client/v1/api/members`, { headers: { authorization: 'Bearer not-a-token' } });
  await fetch(`${sim.url}/client/v1/api/members`);
  await page.locator('#member-filter').selectOption('');
  await live(sequence.filter({ hasText: '(invalid token) GET /client/v1/api/members → 401' }).first()).toBeVisible();
  await live(sequence.filter({ hasText: '(no token) GET /client/v1/api/members → 401' }).first()).toBeVisible();
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
  const reset = await fetch(`${sim.url}/sim/reset`, {
    method: 'POST',
    body: JSON.stringify({ network_file: slowTokenizer }),
  });
  expect(reset.status).toBe(200);
  // The open page starts over from the new network.
  await live(page.locator('#members')).not.toContainText('mm-saopaulo');

  const me = await DeveloperMember.create(sim.url);
  await me.ok('POST', '/settlement-instruments/credit-line', {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'request',
    member_identification: 'tokenizer-usd',
    maximum_credit_limit: 10_000,
  });
  await me.ok('POST', '/members/allowlist', 'tokenizer-usd');
  await fetch(`${sim.url}/sim/clock`, { method: 'POST', body: JSON.stringify({ advance_ms: 120_000 }) });
  await eventually(sim.url, 'USD funded', async () =>
    (await me.balance('USD', 'tokenizer-usd')) === '1000.0000000' ? true : undefined,
  );

  const story = redemptionStory({
    member: me.bic,
    tokenizerBic: 'TKNUUS33',
    tokenizer: 'tokenizer-usd',
    currency: 'USD',
    amount: '100',
    account: 'main',
    messageIdentification: me.newIdentification('RDM'),
    instruction: me.newIdentification('RIN'),
    endToEnd: me.newIdentification('RE2'),
    uetr: randomUUID(),
  });
  const signed = await me.signMessage(
    storyMessage('pacs.009.001.08', redemptionRequest(story), me.bic, 'TKNUUS33', story.messageIdentification),
  );
  await eventually(sim.url, 'tokenizer-usd listed me back', async () => {
    const answer = await me.call('POST', '/payments/message/redeem', {
      financial_message_type: 'iso20022:pacs.009.001.08',
      financial_message_data: signed,
    });
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
  await live(page.locator('#balances tr', { hasText: me.identification }).filter({ hasText: 'USD' })).toContainText(
    '900.0000000',
  );
  await live(page.locator('#transactions')).toContainText(
    `${me.identification}/main → tokenizer-usd/emission 100.0000000 USD`,
  );
});

test('at 1280×800: a snapshot taken and restored from the header, the restore logged and the moved clock undone', async () => {
  test.setTimeout(300_000);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${sim.url}/ui`);
  await live(page.locator('#connection')).toHaveText('live', { timeout: 30_000 });
  // The snapshot controls keep the live pane on the first screen.
  expect((await page.locator('#live').boundingBox())!.y).toBeLessThan(100);
  await expect(page.locator('#snapshot-take')).toBeInViewport();

  const name = `ui-${randomUUID().slice(0, 8)}`;
  await page.locator('#snapshot-name').fill(name);
  await page.locator('#snapshot-take').click();
  await live(page.locator('#snapshots')).toContainText(name);
  const taken = ((await (await fetch(`${sim.url}/sim/snapshots`)).json()) as Array<{ name: string; now: number }>).find(
    (snapshot) => snapshot.name === name,
  )!;
  await live(page.locator('#sequence')).toContainText(`snapshot ${name} taken`);

  await page.locator('button[data-advance="86400000"]').click();
  await live(page.locator('#sequence')).toContainText('clock moved +1 d');
  await page.locator('#snapshots').selectOption(name);
  await page.locator('#snapshot-restore').click();
  await live(page.locator('#sequence')).toContainText(`snapshot ${name} restored`);
  // The day moved after the snapshot is gone, and so is its entry in the restored sequence.
  const now = ((await (await fetch(`${sim.url}/sim/clock`)).json()) as { now: number }).now;
  expect(now).toBeLessThan(taken.now + 86_400_000);
  await expect(page.locator('#sequence')).not.toContainText('clock moved +1 d');
  await page.close();
});
