import { defineConfig } from '@playwright/test';

/**
 * The project's own tests (`npm test`). Unit tests live next to the code they test as `*.test.ts`.
 * The conformance run that users start (`dss test`) has its own config in suites/.
 */
export default defineConfig({
  forbidOnly: true,
  reporter: process.env.CI ? [['list'], ['junit', { outputFile: 'test-results/junit.xml' }]] : 'list',
  projects: [
    {
      name: 'unit',
      testMatch: /.*\.test\.ts$/,
      testIgnore: /node_modules/,
    },
  ],
});
