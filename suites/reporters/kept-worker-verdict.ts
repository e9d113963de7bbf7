import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { KEPT_WORKER_ANNOTATION } from '../runtime/kept-worker.ts';

/**
 * The runner's half of suites/runtime/kept-worker.ts: a check its worker marked as failing as expected,
 * only so as to keep the worker, is an unexpected failure again, and the mark is removed. It must be the
 * first reporter of the run: every reporter after it, Playwright's project dependencies and the exit
 * status then see an ordinary failed check.
 */
export default class KeptWorkerVerdict implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (!result.annotations.some(isMark)) return;
    test.expectedStatus = 'passed';
    removeMarks(test.annotations);
    removeMarks(result.annotations);
  }

  printsToStdio(): boolean {
    return false;
  }
}

const isMark = (annotation: { type: string }) => annotation.type === KEPT_WORKER_ANNOTATION;

function removeMarks(annotations: Array<{ type: string }>): void {
  for (let index = annotations.length - 1; index >= 0; index--)
    if (isMark(annotations[index]!)) annotations.splice(index, 1);
}
