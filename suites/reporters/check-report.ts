import type { RecordedCall } from '../runtime/recorder.ts';
import { FINDING_ANNOTATION } from '../runtime/finding.ts';
import {
  failuresOf,
  NOT_VERIFIED_ANNOTATION,
  USES_ANNOTATION,
  WARNED_ANNOTATION,
  type AttributedFailure,
} from '../runtime/failure.ts';
import { cleanErrorMessage } from './error-message.ts';
import { parseCalls } from './recorded-calls.ts';
import type {
  CheckReport,
  Fault,
  NotVerifiedHere,
  Outcome,
  RawAnnotation,
  RawAttempt,
  RawCheck,
} from './report-types.ts';

/** An error of the deciding attempt as shown, with the failure it carries; null: unattributed (failure.ts). */
interface ShownError {
  text: string;
  failure: AttributedFailure | null;
}

/** A message that found a requirement broken, and what it got there (null where the message says it). */
export interface Blame {
  message: string;
  got: string | null;
}

/**
 * Turns one test as the runner recorded it into a check of the report: its id and requirements from
 * the annotations, its outcome (retries and the expected-failures baseline included), who is to blame
 * when it did not pass, and its calls. Who is to blame comes from the failures the errors carry
 * (suites/runtime/failure.ts), never from their text. `allCalls` (every attempt's) feeds the coverage
 * matrix; `blame` (each broken requirement's messages) feeds the findings grouped by requirement;
 * `warned`, the requirements its warnings are about.
 */
export function toCheckReport(
  raw: RawCheck,
  problems: string[],
): { check: CheckReport; allCalls: RecordedCall[]; blame: Map<string, Blame[]>; warned: string[] } {
  const checkId = annotationValues(raw.annotations, 'check')[0];
  if (checkId === undefined)
    problems.push(`test "${raw.title}" (${raw.file}) has no check annotation; its title stands in for the check id`);
  const id = checkId ?? raw.title;
  const { outcome, decidingIndex } = classify(raw);
  const deciding = raw.attempts[decidingIndex];
  const failures = failuresOf(deciding?.annotations ?? [], problems);
  const errors: ShownError[] = (deciding?.errors ?? [])
    .map((message, index) => ({
      text: cleanErrorMessage(message),
      failure: failures.find((failure) => failure.error === index) ?? null,
    }))
    .filter(({ text }) => text !== '');
  const error = errorText(outcome, deciding, errors);
  const failedHere = outcome === 'failed' || outcome === 'flaky' || outcome === 'expected-failure';
  const fault = failedHere ? faultOf(deciding, errors) : null;
  const requirements = [...new Set(annotationValues(raw.annotations, 'requirement'))];
  const findings = annotationValues(raw.annotations, FINDING_ANNOTATION);
  const failedRequirements = blamedRequirements(outcome, fault, requirements, errors);
  const attemptCalls = raw.attempts.map((attempt) => parseCalls(attempt.callAttachments, id, problems));
  const allCalls = attemptCalls.flat();
  const { expected = null, got = null } = errors[0]?.failure ?? {};
  const quarantine = raw.annotations.find((annotation) => annotation.type === 'quarantined');
  const skip = raw.annotations.find((annotation) => annotation.type === 'skip');
  // Written as the check ran: on its attempt, and on the test too in some runners' records; counted once.
  const notVerified = notVerifiedOf([...(deciding?.annotations ?? []), ...raw.annotations], problems);
  return {
    check: {
      check_id: id,
      title: raw.title,
      file: raw.file,
      requirements,
      uses: [...new Set(annotationValues(raw.annotations, USES_ANNOTATION))],
      failed_requirements: failedRequirements,
      passed_requirements: decidedInFavour(outcome, fault, requirements, failedRequirements, errors, findings).filter(
        (requirement) => !notVerified.some((left) => left.requirement === requirement),
      ),
      not_verified_here: notVerified,
      findings,
      outcome: outcome === 'failed' && fault === 'harness' ? 'harness-fault' : outcome,
      fault,
      quarantined: quarantine !== undefined,
      skip_reason: outcome === 'skipped' ? (quarantine?.description ?? skip?.description ?? null) : null,
      warnings: annotationValues(raw.annotations, 'warning'),
      error,
      expected,
      got,
      call_count: allCalls.length,
      calls: outcome === 'passed' || outcome === 'skipped' ? [] : (attemptCalls[decidingIndex] ?? []),
    },
    allCalls,
    blame: blameMessages(failedRequirements, errors, error),
    warned: annotationValues(raw.annotations, WARNED_ANNOTATION),
  };
}

/** For each requirement found broken, the messages that say so (all of them, when none names it). */
function blameMessages(failed: string[], errors: readonly ShownError[], error: string | null): Map<string, Blame[]> {
  const blame = new Map<string, Blame[]>();
  for (const id of failed) {
    const naming = errors
      .filter(({ failure }) => failure?.requirement === id)
      .map(({ text, failure }) => ({ message: text, got: failure?.got ?? null }));
    blame.set(id, naming.length > 0 ? naming : [{ message: error ?? 'failed', got: null }]);
  }
  return blame;
}

