import { test, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faultCatalogue, isFaultName } from '../../simulator/faults/catalogue.ts';
import type { ConformanceReport } from '../reporters/report-types.ts';
import { runSelfCheck } from './self-check.ts';

/**
 * The harness catches every named fault of the simulator: the whole self-check, as `dss self-check`
 * runs it. On failure the message is the detection table, which says what was missed and why.
 */
test('the suites catch every fault of the catalogue, each by a check failing for the fault’s own requirement', async () => {
  // Minutes on a loaded machine: a Playwright run per six faults, two runs at a time.
  test.setTimeout(20 * 60_000);
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-self-check-'));
  const lines: string[] = [];
  // Printed as they come too: a line per fault judged, and one at least every 8 s, so `npm test` shows progress.
  const log = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const result = await runSelfCheck({
    faults: Object.keys(faultCatalogue).filter(isFaultName),
    parallel: 2,
    reportDir,
    log,
  });
  // The progress lines end with the detection table: what was missed and why.
  const table = lines.join('\n');
  expect(
    result.faults.map((row) => row.fault),
    table,
  ).toEqual(Object.keys(faultCatalogue));
  expect(
    result.faults.filter((row) => !row.caught).map((row) => row.fault),
    table,
  ).toEqual([]);
  expect(result.all_caught).toBe(true);
  // A run tests several faults, each as a project of its own: each fault's report holds only checks
  // of its own batches, and every call they made went to its own simulator. Simulators alive at the
  // same time have different ports; a later run may be given the port of an earlier one's, closed.
  const targets: Array<{ fault: string; base: string; from: number; to: number }> = [];
  for (const row of result.faults) {
    const { results } = JSON.parse(
      readFileSync(join(reportDir, row.report ?? 'no report'), 'utf8'),
    ) as ConformanceReport;
    expect(
      results.checks.map((check) => check.check_id).filter((id) => !row.checks_run.includes(id)),
      row.fault,
    ).toEqual([]);
    const base = results.target.base_url ?? 'no base URL';
    expect(
      results.checks
        .flatMap((check) => check.calls)
        .filter((call) => !call.url.startsWith(`${base}/`))
        .map((call) => call.url),
      row.fault,
    ).toEqual([]);
    targets.push({ fault: row.fault, base, from: Date.parse(results.started_at), to: Date.parse(results.finished_at) });
  }
  const shared = targets.flatMap((one, index) =>
    targets
      .slice(index + 1)
      .filter((other) => other.base === one.base && other.from <= one.to && one.from <= other.to)
      .map((other) => `${one.fault} and ${other.fault} at ${one.base}`),
  );
  expect(shared, 'faults of runs at the same time that tested one simulator').toEqual([]);
  // Every run's reports (some 50 MB) are kept only when something was missed.
  rmSync(reportDir, { recursive: true, force: true });
});
