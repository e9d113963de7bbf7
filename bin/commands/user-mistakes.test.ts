import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTestPki } from '../../test-support/tls.ts';

/**
 * Every mistake a user can make on the command line ends in one clear paragraph and exit status 2:
 * no stack trace, no Playwright run that tests nothing, no misleading words.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
let work: string;

test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'dss-mistakes-'));
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `dss <args>` without blocking this process, which serves some of the cases. */
function dss(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(?:PW_|PLAYWRIGHT_|TEST_|DSS_)/.test(name)),
    );
    const child = spawn(process.execPath, ['bin/dss.js', ...args], { cwd: root, env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** One paragraph for a person: no stack frame, no Playwright output. */
function expectOneParagraph(stderr: string): void {
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain('Running ');
}

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listening(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe.configure({ mode: 'parallel' });
test.setTimeout(90_000);

test('an unknown fault name, to dss sim or dss self-check, is refused with the known ones', async () => {
  for (const command of ['sim', 'self-check']) {
    const run = await dss([command, '--faults', 'credit-ceiling-not-enforced,no-such-fault']);
    expect(run.status, command).toBe(2);
    expect(run.stderr, command).toContain('unknown faults: no-such-fault; known faults: ');
    expect(run.stderr, command).toContain('credit-ceiling-not-enforced');
    expectOneParagraph(run.stderr);
  }
});

test('a dead URL names the address and the error, and asks whether the service runs', async () => {
  const port = await closedPort();
  const reportDir = join(work, 'dead');
  const run = await dss(['test', '--target', `http://127.0.0.1:${port}`, '--report-dir', reportDir]);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(
    `dss test: cannot reach the target at http://127.0.0.1:${port}: the connection was refused`,
  );
  expect(run.stderr).toContain('Is the service running');
  expect(run.stderr).not.toContain('control plane');
  expectOneParagraph(run.stderr);
});

test('a host name that does not resolve says so', async () => {
  const run = await dss(['test', '--target', 'http://no-such-host.invalid', '--report-dir', join(work, 'dns')]);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(
    'dss test: cannot reach the target at http://no-such-host.invalid: the host name no-such-host.invalid does not resolve',
  );
  expectOneParagraph(run.stderr);
});

test('a TLS failure says the handshake failed and what to look at (an https URL to a plain http port here; the others: transport.test.ts, transport-run.test.ts)', async () => {
  // https to a port that speaks plain HTTP: the handshake fails as with an untrusted or broken server.
  const server = createServer((_request, response) => response.end('plain'));
  const port = await listening(server);
  try {
    const profile = join(work, 'tls.yaml');
    writeFileSync(profile, profileText(`https://127.0.0.1:${port}`));
    const run = await dss(['test', '--profile', profile, '--report-dir', join(work, 'tls')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `dss test: cannot reach the target at https://127.0.0.1:${port}: the TLS handshake failed`,
    );
    expect(run.stderr).toContain(
      'does the address serve https? A port that speaks plain http answers an https:// URL so.',
    );
    expectOneParagraph(run.stderr);
  } finally {
    server.close();
  }
});

test('a target that answers without a control plane, and no profile, asks for a profile', async () => {
  const server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end('{}');
  });
  const port = await listening(server);
  try {
    const run = await dss(['test', '--target', `http://127.0.0.1:${port}`, '--report-dir', join(work, 'nosim')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `http://127.0.0.1:${port} answers, but has no simulator control plane (GET /sim/health answered 404)`,
    );
    expect(run.stderr).toContain('--profile');
    expectOneParagraph(run.stderr);
  } finally {
    server.close();
  }
});

test('a bad profile lists each problem once, with no stack and no dump', async () => {
  const profile = join(work, 'bad.yaml');
  writeFileSync(
    profile,
    'base_url: ftp://x\nmembers:\n  mmA: { identification: a, token: "${DSS_MISTAKES_UNSET_TOKEN}", accounts: [main] }\n',
  );
  const run = await dss(['test', '--profile', profile, '--report-dir', join(work, 'profile')]);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(`dss test: Target profile ${profile} is not valid:`);
  expect(run.stderr).toMatch(/environment variable DSS_MISTAKES_UNSET_TOKEN .*is not set/);
  expect(run.stderr.match(/DSS_MISTAKES_UNSET_TOKEN/g)).toHaveLength(1);
  expect(run.stderr).toContain('docs/profiles.md');
  expectOneParagraph(run.stderr);

  writeFileSync(profile, 'base_url: ftp://x\nmembers:\n  mmA: { identification: a, token: t, accounts: [main] }\n');
  const invalid = await dss(['test', '--profile', profile, '--report-dir', join(work, 'profile')]);
  expect(invalid.status).toBe(2);
  const problems = invalid.stderr.split('\n').filter((line) => line.startsWith('  - '));
  expect(problems.length).toBeGreaterThan(1);
  expect(new Set(problems).size).toBe(problems.length);
  expectOneParagraph(invalid.stderr);
});

test('--shard 5/3 names the shards there are', async () => {
  const run = await dss(['test', '--shard', '5/3']);
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('dss test: --shard 5/3: there is no shard 5 of 3; the first number must be from 1 to 3');
  expectOneParagraph(run.stderr);
});

test('the variables beside the options are checked as the options are, before anything runs: DSS_PROFILE, DSS_WORKERS, DSS_INVARIANT_*', async () => {
  const missing = await dss(['test'], { DSS_PROFILE: join(work, 'no-such-profile.yaml') });
  expect([missing.status, missing.stderr.trim()]).toEqual([
    2,
    `dss test: --profile: no such file ${join(work, 'no-such-profile.yaml')}`,
  ]);
  const workers = await dss(['test'], { DSS_WORKERS: 'two' });
  expect([workers.status, workers.stderr.trim()]).toEqual([
    2,
    'dss test: DSS_WORKERS must be a positive integer; got "two"',
  ]);
  const runs = await dss(['test'], { DSS_INVARIANT_RUNS: '0' });
  expect([runs.status, runs.stderr.trim()]).toEqual([
    2,
    'dss test: DSS_INVARIANT_RUNS must be a positive integer (at most 999999); got "0"',
  ]);
  const path = await dss(['test'], { DSS_INVARIANT_PATH: '1:2' });
  expect([path.status, path.stderr.trim()]).toEqual([
    2,
    'dss test: DSS_INVARIANT_PATH replays a failure only together with its DSS_INVARIANT_SEED',
  ]);
});

test('--last-failed with no report to repeat, or beside a filter, says so before anything runs', async () => {
  const none = await dss(['test', '--last-failed', '--report-dir', join(work, 'no-report')]);
  expect(none.status).toBe(2);
  expect(none.stderr.trim()).toBe(
    `dss test: --last-failed: there is no previous report in ${join(work, 'no-report')} (no conformance.json): run dss test first, or give the --report-dir of the run to repeat`,
  );
  const beside = await dss(['test', '--last-failed', '--tag', 'auth', '--grep', 'x']);
  expect(beside.status).toBe(2);
  expect(beside.stderr.trim()).toBe(
    'dss test: --last-failed selects the checks itself (those that failed the last run): give it without --grep and --tag',
  );
  expectOneParagraph(none.stderr + beside.stderr);
});

test('dss report on a missing file, or on files that hold no results, says which and why', async () => {
  const missing = await dss(['report', '--report-dir', join(work, 'report'), join(work, 'nowhere.json')]);
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain(
    `dss report: cannot read the results file ${join(work, 'nowhere.json')}: no such file.`,
  );
  expectOneParagraph(missing.stderr);

  const other = join(work, 'conformance.json');
  writeFileSync(other, JSON.stringify({ format: 'dss-conformance-report/1', results: {} }));
  const notResults = join(work, 'notes.json');
  writeFileSync(notResults, '{"hello": 1}');
  const unusable = await dss(['report', '--report-dir', join(work, 'report'), other, notResults]);
  expect(unusable.status).toBe(2);
  expect(unusable.stderr).toContain('dss report: none of the files given holds Playwright JSON results:');
  expect(unusable.stderr).toContain(`${other}: a conformance report (what dss report writes), not Playwright results`);
  expect(unusable.stderr).toContain(`${notResults}: not Playwright JSON results`);
  expectOneParagraph(unusable.stderr);
});

test('dss verify-report on a file that is not there, or on a folder, is the user’s mistake (2), not a report that failed verification (1)', async () => {
  const missing = await dss(['verify-report', join(work, 'nowhere.json')]);
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain(`cannot read ${join(work, 'nowhere.json')}: no such file`);
  expectOneParagraph(missing.stderr);
  const folder = await dss(['verify-report', work]);
  expect(folder.status).toBe(2);
  expect(folder.stderr).toContain('it is not a file');
  const damaged = join(work, 'damaged.json');
  writeFileSync(damaged, '{"format": "dss-conformance-report/1"');
  const verified = await dss(['verify-report', damaged]);
  expect(verified.status).toBe(1);
  expect(verified.stderr).toContain('NOT verified');
});

test('dss sim on a busy port names the port and suggests --port 0', async () => {
  const server = createServer();
  const port = await listening(server);
  try {
    const run = await dss(['sim', '--port', String(port)]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`dss sim: port ${port} on 127.0.0.1 is already in use (EADDRINUSE)`);
    expect(run.stderr).toContain('--port 0 picks a free one');
    expectOneParagraph(run.stderr);
  } finally {
    server.close();
  }
});

test('dss sim with TLS files it cannot use names the option and the file', async () => {
  const cert = join(work, 'not-a-cert.pem');
  writeFileSync(cert, 'not PEM');
  const alone = await dss(['sim', '--port', '0', '--tls-cert', cert]);
  expect(alone.status).toBe(2);
  expect(alone.stderr).toContain(
    "dss sim: --tls-cert needs --tls-key: the server's certificate and its private key, both PEM",
  );
  const missing = await dss(['sim', '--port', '0', '--tls-cert', cert, '--tls-key', join(work, 'nowhere.pem')]);
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain(`dss sim: --tls-key: cannot read ${join(work, 'nowhere.pem')}`);
  const garbage = await dss(['sim', '--port', '0', '--tls-cert', cert, '--tls-key', cert]);
  expect(garbage.status).toBe(2);
  expect(garbage.stderr).toContain(`dss sim: --tls-cert ${cert} with --tls-key ${cert} cannot serve HTTPS`);
  const pki = makeTestPki(mkdtempSync(join(work, 'pki-')), ['127.0.0.1']);
  const badCa = await dss([
    'sim',
    '--port',
    '0',
    '--tls-cert',
    pki.server.cert,
    '--tls-key',
    pki.server.key,
    '--tls-client-ca',
    cert,
  ]);
  expect(badCa.status).toBe(2);
  expect(badCa.stderr).toContain(`dss sim: --tls-client-ca ${cert} holds no PEM certificate`);
  const clientCaOnly = await dss(['sim', '--port', '0', '--tls-client-ca', cert]);
  expect(clientCaOnly.status).toBe(2);
  expect(clientCaOnly.stderr).toContain('dss sim: --tls-client-ca needs --tls-cert and --tls-key');
  for (const run of [alone, missing, badCa, garbage, clientCaOnly]) expectOneParagraph(run.stderr);
});

function profileText(baseUrl: string): string {
  const member = (id: string) =>
    `{ identification: ${id}, token: t, accounts: [main, second], assets: [{ asset_code_identification: USD, asset_issuer_identification: tokenizer-usd }] }`;
  return `base_url: ${baseUrl}\nmembers:\n  tokenizer: ${member('tokenizer-usd')}\n  mmA: ${member('mm-a')}\n  mmB: ${member('mm-b')}\n`;
}
