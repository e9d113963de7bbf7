import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../simulator/server.ts';
import { startTestProxy, type TestProxy } from '../../test-support/proxy.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../../test-support/simulator-process.ts';
import { makeTestPki, type TestPki } from '../../test-support/tls.ts';
import { ControlClient, TargetClock } from './control.ts';
import { RecordingChannel } from './recorder.ts';
import { createSimMembers, operatingAccounts, tokenizerAssets } from './sim-members.ts';
import { directTransport, transportFor, type TargetReach } from './transport.ts';

/**
 * `dss test` over mutual TLS and through proxies, as a vendor's CI runs it. `dss sim` serves HTTPS and
 * requires a client certificate signed by a throw-away CA; a whole conformance run reaches it with the
 * profile's CA and PKCS#12 bundle (its passphrase from the environment) and passes. A client
 * certificate of another CA, or a profile without the CA, stops before any check with one line (exit 2).
 * Filtered runs go through the test proxy: an https target by CONNECT (HTTPS_PROXY with credentials), an
 * http target by forwarding (the profile's proxy:, which wins over a dead HTTP_PROXY), each by a name only
 * the proxy resolves, so that a call that went round the proxy could not have reached the target; and
 * the embedded simulator on loopback keeps working when the environment's proxies are dead.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Safety nets for a loaded machine, not measures: the whole run takes a minute or two. */
const KILL_AFTER_MS = 600_000;

let dir = '';
let pki: TestPki;
let sim: SimulatorProcess | undefined;
let plainSim: RunningSimulator | undefined;
let proxy: TestProxy | undefined;
const proxyCredentials = { user: 'ci-runner', password: 'pr0xy-s3cret-42' };

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dss-transport-run-'));
  pki = makeTestPki(dir, ['localhost', '127.0.0.1', 'dss.test']);
  sim = await startSimulatorProcess([
    '--tls-cert',
    pki.server.cert,
    '--tls-key',
    pki.server.key,
    '--tls-client-ca',
    pki.ca,
  ]);
  plainSim = await startSimulator({ port: 0 });
  proxy = await startTestProxy({ credentials: proxyCredentials, hosts: { 'dss.test': '127.0.0.1' } });
});

test.afterAll(async () => {
  await proxy?.close();
  await plainSim?.close();
  await sim?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `dss test` as a user's shell starts it: none of the parent run's variables, no proxy but the test's own. */
function dssTest(args: string[], env: Record<string, string>): Promise<Run> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(PW_|TEST_|PLAYWRIGHT_|DSS_)|^(https?_proxy|no_proxy|all_proxy)$/i.test(name),
    ),
  );
  const child = spawn(process.execPath, ['bin/dss.js', 'test', ...args], {
    cwd: root,
    env: { ...inherited, CI: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const killer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), KILL_AFTER_MS);
  return new Promise((resolve) =>
    child.on('close', (status) => (clearTimeout(killer), resolve({ status, stdout, stderr }))),
  );
}

function explain(run: Run): string {
  return `exit ${run.status}\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`;
}

/**
 * A profile of members made on the simulator at `baseUrl` (reached with `tls`, through nobody), its
 * tokens as `${NAME}` variables; `extra` is added as YAML (tls:, proxy:).
 */
