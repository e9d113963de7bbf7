import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startSimulator, type RunningSimulator } from '../server.ts';

/** The README's walk-through, run as written against the demo network: its steps must still work. */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: 'demo' });
});
test.afterAll(async () => {
  await sim?.close();
});

test('examples/first-member.mjs gets funded, quoted, exchanges and has a payment settled', async () => {
  test.setTimeout(120_000);
  const script = new URL('../../examples/first-member.mjs', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, [script, sim.url], { timeout: 100_000 });
  expect(stdout).toContain('2. funded: 100000 USD and 100000 EUR on main');
  expect(stdout).toContain('5. mm-singapore quotes 0.91908 EUR per USD');
  expect(stdout).toContain('6. exchange Success: now 99500.0000000 USD and 100459.5400000 EUR');
  expect(stdout).toMatch(/7\. payment \S+: settled \(pacs\.002 ACSC\); now 99250\.0000000 USD/);
  // Every step says what it did, the renewal through a GET with a body included.
  for (const step of [1, 2, 3, 4, 5, 6, 7, 8]) expect(stdout).toMatch(new RegExp(`^${step}\\. `, 'm'));
  expect(stdout).toContain('8. token renewed (200)');
});

test('on a network without the demo members it stops before making anything, in one line', async () => {
  const other = await startSimulator({ network: 'empty' });
  try {
    const script = new URL('../../examples/first-member.mjs', import.meta.url).pathname;
    const run = await promisify(execFile)(process.execPath, [script, other.url], { timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('this network has no tokenizer-usd, tokenizer-eur, mm-singapore'),
    ]);
    const members = ((await (await fetch(`${other.url}/sim/network`)).json()) as { members: unknown[] }).members;
    expect(members, 'no member was made').toEqual([]);
  } finally {
    await other.close();
  }
});
