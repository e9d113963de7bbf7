import { expect, test } from '@playwright/test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { parseNetworkFile } from '../network/network-file.ts';

/** Traffic: an autopilot OFI pays an autopilot RFI at its pace on the simulator's clock, until switched off. */

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
  const balance = (member: string) => sim.simulator.state.ledger.balances().find((entry) => entry.holderMember === member)?.balance;
  expect(balance('rfi-one')).toBe(BigInt(settled()) * 10n * 10n ** 7n);

  expect(sim.simulator.autopilot!.switch('ofi-one', 'payments', false)).toBe(true);
  await sim.simulator.autopilot!.idle();
  const before = sim.simulator.state.payments.all().length;
  sim.simulator.state.clock.advance(5000);
  await sleep(500);
  await sim.simulator.autopilot!.idle();
  expect(sim.simulator.state.payments.all().length).toBe(before);
});
