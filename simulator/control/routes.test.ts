import { test, expect } from '@playwright/test';
import {
  controlAnswers,
  controlCalls,
  controlPrefix,
  type ControlCall,
  type ControlRequest,
} from '../../schemas/control.ts';
import { validate } from '../../schemas/validators.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';

/**
 * The control plane answers what schemas/control.ts says, over a real socket: each call of `controlCalls`
 * once, with a body its request schema accepts, and each answer checked against its answer schema. The
 * harness checks only the answers it reads; this covers the rest (health, ledger, retention, readings).
 */

let sim: RunningSimulator;

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
test.afterAll(async () => sim.close());

const member: ControlRequest<'member'> = {
  identification: 'schema-probe',
  bicfi: 'PROBEXXX',
  business_role: 'MMM',
  country_code: 'GB',
  operating_accounts: ['main', 'second'],
};
const bodies: { [K in NonNullable<ControlCall['request']>]: ControlRequest<K> } = {
  reset: { network: 'demo' },
  member,
  asset: { tokenizer_identification: 'tokenizer-usd', asset_code_identification: 'CHF' },
  token: { member_identification: 'mm-london', role: 'viewer', accounts: ['main'] },
  clock: { advance_ms: 1000 },
  switches: { enable: [], disable: [] },
  snapshot: { name: 'schema-probe' },
};

test('every control call answers 200 with the shape schemas/control.ts gives it', async () => {
  expect(controlCalls.length).toBe(19);
  // In the table's order: the snapshot is taken before it is listed, restored and deleted.
  for (const call of controlCalls) {
    const what = `${call.method} ${controlPrefix}${call.path}`;
    const body = call.request ? JSON.stringify(bodies[call.request]) : undefined;
    const path = call.path.replace('{name}', bodies.snapshot.name);
    const response = await fetch(`${sim.url}${controlPrefix}${path}`, {
      method: call.method,
      ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(response.status, what).toBe(200);
    expect(response.headers.get('content-type'), what).toContain(call.media ?? 'application/json');
    const check = validate(controlAnswers[call.answer], call.media ? await response.text() : await response.json());
    expect(check, what).toEqual({ valid: true });
  }
});

test('the ledger answer is checked in depth: a transaction, a balance, a credit line and issuance each have their fields', async () => {
  await fetch(`${sim.url}/sim/reset`, { method: 'POST', body: JSON.stringify({ network: 'demo' }) });
  const ledger = (await (await fetch(`${sim.url}/sim/ledger`)).json()) as Record<string, unknown[]>;
  for (const part of ['transactions', 'balances', 'credit_lines', 'issuance'])
    expect(ledger[part]?.length, part).toBeGreaterThan(0);
  const broken = { ...ledger, balances: [{ ...(ledger.balances![0] as object), balance: 1 }] };
  expect(validate(controlAnswers.ledger, broken).valid).toBe(false);
});
