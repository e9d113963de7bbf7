import { test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isReadingName, readingCatalogue } from '../../simulator/readings/catalogue.ts';
import { runReadingsSelfCheck, type ReadingsSelfCheckResult } from './readings-self-check.ts';

/**
 * The kit fails no honest reading of the spec: the readings self-check, in the fewest whole conformance
 * runs that play every reading variant (all at once, then alone each the union cannot take). `dss
 * self-check --readings` runs each reading alone as well; CI runs that too (.ci/run).
 */
test('no reading variant of the simulator fails a requirement of the specification, and each shows its difference in the reference profile', async () => {
  // Minutes on a loaded machine: whole conformance runs, two at a time.
  test.setTimeout(20 * 60_000);
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-readings-'));
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const names = Object.keys(readingCatalogue).filter(isReadingName);
  const result = await runReadingsSelfCheck({ readings: names, parallel: 2, workers: 2, reportDir, mode: 'covering', log });
  const table = lines.join('\n');
  expect(new Set(result.readings.flatMap((row) => row.played)), table).toEqual(new Set(names));
  expect(result.readings.filter((row) => !row.passed).map((row) => row.name), table).toEqual([]);
  // The file a CI reads says the same, and names what each run was told.
  const written = JSON.parse(readFileSync(join(reportDir, 'self-check-readings.json'), 'utf8')) as ReadingsSelfCheckResult;
  expect(written.all_passed).toBe(true);
  for (const row of written.readings) {
    for (const [key, value] of Object.entries(row.declared)) expect(row.detected[key], `${row.name}: ${key}`).toEqual({ value, source: 'declared' });
  }
  // The runs' reports (tens of MB) are kept only when something failed.
  rmSync(reportDir, { recursive: true, force: true });
});
