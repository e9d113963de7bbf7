import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { checkFilter } from '../../suites/reporters/run-scope.ts';
import { lastFailed, lastFailedFilter, lastFailedScope, type LastFailed } from '../../suites/reporters/last-failed.ts';
import { compiledRunEnv, conformanceConfig } from '../../suites/kit-layout.ts';
import { invariantSettingsFromEnv } from '../../suites/invariants/options.ts';
import {
  DEFAULT_REQUEST_MS,
  loadProfile,
  ProfileError,
  shardMemberSet,
  type Profile,
} from '../../suites/runtime/profile.ts';
import {
  encodeRunSettings,
  RUN_SETTINGS_ENV,
  runSettings,
  type RunSettings,
} from '../../suites/runtime/run-settings.ts';
import { UserMistake } from '../../suites/runtime/user-mistake.ts';
import { REACHABILITY_CHECK } from '../../suites/runtime/check-id.ts';
import { transportOf } from '../../suites/runtime/transport.ts';
import { expectControlPlane, expectReachable } from './reach.ts';
import { simulatorChangesNotice } from './simulator-changes.ts';
import { parseOptions, UsageError } from './usage.ts';

const help = `Usage: dss test [options]
  --target <url>       base URL of the target (a simulator, or a real endpoint together with --profile)
  --profile <file>     target profile (YAML or JSON): members, tokens, capabilities, baseline
  --grep <regexp>      run only checks whose title matches
  --tag <tag>          run only checks with this tag (e.g. @auth); with --grep, checks matching both
  --last-failed        run again exactly the checks that failed the last run in the report dir (by
                       check id, from its conformance.json); give the target of that run again
  --shard <i/n>        run shard i of n (merge with: dss report); on a target without the simulator
                       control plane, shard i acts as the profile's member set i (member_sets)
  --workers <n>        parallel workers (default 2; without the control plane, one per member set)
  --tokens-out <file>  write the tokens the run renewed as NAME=value lines for the profile's \${NAME}
                       references (mode 600), for the next run of a CI pipeline
  --slow               also run the checks that wait for real time (a 15-minute token expiry)
  --keep-clock         on a simulator given by --target, leave its clock where it is: the checks
                       that move it are skipped (the run says before it starts what it changes there)
  --report-dir <dir>   where reports go (default reports)
With neither --target nor --profile, an embedded simulator is started on a free port and tested.`;

