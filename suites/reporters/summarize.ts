import type { Endpoint } from '../../schemas/catalogue-types.ts';
import { RATE_LIMITED_ANNOTATION, type RateLimited } from '../runtime/rate-limit.ts';
import type { Prerequisite, Requirement } from '../requirements/catalogue.ts';
import type { NotProvokable } from '../requirements/spec-index.ts';
import { readingsShownMidRun } from '../runtime/reading-mid-run.ts';
import { toCheckReport, type Blame } from './check-report.ts';
import { labelled } from '../runtime/failure.ts';
import { cleanErrorMessage } from './error-message.ts';
import { coverageOf } from './coverage.ts';
import { applyPrerequisites } from './prerequisites.ts';
import {
  outcomes,
  requirementStatuses,
  type CheckReport,
  type ConformanceResults,
  type Headline,
  type Outcome,
  type RateLimitCounts,
  type RawCheck,
  type RequirementFinding,
  type RequirementReport,
  type RequirementStatus,
  type RunRecord,
  type RunScope,
  type Verdict,
} from './report-types.ts';
import {
  isDecided,
  isHarnessFailure,
  isTargetFailure,
  referenceProfileOf,
  requirementMatrix,
  scoresOf,
} from './requirement-matrix.ts';

/** Everything the aggregation needs; it reads nothing else. */
export interface SummaryInput {
  run: RunRecord;
  requirements: readonly Requirement[];
  /** The catalogue's interoperability prerequisites, which the requirements name. */
  prerequisites: readonly Prerequisite[];
  endpoints: readonly Endpoint[];
  /** Listed statuses no client can provoke (the spec index's internal failures). */
  notProvokable: readonly NotProvokable[];
  specVersion: string;
  target: ConformanceResults['target'];
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
  const blame = converted.flatMap(({ check, blame }) =>
    [...blame].map(([requirement, messages]) => ({ check_id: check.check_id, requirement, messages })),
  );
  const coverage = coverageOf(
    input.endpoints,
    converted.flatMap(({ allCalls }) => allCalls),
    input.notProvokable,
    problems,
  );

  const known = new Set(input.requirements.map((requirement) => requirement.id));
  for (const check of checks) {
    for (const id of check.requirements)
      if (!known.has(id))
        problems.push(
          `check ${check.check_id} names requirement ${id}, which is not in catalogue ${input.specVersion}`,
        );
    for (const id of check.failed_requirements) {
      if (!known.has(id) && !check.requirements.includes(id))
        problems.push(
          `check ${check.check_id} failed under requirement ${id}, which is not in catalogue ${input.specVersion}`,
        );
    }
  }
  const scope = input.run.scope;
  const { matrix, prerequisites } = applyPrerequisites(
    input.prerequisites,
    requirementMatrix(
      input.requirements,
      checks,
      scope,
      new Map(converted.map(({ check, warned }) => [check.check_id, warned])),
    ),
  );

  // What the checks' calls showed of the readings the run judged under (docs/readings.md, "Shown mid-run").
  const readings =
    input.target.readings &&
    readingsShownMidRun(
      input.target.readings,
      converted.map(({ check, allCalls }) => ({ check_id: check.check_id, calls: allCalls })),
    );
  return {
    spec_version: input.specVersion,
    target: readings ? { ...input.target, readings } : input.target,
    started_at: input.run.startedAt,
    finished_at: input.run.finishedAt,
    verdict: verdictOf(checks, matrix, input.run.runErrors, scope),
    scope,
    headline: headlineOf(matrix, new Set(prerequisites.flatMap((prerequisite) => prerequisite.made_inconclusive))),
    counts: {
      checks: tally(
        outcomes,
        checks.map((check) => check.outcome),
      ),
      harness_faults: checks.filter(isHarnessFailure).length,
      warnings: checks.reduce((sum, check) => sum + check.warnings.length, 0),
      rate_limited: rateLimitCounts(input.run.checks, problems),
      requirements: tally(
        requirementStatuses,
        matrix.map((row) => row.status),
      ),
    },
    scores: scoresOf(matrix),
    reference_profile: referenceProfileOf(matrix),
    prerequisites,
    findings: findingsOf(matrix, blame),
    stale_baseline: [
      ...new Set(checks.filter((check) => check.outcome === 'stale-baseline').map((check) => check.check_id)),
    ],
    requirements: matrix,
    uncovered: matrix.filter((row) => row.status === 'uncovered').map((row) => row.id),
    coverage,
    checks,
    problems: [...new Set(problems)],
  };
}