async function writeProfile(
  name: string,
  baseUrl: string,
  tls: Parameters<typeof transportFor>[0]['tls'],
  extra: string,
): Promise<{ file: string; env: Record<string, string> }> {
  const transport = tls ? transportFor({ tls }, {}) : directTransport;
  const control = new ControlClient({
    baseUrl,
    timeoutMs: 30_000,
    recording: new RecordingChannel(),
    clock: new TargetClock(),
    transport,
  });
  const made = await createSimMembers(control, name);
  const env: Record<string, string> = {};
  const entry = (role: 'tokenizer' | 'mmA' | 'mmB') => {
    const member = made[role];
    env[`${name.toUpperCase()}_${role.toUpperCase()}`] = member.token;
    const assets =
      role === 'tokenizer'
        ? `, assets: [${tokenizerAssets(member.identification)
            .map(
              (asset) =>
                `{ asset_code_identification: ${asset.asset_code_identification}, asset_issuer_identification: ${asset.asset_issuer_identification} }`,
            )
            .join(', ')}]`
        : '';
    return `  ${role}: { identification: ${member.identification}, token: "\${${name.toUpperCase()}_${role.toUpperCase()}}", accounts: [${operatingAccounts(member).join(', ')}]${assets} }`;
  };
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    [
      `base_url: ${baseUrl}`,
      'members:',
      entry('tokenizer'),
      entry('mmA'),
      entry('mmB'),
      'capabilities: { control: simulator }',
      'timeouts: { request_ms: 30000, check_ms: 180000 }',
      extra,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  return { file, env };
}

/** Every file under `path`, as text. */
function everyFile(path: string): string[] {
  return readdirSync(path).flatMap((name) => {
    const full = join(path, name);
    return statSync(full).isDirectory() ? everyFile(full) : [readFileSync(full, 'latin1')];
  });
}

function summary(reportDir: string): {
  verdict: string;
  target: { reached?: TargetReach };
  checks: Array<{ check_id: string; outcome: string; skip_reason: string | null }>;
} {
  return (
    JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as { results: ReturnType<typeof summary> }
  ).results;
}

test('a whole conformance run over mutual TLS against dss sim passes; a client certificate of another CA, or no CA for the server, stops before any check', async () => {
  test.setTimeout(3 * KILL_AFTER_MS);
  const passphrase = { DSS_TEST_PFX_PASSPHRASE: pki.client.passphrase };
  // The files named relative to the profile's folder, the bundle opened by a passphrase from the environment.
  const profile = await writeProfile(
    'mtls',
    sim!.url,
    { ca: pki.ca, pfx: pki.client.pfx, passphrase: pki.client.passphrase },
    `tls: { ca: ${basename(pki.ca)}, pfx: ${basename(pki.client.pfx)}, passphrase: "\${DSS_TEST_PFX_PASSPHRASE}" }`,
  );

  const reportDir = join(dir, 'mtls-report');
  // One worker: the run is about the transport, and npm test's other files keep both cores busy.
  const run = await dssTest(
    ['--target', sim!.url, '--profile', profile.file, '--report-dir', reportDir, '--workers', '1'],
    {
      ...profile.env,
      ...passphrase,
    },
  );
  expect(run.status, explain(run)).toBe(0);
  const results = summary(reportDir);
  expect(results.verdict, explain(run)).toBe('passed');
  expect(results.checks.filter((check) => check.outcome !== 'passed')).toEqual([]);
  expect(results.target.reached).toEqual({
    proxy: null,
    proxy_settings: 'environment',
    tls: { trusted: "the profile's CA", client_certificate: true },
  });
  expect(run.stdout).toContain(
    "  reached: straight to the target (no proxy), over TLS trusting the profile's CA, with a client certificate (mutual TLS)\n",
  );
  for (const text of everyFile(reportDir)) expect(text.includes(pki.client.passphrase)).toBe(false);

  const stranger = await writeProfile(
    'stranger',
    sim!.url,
    { ca: pki.ca, cert: pki.client.cert, key: pki.client.key },
    `tls: { ca: ${pki.ca}, cert: ${pki.otherClient.cert}, key: ${pki.otherClient.key} }`,
  );
  const refused = await dssTest(
    ['--profile', stranger.file, '--report-dir', join(dir, 'stranger-report')],
    stranger.env,
  );
  expect(refused.status, explain(refused)).toBe(2);
  expect(refused.stderr).toMatch(
    new RegExp(
      `^dss test: cannot reach the target at ${sim!.url.replace(/\./g, '\\.')}: the target does not accept the harness's client certificate \\(.*\\): tls\\.cert and tls\\.key \\(or tls\\.pfx\\) must be signed by a CA the target trusts for clients`,
    ),
  );
  expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  expect(refused.stdout).not.toContain('Running ');

  const noCa = await writeProfile(
    'noca',
    sim!.url,
    { ca: pki.ca, cert: pki.client.cert, key: pki.client.key },
    `tls: { cert: ${pki.client.cert}, key: ${pki.client.key} }`,
  );
  const untrusted = await dssTest(['--profile', noCa.file, '--report-dir', join(dir, 'noca-report')], noCa.env);
  expect(untrusted.status, explain(untrusted)).toBe(2);
  expect(untrusted.stderr).toContain(
    `dss test: cannot reach the target at ${sim!.url}: the target's certificate is not signed by a CA trusted here`,
  );
  expect(untrusted.stderr).toContain('give the CA that signed it as tls.ca in the profile');
  expect(untrusted.stderr.trim().split('\n')).toHaveLength(1);
});

/** A few checks: the reach, the member API, the control plane, and the one that needs the harness's address. */
const PROXIED_CHECKS = 'target\\.reachable|accounts\\.list-and-read|allowlist\\.add-remove|auth\\.ip-allowed ';

test('filtered runs through the proxy: an https target by CONNECT from HTTPS_PROXY, an http one by forwarding from the profile, neither showing the credentials', async () => {
  test.setTimeout(3 * KILL_AFTER_MS);
  const withCredentials = proxy!.url.replace(
    'http://',
    `http://${proxyCredentials.user}:${proxyCredentials.password}@`,
  );
  const secrets = [
    proxyCredentials.password,
    Buffer.from(`${proxyCredentials.user}:${proxyCredentials.password}`).toString('base64'),
  ];

  const httpsTarget = sim!.url.replace('127.0.0.1', 'dss.test');
  const tls = { ca: pki.ca, cert: pki.client.cert, key: pki.client.key };
  const tunnelled = await writeProfile(
    'tunnelled',
    sim!.url,
    tls,
    `tls: { ca: ${pki.ca}, cert: ${pki.client.cert}, key: ${pki.client.key} }`,
  );
  const tunnels = proxy!.tunnels.length;
  const reportDir = join(dir, 'tunnelled-report');
  const run = await dssTest(
    ['--target', httpsTarget, '--profile', tunnelled.file, '--grep', PROXIED_CHECKS, '--report-dir', reportDir],
    { ...tunnelled.env, HTTPS_PROXY: withCredentials, NO_PROXY: 'example.org' },
  );
  expect(run.status, explain(run)).toBe(0);
  expect(proxy!.tunnels.slice(tunnels).every((authority) => authority === new URL(httpsTarget).host)).toBe(true);
  expect(proxy!.tunnels.length).toBeGreaterThan(tunnels);
  expect(summary(reportDir).target.reached).toEqual({
    proxy: proxy!.url,
    proxy_settings: 'environment',
    tls: { trusted: "the profile's CA", client_certificate: true },
  });
  const outcomes = new Map(summary(reportDir).checks.map((check) => [check.check_id, check]));
  for (const id of ['target.reachable', 'accounts.list-and-read', 'allowlist.add-remove'])
    expect(outcomes.get(id)?.outcome, explain(run)).toBe('passed');
  // Through a proxy the target sees the proxy's address, which the harness cannot learn.
  expect(outcomes.get('auth.ip-allowed')).toMatchObject({
    outcome: 'skipped',
    skip_reason: `needs the address the target sees the harness at, and the harness reaches it through the proxy ${proxy!.url}`,
  });
  for (const text of [run.stdout, run.stderr, ...everyFile(reportDir)])
    for (const secret of secrets) expect(text.includes(secret)).toBe(false);

  const httpTarget = plainSim!.url.replace('127.0.0.1', 'dss.test');
  const forwarded = await writeProfile(
    'forwarded',
    plainSim!.url,
    undefined,
    `proxy: { url: "${proxy!.url.replace('http://', `http://${proxyCredentials.user}:\${DSS_TEST_PROXY_PASSWORD}@`)}" }`,
  );
  const before = proxy!.forwarded.length;
  const httpReport = join(dir, 'forwarded-report');
  // The profile's proxy wins: the environment's is dead.
  const viaProfile = await dssTest(
    [
      '--target',
      httpTarget,
      '--profile',
      forwarded.file,
      '--grep',
      'target\\.reachable|accounts\\.list-and-read',
      '--report-dir',
      httpReport,
    ],
    { ...forwarded.env, DSS_TEST_PROXY_PASSWORD: proxyCredentials.password, HTTP_PROXY: 'http://127.0.0.1:9' },
  );
  expect(viaProfile.status, explain(viaProfile)).toBe(0);
  expect(proxy!.forwarded.slice(before).every((url) => url.startsWith(`${httpTarget}/`))).toBe(true);
  expect(proxy!.forwarded.length).toBeGreaterThan(before);
  expect(summary(httpReport).target.reached).toEqual({ proxy: proxy!.url, proxy_settings: 'profile', tls: null });
  expect(viaProfile.stdout).toContain(
    `  reached: through the proxy ${proxy!.url} (the profile's proxy:), over plain HTTP\n`,
  );
  for (const text of [viaProfile.stdout, viaProfile.stderr, ...everyFile(httpReport)])
    for (const secret of secrets) expect(text.includes(secret)).toBe(false);
});

test('the embedded simulator on loopback is reached directly when the environment sets proxies', async () => {
  test.setTimeout(KILL_AFTER_MS);
  const dead = 'http://127.0.0.1:9';
  const run = await dssTest(
    ['--grep', 'target\\.reachable|accounts\\.list-and-read', '--report-dir', join(dir, 'embedded-report')],
    { HTTP_PROXY: dead, HTTPS_PROXY: dead, http_proxy: dead, https_proxy: dead },
  );
  expect(run.status, explain(run)).toBe(0);
  expect(
    summary(join(dir, 'embedded-report')).checks.find((check) => check.check_id === 'accounts.list-and-read')?.outcome,
  ).toBe('passed');
});
