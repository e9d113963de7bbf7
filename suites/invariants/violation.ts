import { CheckFailure } from '../runtime/check.ts';

/**
 * A broken invariant inside one run of the property, carrying the calls of that run: fast-check keeps
 * the error of the smallest failing run it finds, so its transcript is the shrunk sequence as the
 * target saw it, with the concrete amounts and answers.
 */
export class InvariantViolation extends CheckFailure {
  readonly transcript: readonly string[];

  constructor(
    requirement: string,
    /** The message without the requirement prefix. */
    readonly detail: string,
    transcript: readonly string[],
  ) {
    super(requirement, detail);
    this.transcript = [...transcript];
  }
}
