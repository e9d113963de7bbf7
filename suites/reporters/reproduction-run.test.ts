import { expect, test } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator, type RunningSimulator } from '../../simulator/server.ts';
import { startHidingProxy, writeVendorTargetProfile } from '../../test-support/vendor-target.ts';
import type { ConformanceReport } from './report-types.ts';
import { STATUS_LINE } from './reproduction.ts';

/**
 * A failure a vendor can reproduce, over real sockets with real curl: against a simulator whose
 * unknown members answer 400 and whose error bodies lack `timestamp`, a run writes each failed check's
 * calls as a shell script; each script, run with sh and curl and its variables filled as its top says
 * (tokens minted for the member and rights it names), gets the statuses the check got, call by call.
 * Then `dss test --last-failed` runs exactly the checks that failed, and once the faults are off and
 * they pass, says there is nothing left to re-run.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const FAULTS = ['unknown-member-wrong-status', 'error-body-without-timestamp'];
/** Stateless checks (replaying them changes nothing they read), one of them minting a token with rights. */
const CHECKS = ['directory.member-not-found', 'accounts.unknown-account', 'accounts.none-open', 'auth.missing-token'];
const GREP = CHECKS.map((id) => `${id.replaceAll('.', '\\.')} `).join('|');

let simulator: RunningSimulator | undefined;
let reportDir = '';
test.afterEach(async () => {
  await simulator?.close();
  simulator = undefined;
  if (reportDir !== '') rmSync(reportDir, { recursive: true, force: true });
});

