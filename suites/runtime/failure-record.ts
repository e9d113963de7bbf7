import type { TestInfo } from '@playwright/test';
import { FAILURE_ANNOTATION, type AttributedFailure, type Failure } from './failure.ts';

/**
 * Which of a check's errors carries which failure (failure.ts). A failure helper notes each error it
 * makes; when a check ends, its fixture pairs the errors that reached the runner with the noted ones,
 * writes each pair as an annotation, and forgets the rest. Noting is not recording: an error caught on
 * the way (a retry loop, `inAttempt`, `recordAcross`) never reaches the runner and leaves nothing behind.
 * Errors are noted outside a check too, so that one made while a worker fixture is set up for the next
 * check (a profile without enough members) still counts as the harness's when that check fails with it.
 *
 * The runner keeps a copy of an error, not the error (a worker sends its results as data), so the pair
 * is found by the error's own message, which the runner's copy ends with (after the class name it puts
 * first). That compares an error with itself; it reads no verdict out of the text.
 */

let noted: Array<{ error: Error; failure: Failure }> = [];

/** Enough for any check; a process that runs no checks (the CLI, a unit test) keeps no more than this. */
const NOTED_AT_MOST = 1000;

/** Called by the failure helpers as they make `error`. */
export function noteFailure(error: Error, failure: Failure): void {
  noted.push({ error, failure });
  if (noted.length > NOTED_AT_MOST) noted.shift();
}

/**
 * The check ended: annotates each of its errors that a failure helper made, and returns those failures.
 * The latest error noted with a message wins, as a loop that tried again noted the same failure earlier.
 */
export function recordFailures(testInfo: TestInfo): AttributedFailure[] {
  const candidates = noted.toReversed();
  noted = [];
  const recorded = testInfo.errors.flatMap((runnerError, index) => {
    const message = runnerError.message;
    if (message === undefined) return [];
    const match = candidates.find(
      ({ error }) => error.message !== '' && (message === error.message || message.endsWith(`: ${error.message}`)),
    );
    return match === undefined ? [] : [{ error: index, ...match.failure }];
  });
  for (const failure of recorded)
    testInfo.annotations.push({ type: FAILURE_ANNOTATION, description: JSON.stringify(failure) });
  return recorded;
}
