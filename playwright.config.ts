import { defineConfig } from '@playwright/test';

/**
 * The fault and readings self-checks: minutes of child Playwright runs each, so they start first and the
 * rest runs beside them.
 */
const selfCheck = /suites\/self-check\/(?:readings-)?self-check\.test\.ts$/;
/**
 * The staging that remembers: three whole runs in a row, about six minutes, the longest test file after the
 * self-checks. Started with them: scheduled among the other long files it began at minute 8 (2026-12-02)
 * and, at its six minutes, went on alone for two after every other test had ended.
 */
const vendorRun = /suites\/runtime\/vendor-run\.test\.ts$/;
/** The type check: a minute of one core, so it starts early instead of ending the run. */
const typeCheck = /^(?:.*\/)?typecheck\.test\.ts$/;
/**
 * Unit test files of tens of seconds each (child `dss test` runs, npm, property runs, the fuzzer): they
 * start before the rest, so that the run ends on short tests filling the workers, not on one long
 * test while the other worker idles (the fuzzer ended a run alone for 24 s that way).
 */
const longUnits = [
  /test-support\/hostile\/hostile\.test\.ts$/,
  /bin\/kit-install\.test\.ts$/,
  /bin\/ci-recipe\.test\.ts$/,
  /bin\/commands\/simulator-changes\.test\.ts$/,
  /suites\/conformance-run\.test\.ts$/,
  /suites\/runtime\/standin-run\.test\.ts$/,
  /suites\/runtime\/transport-run\.test\.ts$/,
  /test-support\/fuzz\/fuzz\.test\.ts$/,
  /suites\/reporters\/one-defect-one-finding\.test\.ts$/,
  /suites\/reporters\/reproduction-run\.test\.ts$/,
  /suites\/runtime\/fixtures\.test\.ts$/,
  /suites\/invariants\/run\.test\.ts$/,
  /suites\/scenario\/runner\.test\.ts$/,
  /suites\/reporters\/conformance-reporter\.test\.ts$/,
];

/**
 * The project's own tests (`npm test`). Unit tests live next to the code they test as `*.test.ts`.
 * The conformance run that users start (`dss test`) has its own config in suites/.
 */
export default defineConfig({
  forbidOnly: true,
  // A safety net, not a speed limit: tests that start simulators take many times longer on a loaded machine.
  timeout: 120_000,
  // The heartbeat prints a line whenever 10 s pass without one (test-support/heartbeat-reporter.ts).
  reporter: [
    ['list'],
    ['./test-support/heartbeat-reporter.ts'],
    ...(process.env.CI ? [['junit', { outputFile: 'test-results/junit.xml' }] as const] : []),
  ],
  // Playwright's default is half the cores: one worker on the 2-core machines CI runs on. Three, not
  // two: many tests wait (child runs meeting time-outs, hostile targets, polls), and with two workers
  // the cores idled through those waits (2 workers: 600 s of CPU in 338 s, 1.78 cores busy).
  workers: 3,
  projects: [
    { name: 'self-check', testMatch: selfCheck },
    { name: 'vendor-run', testMatch: vendorRun },
    { name: 'typecheck', testMatch: typeCheck },
    // Projects without dependencies are scheduled in this order: the long unit tests before the others.
    { name: 'unit-long', testMatch: longUnits },
    {
      name: 'unit',
      testMatch: /.*\.test\.ts$/,
      testIgnore: [/node_modules/, selfCheck, vendorRun, typeCheck, ...longUnits],
    },
  ],
});
