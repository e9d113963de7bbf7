import { labelled } from './failure.ts';
import { noteFailure } from './failure-record.ts';

/** What a failed requirement expected and what came back, for the report (null where a message says it better). */
export interface Evidence {
  expected: string | null;
  got: string | null;
}

/**
 * A check failed: the target did not do what the requirement says. The requirement, and what was
 * expected and got, travel as data (failure-record.ts); the message names the requirement for people.
 */
export class CheckFailure extends Error {
  constructor(
    readonly requirement: string,
    /** What went wrong, without the requirement's label. */
    readonly detail: string,
    readonly evidence: Evidence = { expected: null, got: null },
  ) {
    super(labelled(requirement, detail));
    this.name = 'CheckFailure';
    noteFailure(this, { requirement, kind: 'target', ...evidence });
  }

  /** The common shape, `<where>: expected <expected>, got <got>`, with both kept as evidence. */
  static expected(requirement: string, expected: string, got: string, where?: string): CheckFailure {
    return new CheckFailure(requirement, `${where === undefined ? '' : `${where}: `}expected ${expected}, got ${got}`, {
      expected,
      got,
    });
  }
}
