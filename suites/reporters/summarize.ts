import type { Endpoint } from '../../schemas/catalogue-types.ts';
import type { Requirement } from '../requirements/catalogue.ts';
import { toCheckReport } from './check-report.ts';
import { cleanErrorMessage } from './error-message.ts';
import { coverageOf } from './coverage.ts';
import {
  outcomes,
  requirementStatuses,
  type CheckReport,
  type ConformanceResults,
  type Json,
  type Outcome,
  type RequirementStatus,
  type RunRecord,
  type Verdict,
} from './report-types.ts';
import { isHarnessFailure, isTargetFailure, requirementMatrix, scoresOf } from './requirement-matrix.ts';

/** Everything the aggregation needs; it reads nothing else. */
export interface SummaryInput {
  run: RunRecord;
  requirements: readonly Requirement[];
  endpoints: readonly Endpoint[];
  specVersion: string;
  target: { base_url: string | null; capabilities: Json };
  /** Problems found before aggregation (a missing target.json, say); more are added here. */
  problems: readonly string[];
}

/**
 * The one aggregation of a run: from a neutral list of check results (the live reporter and the
 * rebuild from JSON files both produce it) to the results part of conformance.json. Pure, so the same
 * run always gives the same results.
 */
export function summarize(input: SummaryInput): ConformanceResults {
  const problems = [...input.problems, ...input.run.runErrors.map((error) => `run error: ${cleanErrorMessage(error)}`)];
  const converted = input.run.checks.map((raw) => toCheckReport(raw, problems));
  const checks = converted.map(({ check }) => check).sort(byCheckId);
  const coverage = coverageOf(input.endpoints, converted.flatMap(({ allCalls }) => allCalls), problems);

  const known = new Set(input.requirements.map((requirement) => requirement.id));
  for (const check of checks) {
    for (const id of check.requirements) if (!known.has(id)) problems.push(`check ${check.check_id} names requirement ${id}, which is not in catalogue ${input.specVersion}`);
  }
  const matrix = requirementMatrix(input.requirements, checks);

  return {
    spec_version: input.specVersion,
    target: input.target,
    started_at: input.run.startedAt,
    finished_at: input.run.finishedAt,
    verdict: verdictOf(checks, input.run.runErrors),
    counts: {
      checks: tally(outcomes, checks.map((check) => check.outcome)),
      harness_faults: checks.filter(isHarnessFailure).length,
      warnings: checks.reduce((sum, check) => sum + check.warnings.length, 0),
      requirements: tally(requirementStatuses, matrix.map((row) => row.status)),
    },
    scores: scoresOf(matrix),
    requirements: matrix,
    uncovered: matrix.filter((row) => row.status === 'uncovered').map((row) => row.id),
    coverage,
    checks,
    problems: [...new Set(problems)],
  };
}

/**
 * Mirrors the exit code: a target failure or a stale baseline fails the run; a run the harness could
 * not carry out proves nothing either way; baselined failures are allowed but said.
 */
function verdictOf(checks: readonly CheckReport[], runErrors: readonly string[]): Verdict {
  if (checks.some((check) => isTargetFailure(check) && check.outcome !== 'expected-failure')) return 'failed';
  const ran = checks.some((check) => check.outcome !== 'skipped');
  if (!ran || runErrors.length > 0 || checks.some(isHarnessFailure)) return 'inconclusive';
  if (checks.some((check) => check.outcome === 'expected-failure')) return 'passed-with-expected-failures';
  return 'passed';
}

function tally<T extends Outcome | RequirementStatus>(keys: readonly T[], values: readonly T[]): Record<T, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<T, number>;
  for (const value of values) counts[value] += 1;
  return counts;
}

/** Sorted so that two reports of the same run list checks in the same order, whatever the workers did. */
function byCheckId(a: CheckReport, b: CheckReport): number {
  return compare(a.check_id, b.check_id) || compare(a.file, b.file) || compare(a.title, b.title);
}

/** Code-unit order: the same on every machine, unlike locale collation. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
