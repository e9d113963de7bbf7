import { expect, test } from '@playwright/test';
import { summaryText } from './publish-text.ts';
import { sampleReport } from './sample-report.ts';

test('the printed summary names the prerequisites the run relied on, and those that did not hold', async () => {
  const report = await sampleReport();
  const text = summaryText({ report, jsonPath: 'r/conformance.json', htmlPath: 'r/conformance.html', junitPath: 'r/junit.xml' });
  expect(text).toContain('  prerequisites relied on: 2, 0 held; did not hold: PRE-CREDIT-LINE-ACCOUNT (1 requirement inconclusive, not failed)');
  expect(text.indexOf('interoperates with the reference profile')).toBeLessThan(text.indexOf('prerequisites relied on'));
});

test('the printed summary counts the listed statuses exercised, not exercised and not provokable', async () => {
  const report = await sampleReport();
  const { coverage } = report.results;
  const text = summaryText({ report, jsonPath: 'r/conformance.json', htmlPath: 'r/conformance.html', junitPath: 'r/junit.xml' });
  expect(text).toContain(`  endpoint statuses the spec lists: ${coverage.exercised_listed_statuses} exercised, ${coverage.not_exercised_statuses} not exercised, 18 not provokable from outside (of ${coverage.listed_statuses})`);
  expect(coverage.exercised_listed_statuses).toBe(2);
});
