import type { DeclaredReadings } from '../../protocol/readings.ts';
import type { ConformanceResults, ReadingsJudgedUnder } from '../reporters/report-types.ts';

/**
 * The rule of the readings self-check for one run: an implementation playing honest readings of the
 * spec's open points must fail no requirement of the specification layer, leave at most a few undecided
 * (each with its reason), and show every difference from the reference in the reference profile's layer
 * (the requirements its readings name as `differences`).
 */

/** More undecided specification requirements than this under one reading, and the reading hides too much. */
export const MAX_SPEC_INCONCLUSIVE = 3;

export interface ReadingRunJudgement {
  spec_passed: number;
  spec_failed: string[];
  spec_inconclusive: Array<{ id: string; reason: string }>;
  profile_failed: string[];
  /** Differences the readings promise that the run did not show in the profile layer. */
  differences_missing: string[];
  /** Harness faults and report problems: a run that did not decide cleanly. */
  problems: string[];
  passed: boolean;
}

export type JudgedReadingResults = Pick<ConformanceResults, 'requirements' | 'problems'> & {
  checks: Array<{ check_id: string; fault: string | null; error: string | null }>;
};

export function judgeReadingRun(results: JudgedReadingResults, differences: readonly string[]): ReadingRunJudgement {
  const spec = results.requirements.filter((requirement) => requirement.layer === 'specification');
  const profile = results.requirements.filter((requirement) => requirement.layer === 'profile');
  const spec_failed = spec
    .filter((requirement) => requirement.status === 'failed')
    .map((requirement) => requirement.id);
  const spec_inconclusive = spec
    .filter((requirement) => requirement.status === 'inconclusive')
    .map((requirement) => ({ id: requirement.id, reason: requirement.reason ?? 'no reason given' }));
  const profile_failed = profile
    .filter((requirement) => requirement.status === 'failed')
    .map((requirement) => requirement.id);
  const differences_missing = differences.filter((id) => !profile_failed.includes(id));
  const problems = [
    ...results.problems,
    ...results.checks
      .filter((check) => check.fault === 'harness')
      .map((check) => `harness fault in ${check.check_id}: ${(check.error ?? 'no message').split('\n', 1)[0]}`),
  ];
  const passed =
    spec_failed.length === 0 &&
    spec_inconclusive.length <= MAX_SPEC_INCONCLUSIVE &&
    spec_inconclusive.every((row) => row.reason.length > 0) &&
    differences_missing.length === 0 &&
    problems.length === 0;
  const spec_passed = spec.filter(
    (requirement) => requirement.status === 'passed' || requirement.status === 'warning',
  ).length;
  return { spec_passed, spec_failed, spec_inconclusive, profile_failed, differences_missing, problems, passed };
}

/**
 * With detection carrying the run (the profile left these keys out, the target held what shows them):
 * one problem for each of `expected` the report does not say was detected, with that value and what
 * showed it.
 */
export function detectionProblems(
  judgedUnder: ReadingsJudgedUnder | undefined,
  expected: Partial<DeclaredReadings>,
): string[] {
  return Object.entries(expected).flatMap(([key, value]) => {
    const entry = judgedUnder?.[key];
    if (
      entry?.source === 'detected' &&
      entry.value === value &&
      typeof entry.shown_by === 'string' &&
      entry.shown_by.length > 0
    )
      return [];
    const said = entry === undefined ? 'nothing recorded' : `${entry.value} (${entry.source})`;
    return [`${key} was not detected as ${value}: the run judged under ${said}`];
  });
}

/** A reading the checks' answers contradicted (reading-mid-run.ts): under the reading the target plays, declared or detected, there is none. */
export function midRunProblems(judgedUnder: ReadingsJudgedUnder | undefined): string[] {
  return Object.entries(judgedUnder ?? {}).flatMap(([key, entry]) =>
    entry.shown_mid_run === undefined
      ? []
      : [`${key} ${entry.value} (${entry.source}) was contradicted mid-run by ${entry.shown_mid_run}`],
  );
}
