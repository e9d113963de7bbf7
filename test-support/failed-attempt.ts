import type { RawAnnotation } from '../suites/reporters/report-types.ts';
import { FAILURE_ANNOTATION, type Failure } from '../suites/runtime/failure.ts';

/** An error of a made-up attempt: its message, and the failure the runtime noted for it (none: unattributed). */
export type MadeError = string | { message: string; failure: Partial<Failure> };

/**
 * The errors of an attempt and the annotations the check fixtures would have written for them
 * (suites/runtime/failure-record.ts), for reporter tests that start from raw results.
 */
export function failedWith(...made: MadeError[]): { errors: string[]; annotations: RawAnnotation[] } {
  const annotations = made.flatMap((error, index) => {
    if (typeof error === 'string') return [];
    const failure: Failure = { requirement: null, kind: 'target', expected: null, got: null, ...error.failure };
    return [{ type: FAILURE_ANNOTATION, description: JSON.stringify({ error: index, ...failure }) }];
  });
  return { errors: made.map((error) => (typeof error === 'string' ? error : error.message)), annotations };
}

/** The target broke `requirement`. */
export function targetError(
  message: string,
  requirement: string,
  evidence: { expected?: string; got?: string } = {},
): MadeError {
  return { message, failure: { requirement, ...evidence } };
}

export function harnessError(message: string): MadeError {
  return { message, failure: { kind: 'harness' } };
}
