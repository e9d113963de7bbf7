import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NetworkFileError, parseNetworkFile } from './network-file.ts';
import { demoMembersOnly, demoNetwork } from './demo.ts';
import { standinNetwork } from './vendor-standin.ts';
import { checkNetworkFile } from './network-file.ts';
import { defaultRetention } from '../retention/retention.ts';
import { startSimulator } from '../server.ts';

const example = readFileSync(new URL('../../docs/network-example.yaml', import.meta.url), 'utf8');

function problemsOf(text: string): string[] {
  try {
    parseNetworkFile(text, 'test.yaml');
  } catch (error) {
    if (error instanceof NetworkFileError) return error.problems;
    throw error;
  }
  return [];
}

test('the documented example and the demo network are valid network files', () => {
  const network = parseNetworkFile(example, 'docs/network-example.yaml');
  expect(network.members.map((member) => member.identification)).toEqual(['tokenizer-gb', 'mm-dublin', 'my-bank']);
  expect(() => checkNetworkFile(JSON.parse(JSON.stringify(demoNetwork)), 'demo')).not.toThrow();
  // demo-static: the same members and assets, nobody answering and no DSO.
  expect(demoMembersOnly.members.map((member) => member.identification)).toEqual(
    demoNetwork.members.map((member) => member.identification),
  );
  expect(
    demoMembersOnly.members.filter((member) => member.autopilot !== undefined || member.dsos !== undefined),
  ).toEqual([]);
  expect(
    demoNetwork.members
      .filter((member) => member.dsos !== undefined)
      .map((member) => [member.identification, member.dsos]),
  ).toEqual([
    ['mm-singapore', ['SGDDSO']],
    ['mm-saopaulo', ['BRLDSO']],
    ['mm-nairobi', ['KESDSO']],
  ]);
});

test('a file that is not YAML is one problem', () => {
  expect(problemsOf('members: [\n')).toEqual([expect.stringMatching(/^not YAML: /)]);
});

test('an unknown rule is named with the valid ones, and every shape problem is listed at once', () => {
  const text = example
    .replace('allowlist_back: true\n      market_maker', 'allowlist_bakc: true\n      market_maker')
    .replace('role: tokenizer', 'role: bank');
  const problems = problemsOf(text);
  expect(problems).toContainEqual(
    expect.stringContaining(
      '/members/1/autopilot: unknown field "allowlist_bakc" (valid: allowlist_back, allow_dso_credit_lines, market_maker, rfi, payments, exchanges, tokenizer)',
    ),
  );
  expect(problems).toContainEqual(
    expect.stringContaining('/members/0/role must be equal to one of the allowed values'),
  );
});

test('impossible rules get one clear message each', () => {
  const text = example
    .replace('quoted: USD, quoted_issuer: tokenizer-gb', 'quoted: JPY, quoted_issuer: tokenizer-gb')
    .replace('allowlist: [tokenizer-gb]', 'allowlist: [tokenizer-xx]')
    .replace(
      '      tokenizer: { credit_lines: allow',
      '      market_maker: { pairs: [{ base: USD, base_issuer: tokenizer-gb, quoted: GBP, quoted_issuer: tokenizer-gb, rate: 0.8, maximum: 10 }] }\n      tokenizer: { credit_lines: allow',
    );
  expect(problemsOf(text)).toEqual([
    '/members/1/allowlist/0: no member tokenizer-xx in this network',
    '/members/0/autopilot/market_maker/pairs/0: tokenizer-gb holds no credit line for USD of tokenizer-gb (see /credit_lines), so no quotation request for this pair would reach it',
    '/members/1/autopilot/market_maker/pairs/0: mm-dublin quotes JPY of tokenizer-gb, which nobody in this network issues',
  ]);
});

test('dss sim --network with a bad file exits 2 and lists the problems, without a stack trace', async () => {
  test.setTimeout(90_000);
  const directory = mkdtempSync(join(tmpdir(), 'dss-network-'));
  const file = join(directory, 'bad.yaml');
  writeFileSync(file, example.replace('role: tokenizer', 'role: market-maker'));
  // The runner's own variables would confuse a child that loads TypeScript itself (as in simulator-process.ts).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PW_|TEST_|PLAYWRIGHT_|NODE_OPTIONS$)/.test(name)),
  );
  const run = promisify(execFile)(process.execPath, ['bin/dss.js', 'sim', '--port', '0', '--network', file], {
    cwd: new URL('../../', import.meta.url).pathname,
    env,
    timeout: 60_000,
  });
  const failure = await run.then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(2);
  expect(failure?.stderr).toContain(`Network file ${file} is not valid:`);
  expect(failure?.stderr).toContain('/assets/0/issuer: tokenizer-gb is a market-maker; only a tokenizer issues a DSA');
  expect(failure?.stderr).toContain(
    '/members/0/autopilot/tokenizer: tokenizer-gb is a market-maker; tokenizer rules need a tokenizer',
  );
  expect(failure?.stderr).not.toMatch(/\n\s+at /);
});

