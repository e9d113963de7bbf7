import { test, expect } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faultCatalogue, isFaultName } from '../../simulator/faults/catalogue.ts';
import { runSelfCheck } from './self-check.ts';

/**
 * The harness catches every named fault of the simulator: the whole self-check, as `dss self-check`
 * runs it. On failure the message is the detection table, which says what was missed and why.
 */
test('the suites catch every fault of the catalogue, each by a check failing for the fault’s own requirement', async () => {
  // Minutes, not seconds: one Playwright run per fault, two at a time.
  test.setTimeout(20 * 60_000);
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-self-check-'));
  const lines: string[] = [];
  // Printed as they come too: a line per fault judged, and one at least every 8 s, so `npm test` shows progress.
  const log = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const result = await runSelfCheck({ faults: Object.keys(faultCatalogue).filter(isFaultName), parallel: 2, reportDir, log });
  // The progress lines end with the detection table: what was missed and why.
  const table = lines.join('\n');
  expect(result.faults.map((row) => row.fault), table).toEqual(Object.keys(faultCatalogue));
  expect(result.faults.filter((row) => !row.caught).map((row) => row.fault), table).toEqual([]);
  expect(result.all_caught).toBe(true);
  // Every run's reports (some 50 MB) are kept only when something was missed.
  rmSync(reportDir, { recursive: true, force: true });
});
