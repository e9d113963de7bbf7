/**
 * A failure as data: which requirement it is about, whose fault it is, what was expected and what came
 * back. The runtime's failure helpers give one to every error they make (failure-record.ts), the check's
 * fixtures write it as an annotation beside the attempt's error it belongs to, and the reporters and the
 * kept worker read it there. The message is for people only: nothing reads a verdict out of its text, so
 * an error that carries no failure (a TypeError, a time-out) is unattributed, whatever it says.
 * The reporters read this module: it must not load the fixtures.
 */

/** The target broke a requirement; the harness failed itself; the target gave no response at all. */
export type FailureKind = 'target' | 'harness' | 'no-response';

export interface Failure {
  /** The requirement the target broke; null for a harness fault or a call that had no response. */
  requirement: string | null;
  kind: FailureKind;
  expected: string | null;
  got: string | null;
}

/** A failure as its annotation carries it: `error` is the index of its error among the attempt's. */
export interface AttributedFailure extends Failure {
  error: number;
}

export const FAILURE_ANNOTATION = 'dss-failure';

/**
 * Beside each `warning` annotation (a SHOULD-level rule broken, check.ts `warnShould`), which the
 * message names for people: the requirement it warns of, for the reports.
 */
export const WARNED_ANNOTATION = 'warned-requirement';

/** A requirement a check's set-up uses (check.ts CheckOptions.uses): reported on the check, never credited. */
export const USES_ANNOTATION = 'uses';

/** A requirement a passing check names but did not verify on this target, and why (check.ts `notVerifiedHere`): JSON `{ requirement, why }`. */
export const NOT_VERIFIED_ANNOTATION = 'not-verified-here';

/** How a message names its requirement for people: `[EXC-SETTLEMENT] the result’s amount ...`. */
export function labelled(requirement: string, message: string): string {
  return `[${requirement}] ${message}`;
}

/**
 * The failures an attempt's annotations carry. One that cannot be read is left out and named in
 * `problems`: its error is then unattributed, which the report shows as such.
 */
export function failuresOf(
  annotations: readonly { type: string; description?: string }[],
  problems: string[],
): AttributedFailure[] {
  return annotations.flatMap((annotation) => {
    if (annotation.type !== FAILURE_ANNOTATION) return [];
    const failure = readFailure(annotation.description);
    if (failure === null)
      problems.push(
        `a ${FAILURE_ANNOTATION} annotation cannot be read: ${String(annotation.description).slice(0, 100)}`,
      );
    return failure === null ? [] : [failure];
  });
}

const kinds: readonly FailureKind[] = ['target', 'harness', 'no-response'];

function readFailure(description: string | undefined): AttributedFailure | null {
  try {
    const value = JSON.parse(description ?? '') as Partial<Record<keyof AttributedFailure, unknown>>;
    const textOrNull = (field: unknown): field is string | null => field === null || typeof field === 'string';
    if (!Number.isInteger(value.error) || !kinds.includes(value.kind as FailureKind)) return null;
    if (!textOrNull(value.requirement) || !textOrNull(value.expected) || !textOrNull(value.got)) return null;
    return {
      error: value.error as number,
      requirement: value.requirement,
      kind: value.kind as FailureKind,
      expected: value.expected,
      got: value.got,
    };
  } catch {
    return null;
  }
}
