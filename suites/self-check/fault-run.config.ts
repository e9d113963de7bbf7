import { defineConfig, type ReporterDescription } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import conformance from '../conformance.config.ts';
import { moduleExtension as ext } from '../kit-layout.ts';
import type { DssWorkerFixtures } from '../runtime/fixtures.ts';
import { runSettingsOfProcess } from '../runtime/run-settings.ts';
import { configureTarget } from '../runtime/target.ts';
import { fileFiltersFor, grepForChecks } from './check-listing.ts';
import { readFaultGroup } from './fault-group.ts';

/**
 * The Playwright config of one self-check run (fault-run.ts): the conformance run's own, with one
 * project per fault of the group (fault-group.ts), each with exactly its checks (grep and files) and
 * its own simulator's profile (read here, once per process, as the run's settings name it), and one conformance reporter per project writing to that fault's report
 * dir. The self-check builds each profile and `.run/target.json` itself, so there is no global setup;
 * and no `target` or `clock` stage either, unless a fault's checks are theirs. One worker: the faults'
 * checks run one at a time, each project in a worker of its own.
 */
const beside = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const group = readFaultGroup(process.env);
const settings = runSettingsOfProcess();
const projectSettings = group.map((entry) => ({ ...settings, profile: entry.profile }));
for (const entrySettings of projectSettings) configureTarget(entrySettings, process.env);

export default defineConfig<object, Pick<DssWorkerFixtures, 'runSettings'>>({
  ...conformance,
  // The conformance config names this relative to its own folder.
  testDir: beside('../checks'),
  globalSetup: undefined,
  workers: 1,
  projects: group.map((entry, index) => ({
    name: entry.fault,
    testMatch: fileFiltersFor(entry.files).map((filter) => new RegExp(filter)),
    grep: new RegExp(grepForChecks(entry.checks)),
    fullyParallel: false,
    use: { runSettings: projectSettings[index]! },
  })),
  // The kept-worker verdict first, as in the conformance config: a fault fails checks, whose workers
  // are kept. The progress list is kept in the run's output.txt.
  reporter: [
    [beside(`../reporters/kept-worker-verdict${ext}`)],
    ['list'],
    ...group.map((entry): ReporterDescription => [
      beside(`../reporters/conformance-reporter${ext}`),
      { reportDir: entry.reportDir, project: entry.fault },
    ]),
  ],
});