test('a failed check carries its calls as a curl script that gets the same statuses, and --last-failed runs exactly the failed checks again', async () => {
  test.setTimeout(600_000); // a safety net: three filtered runs of a few checks, seconds each on a quiet machine
  expectCurl();
  simulator = await startSimulator({ port: 0, host: '127.0.0.1', faults: FAULTS });
  reportDir = mkdtempSync(join(tmpdir(), 'dss-reproduction-'));
  const url = simulator.url;

  const first = await dss(['test', '--target', url, '--grep', GREP, '--report-dir', reportDir]);
  expect(first.status, first.output).toBe(1);
  const { results } = readReport();
  const failed = results.checks.filter((check) => check.outcome === 'failed');
  expect(failed.map((check) => check.check_id).sort()).toEqual([...CHECKS].sort());

  for (const check of failed) {
    const reproduction = check.reproduction!;
    expect(reproduction, check.check_id).toBeDefined();
    const file = join(reportDir, reproduction.file);
    expect(readFileSync(file, 'utf8')).toBe(reproduction.script);
    accessSync(file, constants.X_OK);
    // No credential in the report: every token is a variable, and each is one the run knows by name.
    expect(reproduction.script).not.toMatch(/eyJ[A-Za-z0-9_-]*\./);
    expect(
      reproduction.variables.map((variable) => variable.name).filter((name) => name.startsWith('DSS_REDACTED_')),
    ).toEqual([]);

    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    for (const variable of reproduction.variables) {
      // The script's top names it, with where a value comes from.
      expect(reproduction.script).toMatch(new RegExp(`^# ${variable.name} +\\S`, 'm'));
      expect(variable.member, variable.name).toBeDefined();
      env[variable.name] = await mint(url, variable.member!, variable.rights ?? { role: 'manager' });
    }
    const run = await sh(file, env);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const statuses = run.stdout.split('\n').flatMap((line) => {
      const match = STATUS_LINE.exec(line);
      return match ? [match[2] === undefined ? null : Number(match[2])] : [];
    });
    expect(statuses, check.check_id).toEqual(check.calls.map((call) => call.status));

    if (reproduction.variables.length > 0) {
      // Unset, a variable stops the script before any call, naming it.
      const unset = await sh(file, { PATH: env.PATH! });
      expect(unset.status).not.toBe(0);
      expect(unset.stderr).toContain(`${reproduction.variables[0]!.name}: is not set`);
      expect(unset.stdout).not.toMatch(STATUS_LINE);
    }
  }
  // A check with a token of chosen rights says which, and how a simulator mints it.
  const limited = failed.find((check) => check.check_id === 'accounts.none-open')!.reproduction!.variables;
  expect(limited).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'DSS_TOKEN_MMA_LIMITED', rights: { role: 'manager', accounts: [] } }),
    ]),
  );

  // Exactly the checks that failed run again (and the reachability check every run starts with).
  const again = await dss(['test', '--target', url, '--last-failed', '--report-dir', reportDir]);
  expect(again.status, again.output).toBe(1);
  const rerun = readReport().results;
  expect(
    rerun.checks
      .map((check) => check.check_id)
      .filter((id) => id !== 'target.reachable')
      .sort(),
  ).toEqual([...CHECKS].sort());
  expect(
    rerun.checks
      .filter((check) => check.outcome === 'failed')
      .map((check) => check.check_id)
      .sort(),
  ).toEqual([...CHECKS].sort());
  expect(rerun.scope.filters).toEqual([
    `--last-failed: ${failed.map((check) => check.check_id).join(', ')} (what failed in the run that ended at ${results.finished_at})`,
  ]);
  expect(rerun.verdict).toBe('failed');

  // The vendor fixes it: the same checks pass, and then nothing is left to re-run.
  await fetch(`${url}/sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ disable: FAULTS }),
  });
  const fixed = await dss(['test', '--target', url, '--last-failed', '--report-dir', reportDir]);
  expect(fixed.status, fixed.output).toBe(0);
  const passed = readReport().results;
  expect(passed.verdict).toBe('partial');
  expect(
    passed.checks
      .filter((check) => check.check_id !== 'target.reachable')
      .map((check) => `${check.check_id} ${check.outcome}`)
      .sort(),
  ).toEqual([...CHECKS].sort().map((id) => `${id} passed`));
  const nothing = await dss(['test', '--target', url, '--last-failed', '--report-dir', reportDir]);
  expect(nothing.status).toBe(2);
  expect(nothing.output.trim()).toBe(
    `dss test: --last-failed: nothing failed in the last run in ${reportDir} (verdict partial, 5 checks): there is nothing to re-run`,
  );
});

/**
 * As a vendor runs it: the simulator behind a proxy that hides `/sim`, and a profile whose tokens come
 * from `${NAME}` variables. The script names each token by the profile's path and takes it from the
 * profile's own variable, so with the run's environment it runs as it is.
 */
test('against a target without /sim, the script names the profile’s tokens and runs with the profile’s own variables', async () => {
  test.setTimeout(600_000); // a safety net: one filtered run, seconds on a quiet machine
  expectCurl();
  simulator = await startSimulator({ port: 0, host: '127.0.0.1', faults: ['unknown-member-wrong-status'] });
  const proxy = await startHidingProxy(simulator.url);
  reportDir = mkdtempSync(join(tmpdir(), 'dss-reproduction-vendor-'));
  const dir = reportDir;
  try {
    const profile = await writeVendorTargetProfile(dir, simulator.url, proxy.url, {
      full: false,
      timeouts: { request_ms: 30_000, check_ms: 180_000 },
    });
    const run = await dss(
      [
        'test',
        '--profile',
        profile.file,
        '--grep',
        'directory\\.member-not-found ',
        '--report-dir',
        join(dir, 'reports'),
      ],
      profile.env,
    );
    expect(run.status, run.output).toBe(1);
    const { results } = JSON.parse(readFileSync(join(dir, 'reports', 'conformance.json'), 'utf8')) as ConformanceReport;
    const check = results.checks.find((each) => each.check_id === 'directory.member-not-found')!;
    expect(check.outcome).toBe('failed');
    const variables = check.reproduction!.variables;
    expect(variables.length).toBeGreaterThan(0);
    for (const variable of variables) {
      const role = /^DSS_TOKEN_([A-Z]+)$/.exec(variable.name)?.[1];
      const path = `members.${role === 'MMA' ? 'mmA' : role === 'MMB' ? 'mmB' : 'tokenizer'}.token`;
      expect(variable).toMatchObject({ profile_path: path, profile_variable: `S0_${role}_TOKEN` });
      expect(check.reproduction!.script).toContain(`the token the profile gives at ${path}`);
    }
    const script = await sh(join(dir, 'reports', check.reproduction!.file), {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...profile.env,
    });
    expect(script.status, script.stderr).toBe(0);
    const statuses = script.stdout.split('\n').flatMap((line) => {
      const match = STATUS_LINE.exec(line);
      return match ? [Number(match[2])] : [];
    });
    expect(statuses).toEqual(check.calls.map((call) => call.status));
    expect(statuses).toContain(400);
  } finally {
    await proxy.close();
  }
});

/** The test installs nothing: CI has curl from .ci/run. */
function expectCurl(): void {
  if (spawnSync('curl', ['--version']).status !== 0)
    throw new Error('no curl on PATH: install it (apt-get install curl), as .ci/run does');
}

function readReport(): ConformanceReport {
  return JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
}

/** A token as the script's top says to get one on a simulator: POST /sim/tokens with the member and rights. */
async function mint(url: string, member: string, rights: object): Promise<string> {
  const response = await fetch(`${url}/sim/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ member_identification: member, ...rights }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The simulator serves from this process: the script runs beside it, never blocking it. */
function sh(
  file: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', [file], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function dss(args: string[], extra: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(?:PW_|PLAYWRIGHT_|TEST_|DSS_)/.test(name)),
    );
    const child = spawn(process.execPath, ['bin/dss.js', ...args], { cwd: root, env: { ...env, ...extra, CI: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}