test('DSO issuance: declared per market maker, quoted only when issued, and delivered only by its issuer', () => {
  const ownDso = example.replace(
    '          - { base: GBP, base_issuer: tokenizer-gb, quoted: USD',
    '          - { base: EURDSO, base_issuer: mm-dublin, quoted: USD, quoted_issuer: tokenizer-gb, rate: 1.1, maximum: 100 }\n          - { base: GBP, base_issuer: tokenizer-gb, quoted: USD',
  );
  expect(problemsOf(ownDso)).toEqual([]);
  const impossible = ownDso
    .replace('quoted: EURDSO, quoted_issuer: mm-dublin', 'quoted: CHFDSO, quoted_issuer: mm-dublin')
    .replace('    bic: MYBKGB2L\n', '    bic: MYBKGB2L\n    dsos: [ABCDSO, JPYDSO]\n')
    .replace('    bic: TKNGGB2L\n', '    bic: TKNGGB2L\n    dsos: [GBPDSO]\n')
    .replace(
      'base: EURDSO, base_issuer: mm-dublin, quoted: USD',
      'base: EURDSO, base_issuer: mm-dublin, quoted: JPYDSO, quoted_issuer: my-bank, rate: 1, maximum: 1 }\n          - { base: EURDSO, base_issuer: mm-dublin, quoted: USD',
    );
  expect(problemsOf(impossible)).toEqual([
    '/members/0/dsos/0: tokenizer-gb is a tokenizer; only a market maker issues a DSO',
    '/members/2/dsos/0: ABCDSO is not an ISO 4217 currency code followed by DSO',
    '/members/1/autopilot/market_maker/pairs/0: mm-dublin sells JPYDSO of my-bank, a DSO it cannot hold (a market maker delivers only its own DSO)',
    '/members/1/autopilot/market_maker/pairs/3: mm-dublin quotes CHFDSO of mm-dublin, which nobody in this network issues',
  ]);
  expect(problemsOf(example.replace('dsos: [EURDSO]', 'dsos: [EUR]'))).toEqual([
    expect.stringContaining('/members/1/dsos/0 must match pattern'),
  ]);
});

test('retention in a network file: the names of --retention, each a whole number of at least 1; --retention wins name by name', async () => {
  expect(problemsOf(example.replace('  quotations: 10000', '  quotations: 0\n  quotes: 5\n  payments: 1.5'))).toEqual([
    expect.stringContaining('/retention/quotations must be >= 1'),
    expect.stringContaining('/retention/payments must be integer'),
    expect.stringContaining(`/retention: unknown field "quotes" (valid: ${Object.keys(defaultRetention).join(', ')})`),
  ]);
  const network = parseNetworkFile(
    example.replace('  quotations: 10000', '  quotations: 7\n  payments: 9'),
    'test.yaml',
  );
  const sim = await startSimulator({ port: 0, network, retention: { payments: 11 } });
  try {
    const limits = async () =>
      ((await (await fetch(`${sim.url}/sim/retention`)).json()) as { limits: Record<string, number> }).limits;
    expect(await limits()).toMatchObject({
      quotations: 7,
      payments: 11,
      gatewayMessages: defaultRetention.gatewayMessages,
    });
    // Another network without retention: the defaults again, the command line's still winning.
    await fetch(`${sim.url}/sim/reset`, { method: 'POST', body: JSON.stringify({ network: 'empty' }) });
    expect(await limits()).toMatchObject({ quotations: defaultRetention.quotations, payments: 11 });
  } finally {
    await sim.close();
  }
});

test('state: blocked onboards a member blocked; a blocked member that would act at start is refused', () => {
  expect(problemsOf(example.replace('    bic: MYBKGB2L\n', '    bic: MYBKGB2L\n    state: blocked\n'))).toEqual([]);
  const acting = example.replace('    bic: MMDUIE2D\n', '    bic: MMDUIE2D\n    state: blocked\n');
  expect(problemsOf(acting)).toEqual([
    '/members/1/state: mm-dublin is blocked, so it issues no DSO, lists nobody and has no autopilot',
    '/credit_lines/0/holder: mm-dublin is blocked, so it cannot request a line',
    '/credit_lines/1/holder: mm-dublin is blocked, so it cannot request a line',
    '/credit_lines/2/holder: mm-dublin is blocked, so it cannot request a line',
  ]);
  expect(problemsOf(example.replace('    bic: MYBKGB2L\n', '    bic: MYBKGB2L\n    state: created\n'))).toEqual([
    expect.stringContaining('/members/2/state must be equal to one of the allowed values'),
  ]);
});

test('vendor-standin: its members with their states and assets, nobody answering, nothing held', async () => {
  expect(() => checkNetworkFile(JSON.parse(JSON.stringify(standinNetwork)), 'vendor-standin')).not.toThrow();
  const sim = await startSimulator({ port: 0, network: 'vendor-standin' });
  try {
    expect(sim.simulator.autopilot).toBeUndefined();
    const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
      members: Array<{ identification: string; member_state: string; business_role: string }>;
      assets: Array<{ asset_code_identification: string; asset_issuer_identification: string }>;
    };
    expect(network.members.map((member) => [member.identification, member.business_role, member.member_state])).toEqual(
      [
        ['standin-tkn', 'MIS', 'activated'],
        ['standin-mm-a', 'MMM', 'activated'],
        ['standin-mm-b', 'MMM', 'activated'],
        ['standin-blank-mm', 'MMM', 'activated'],
        ['standin-blank-tkn', 'MIS', 'activated'],
        ['standin-tkn-2', 'MIS', 'activated'],
        ['standin-blocked', 'MIS', 'blocked'],
        ['standin-holder', 'MMM', 'activated'],
      ],
    );
    expect(
      network.assets.map((asset) => `${asset.asset_code_identification} of ${asset.asset_issuer_identification}`),
    ).toEqual(['USD of standin-tkn', 'EUR of standin-tkn', 'USD of standin-tkn-2']);
    expect(sim.simulator.state.ledger.transactions().length).toBe(0);
  } finally {
    await sim.close();
  }
});
