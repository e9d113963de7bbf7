import type { TestInfo } from '@playwright/test';
import type { AttributedFailure } from './failure.ts';

/**
 * Playwright ends a worker after every failed test and starts a new one (no option keeps it:
 * microsoft/playwright#32803). A target failing a hundred checks then paid a hundred worker starts,
 * about 2 s of CPU each, and its run took several times as long as a passing one (bench/failing-run).
 *
 * A check that failed only on the target leaves its worker as sound as a passing check does: every
 * error carries a failure of the target (failure.ts): a requirement it broke (a CheckFailure, a finding,
 * an `expectFor` assertion), or no response to a call (a TargetNetworkError: the call was ended by the
 * harness's own deadline or size limit, or by the target, and the `calls` fixture waits for the check's
 * other calls before the next check starts). Such a worker is kept: the check is marked as failing as
 * expected, which Playwright's worker does not stop for, and the first reporter of the run
 * (suites/reporters/kept-worker-verdict.ts) makes it an unexpected failure again before any other
 * reporter, the project dependencies or the exit status read it. A harness fault, an unattributed error
 * (a time-out, a TypeError), or a failure in a hook still ends the worker. A check of the
 * expected-failures baseline is already expected to fail and is left alone.
 */
export const KEPT_WORKER_ANNOTATION = 'kept-worker';

/** `failures`: the check's errors that carry a failure (failure-record.ts `recordFailures`). */
export function keepWorkerAfterTargetFailure(testInfo: TestInfo, failures: readonly AttributedFailure[]): void {
  if (testInfo.status !== 'failed' || testInfo.expectedStatus !== 'passed' || testInfo.errors.length === 0) return;
  const judgedTarget = testInfo.errors.every((_, index) =>
    failures.some((failure) => failure.error === index && failure.kind !== 'harness'),
  );
  if (!judgedTarget) return;
  testInfo.annotations.push({
    type: KEPT_WORKER_ANNOTATION,
    description: 'the check failed on the target; its worker goes on',
  });
  testInfo.expectedStatus = 'failed';
}
