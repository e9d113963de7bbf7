import { expect, test } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { startSimulator, type RunningSimulator } from '../server.ts';
import { loadNetwork } from './load-network.ts';
import { parseNetworkFile, type NetworkFile } from './network-file.ts';
import { demoNetwork } from './demo.ts';
import { networkKinds } from './kinds.ts';

/** `GET /sim/export` read back by `--network` and `POST /sim/reset {network_file}`. */

let sim: RunningSimulator;
test.beforeAll(async () => {
  sim = await startSimulator({ network: 'demo-static' });
});
test.afterAll(async () => {
  await sim?.close();
});

async function exported(): Promise<{ text: string; network: NetworkFile }> {
  const response = await fetch(`${sim.url}/sim/export`);
  expect(response.headers.get('content-type')).toContain('application/yaml');
  const text = await response.text();
  return { text, network: parseNetworkFile(text, 'GET /sim/export') };
}

async function control(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${sim.url}/sim${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} /sim${path}`).toBe(200);
  return response.json();
}

const withoutClock = ({ clock: _clock, ...rest }: NetworkFile) => rest;

test('an exported network read back, by a reset and by --network, exports the same members, lines, balances and clock', async () => {
  // A network with what the demo lacks: a new member on two accounts, listed, a fractional balance.
  const start = parseYaml((await exported()).text) as NetworkFile;
  start.members.push({
    identification: 'my-bank',
    role: 'market-maker',
    country: 'GB',
    bic: 'MYBKGB2L',
    accounts: ['main', 'reserve'],
    allowlist: ['mm-london'],
  });
  start.credit_lines = [
    ...(start.credit_lines ?? []),
    {
      holder: 'my-bank',
      account: 'reserve',
      asset: 'EUR',
      issuer: 'tokenizer-eur',
      limit: 5000,
      balance: 1234.5678901,
    },
  ];
  await control('POST', '/reset', { network_file: JSON.stringify(start) });
  await control('POST', '/clock', { advance_ms: 3_600_000 });

  const first = await exported();
  const now = (await control('GET', '/clock')).now as number;
  expect(Date.parse(String(first.network.clock))).toBeLessThanOrEqual(now);
  expect(Date.parse(String(first.network.clock))).toBeGreaterThan(now - 3_600_000);
  const mine = first.network.members.find((member) => member.identification === 'my-bank');
  expect(mine).toEqual({
    identification: 'my-bank',
    role: 'market-maker',
    country: 'GB',
    bic: 'MYBKGB2L',
    accounts: ['main', 'reserve'],
    allowlist: ['mm-london'],
  });
  expect(first.network.credit_lines).toContainEqual({
    holder: 'my-bank',
    account: 'reserve',
    asset: 'EUR',
    issuer: 'tokenizer-eur',
    limit: 5000,
    balance: 1234.5678901,
  });
  expect((await control('GET', '/ledger')).balances).toContainEqual(
    expect.objectContaining({
      member_identification: 'my-bank',
      account_identification: 'reserve',
      balance: '1234.5678901',
    }),
  );

  // Read back by a reset: the same network, its clock where the export left it.
  await control('POST', '/reset', { network_file: first.text });
  const second = await exported();
  expect(withoutClock(second.network)).toEqual(withoutClock(first.network));
  expect(Date.parse(String(second.network.clock))).toBeGreaterThanOrEqual(Date.parse(String(first.network.clock)));

  // Read back by --network from a file.
  const path = join(mkdtempSync(join(tmpdir(), 'dss-export-')), 'network.yaml');
  writeFileSync(path, first.text);
  expect(loadNetwork(path)).toEqual(first.network);
});

test('every named network but the demo exports a file that reads back and exports the same again', async () => {
  // The demo's counterparties go on answering one another after a reset, so two of its exports differ by
  // what they did meanwhile; its rules are checked below.
  for (const network of networkKinds.filter((kind) => kind !== 'empty' && kind !== 'demo')) {
    await control('POST', '/reset', { network });
    const first = await exported();
    await control('POST', '/reset', { network_file: first.text });
    expect(withoutClock((await exported()).network), network).toEqual(withoutClock(first.network));
  }
  await control('POST', '/reset', { network: 'demo-static' });
});

test('the demo network exports its autopilot rules, and names what a network file cannot carry', async () => {
  await control('POST', '/reset', { network: 'demo' });
  const switched = await fetch(`${sim.url}/ui/autopilot`, {
    method: 'POST',
    body: JSON.stringify({ member: 'mm-singapore', behaviour: 'rfi', on: false }),
  });
  expect(switched.status).toBe(200);
  const { text, network } = await exported();
  for (const member of demoNetwork.members) {
    expect(network.members.find((entry) => entry.identification === member.identification)?.autopilot).toEqual(
      member.autopilot,
    );
  }
  expect(text).toMatch(/^# Network file exported by GET \/sim\/export/);
  expect(text).toContain("# Not carried: mm-singapore's autopilot rfi switched off");
  await control('POST', '/reset', { network: 'demo-static' });
});
