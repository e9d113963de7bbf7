import { specParts } from '../../schemas/catalogue-types.ts';
import type { Requirement } from '../requirements/catalogue.ts';
import { requirementTag } from './error-message.ts';
import type { CheckReport, PartScore, RequirementReport, RequirementStatus, Score } from './report-types.ts';

/**
 * Requirement by requirement: what the checks naming it say about the target, and the score of each
 * spec part. A requirement passes when every check naming it that ran passed. It fails when a check
 * found it broken; a check that stopped for another reason (a fault of the harness, or another of its
 * requirements failing first) leaves it inconclusive, because the target was not really tested on it.
 */

/** The target broke the rule, or (stale baseline) the run's baseline is wrong: both fail the run. */
export function isTargetFailure(check: CheckReport): boolean {
  return check.outcome === 'stale-baseline' || check.fault === 'target';
}

export function isHarnessFailure(check: CheckReport): boolean {
  return check.fault === 'harness';
}

export function requirementMatrix(requirements: readonly Requirement[], checks: readonly CheckReport[]): RequirementReport[] {
  return requirements.map((requirement) => {
    const naming = checks.filter((check) => check.requirements.includes(requirement.id));
    return {
      ...requirement,
      status: statusOf(requirement, naming),
      checks: [...new Set(naming.map((check) => check.check_id))],
    };
  });
}

function statusOf(requirement: Requirement, naming: readonly CheckReport[]): RequirementStatus {
  if (naming.length === 0) return 'uncovered';
  if (naming.some((check) => check.failed_requirements.includes(requirement.id))) return 'failed';
  if (naming.some((check) => check.outcome !== 'passed' && check.outcome !== 'skipped')) return 'inconclusive';
  const ran = naming.filter((check) => check.outcome !== 'skipped');
  if (ran.length === 0) return 'skipped';
  if (ran.some((check) => check.warnings.some((warning) => warns(warning, requirement)))) return 'warning';
  return 'passed';
}

/** A warning names its requirement (`[REQ-ID] …`); one that names none is about the check's SHOULD requirements. */
function warns(warning: string, requirement: Requirement): boolean {
  const tag = requirementTag(warning);
  return tag === null ? requirement.level === 'SHOULD' : tag === requirement.id;
}

/**
 * Passed MUST requirements over MUST requirements a check verified, per spec part and overall. A
 * warning does not fail: a warned requirement counts as passed.
 */
export function scoresOf(matrix: readonly RequirementReport[]): { overall: Score; parts: PartScore[] } {
  const scored = matrix.filter((row) => row.level === 'MUST' && row.status !== 'uncovered' && row.status !== 'skipped');
  return {
    overall: score(scored),
    parts: specParts.map((part) => ({ part, ...score(scored.filter((row) => row.part === part)) })),
  };
}

function score(rows: readonly RequirementReport[]): Score {
  const passed = rows.filter((row) => row.status === 'passed' || row.status === 'warning').length;
  const checked = rows.length;
  return { passed, checked, score: checked === 0 ? null : Math.round((passed / checked) * 1000) / 10 };
}