/**
 * The verdict against the specification, which the exit code mirrors. A target failure or a stale
 * baseline (a check listed as an expected failure that passed: the list hides nothing any more, so it
 * must shrink, and `stale_baseline` names what to remove) fails the run, unless every requirement the check found broken is of the reference profile
 * (the simulator's decisions, scored beside the verdict) or rests on a prerequisite that did not hold
 * (inconclusive): a vendor may conform to the specification without adopting every decision of the
 * reference. Such a failure still makes the run inconclusive when a requirement of the specification
 * went undecided. A run the harness could not carry out proves nothing either way; a filtered
 * run that passed is partial (it exits 0, but says nothing of the checks it left out); baselined
 * failures are allowed but said.
 */
function verdictOf(
  checks: readonly CheckReport[],
  matrix: readonly RequirementReport[],
  runErrors: readonly string[],
  scope: RunScope,
): Verdict {
  const rows = new Map(matrix.map((row) => [row.id, row]));
  const brokenInSpecification = (id: string) => {
    const row = rows.get(id);
    return row === undefined || (row.layer === 'specification' && row.status === 'failed');
  };
  const targetFailures = checks.filter((check) => isTargetFailure(check) && check.outcome !== 'expected-failure');
  const againstSpecification = (check: CheckReport) =>
    check.outcome === 'stale-baseline' ||
    check.failed_requirements.length === 0 ||
    check.failed_requirements.some(brokenInSpecification);
  if (targetFailures.some(againstSpecification)) return 'failed';
  const ran = checks.some((check) => check.outcome !== 'skipped');
  if (!ran || runErrors.length > 0 || checks.some(isHarnessFailure)) return 'inconclusive';
  // What failed was of the reference profile alone, but a requirement of the specification went undecided
  // (a check stopped at that failure, or never ran after it): the verdict cannot say passed.
  if (targetFailures.length > 0 && matrix.some((row) => row.layer === 'specification' && row.status === 'inconclusive'))
    return 'inconclusive';
  if (scope.filters.length > 0) return 'partial';
  if (checks.some((check) => check.outcome === 'expected-failure')) return 'passed-with-expected-failures';
  return 'passed';
}

/**
 * "N of <total> requirements verified (M MUST), K not verified on this target: why", over the
 * specification layer (the verdict's). Why is grouped: a skip reason, the filter, "could not be decided"...
 */
function headlineOf(matrix: readonly RequirementReport[], restingOnBrokenPrerequisite: ReadonlySet<string>): Headline {
  const rows = matrix.filter((row) => row.layer === 'specification');
  const verified = rows.filter((row) => isDecided(row.status));
  const why = new Map<string, number>();
  for (const row of rows) {
    if (isDecided(row.status)) continue;
    const reason = undecidedReason(row, restingOnBrokenPrerequisite.has(row.id));
    why.set(reason, (why.get(reason) ?? 0) + 1);
  }
  const grouped = [...why]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || compare(a.reason, b.reason));
  const notVerified = rows.length - verified.length;
  const mustCount = verified.filter((row) => row.level === 'MUST').length;
  const tail =
    notVerified === 0
      ? 'every one verified on this target'
      : `${notVerified} not verified on this target: ${grouped.map(({ reason, count }) => `${count} ${reason}`).join(', ')}`;
  return {
    total: rows.length,
    verified: verified.length,
    verified_must: mustCount,
    not_verified: notVerified,
    why: grouped,
    text: `${verified.length} of ${rows.length} requirements verified (${mustCount} MUST), ${tail}`,
  };
}

