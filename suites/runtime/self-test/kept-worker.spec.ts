import { check, CheckFailure } from '../check.ts';
import { test } from '../fixtures.ts';

/**
 * Sample checks for ../fixtures.test.ts: in file order, on one worker while it lasts. A failure on the
 * target keeps the worker (../kept-worker.ts); an error that names no requirement still ends it.
 */

const noteWorker = () => test.info().annotations.push({ type: 'self-test', description: String(test.info().workerIndex) });

test(...check('selftest.keep-target-failure', 'fails on the target', { requirements: ['SELF-KEEP'] }), async () => {
  noteWorker();
  throw new CheckFailure('SELF-KEEP', 'expected status 200, got 500');
});

test(...check('selftest.keep-after-target-failure', 'runs on the same worker', { requirements: ['SELF-KEEP'] }), async () => {
  noteWorker();
});

test(...check('selftest.keep-unjudged-error', 'fails with an error naming no requirement', { requirements: ['SELF-KEEP'] }), async () => {
  noteWorker();
  throw new Error('an error of the harness, not a judgement of the target');
});

test(...check('selftest.keep-after-unjudged-error', 'runs on a new worker', { requirements: ['SELF-KEEP'] }), async () => {
  noteWorker();
});
