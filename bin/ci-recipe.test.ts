import { expect, test } from '@playwright/test';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointById, fullPath } from '../schemas/endpoints.ts';
import { parseProfile } from '../suites/runtime/profile.ts';
import { CALLS_ATTACHMENT } from '../suites/runtime/recorder.ts';
import type { TestServer } from '../test-support/test-server.ts';
import { run, userEnv, type Finished } from '../test-support/dss-command.ts';
import { packKit, writeLockedProject, type PackedKit } from '../test-support/packed-kit.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../test-support/simulator-process.ts';
import { startHidingProxy, writeVendorTargetProfile, type VendorProfile } from '../test-support/vendor-target.ts';

/**
 * docs/ci.md works as written: its shell blocks (each found by the `<!-- ci-recipe: NAME -->` comment
 * before it) run in a fresh project against the simulator behind a proxy that hides `/sim`, as a
 * vendor's implementation looks: the kit installed from its packed tarball, three shards at once each as
 * its own member set, the merge and its verification, a stale baseline, and the nightly job with and
 * without its expiry token. The runs take a few checks each (`--grep`, appended to the doc's `dss test`
 * lines): the commands and what they promise are under test, not the suite.
 *
 * Offline, npm cannot ask the registry for the kit's dependencies: each project gets a lockfile that
 * gives npm the same answers (test-support/packed-kit.ts), and the doc's own command line does the rest.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const doc = readFileSync(join(root, 'docs/ci.md'), 'utf8');

/** Safety nets for a machine loaded by other work, not measures. */
const TIMEOUTS = { request_ms: 30_000, check_ms: 180_000 };
/** Spec, Limits: a token lives 15 minutes. */
const TOKEN_LIFETIME_MS = 15 * 60_000;

