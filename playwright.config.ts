import { defineConfig } from '@playwright/test';

/** The fault self-check: minutes of child Playwright runs, so it starts first and the rest runs beside it. */
const selfCheck = /suites\/self-check\/self-check\.test\.ts$/;
/** The type check: a minute of one core, so it starts first on the other worker instead of ending the run. */
const typeCheck = /^(?:.*\/)?typecheck\.test\.ts$/;

/**
 * The project's own tests (`npm test`). Unit tests live next to the code they test as `*.test.ts`.
 * The conformance run that users start (`dss test`) has its own config in suites/.
 */
export default defineConfig({
  forbidOnly: true,
  // A safety net, not a speed limit: tests that start simulators take many times longer on a loaded machine.
  timeout: 120_000,
  // The heartbeat prints a line whenever 10 s pass without one (test-support/heartbeat-reporter.ts).
  reporter: [['list'], ['./test-support/heartbeat-reporter.ts'], ...(process.env.CI ? [['junit', { outputFile: 'test-results/junit.xml' }] as const] : [])],
  // Playwright's default is half the cores: one worker on the 2-core machines CI runs on.
  workers: 2,
  projects: [
    { name: 'self-check', testMatch: selfCheck },
    { name: 'typecheck', testMatch: typeCheck },
    { name: 'unit', testMatch: /.*\.test\.ts$/, testIgnore: [/node_modules/, selfCheck, typeCheck] },
  ],
});
