import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { reportDirOf } from '../report-dir.ts';

/**
 * A miniature conformance run over runtime.spec.ts, started by ../fixtures.test.ts: it exercises
 * the real global setup, fixtures and check declarations against a real simulator, and its JSON
 * results are what that test inspects.
 */
const reportDir = reportDirOf(process.env);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: '../../global-setup.ts',
  outputDir: join(reportDir, '.run', 'artifacts'),
  workers: 2,
  retries: 0,
  reporter: [['../../reporters/kept-worker-verdict.ts'], ['json', { outputFile: join(reportDir, 'results.json') }]],
});
