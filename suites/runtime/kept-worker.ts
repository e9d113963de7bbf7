import type { TestInfo } from '@playwright/test';
import { cleanErrorMessage, requirementTag } from '../reporters/error-message.ts';

/**
 * Playwright ends a worker after every failed test and starts a new one (no option keeps it:
 * microsoft/playwright#32803). A target failing a hundred checks then paid a hundred worker starts,
 * about 2 s of CPU each, and its run took several times as long as a passing one (bench/failing-run).
 *
 * A check that failed only by judging the target (every error names its requirement: a CheckFailure,
 * a finding, an assertion led by `[REQUIREMENT]`) leaves its worker as sound as a passing check does,
 * so the worker is kept: the check is marked as failing as expected, which Playwright's worker does not
 * stop for, and the first reporter of the run (suites/reporters/kept-worker-verdict.ts) makes it an
 * unexpected failure again before any other reporter, the project dependencies or the exit status read
 * it. A harness fault, a time-out, an error without a requirement or a failure in a hook still ends the
 * worker. A check of the expected-failures baseline is already expected to fail and is left alone.
 */
export const KEPT_WORKER_ANNOTATION = 'kept-worker';

export function keepWorkerAfterTargetFailure(testInfo: TestInfo): void {
  if (testInfo.status !== 'failed' || testInfo.expectedStatus !== 'passed' || testInfo.errors.length === 0) return;
  const judgedTarget = testInfo.errors.every((error) => error.message !== undefined && requirementTag(cleanErrorMessage(error.message)) !== null);
  if (!judgedTarget) return;
  testInfo.annotations.push({ type: KEPT_WORKER_ANNOTATION, description: 'the check failed on the target; its worker goes on' });
  testInfo.expectedStatus = 'failed';
}