/**
 * The group an undecided requirement is counted in. Inconclusive is said two ways: a check stopped at
 * another requirement first (or the harness faulted), or an interoperability prerequisite (PRE-...) did
 * not hold; the word "prerequisite" is kept for the second, which the prerequisites' report counts.
 */
function undecidedReason(row: RequirementReport, restsOnBrokenPrerequisite: boolean): string {
  switch (row.status) {
    case 'inconclusive':
      return restsOnBrokenPrerequisite
        ? 'inconclusive (found broken, but resting on an interoperability prerequisite that did not hold)'
        : 'inconclusive (a check ran but stopped before deciding them: another requirement failed first, or the harness faulted)';
    case 'uncovered':
      return 'uncovered (no check names them)';
    case 'not-testable':
      return 'not testable from outside';
    default:
      return `not verified here: ${row.reason ?? 'skipped'}`;
  }
}

/** Broken requirements with the checks that saw each, what was wrong and a few examples: widest first. */
function findingsOf(
  matrix: readonly RequirementReport[],
  blame: ReadonlyArray<{ check_id: string; requirement: string; messages: Blame[] }>,
): RequirementFinding[] {
  return matrix
    .filter((row) => row.status === 'failed')
    .map((row) => {
      const seen = blame.filter((entry) => entry.requirement === row.id);
      const reasons = new Map<string, number>();
      for (const message of seen.flatMap((entry) => entry.messages)) {
        const text = reasonOf(row.id, message);
        reasons.set(text, (reasons.get(text) ?? 0) + 1);
      }
      return {
        requirement: row.id,
        level: row.level,
        layer: row.layer,
        statement: row.statement,
        checks: [...new Set(seen.map((entry) => entry.check_id))].sort(compare),
        check_counts: row.check_counts,
        reasons: [...reasons]
          .map(([text, count]) => ({ text, count }))
          .sort((a, b) => b.count - a.count || compare(a.text, b.text)),
        examples: seen
          .slice(0, EXAMPLES)
          .map((entry) => ({ check_id: entry.check_id, message: entry.messages[0]?.message ?? '' })),
      };
    })
    .sort((a, b) => b.checks.length - a.checks.length || compare(a.requirement, b.requirement));
}

const EXAMPLES = 3;

/** What was wrong, without the call that showed it: what the failure got, else the message without its requirement's label. */
function reasonOf(requirement: string, { message, got }: Blame): string {
  const label = labelled(requirement, '');
  const reason = got ?? (message.startsWith(label) ? message.slice(label.length) : message);
  return reason.length > 200 ? `${reason.slice(0, 200)}…` : reason;
}

/** The `rate-limited` annotations of the checks, summed; one that cannot be read is a problem of the report. */
function rateLimitCounts(checks: readonly RawCheck[], problems: string[]): RateLimitCounts {
  const counts: RateLimitCounts = { responses: 0, checks: 0, waited_ms: 0 };
  for (const check of checks) {
    for (const annotation of check.annotations.filter((candidate) => candidate.type === RATE_LIMITED_ANNOTATION)) {
      const limited = readRateLimited(annotation.description);
      if (limited === null) {
        problems.push(
          `check ${check.title}: a ${RATE_LIMITED_ANNOTATION} annotation is not a count of 429s: ${String(annotation.description).slice(0, 100)}`,
        );
        continue;
      }
      counts.responses += limited.responses;
      counts.waited_ms += limited.waited_ms;
      counts.checks += 1;
    }
  }
  return counts;
}

function readRateLimited(description: string | undefined): RateLimited | null {
  try {
    const value = JSON.parse(description ?? '') as Partial<RateLimited>;
    return Number.isInteger(value.responses) &&
      (value.responses ?? 0) > 0 &&
      typeof value.waited_ms === 'number' &&
      value.waited_ms >= 0
      ? { responses: value.responses!, waited_ms: value.waited_ms }
      : null;
  } catch {
    return null;
  }
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
