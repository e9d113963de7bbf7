import type { Prerequisite } from '../requirements/catalogue.ts';
import type { PrerequisiteReport, PrerequisiteStatus, RequirementReport, RequirementStatus } from './report-types.ts';

/**
 * The interoperability prerequisites of a run (the catalogue's PRE-... rules: a vendor must sign a funding
 * somehow): whether each held, read from the profile requirements that check it, and what the run relied on
 * it for. A requirement resting on a prerequisite that did not hold is inconclusive, never failed: the target
 * broke a rule of the reference profile, and the checks resting on that rule could not reach what they judge.
 */
export function applyPrerequisites(
  prerequisites: readonly Prerequisite[],
  matrix: readonly RequirementReport[],
): { matrix: RequirementReport[]; prerequisites: PrerequisiteReport[] } {
  const statusOf = new Map(matrix.map((row) => [row.id, row.status]));
  const judged = prerequisites.map((prerequisite) => {
    const checkedBy = prerequisite.checked_by.map((id) => ({
      id,
      status: statusOf.get(id) ?? ('uncovered' as RequirementStatus),
    }));
    return { prerequisite, checkedBy, status: heldOrNot(checkedBy.map((checker) => checker.status)) };
  });
  const notHeld = new Map(
    judged.filter((entry) => entry.status === 'not-held').map((entry) => [entry.prerequisite.id, entry.checkedBy]),
  );

  const adjusted = matrix.map((row) => {
    const broken = row.prerequisites.filter((id) => notHeld.has(id));
    if (row.status !== 'failed' || broken.length === 0) return row;
    const why = broken
      .map(
        (id) =>
          `${id} (${notHeld
            .get(id)!
            .filter((checker) => checker.status === 'failed')
            .map((checker) => `${checker.id} failed`)
            .join(', ')})`,
      )
      .join(', ');
    return {
      ...row,
      status: 'inconclusive' as const,
      reason: `rests on ${why}, which did not hold here: a check found it broken, but it cannot be judged until the prerequisite holds`,
    };
  });

  const reports = judged.map(({ prerequisite, checkedBy, status }) => {
    const resting = matrix.filter((row) => row.prerequisites.includes(prerequisite.id));
    return {
      id: prerequisite.id,
      statement: prerequisite.statement,
      source: prerequisite.source,
      checked_by: checkedBy,
      status,
      relied_on_by: resting.filter((row) => ranFor(row.status)).map((row) => row.id),
      made_inconclusive:
        status === 'not-held' ? resting.filter((row) => row.status === 'failed').map((row) => row.id) : [],
    };
  });
  return { matrix: adjusted, prerequisites: reports };
}

function heldOrNot(statuses: readonly RequirementStatus[]): PrerequisiteStatus {
  if (statuses.includes('failed')) return 'not-held';
  return statuses.every((status) => status === 'passed' || status === 'warning') ? 'held' : 'undecided';
}

/** A check of this run ran for the requirement (it was not skipped, filtered out, uncovered or not testable). */
function ranFor(status: RequirementStatus): boolean {
  return status === 'passed' || status === 'warning' || status === 'failed' || status === 'inconclusive';
}
