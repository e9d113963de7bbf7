import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceReport } from '../../suites/reporters/report-types.ts';
import { runHarness, type HarnessRun } from './harness-run.ts';
import { startCountingServer, startHostileTarget, type HostileMode } from './hostile-target.ts';
import { scanBytes, scanDirectory, type Leak } from './secret-scan.ts';
import { makeRunSecrets, secretValues, writeVendorProfile, type ProfileTimeouts } from './vendor-profile.ts';

/**
 * One `dss test` run against a hostile target, from start to what it left behind: the target and the
 * host its redirects point to, a vendor profile full of fresh secrets, the run itself (with a TMPDIR
 * of its caller's, to see that it cleans up), then every leak of a secret into the report dir or the output.
 */

export interface HostileRunOptions {
  mode: HostileMode;
  timeouts: ProfileTimeouts;
  /** See HostileTargetOptions.answerReachability. */
  answerReachability: boolean;
  grep?: string;
  killAfterMs: number;
  /**
   * The run's TMPDIR, where it must leave no run-secret directory. Runs one after the other may share
   * one: tsx keeps its compiled files there, and a cold cache costs seconds per run.
   */
  tmpDir: string;
}

export interface HostileRunResult {
  run: HarnessRun;
  reportDir: string;
  /** Null when the run wrote none. */
  report: ConformanceReport | null;
  /** Requests the target received, and those that reached the other host of its redirects. */
  targetRequests: readonly string[];
  elsewhereRequests: readonly string[];
  leaks: Leak[];
  /** Run-secret directories (see run-secrets.ts) left in its TMPDIR. */
  leftoverSecretDirs: string[];
  /** Removes everything the run wrote. */
  cleanUp(): void;
}

export async function runAgainstHostileTarget(options: HostileRunOptions): Promise<HostileRunResult> {
  const dir = mkdtempSync(join(tmpdir(), `dss-hostile-${options.mode}-`));
  const reportDir = join(dir, 'report');
  const secrets = makeRunSecrets();
  const elsewhere = await startCountingServer();
  const target = await startHostileTarget(
    {
      mode: options.mode,
      slowMs: options.timeouts.request_ms * 2,
      answerReachability: options.answerReachability,
      signatures: secrets.signatures,
    },
    elsewhere.url,
  );
  let run: HarnessRun;
  try {
    const profile = writeVendorProfile(dir, target.url, options.timeouts, secrets);
    run = await runHarness({
      profile: profile.file,
      reportDir,
      env: { ...profile.env, TMPDIR: options.tmpDir },
      grep: options.grep,
      killAfterMs: options.killAfterMs,
    });
  } finally {
    await target.close();
    await elsewhere.close();
  }

  // Leaks are named by label: a failing test must not print the values it hunts for.
  const hunted = secretValues(secrets, target.issuedTokens);
  const leaks = [
    ...(existsSync(reportDir) ? scanDirectory(reportDir, hunted) : []),
    ...scanBytes(Buffer.from(`${run.stdout}\n${run.stderr}`), 'stdout/stderr', hunted),
  ];
  const reportFile = join(reportDir, 'conformance.json');
  return {
    run,
    reportDir,
    report: existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport) : null,
    targetRequests: target.requests,
    elsewhereRequests: elsewhere.requests,
    leaks,
    leftoverSecretDirs: readdirSync(options.tmpDir).filter((name) => name.startsWith('dss-run-')),
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}