/** Runs the conformance suites through Playwright Test and returns its exit status. */
export async function runTest(args: string[]): Promise<number> {
  const { values } = parseOptions(
    args,
    {
      target: { type: 'string' },
      profile: { type: 'string' },
      grep: { type: 'string' },
      tag: { type: 'string' },
      'last-failed': { type: 'boolean' },
      shard: { type: 'string' },
      workers: { type: 'string' },
      'tokens-out': { type: 'string' },
      slow: { type: 'boolean' },
      'keep-clock': { type: 'boolean' },
      'report-dir': { type: 'string' },
    },
    help,
  );
  if (values.help) {
    console.log(help);
    return 0;
  }
  // The variables suites/README.md names beside the options (DSS_TARGET, DSS_PROFILE, DSS_WORKERS, DSS_REPORT_DIR): an option wins.
  const given = {
    ...values,
    target: values.target ?? variable('DSS_TARGET'),
    profile: values.profile ?? variable('DSS_PROFILE'),
  };
  if (given.target !== undefined && !/^https?:\/\/[^\s]+$/.test(given.target))
    throw new UsageError(`--target must be an http(s) URL; got "${given.target}"`);
  if (given.profile !== undefined && !existsSync(given.profile))
    throw new UsageError(`--profile: no such file ${given.profile}`);
  if (values.shard !== undefined) checkShard(values.shard);
  if (values.workers !== undefined && !/^[1-9]\d*$/.test(values.workers))
    throw new UsageError(`--workers must be a positive integer; got "${values.workers}"`);
  const workers = values.workers ?? variable('DSS_WORKERS');
  if (workers !== undefined && !/^[1-9]\d*$/.test(workers))
    throw new UsageError(`DSS_WORKERS must be a positive integer; got "${workers}"`);
  const invariants = invariantSettingsFromEnv(process.env);
  const reportDir = values['report-dir'] ?? variable('DSS_REPORT_DIR') ?? 'reports';
  const last = values['last-failed'] ? lastFailedChecks(reportDir, values) : null;
  const only = last === null ? checkFilter(values.grep, values.tag) : { source: lastFailedFilter(last.checkIds) };
  if (only !== null && 'mistake' in only) throw new UsageError(only.mistake);
  if (values['tokens-out'] !== undefined && given.profile === undefined)
    throw new UsageError(
      '--tokens-out needs --profile: it writes the renewed tokens for the profile’s ${NAME} references',
    );
  // Read once: its member sets bound --shard and --workers, its address is tried before the run starts.
  const profile = given.profile === undefined ? null : readProfile(given.profile, given.target);
  if (profile !== null && (values.shard !== undefined || values.workers !== undefined))
    checkMemberSets(profile, values.shard, values.workers);
  const simulator = await checkTarget(given.target, profile);
  if (values['keep-clock'] && simulator === null) {
    const tested =
      given.target === undefined && profile === null
        ? 'an embedded simulator of its own'
        : 'a target without the control plane, whose clock no check moves';
    throw new UsageError(
      `--keep-clock keeps the clock of a simulator given by --target (or by a profile with control: simulator); this run tests ${tested}`,
    );
  }
  // Before anything starts: the simulator may be a developer's running network.
  if (simulator !== null)
    process.stderr.write(
      `${simulatorChangesNotice({ baseUrl: simulator, keepClock: values['keep-clock'] === true, filtered: only !== null })}\n\n`,
    );

  const playwrightArgs = ['test', '--config', conformanceConfig];
  if (values.shard) playwrightArgs.push('--shard', values.shard);
  if (values.workers) playwrightArgs.push('--workers', values.workers);

  const filters = [
    ...(last === null ? [] : [lastFailedScope(last)]),
    ...(values.grep ? [`--grep ${values.grep}`] : []),
    ...(values.tag ? [`--tag ${values.tag}`] : []),
    ...(values.shard ? [`--shard ${values.shard}`] : []),
  ];
  const settings: RunSettings = runSettings({
    ...(given.target === undefined ? {} : { target: given.target }),
    ...(given.profile === undefined ? {} : { profile: given.profile }),
    control: profile === null || profile.capabilities.control === 'simulator',
    ...(values.shard === undefined ? {} : { shard: values.shard }),
    ...(workers === undefined ? {} : { workers: Number(workers) }),
    ...(values['tokens-out'] === undefined ? {} : { tokens_out: values['tokens-out'] }),
    slow: values.slow === true,
    keep_clock: values['keep-clock'] === true,
    report_dir: reportDir,
    ...(only === null ? {} : { check_filter: only.source }),
    filters,
    invariants,
  });
  const env: NodeJS.ProcessEnv = { ...compiledRunEnv(process.env), [RUN_SETTINGS_ENV]: encodeRunSettings(settings) };

  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const child = spawn(process.execPath, [cli, ...playwrightArgs], { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const status = await new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 130 : 1))),
  );
  return status === 0 && filters.length > 0 ? (nothingVerified(settings.report_dir, filters) ?? status) : status;
}

/**
 * The checks `--last-failed` runs again: those that failed the last run in the report dir. It selects
 * the checks itself, so a filter beside it is a mistake, and so is a report dir with nothing to re-run.
 */
function lastFailedChecks(reportDir: string, values: { grep?: string; tag?: string; shard?: string }): LastFailed {
  const beside = [
    values.grep === undefined ? null : '--grep',
    values.tag === undefined ? null : '--tag',
    values.shard === undefined ? null : '--shard',
  ].filter((option) => option !== null);
  if (beside.length > 0)
    throw new UsageError(
      `--last-failed selects the checks itself (those that failed the last run): give it without ${beside.join(' and ')}`,
    );
  const last = lastFailed(reportDir);
  if ('mistake' in last) throw new UserMistake(last.mistake);
  return last;
}