/** The fenced block after `<!-- ci-recipe: NAME -->`. */
function block(name: string): string {
  const found = new RegExp(`<!-- ci-recipe: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(doc)?.[1];
  if (found === undefined) throw new Error(`docs/ci.md has no block marked <!-- ci-recipe: ${name} -->`);
  return found;
}

/** A block's commands, as a shell runs them: comment lines and trailing comments left out. */
function commands(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The doc's `dss test` line, taking only the checks `grep` selects. */
function narrowed(command: string, grep: string): string {
  expect(command).toMatch(/^npx dss test /);
  return `${command} --grep '${grep}'`;
}

/** A CI's shell step: `bash -e`, with the job's secrets in its environment and npm offline. */
function shellStep(script: string, cwd: string, env: Record<string, string> = {}): Promise<Finished> {
  const npmOffline = {
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  return run('bash', ['-e', '-c', script], { cwd, env: userEnv({ CI: '1', ...npmOffline, ...env }) });
}

function explain(step: Finished): string {
  return `exit ${step.status}\n${step.stdout.slice(-4000)}\n${step.stderr.slice(-3000)}`;
}

/** The vendor profile as `target.yaml` in `dir`, where the doc's commands look for it. */
async function targetYaml(
  dir: string,
  simulator: string,
  proxy: string,
  options: Parameters<typeof writeVendorTargetProfile>[3],
): Promise<VendorProfile> {
  mkdirSync(dir, { recursive: true });
  const profile = await writeVendorTargetProfile(dir, simulator, proxy, { timeouts: TIMEOUTS, ...options });
  const file = join(dir, 'target.yaml');
  renameSync(profile.file, file);
  return { ...profile, file };
}

interface CheckResult {
  check_id: string;
  outcome: string;
  skip_reason: string | null;
  passed_requirements: string[];
  not_verified_here: Array<{ requirement: string; why: string }>;
}

interface Report {
  results: {
    target: { base_url: string | null };
    verdict: string;
    scope: { filters: string[] };
    scores: { overall: { score: number | null } };
    findings: unknown[];
    stale_baseline: string[];
    checks: CheckResult[];
  };
}

function report(dir: string): Report {
  return JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Report;
}

test('the profile example is a valid profile, with the session credential step 5 spends and the empty baseline step 6 fills', () => {
  const yaml = block('profile');
  const profile = parseProfile(yaml, 'docs/ci.md', {
    TKN_TOKEN: 't',
    MMA_TOKEN: 'a',
    MMA_SESSION: 's',
    MMB_TOKEN: 'b',
  });
  expect(profile.members.tokenizer.assets).toHaveLength(2);
  expect(Object.keys(profile.members.mmA.tokens)).toEqual(['session']);
  expect(profile.expected_failures).toEqual([]);
  // The shard and merge blocks are the complete pipeline's lines: running it runs them.
  const pipeline = commands(block('pipeline'));
  for (const line of [...commands(block('shard')), ...commands(block('merge'))]) expect(pipeline).toContain(line);
});

test.describe('the recipe, run', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(10 * 60_000);
  let work = '';
  let project = '';
  let packed: PackedKit;
  let simulator: SimulatorProcess | undefined;
  let proxy: TestServer | undefined;
  let target: VendorProfile;
  /** One member set (so one worker: the job of the doc's step 3), no optional credentials. */
  let single: VendorProfile;
  /** The nightly job waits out most of a minute: it runs beside the other steps, as a nightly pipeline does. */
  let nightly: Promise<NightlyRun | Error> | undefined;

  test.beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'dss-ci-recipe-'));
    project = join(work, 'project');
    mkdirSync(project);
    packed = packKit(project);
    simulator = await startSimulatorProcess();
    proxy = await startHidingProxy(simulator.url);
    single = await targetYaml(join(work, 'single'), simulator.url, proxy.url, { full: false });
  });
  test.afterAll(async () => {
    await nightly;
    await proxy?.close();
    await simulator?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test('step 1: the packed tarball installs as a dev-dependency, and in a folder of its own with dss on the PATH', async () => {
    const [saveDev, ownFolder] = commands(block('install'));
    expect(saveDev).toBe(`npm install --save-dev ./${packed.filename}`);
    writeLockedProject(project, packed, { name: 'my-pipeline', declared: false, dev: true });

    const bare = join(work, 'bare');
    mkdirSync(join(bare, '.dss'), { recursive: true });
    copyFileSync(join(project, packed.filename), join(bare, packed.filename));
    writeLockedProject(join(bare, '.dss'), packed, {
      name: 'dss',
      declared: false,
      dev: false,
      tarball: `../${packed.filename}`,
    });

    const [installed, alone] = await Promise.all([
      shellStep(saveDev!, project),
      shellStep(`${ownFolder}\ndss --help`, bare),
    ]);
    expect(installed.status, explain(installed)).toBe(0);
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
      devDependencies?: Record<string, string>;
    };
    expect(manifest.devDependencies).toEqual({ 'dss-conformance': `file:${packed.filename}` });
    expect(alone.status, explain(alone)).toBe(0);
    expect(alone.stdout).toContain('Usage: dss <command>');
  });

  test('the pipeline: npm ci, three shards at once each as its own member set, the merge, verify-report', async () => {
    target = await targetYaml(project, simulator!.url, proxy!.url, { full: false, sets: 3 });
    const text = block('pipeline');
    const [everyJob, afterShards] = text.split(/^# after the three shards\n/m).map(commands);
    const [install, restore, shard] = everyJob!;
    expect(install).toBe('npm ci');
    const ci = await shellStep(install!, project);
    expect(ci.status, explain(ci)).toBe(0);
    // Once the kit is in place for good (npm ci replaces node_modules).
    nightly = nightlyWithExpiryToken(join(project, 'nightly')).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );

    // Three checks that name their members in the calls they make (the title follows the id after a space): one per shard.
    const grep = 'directory\\.account-address(-emission|-refusals)? ';
    const shards = await Promise.all(
      [1, 2, 3].map((index) =>
        shellStep([restore, narrowed(shard!, grep)].join('\n'), project, { ...target.env, SHARD: String(index) }),
      ),
    );
    shards.forEach((step, index) => {
      expect(step.status, explain(step)).toBe(0);
      const dir = join(project, `reports-${index + 1}`);
      const ran = report(dir)
        .results.checks.filter((check) => check.outcome === 'passed')
        .map((check) => check.check_id);
      expect(
        ran.filter((id) => id.startsWith('directory.')),
        `shard ${index + 1} ran: ${ran.join(', ')}`,
      ).toHaveLength(1);
      // Each shard acted as its own member set: the identifications in its calls are its set's.
      expect(membersNamed(join(dir, `results-${index + 1}-of-3.json`)), `shard ${index + 1}`).toEqual([
        `vendor-s${index}`,
      ]);
    });

    const merged = await shellStep(afterShards!.join('\n'), project);
    expect(merged.status, explain(merged)).toBe(0);
    const { results } = report(join(project, 'reports'));
    // The merged report carries the target the shards tested, and the filter they shared.
    expect(results.target.base_url).toBe(proxy!.url);
    expect(results.verdict).toBe('partial');
    expect(results.scope.filters).toEqual([`--grep ${grep}`]);
    expect(
      results.checks
        .filter((check) => check.check_id.startsWith('directory.'))
        .map((check) => [check.check_id, check.outcome]),
    ).toEqual([
      ['directory.account-address', 'passed'],
      ['directory.account-address-emission', 'passed'],
      ['directory.account-address-refusals', 'passed'],
    ]);
    expect(merged.stdout).toContain('reports/conformance.json: signature and digests verified');
  });

  test('step 6: a baseline whose checks pass against a correct target fails the job, naming the ids to remove', async () => {
    const [line] = commands(block('baseline'));
    const ids = /^expected_failures: \[(.*)\]$/.exec(line!)?.[1]?.split(', ') ?? [];
    expect(ids.length, line).toBeGreaterThan(0);
    const dir = join(project, 'baseline');
    mkdirSync(dir);
    writeFileSync(join(dir, 'target.yaml'), `${readFileSync(single.file, 'utf8')}${line}\n`);
    const [oneJob] = commands(block('one-job'));
    const step = await shellStep(
      narrowed(oneJob!, ids.map((id) => id.replaceAll('.', '\\.')).join('|')),
      dir,
      single.env,
    );
    expect(step.status, explain(step)).toBe(1);
    expect(step.stdout).toContain(
      `  stale baseline: ${ids.length} checks listed under expected_failures passed, so the run fails until you remove these from expected_failures: ${ids.join(', ')}`,
    );
    const { results } = report(join(dir, 'reports'));
    expect(results.stale_baseline).toEqual(ids);
    // The target passed those checks: nothing is broken, and the score says so.
    expect(results.findings).toEqual([]);
    expect(results.scores.overall.score).toBe(100);
  });

  test('step 7: the nightly job verifies auth.token-expiry with the expiry token, and exits 2 without it', async () => {
    const [command] = commands(block('nightly'));
    // A profile without the optional credentials: no expiry token.
    const dir = join(project, 'nightly-without-token');
    mkdirSync(dir);
    copyFileSync(single.file, join(dir, 'target.yaml'));
    const without = await shellStep(command!, dir, single.env);
    expect(without.status, explain(without)).toBe(2);
    expect(without.stderr).toContain(
      'dss test: nothing was verified: --grep auth.token-expiry selected 1 check, and it was skipped: needs profile credential members.tokenizer.tokens.expiry',
    );
    expect(doc.replace(/\s+/g, ' ')).toContain(
      '(`dss test: nothing was verified: --grep auth.token-expiry selected 1 check, and it was skipped: needs profile credential members.tokenizer.tokens.expiry`)',
    );

    const withToken = await nightly;
    if (withToken instanceof Error || withToken === undefined)
      throw withToken ?? new Error('the nightly job did not start');
    expect(withToken.step.status, explain(withToken.step)).toBe(0);
    expect(
      withToken.expired,
      'the expiry token was answered 200, then the simulator’s clock passed its 15 minutes',
    ).toBe(true);
    const checks = report(join(withToken.dir, 'reports')).results.checks.filter(
      (check) => check.check_id !== 'target.reachable',
    );
    expect(checks.map((check) => [check.check_id, check.outcome])).toEqual([['auth.token-expiry', 'passed']]);
    // Without renewed_expiry the renewal's life was not waited out: the report says so, and does not credit it.
    expect(checks[0]?.not_verified_here.map((part) => part.requirement)).toEqual(['AUTH-REFRESH']);
    expect(checks[0]?.passed_requirements).not.toContain('AUTH-REFRESH');
    expect(withToken.step.stdout).toContain(
      '    auth.token-expiry did not verify AUTH-REFRESH here: the life of a renewed token (lines 473, 559) needs profile credential members.tokenizer.tokens.renewed_expiry',
    );
  });
});

interface JsonSuite {
  specs?: Array<{ tests: Array<{ results: Array<{ attachments: Array<{ name: string; body?: string }> }> }> }>;
  suites?: JsonSuite[];
}

/** The member sets (`vendor-s0`, …) whose members the recorded calls of a shard's Playwright results name. */
function membersNamed(resultsFile: string): string[] {
  const urls: string[] = [];
  const walk = (suite: JsonSuite): void => {
    for (const attachment of (suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((one) => one.results.flatMap((result) => result.attachments)),
    )) {
      if (attachment.name !== CALLS_ATTACHMENT || attachment.body === undefined) continue;
      urls.push(
        ...(JSON.parse(Buffer.from(attachment.body, 'base64').toString('utf8')) as Array<{ url: string }>).map((call) =>
          decodeURIComponent(call.url),
        ),
      );
    }
    suite.suites?.forEach(walk);
  };
  (JSON.parse(readFileSync(resultsFile, 'utf8')) as { suites: JsonSuite[] }).suites.forEach(walk);
  return [
    ...new Set(
      urls.flatMap((url) => [...url.matchAll(/vendor-(s\d+)-[0-9a-f]{8}-/g)].map((match) => `vendor-${match[1]}`)),
    ),
  ].sort();
}

interface NightlyRun {
  step: Finished;
  dir: string;
  /** The proxy saw the expiry token answered 200 and moved the simulator past its 15 minutes. */
  expired: boolean;
}

/**
 * The nightly job with the expiry token, without waiting 15 minutes. Its simulator's clock runs
 * behind the wall clock by the token's lifetime less `margin`, so the token's claims (issued at the
 * simulator's time) say it expires `margin` after the profile is written: preflight, soon after, finds
 * it alive, and the check's real-time waits end at once and `margin` + 30 s later. In between, when the
 * proxy sees the token answered 200 (the check's "still valid" read), it moves the simulator's clock on
 * by the lifetime, as 15 minutes of waiting would. A machine so loaded that preflight comes after the
 * margin sees the token expired (exit 2): then the job runs again with twice the margin, a few times at most.
 */
async function nightlyWithExpiryToken(dir: string): Promise<NightlyRun> {
  const [command] = commands(block('nightly'));
  const simulator = await startSimulatorProcess(['--clock', String(Date.now() - TOKEN_LIFETIME_MS)]);
  let expiryToken = '';
  let expired = false;
  const allowlist = fullPath(endpointById('member.getAllowlist'));
  const proxy = await startHidingProxy(simulator.url, {
    beforeAnswer: async (request, status) => {
      if (
        expired ||
        status !== 200 ||
        request.url !== allowlist ||
        request.headers.authorization !== `Bearer ${expiryToken}`
      )
        return;
      await advanceClock(simulator.url, TOKEN_LIFETIME_MS);
      expired = true;
    },
  });
  try {
    for (const margin of [30_000, 60_000, 120_000]) {
      await runBehindWallClock(simulator.url, TOKEN_LIFETIME_MS - margin);
      const profile = await targetYaml(dir, simulator.url, proxy.url, { full: true });
      // The doc's nightly job with the expiry token alone: a renewal's life is waited out in real time
      // (15 minutes from the renewal, on the harness's clock), which no simulator clock can shorten.
      writeFileSync(profile.file, readFileSync(profile.file, 'utf8').replace(/^ *renewed_expiry: .*\n/m, ''));
      expiryToken = profile.env.S0_TOKENIZER_EXPIRY!;
      const step = await shellStep(command!, dir, profile.env);
      if (step.status !== 2 || !/tokens\.expiry .*expired at/.test(step.stderr)) return { step, dir, expired };
    }
    throw new Error('preflight found the expiry token expired with every margin tried');
  } finally {
    await proxy.close();
    await simulator.stop();
  }
}

/** Moves the simulator's clock forward to `behindMs` behind the wall clock (it never goes back). */
async function runBehindWallClock(url: string, behindMs: number): Promise<void> {
  const wall = Date.now();
  const { now } = (await (await fetch(`${url}/sim/clock`)).json()) as { now: number };
  const advance = wall - behindMs - now;
  if (advance > 0) await advanceClock(url, advance);
}

async function advanceClock(url: string, ms: number): Promise<void> {
  const answer = await fetch(`${url}/sim/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: Math.round(ms) }),
  });
  if (answer.status !== 200) throw new Error(`POST /sim/clock answered ${answer.status}: ${await answer.text()}`);
}
