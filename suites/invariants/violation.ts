import { CheckFailure, type Evidence } from '../runtime/check-failure.ts';
import type { CallRecorder } from '../runtime/recorder.ts';

/** What a run has done so far, as a violation keeps it. */
export interface RunRecord {
  transcript: readonly string[];
  /** Where the run's calls were recorded, when they were. */
  recorder?: CallRecorder;
}

/**
 * A broken invariant inside one run of the property, carrying that run's transcript and calls:
 * fast-check keeps the error of the smallest failing run it finds, so they tell the shrunk sequence
 * as the target saw it, with the concrete amounts and answers.
 */
export class InvariantViolation extends CheckFailure {
  readonly transcript: readonly string[];
  readonly recorder: CallRecorder | undefined;

  constructor(requirement: string, detail: string, run: RunRecord, evidence?: Evidence) {
    super(requirement, detail, evidence);
    this.transcript = [...run.transcript];
    this.recorder = run.recorder;
  }

  /** The same failure seen from inside a run: a CheckFailure from a helper gets the run's record. */
  static from(failure: CheckFailure, run: RunRecord): InvariantViolation {
    if (failure instanceof InvariantViolation) return failure;
    return new InvariantViolation(failure.requirement, failure.detail, run, failure.evidence);
  }
}