/**
 * The outcome, and the attempt that decided it: the last one, except for a flaky check, where the
 * failing attempt is the one worth reading.
 */
function classify(raw: RawCheck): { outcome: Outcome; decidingIndex: number } {
  const lastIndex = raw.attempts.length - 1;
  const last = raw.attempts[lastIndex];
  const decided = (outcome: Outcome) => ({ outcome, decidingIndex: lastIndex });
  if (last === undefined || last.status === undefined || last.status === 'skipped') return decided('skipped');
  if (raw.expectedStatus === 'failed') {
    // Baselined: failing as listed is expected; passing means the baseline is out of date.
    if (last.status === 'failed') return decided('expected-failure');
    if (last.status === 'passed') return decided('stale-baseline');
    return decided('failed');
  }
  if (last.status !== 'passed') return decided('failed');
  const lastFailure = raw.attempts.findLastIndex(
    (attempt) => attempt.status !== 'passed' && attempt.status !== 'skipped',
  );
  return lastFailure === -1 ? decided('passed') : { outcome: 'flaky', decidingIndex: lastFailure };
}

/**
 * A failure blames the requirement it carries, even one the check does not name: a check names only
 * the requirements of its own layer, and a rule of the other met on the way (an error body, a read of
 * the setup) is still broken where it broke. When no error carries a requirement (no response to a
 * call, or only unattributed errors: a time-out, a TypeError), the check's requirements are all blamed.
 * A stale baseline blames none: the target passed the check, the profile's list is what is wrong (it
 * fails the run until the id is removed, summarize.ts).
 */
function blamedRequirements(
  outcome: Outcome,
  fault: Fault | null,
  requirements: string[],
  errors: readonly ShownError[],
): string[] {
  if (fault !== 'target') return [];
  const named = errors.flatMap(({ failure }) => (failure?.requirement ? [failure.requirement] : []));
  return named.length > 0 ? [...new Set(named)] : requirements;
}

/**
 * What the check decided in the target's favour. A check that failed only through recorded findings
 * ran every step to its end, so each of its own requirements it did not find broken held. A stale
 * baseline's check passed: its requirements held, so a list of ids the target has since fixed does not
 * lower its score.
 */
function decidedInFavour(
  outcome: Outcome,
  fault: Fault | null,
  requirements: string[],
  failed: string[],
  errors: readonly ShownError[],
  findings: string[],
): string[] {
  if (outcome === 'passed' || outcome === 'stale-baseline') return requirements;
  if (outcome !== 'failed' || fault !== 'target' || findings.length === 0) return [];
  const recorded = new Set(findings);
  const ranToItsEnd = errors.length > 0 && errors.every(({ text }) => recorded.has(text));
  return ranToItsEnd ? requirements.filter((id) => !failed.includes(id)) : [];
}

/** An unattributed error counts against the target, as a failed assertion would: the check did not pass. */
function faultOf(deciding: RawAttempt | undefined, errors: readonly ShownError[]): Fault {
  // An interrupted run stopped the check; the target had no say in it.
  if (deciding?.status === 'interrupted' || errors.some(({ failure }) => failure?.kind === 'harness')) return 'harness';
  return 'target';
}

function errorText(outcome: Outcome, deciding: RawAttempt | undefined, errors: readonly ShownError[]): string | null {
  if (outcome === 'stale-baseline')
    return 'Listed in the profile’s expected_failures, but passed: the baseline is out of date; remove this check from expected_failures.';
  if (outcome === 'passed' || outcome === 'skipped') return null;
  if (errors.length > 0) return errors.map(({ text }) => text).join('\n\n');
  return deciding?.status === 'interrupted'
    ? 'The run was interrupted before this check finished.'
    : `The check ended with status ${deciding?.status}.`;
}

/** What a check said it left unverified on this target (check.ts `notVerifiedHere`); a damaged entry is a report problem. */
function notVerifiedOf(annotations: readonly RawAnnotation[], problems: string[]): NotVerifiedHere[] {
  return [...new Set(annotationValues(annotations, NOT_VERIFIED_ANNOTATION))].flatMap((description) => {
    try {
      const { requirement, why } = JSON.parse(description) as Partial<NotVerifiedHere>;
      if (typeof requirement === 'string' && typeof why === 'string') return [{ requirement, why }];
    } catch {
      // Reported below.
    }
    problems.push(`a ${NOT_VERIFIED_ANNOTATION} annotation that is not {requirement, why}: ${description}`);
    return [];
  });
}

function annotationValues(annotations: readonly RawAnnotation[], type: string): string[] {
  return annotations.flatMap((annotation) =>
    annotation.type === type && annotation.description !== undefined && annotation.description.trim() !== ''
      ? [annotation.description.trim()]
      : [],
  );
}
