import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { faultCatalogue } from '../../simulator/faults/catalogue.ts';
import type { FaultDetection } from '../../suites/self-check/detection.ts';
import { DETECTION_HEADING, detectionRows, renderFaultCatalogue, renderFaultDocs } from './fault-docs.ts';
import { selfCheckFormat, type SelfCheckResult } from '../../suites/self-check/self-check.ts';

const page = readFileSync(new URL('../../docs/faults.md', import.meta.url), 'utf8');

test('docs/faults.md shows the fault catalogue as it is (rewrite it with bin/tools/write-fault-docs.ts after a whole self-check)', () => {
  expect(page.slice(0, page.indexOf(DETECTION_HEADING))).toBe(renderFaultCatalogue());
});

// Whether each is caught is the self-check's own test; the page shows what the last whole run found.
test('the detection table of docs/faults.md covers exactly the catalogue’s faults', () => {
  expect(
    detectionRows(page)
      .map((row) => row.fault)
      .sort(),
  ).toEqual(Object.keys(faultCatalogue).sort());
});

function result(faults: FaultDetection[]): SelfCheckResult {
  return {
    format: selfCheckFormat,
    started_at: '2026-01-15T09:30:00.000Z',
    finished_at: '2026-01-15T09:33:00.000Z',
    wall_ms: 180_000,
    parallel: 2,
    machine: { cpus: 2, node: 'v20.0.0', platform: 'linux' },
    all_caught: faults.every((row) => row.caught),
    faults,
  };
}

function detection(fault: string, caught: boolean): FaultDetection {
  const { part, requirement, description } = faultCatalogue[fault as keyof typeof faultCatalogue];
  return {
    fault,
    part,
    requirement,
    description,
    checks_run: ['some.check'],
    caught,
    caught_by: caught ? ['some.check'] : [],
    other_failures: caught ? [] : [{ check_id: 'other.check', failed_requirements: ['ERR-BODY-SHAPE'] }],
    problems: [],
    duration_ms: 1500,
    report: null,
  };
}

test('the page is rendered only from a self-check of the whole catalogue, and its rows read back', () => {
  const names = Object.keys(faultCatalogue);
  expect(() => renderFaultDocs(result(names.slice(1).map((name) => detection(name, true))))).toThrow(
    `the self-check did not run ${names[0]}`,
  );
  const rendered = renderFaultDocs(result(names.map((name, index) => detection(name, index !== 0))));
  expect(rendered.startsWith(renderFaultCatalogue())).toBe(true);
  expect(detectionRows(rendered)).toEqual(names.map((fault, index) => ({ fault, caught: index !== 0 })));
  expect(rendered).toContain('failed for other requirements only: other.check (ERR-BODY-SHAPE)');
});
