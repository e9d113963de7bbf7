import { specParts } from '../../schemas/catalogue-types.ts';
import type { Requirement, RequirementLayer } from '../requirements/catalogue.ts';
import type {
  CheckCounts,
  CheckReport,
  PartScore,
  ReferenceProfileResult,
  RequirementReport,
  RequirementStatus,
  RunScope,
  Score,
} from './report-types.ts';

/**
 * Requirement by requirement: what the checks naming it say about the target, and the score of each
 * spec part. A requirement fails when a check found it broken, and passes when every check naming it
 * that ran decided it held. A check that stopped before deciding it (another requirement failing first,
 * or a fault of the harness) leaves it inconclusive; checks skipped here leave it not verified, with why.
 */

/** The target broke the rule, or (stale baseline) the run's baseline is wrong: both fail the run (a stale one breaks no requirement). */
export function isTargetFailure(check: CheckReport): boolean {
  return check.outcome === 'stale-baseline' || check.fault === 'target';
}

export function isHarnessFailure(check: CheckReport): boolean {
  return check.fault === 'harness';
}

/** Said of a requirement no check in a filtered run names: it was left out, not forgotten. */
export function filteredOut(scope: RunScope): string {
  return `filtered out (${scope.filters.join(', ')})`;
}

/** `warned`: by check id, the requirements its warnings are about (check-report.ts). */
export function requirementMatrix(
  requirements: readonly Requirement[],
  checks: readonly CheckReport[],
  scope: RunScope,
  warned: ReadonlyMap<string, readonly string[]>,
): RequirementReport[] {
  const layers = new Map(requirements.map((requirement) => [requirement.id, requirement.layer]));
  return requirements.map((requirement) => {
    // A check may find a cross-cutting requirement broken without naming it (a finding on the way).
    const naming = checks.filter(
      (check) => check.requirements.includes(requirement.id) || check.failed_requirements.includes(requirement.id),
    );
    return {
      ...requirement,
      ...statusOf(requirement, naming, scope, layers, warned),
      checks: [...new Set(naming.map((check) => check.check_id))],
      check_counts: countsOf(requirement.id, naming),
    };
  });
}

/**
 * How the checks naming a requirement left it: found it broken, decided it held, ran but did not reach
 * it (stopped at another requirement first, or the harness faulted), or were not run here.
 */
function countsOf(id: string, naming: readonly CheckReport[]): CheckCounts {
  const counts: CheckCounts = { broken: 0, held: 0, not_reached: 0, not_run: 0 };
  for (const check of naming) {
    if (check.failed_requirements.includes(id)) counts.broken += 1;
    else if (check.outcome === 'skipped') counts.not_run += 1;
    else if (check.passed_requirements.includes(id)) counts.held += 1;
    else counts.not_reached += 1;
  }
  return counts;
}

/**
 * The status, from the checks naming the requirement. Failed: one found it broken. Otherwise the
 * checks skipped here do not count (they never tried), and of the checks that ran, every one must have
 * decided it held for it to pass: one that ran but stopped before reaching it leaves it inconclusive,
 * however many others held it, because the part of the rule that check was there for went untested.
 */
