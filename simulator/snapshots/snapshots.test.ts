import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { Simulator } from '../simulator.ts';
import { createApp } from '../http/app.ts';
import { DeveloperMember, eventually } from '../../test-support/developer-member.ts';

/** `/sim/snapshots` over a real socket, on the demo network whose tokenizers fund a line by themselves. */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: 'demo' });
});
test.afterAll(async () => {
  await sim?.close();
});

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${sim.url}/sim${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

const DAY = 86_400_000;
const lineRequest = (code: string) => ({
  account_identification: 'main',
  asset_code_identification: code,
  credit_line_state: 'request',
  member_identification: `tokenizer-${code.toLowerCase()}`,
  maximum_credit_limit: 1_000_000,
});

test('a restore brings back the network as it was taken, clock and tokens included, as often as asked; the autopilot goes on', async () => {
  test.setTimeout(300_000);
  const opening = await control('POST', '/snapshots', { name: 'opening' });
  expect(opening.status).toBe(200);
  const me = await DeveloperMember.create(sim.url);
  const until = <T>(what: string, condition: () => Promise<T | undefined>) => eventually(sim.url, what, condition);
  const funded = (code: string) => async () =>
    (await me.balance(code, `tokenizer-${code.toLowerCase()}`)) === '100000.0000000' ? true : undefined;

  await me.ok('POST', '/settlement-instruments/credit-line', lineRequest('USD'));
  await until('USD funded', funded('USD'));
  const taken = await control('POST', '/snapshots', { name: 'funded' });
  expect(taken.body).toMatchObject({ name: 'funded', members: opening.body.members + 1 });
  expect(taken.body.ledger_transactions).toBeGreaterThan(opening.body.ledger_transactions);

  await me.ok('POST', '/settlement-instruments/credit-line', lineRequest('EUR'));
  await until('EUR funded', funded('EUR'));
  await control('POST', '/clock', { advance_ms: DAY });

  const restored = await control('POST', '/snapshots/funded/restore');
  expect(restored.status).toBe(200);
  expect(restored.body.members.map((member: { identification: string }) => member.identification)).toContain(
    me.identification,
  );
  // The clock runs on from the snapshot's time: the day moved after it is gone.
  expect(restored.body.now).toBeGreaterThanOrEqual(taken.body.now);
  expect(restored.body.now).toBeLessThan(taken.body.now + DAY);
  // The token issued before the snapshot still works (sessions are in it); the line asked after it is not.
  expect(await me.balance('USD', 'tokenizer-usd')).toBe('100000.0000000');
  expect(await me.balance('EUR', 'tokenizer-eur')).toBe('none');

  // The restored world is wired: the tokenizer's autopilot sees the request through its queue and funds it.
  await me.ok('POST', '/settlement-instruments/credit-line', lineRequest('EUR'));
  await until('EUR funded after the restore', funded('EUR'));
  const ledger = await control('GET', '/ledger');
  expect(ledger.body.transactions.length).toBeGreaterThan(taken.body.ledger_transactions);

  // What happened after a restore does not touch the snapshot: restored again, it is as it was taken.
  await control('POST', '/snapshots/funded/restore');
  expect(await me.balance('EUR', 'tokenizer-eur')).toBe('none');
  expect((await control('GET', '/ledger')).body.transactions.length).toBe(taken.body.ledger_transactions);

  await control('POST', '/snapshots/opening/restore');
  expect(
    (await control('GET', '/network')).body.members.map((member: { identification: string }) => member.identification),
  ).not.toContain(me.identification);
  expect((await me.call('GET', '/balances/digital-accounts/main')).status).toBe(401);
  const activity = (await (await fetch(`${sim.url}/ui/activity`)).json()) as Array<{ kind: string; text?: string }>;
  expect(activity.filter((entry) => entry.kind === 'network').map((entry) => entry.text)).toContainEqual(
    expect.stringMatching(/^snapshot opening restored/),
  );
});

test('snapshot errors: a name taken twice 409, an unknown name 404, a bad name 400; delete and list', async () => {
  expect((await control('POST', '/snapshots', { name: 'twice' })).status).toBe(200);
  const again = await control('POST', '/snapshots', { name: 'twice' });
  expect([again.status, again.body.code]).toEqual([409, 'CONTROL-SNAPSHOT-EXISTS']);
  for (const [method, path] of [
    ['POST', '/snapshots/never/restore'],
    ['DELETE', '/snapshots/never'],
  ] as const) {
    const answer = await control(method, path);
    expect([answer.status, answer.body.code]).toEqual([404, 'CONTROL-SNAPSHOT-NOT-FOUND']);
    expect(answer.body.message ?? JSON.stringify(answer.body)).toContain('twice');
  }
  for (const body of [{}, { name: 'a b' }, { name: '' }])
    expect((await control('POST', '/snapshots', body)).status).toBe(400);
  expect((await control('DELETE', '/snapshots/twice')).body.name).toBe('twice');
  expect((await control('GET', '/snapshots')).body.map((snapshot: { name: string }) => snapshot.name)).not.toContain(
    'twice',
  );
  expect((await control('DELETE', '/snapshots/twice')).status).toBe(404);
});

test('a restored world holds no closure of the world it was copied from: only its own wiring and the wall clock', async () => {
  const simulator = await Simulator.create({ network: 'demo-static' }, createApp);
  simulator.snapshot('copy');
  const state = await simulator.restore('copy');
  // Every function held as data (not a method of a class): a new one must be rewired on restore (snapshots.ts).
  const held: string[] = [];
  const seen = new Set<object>();
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'function') held.push(value === Date.now ? `${key}: Date.now` : key);
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (value instanceof Map) for (const entry of value.values()) walk(entry, key);
    else if (value instanceof Set || Array.isArray(value)) for (const entry of value) walk(entry, key);
    else for (const [name, entry] of Object.entries(value)) walk(entry, name);
  };
  walk(state, 'state');
  expect(held.sort()).toEqual(['listeners', 'listeners', 'source: Date.now']);
});
