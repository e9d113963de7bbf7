import { expect, test } from '@playwright/test';
import { setTimeout as sleep } from 'node:timers/promises';
import { amountFromWholeUnits } from '../ledger/amount.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { parseNetworkFile } from '../network/network-file.ts';

/** Traffic: autopilot members paying and buying at their pace on the simulator's clock. */

const network = `
autopilot: { delay_ms: 100 }
members:
  - { identification: tokenizer-x, role: tokenizer, country: US, bic: TKNXUS33 }
  - identification: ofi-one
    role: market-maker
    country: GB
    bic: OFIOGB2L
    allowlist: [rfi-one]
    autopilot: { payments: { to: rfi-one, every_ms: 1000, amount: 10, currency: USD, issuer: tokenizer-x } }
  - identification: rfi-one
    role: market-maker
    country: SG
    bic: RFIOSGSG
    allowlist: [ofi-one]
    autopilot: { rfi: { accept_up_to: 100 } }
assets: [{ code: USD, issuer: tokenizer-x }]
credit_lines:
  - { holder: ofi-one, asset: USD, issuer: tokenizer-x, limit: 1000, balance: 1000 }
  - { holder: rfi-one, asset: USD, issuer: tokenizer-x, limit: 1000 }
`;

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: parseNetworkFile(network, 'payer test') });
});
test.afterAll(async () => {
  await sim?.close();
});

test('an OFI with a payments rule pays every every_ms of simulated time, each payment settled by the RFI', async () => {
  test.setTimeout(120_000);
  const settled = () => sim.simulator.state.payments.all().filter((payment) => payment.status === 'settled').length;
  for (let second = 0; second < 3; second += 1) {
    sim.simulator.state.clock.advance(1000);
    // Let the autopilot's timer find the payment due, then the RFI's answer 100 ms (simulated) later.
    for (let wait = 0; wait < 600 && settled() < second + 1; wait += 1) {
      await sleep(50);
      if (wait % 4 === 3) sim.simulator.state.clock.advance(100);
    }
  }
  expect(settled()).toBeGreaterThanOrEqual(3);
  const balance = (member: string) =>
    sim.simulator.state.ledger.balances().find((entry) => entry.holderMember === member)?.balance;
  expect(balance('rfi-one')).toBe(amountFromWholeUnits(settled() * 10));

  expect(sim.simulator.autopilot!.switch('ofi-one', 'payments', false)).toBe(true);
  await sim.simulator.autopilot!.idle();
  const before = sim.simulator.state.payments.all().length;
  sim.simulator.state.clock.advance(5000);
  await sleep(500);
  await sim.simulator.autopilot!.idle();
  expect(sim.simulator.state.payments.all().length).toBe(before);
});

const market = `
autopilot: { delay_ms: 100 }
members:
  - { identification: tokenizer-x, role: tokenizer, country: US, bic: TKNXUS33 }
  - identification: buyer-one
    role: market-maker
    country: GB
    bic: BUYOGB2L
    allowlist: [seller-one]
    autopilot: { exchanges: { every_ms: 1000, wait_ms: 300, base: USD, base_issuer: tokenizer-x, quoted: EUR, quoted_issuer: tokenizer-x, amount: 10 } }
  - identification: seller-one
    role: market-maker
    country: SG
    bic: SELOSGSG
    allowlist: [buyer-one]
    autopilot: { market_maker: { pairs: [{ base: USD, base_issuer: tokenizer-x, quoted: EUR, quoted_issuer: tokenizer-x, rate: 0.9, maximum: 1000 }] } }
assets: [{ code: USD, issuer: tokenizer-x }, { code: EUR, issuer: tokenizer-x }]
credit_lines:
  - { holder: buyer-one, asset: USD, issuer: tokenizer-x, limit: 1000, balance: 1000 }
  - { holder: buyer-one, asset: EUR, issuer: tokenizer-x, limit: 1000 }
  - { holder: seller-one, asset: USD, issuer: tokenizer-x, limit: 1000 }
  - { holder: seller-one, asset: EUR, issuer: tokenizer-x, limit: 1000, balance: 1000 }
`;

test('a buyer with an exchanges rule requests quotations at its pace and exchanges the best answer', async () => {
  test.setTimeout(120_000);
  const simulator = await startSimulator({ network: parseNetworkFile(market, 'buyer test') });
  try {
    const state = simulator.simulator.state;
    const completed = () =>
      state.quotations.involving('buyer-one', state.clock.now()).filter((quotation) => quotation.state === 21).length;
    for (let round = 0; round < 2; round += 1) {
      state.clock.advance(1000);
      for (let wait = 0; wait < 600 && completed() < round + 1; wait += 1) {
        await sleep(50);
        if (wait % 4 === 3) state.clock.advance(100);
      }
    }
    const done = completed();
    expect(done).toBeGreaterThanOrEqual(2);
    const holding = (member: string, code: string) =>
      state.ledger.balances().find((entry) => entry.holderMember === member && entry.assetCode === code)?.balance;
    // Each exchange: 10 USD from the buyer to the seller, 10 x 0.9 EUR back.
    expect(holding('buyer-one', 'USD')).toBe(amountFromWholeUnits(1000 - 10 * done));
    expect(holding('buyer-one', 'EUR')).toBe(amountFromWholeUnits(9 * done));
  } finally {
    await simulator.close();
  }
});