/**
 * A filtered run whose selected checks were all skipped (the reachability check aside) verified nothing, which is not a success (a
 * nightly `--slow --grep auth.token-expiry` without the token it needs): exit status 2, saying why each
 * was skipped. A run with no report to read keeps Playwright's status.
 */
function nothingVerified(reportDir: string, filters: string[]): number | null {
  let results: { checks?: Array<{ check_id: string; outcome: string; skip_reason: string | null }> };
  try {
    results = (JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as { results: typeof results })
      .results;
  } catch {
    return null;
  }
  // The reachability check runs whatever the filter: it is not what the filter selected.
  const checks = (results.checks ?? []).filter((check) => check.check_id !== REACHABILITY_CHECK);
  if (checks.length === 0 || checks.some((check) => check.outcome !== 'skipped')) return null;
  const reasons = [...new Set(checks.map((check) => check.skip_reason ?? 'no reason given'))];
  const selected =
    checks.length === 1 ? '1 check, and it was skipped' : `${checks.length} checks, and all were skipped`;
  process.stderr.write(
    `dss test: nothing was verified: ${filters.join(' ')} selected ${selected}: ${reasons.join('; ')}\n`,
  );
  return 2;
}

/**
 * Without the control plane, shards and parallel workers each act as their own member set: refuse a
 * split the profile has too few sets for, before anything starts.
 */
function checkMemberSets(profile: Profile, shard: string | undefined, workers: string | undefined): void {
  if (profile.capabilities.control === 'simulator') return;
  if (shard !== undefined) {
    const chosen = shardMemberSet(profile, shard);
    if (typeof chosen === 'string') throw new UsageError(chosen);
  }
  const sets = profile.member_sets.length;
  if (workers !== undefined && shard === undefined && Number(workers) > sets) {
    throw new UsageError(
      `--workers ${workers}: the profile lists ${sets} member set${sets === 1 ? '' : 's'}, and two workers must never act as the same members (gateway reads consume messages): list more sets under member_sets, or run with --workers ${sets}`,
    );
  }
  if (workers !== undefined && shard !== undefined && Number(workers) > 1)
    throw new UsageError(`--workers ${workers} with --shard: a shard acts as one member set, so it runs one worker`);
}

/** `i/n` with 1 <= i <= n. */
function checkShard(shard: string): void {
  const match = /^([1-9]\d*)\/([1-9]\d*)$/.exec(shard);
  if (!match) throw new UsageError(`--shard must be i/n, shard i of n (for example 1/3); got "${shard}"`);
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (index > count)
    throw new UsageError(
      `--shard ${shard}: there is no shard ${index} of ${count}; the first number must be from 1 to ${count}`,
    );
}

/** A variable of the environment that names a setting beside its option; empty is unset. */
function variable(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** The profile, its `${NAME}` references from the environment; a profile that cannot be used lists every problem once. */
function readProfile(file: string, target: string | undefined): Profile {
  try {
    return loadProfile(file, process.env, target ? { baseUrl: target } : {});
  } catch (error) {
    if (error instanceof ProfileError)
      throw new UserMistake(`${error.message}\nThe format is described in docs/profiles.md.`);
    throw error;
  }
}

/**
 * The user's part of a run, checked before Playwright starts so that a mistake ends in one paragraph:
 * the target must answer at its address (a simulator's control plane, when no profile gives the
 * members). Returns the base URL of the simulator whose control plane the run will use when the run
 * did not start it, else null.
 */
async function checkTarget(target: string | undefined, profile: Profile | null): Promise<string | null> {
  if (profile !== null) {
    await expectReachable(profile.base_url, profile.timeouts.request_ms, transportOf(profile, process.env));
    return profile.capabilities.control === 'simulator' ? profile.base_url : null;
  }
  if (target === undefined) return null;
  // No profile: the environment's proxy, the system's CAs.
  await expectControlPlane(target, DEFAULT_REQUEST_MS, transportOf({}, process.env));
  return target;
}
