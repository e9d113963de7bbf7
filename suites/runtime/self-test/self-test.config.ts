import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { moduleExtension as ext } from '../../kit-layout.ts';
import type { DssWorkerFixtures } from '../fixtures.ts';
import { runSettingsOfProcess } from '../run-settings.ts';
import { configureTarget } from '../target.ts';

/**
 * A miniature conformance run over runtime.spec.ts, started by ../fixtures.test.ts: it exercises
 * the real global setup, fixtures and check declarations against a real simulator, and its JSON
 * results are what that test inspects. It runs compiled (dist/), as `dss test` runs the checks: through
 * Playwright's TypeScript loader a run cost twice the CPU.
 */
const settings = runSettingsOfProcess();
configureTarget(settings, process.env);
const reportDir = settings.report_dir;

export default defineConfig<object, Pick<DssWorkerFixtures, 'runSettings'>>({
  testDir: '.',
  testMatch: `*.spec${ext}`,
  globalSetup: `../../global-setup${ext}`,
  outputDir: join(reportDir, '.run', 'artifacts'),
  workers: 2,
  retries: 0,
  use: { runSettings: settings },
  reporter: [[`../../reporters/kept-worker-verdict${ext}`], ['json', { outputFile: join(reportDir, 'results.json') }]],
});