function statusOf(
  requirement: Requirement,
  naming: readonly CheckReport[],
  scope: RunScope,
  layers: ReadonlyMap<string, RequirementLayer>,
  warned: ReadonlyMap<string, readonly string[]>,
): { status: RequirementStatus; reason: string | null } {
  const decided = (status: RequirementStatus) => ({ status, reason: null });
  if (naming.length === 0) {
    if (requirement.not_testable !== null) return { status: 'not-testable', reason: requirement.not_testable };
    return scope.filters.length > 0
      ? { status: 'not-verified', reason: filteredOut(scope) }
      : { status: 'uncovered', reason: 'no check names it' };
  }
  if (naming.some((check) => check.failed_requirements.includes(requirement.id))) return decided('failed');
  const ran = naming.filter((check) => check.outcome !== 'skipped');
  if (ran.length === 0) {
    // A check skips itself with a reason (what this target lacks); one skipped with none was never run,
    // because a stage it depends on (target.reachable) failed or the run stopped: undecided, not lacking.
    if (naming.some((check) => check.skip_reason === null)) return { status: 'inconclusive', reason: NOT_RUN };
    const reasons = [...new Set(naming.map((check) => check.skip_reason))];
    return { status: 'not-verified', reason: reasons.join('; ') };
  }
  const undecided = ran.filter((check) => !check.passed_requirements.includes(requirement.id));
  if (undecided.length > 0) {
    const held = ran.length - undecided.length;
    const why = undecided.map((check) => whyUndecided(check, layers)).join('; ');
    return {
      status: 'inconclusive',
      reason: held === 0 ? why : `held in ${checksText(held)}, but ${undecided.length} could not reach it: ${why}`,
    };
  }
  if (ran.some((check) => warned.get(check.check_id)?.includes(requirement.id))) return decided('warning');
  return decided('passed');
}

const NOT_RUN = 'not run: a stage its checks depend on (target.reachable) failed, or the run stopped early';

/**
 * Why a check that ran left a requirement undecided. "Stopped at" names what failed first: the
 * requirements of the check (never an interoperability prerequisite, which prerequisites.ts reports).
 */
function whyUndecided(check: CheckReport, layers: ReadonlyMap<string, RequirementLayer>): string {
  if (check.fault === 'harness') return `harness fault in ${check.check_id}`;
  if (check.outcome === 'expected-failure') return `${check.check_id} is in the expected-failures baseline`;
  if (check.failed_requirements.length === 0) return `${check.check_id} stopped before reaching it`;
  const first = check.failed_requirements
    .map((id) => (layers.get(id) === 'profile' ? `${id} (reference profile)` : id))
    .join(', ');
  return `${check.check_id} stopped at ${first} before reaching it`;
}

/** "1 check", "12 checks". */
export function checksText(count: number): string {
  return `${count} check${count === 1 ? '' : 's'}`;
}

const passing: readonly RequirementStatus[] = ['passed', 'warning'];
const deciding: readonly RequirementStatus[] = ['passed', 'warning', 'failed'];

export function isDecided(status: RequirementStatus): boolean {
  return deciding.includes(status);
}

/**
 * Passed MUST requirements of the specification layer over those decided (passed or failed), per spec
 * part and overall; inconclusive and not verified ones are counted beside, never in. A warning does not
 * fail: a warned requirement counts as passed. The reference profile's layer is scored apart.
 */
export function scoresOf(matrix: readonly RequirementReport[]): { overall: Score; parts: PartScore[] } {
  const scored = matrix.filter((row) => row.level === 'MUST' && row.layer === 'specification');
  return {
    overall: score(scored),
    parts: specParts.map((part) => ({ part, ...score(scored.filter((row) => row.part === part)) })),
  };
}

/**
 * "Interoperates with the reference profile": every level, decided requirements of the profile layer,
 * with the differences (those that failed) named, and how many a check ran for but could not decide.
 */
export function referenceProfileOf(matrix: readonly RequirementReport[]): ReferenceProfileResult {
  const profile = matrix.filter((row) => row.layer === 'profile');
  const rows = profile.filter((row) => isDecided(row.status));
  return {
    passed: rows.filter((row) => passing.includes(row.status)).length,
    checked: rows.length,
    failed: rows.filter((row) => row.status === 'failed').map((row) => row.id),
    inconclusive: profile.filter((row) => row.status === 'inconclusive').length,
  };
}

function score(rows: readonly RequirementReport[]): Score {
  const passed = rows.filter((row) => passing.includes(row.status)).length;
  const checked = rows.filter((row) => isDecided(row.status)).length;
  return {
    passed,
    checked,
    score: checked === 0 ? null : Math.round((passed / checked) * 1000) / 10,
    inconclusive: rows.filter((row) => row.status === 'inconclusive').length,
    not_verified: rows.filter((row) => !isDecided(row.status) && row.status !== 'inconclusive').length,
  };
}
