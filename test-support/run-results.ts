import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a `dss test` run wrote to its report directory, as the kit's own tests read it: each
 * requirement's status (conformance.json) and each check's outcome (Playwright's results.json).
 */

export function requirementStatuses(reportDir: string): Map<string, string> {
  const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
    results: { requirements: Array<{ id: string; status: string }> };
  };
  return new Map(report.results.requirements.map((requirement) => [requirement.id, requirement.status]));
}

interface JsonSuite {
  specs?: Array<{
    tests: Array<{
      annotations: Array<{ type: string; description?: string }>;
      results: Array<{ status: string; startTime: string; duration: number }>;
    }>;
  }>;
  suites?: JsonSuite[];
}

/** A check's first result, when it ran (ms since the epoch), and why it was skipped when it was. */
export interface CheckOutcome {
  status: string;
  start: number;
  end: number;
  skipReason?: string;
}

/** Check id -> its first result (a check that passed only on its retry shows its first failure). */
export function checkOutcomes(reportDir: string): Map<string, CheckOutcome> {
  const found = new Map<string, CheckOutcome>();
  const walk = (suite: JsonSuite): void => {
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests) {
        const id = run.annotations.find((annotation) => annotation.type === 'check')?.description;
        const skipReason = run.annotations.find((annotation) => annotation.type === 'skip')?.description;
        const first = run.results[0];
        if (id && first) {
          const start = Date.parse(first.startTime);
          found.set(id, {
            status: first.status,
            start,
            end: start + first.duration,
            ...(skipReason !== undefined ? { skipReason } : {}),
          });
        }
      }
    }
    suite.suites?.forEach(walk);
  };
  (JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { suites: JsonSuite[] }).suites.forEach(walk);
  return found;
}

/** Check id -> status. */
export function outcomes(reportDir: string): Map<string, string> {
  return new Map([...checkOutcomes(reportDir)].map(([id, outcome]) => [id, outcome.status]));
}
