import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { DeveloperMember, eventually } from '../../test-support/developer-member.ts';

/** Switching an autopilot behaviour off (the dashboard's switches) stops it; a network file loads through /sim/reset. */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: 'demo' });
});
test.afterAll(async () => {
  await sim?.close();
});

/** What the control answers these tests read: a reset's network, or an error body. */
interface ControlAnswer {
  now: number;
  members: Array<{ identification: string }>;
  code: string;
  message?: string;
}

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${sim.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as ControlAnswer };
};

test('a tokenizer whose credit-line rule is switched off leaves a request waiting, and allows it once switched on', async () => {
  test.setTimeout(180_000);
  expect((await post('/ui/autopilot', { member: 'tokenizer-usd', behaviour: 'tokenizer', on: false })).status).toBe(
    200,
  );
  expect((await post('/ui/autopilot', { member: 'mm-london', behaviour: 'tokenizer', on: false })).status).toBe(400);
  const me = await DeveloperMember.create(sim.url);
  await me.ok('POST', '/settlement-instruments/credit-line', {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'request',
    member_identification: 'tokenizer-usd',
    maximum_credit_limit: 500,
  });
  // Give it its delay several times over on the clock: the line stays requested.
  await post('/sim/clock', { advance_ms: 2_000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await sim.simulator.autopilot!.idle();
  const line = () =>
    sim.simulator.state.ledger.creditLines().find((candidate) => candidate.holderMember === me.identification);
  expect(line()?.state).toBe('request');
  expect(await me.balance('USD', 'tokenizer-usd')).toBe('0.0000000');

  expect((await post('/ui/autopilot', { member: 'tokenizer-usd', behaviour: 'tokenizer', on: true })).status).toBe(200);
  await me.ok('POST', '/settlement-instruments/credit-line', {
    account_identification: 'main',
    asset_code_identification: 'USD',
    credit_line_state: 'request',
    member_identification: 'tokenizer-usd',
    maximum_credit_limit: 500,
  });
  // Funded with its opening amount, at most the line's limit.
  await eventually(sim.url, 'funded', async () =>
    (await me.balance('USD', 'tokenizer-usd')) === '500.0000000' ? true : undefined,
  );
  expect(line()?.state).toBe('allow');
  const logged = sim.simulator.state.activity
    .list()
    .filter((entry) => entry.kind === 'autopilot' && entry.member === 'tokenizer-usd');
  expect(logged.map((entry) => entry.kind === 'autopilot' && entry.rule)).toEqual([
    'tokenizer',
    'tokenizer.credit_lines',
    'tokenizer.opening_amount',
  ]);
  expect(logged[0]).toMatchObject({ outcome: 'skipped', detail: 'tokenizer is switched off' });
});

test('POST /sim/reset takes a network file, and refuses a bad one listing its problems', async () => {
  const example = readFileSync(new URL('../../docs/network-example.yaml', import.meta.url), 'utf8');
  const reset = await post('/sim/reset', { network_file: example });
  expect(reset.status).toBe(200);
  expect(reset.body.now).toBeGreaterThanOrEqual(Date.parse('2030-01-15T09:00:00Z'));
  expect(reset.body.members.map((member: { identification: string }) => member.identification)).toEqual([
    'tokenizer-gb',
    'mm-dublin',
    'my-bank',
  ]);
  const ledger = (await (await fetch(`${sim.url}/sim/ledger`)).json()) as {
    balances: Array<{
      member_identification: string;
      account_identification: string;
      asset_code_identification: string;
      balance: string;
    }>;
  };
  expect(ledger.balances).toContainEqual(
    expect.objectContaining({
      member_identification: 'mm-dublin',
      account_identification: 'treasury',
      asset_code_identification: 'USD',
      balance: '250000.0000000',
    }),
  );
  expect(sim.simulator.autopilot!.members().map((member) => member.identification)).toEqual([
    'tokenizer-gb',
    'mm-dublin',
  ]);

  const refused = await post('/sim/reset', { network_file: example.replace('base: GBP', 'base: CHF') });
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('CONTROL-INVALID-REQUEST');
  expect(refused.body.message ?? JSON.stringify(refused.body)).toContain(
    'mm-dublin quotes CHF of tokenizer-gb, which nobody in this network issues',
  );
});
