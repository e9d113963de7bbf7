import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { moduleExtension as ext } from './kit-layout.ts';
import { DEFAULT_CHECK_MS } from './runtime/profile.ts';
import { METADATA_KEY, resultsFileName } from './reporters/run-scope.ts';
import type { DssWorkerFixtures } from './runtime/fixtures.ts';
import { runSettingsOfProcess } from './runtime/run-settings.ts';
import { configureTarget, hasControl } from './runtime/target.ts';

/**
 * The conformance run (`dss test`), apart from the project's own tests (../playwright.config.ts).
 * This file is read before global setup and again in every worker; with no profile given, global
 * setup builds one for a simulator, whose defaults are the ones used here. It is where a run's
 * settings are decoded (runtime/run-settings.ts) and its profile read, once per process: the settings
 * go to the fixtures as the worker option `runSettings`, the profile to global setup and the fixtures
 * through runtime/target.ts `configuredTarget`.
 * `dss test` runs it compiled (dist/suites/conformance.config.js, beside the compiled checks); the file
 * names below take the extension of the layout it runs in (kit-layout.ts).
 */

const settings = runSettingsOfProcess();
// The profile's `${NAME}` references and the proxy variables are the user's environment, read here with the profile.
const profile = configureTarget(settings, process.env);
const reportDir = settings.report_dir;
// `dss test --grep/--tag`: given to the stages of checks, also the clock stage (see checkFilter).
const filtered = settings.check_filter ? { grep: new RegExp(settings.check_filter) } : {};

// A target without the control plane: one worker per member set of the profile (a shard takes one set).
const workers =
  profile === null || hasControl(profile) ? (settings.workers ?? 2) : settings.shard ? 1 : profile.member_sets.length;

export default defineConfig<object, Pick<DssWorkerFixtures, 'runSettings'>>({
  testDir: './checks',
  // Three stages. `target` checks that the target answers at all (nothing else can run otherwise).
  // `conformance` runs in parallel workers. `clock` holds the checks that move the simulator's
  // shared clock: it runs as `target`'s teardown, so after every parallel check has finished (whatever
  // their outcome) and never beside one, since a jump of 15 minutes would expire other workers' tokens
  // and quotations in flight. Its checks sit in files run one at a time, in order.
  projects: [
    { name: 'target', testMatch: `target.setup${ext}`, teardown: 'clock' },
    {
      name: 'conformance',
      testMatch: `**/*.spec${ext}`,
      testIgnore: `**/*.clock.spec${ext}`,
      dependencies: ['target'],
      fullyParallel: true,
      ...filtered,
    },
    // One worker: files of one project otherwise run side by side, and a clock file moves time under the other.
    { name: 'clock', testMatch: `**/*.clock.spec${ext}`, fullyParallel: false, workers: 1, ...filtered },
  ],
  globalSetup: `./global-setup${ext}`,
  outputDir: join(reportDir, '.run', 'artifacts'),
  timeout: profile?.timeouts.check_ms ?? DEFAULT_CHECK_MS,
  workers,
  // A retried check would hide a flaky target; known-flaky checks go to the profile's quarantine.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  use: { runSettings: settings },
  // The filters `dss test` applied: the reports say a filtered run is partial (read back by `dss report`).
  metadata: { [METADATA_KEY]: settings.filters },
  reporter: [
    // First: a check failed on the target alone kept its worker, and is a failure again for all the rest.
    [`./reporters/kept-worker-verdict${ext}`],
    [process.env.CI ? 'dot' : 'list'],
    ['html', { outputFolder: join(reportDir, 'html'), open: 'never' }],
    // junit.xml is written by the conformance reporter, from the same judgement as the report.
    ['json', { outputFile: join(reportDir, resultsFileName(settings.filters)) }],
    [`./reporters/conformance-reporter${ext}`, { reportDir }],
  ],
});
