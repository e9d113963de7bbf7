import type { SpecPart } from '../../schemas/catalogue-types.ts';
import type { CheckReport, ConformanceResults } from '../reporters/report-types.ts';

/**
 * What the self-check records per fault, and the rule that decides whether a run caught it: a check
 * failed, blaming the target, for the fault's own requirement (the report's `failed_requirements`).
 * A run whose failures all name other requirements did not catch the fault: the harness would then
 * score the defect against the wrong rule.
 */

export interface OtherFailure {
  check_id: string;
  failed_requirements: string[];
}

export interface FaultDetection {
  fault: string;
  part: SpecPart;
  requirement: string;
  description: string;
  /** The checks that name the requirement: the ones run against the faulty simulator. */
  checks_run: string[];
  caught: boolean;
  /** Checks that failed for the fault's requirement. */
  caught_by: string[];
  /** Checks that failed, blaming the target, for other requirements only. */
  other_failures: OtherFailure[];
  /** What kept the run from deciding cleanly: no check to run, a broken run, harness faults. */
  problems: string[];
  duration_ms: number;
  /** The run's conformance.json, relative to the self-check's report dir; null when nothing ran. */
  report: string | null;
}

export type RunJudgement = Pick<FaultDetection, 'caught' | 'caught_by' | 'other_failures' | 'problems'>;

/** What the judgement reads of a run's conformance results. */
export interface JudgedResults {
  checks: Array<Pick<CheckReport, 'check_id' | 'failed_requirements' | 'fault' | 'error'>>;
  problems: ConformanceResults['problems'];
}

/** Judges one run's conformance results against the requirement its fault breaks. */
export function judgeRun(requirement: string, results: JudgedResults): RunJudgement {
  const caughtBy: string[] = [];
  const otherFailures: OtherFailure[] = [];
  const problems = [...results.problems];
  for (const check of results.checks) {
    if (check.failed_requirements.includes(requirement)) caughtBy.push(check.check_id);
    else if (check.failed_requirements.length > 0)
      otherFailures.push({ check_id: check.check_id, failed_requirements: check.failed_requirements });
    if (check.fault === 'harness') problems.push(`harness fault in ${check.check_id}: ${firstLine(check.error)}`);
  }
  return { caught: caughtBy.length > 0, caught_by: caughtBy, other_failures: otherFailures, problems };
}

function firstLine(text: string | null): string {
  return (text ?? 'no message').split('\n', 1)[0] ?? '';
}
