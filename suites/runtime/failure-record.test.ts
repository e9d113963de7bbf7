import { expect, test, type TestInfo } from '@playwright/test';
import { CheckFailure } from './check-failure.ts';
import { expectFor } from './expect-for.ts';
import { FAILURE_ANNOTATION, failuresOf } from './failure.ts';
import { recordFailures } from './failure-record.ts';
import { HarnessFault } from './harness-fault.ts';

/** A check's TestInfo as the runner leaves it: its errors as copies (name first), its annotations. */
function endedCheck(errors: string[]): TestInfo {
  return { errors: errors.map((message) => ({ message })), annotations: [] } as unknown as TestInfo;
}

function thrown(action: () => void): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

test('each error that reached the runner is annotated with the failure its helper noted; the rest are unattributed', () => {
  const caught = new CheckFailure('TEST-CAUGHT', 'tried once more', { expected: 'a', got: 'b' });
  const broken = new CheckFailure('TEST-B', 'expected status 404, got 500', { expected: 'status 404', got: '500' });
  const fault = new HarnessFault('no member');
  void caught;
  const info = endedCheck([`CheckFailure: ${broken.message}`, 'TypeError: x is undefined', fault.message]);
  const recorded = recordFailures(info);
  expect(recorded).toEqual([
    { error: 0, requirement: 'TEST-B', kind: 'target', expected: 'status 404', got: '500' },
    { error: 2, requirement: null, kind: 'harness', expected: null, got: null },
  ]);
  // The annotations carry the same, for the reporters; nothing is left noted for the next check.
  expect(failuresOf(info.annotations, [])).toEqual(recorded);
  expect(recordFailures(endedCheck([`CheckFailure: ${broken.message}`]))).toEqual([]);
});

test('a message that looks like a requirement or a harness fault is not one', () => {
  const info = endedCheck(['Error: [TEST-B] expected status 404, got 500', 'Error: Harness fault: no member']);
  expect(recordFailures(info)).toEqual([]);
});

test('expectFor notes the requirement, what the matcher was given and what it got, .not included', () => {
  const equal = thrown(() => expectFor('TEST-EQ', 500, 'the status').toBe(404));
  const negated = thrown(() => expectFor('TEST-NOT', 'x', 'the id').not.toBe('x'));
  const compared = thrown(() => expectFor('TEST-GT', 0, 'the length').toBeGreaterThan(0));
  const passed = expectFor('TEST-PASS', [1], 'the list').toEqual([1]);
  expect(passed).toBeUndefined();
  expect(equal.message).toContain('[TEST-EQ] the status');
  const info = endedCheck([equal, negated, compared].map((error) => `Error: ${error.message}`));
  expect(recordFailures(info).map(({ requirement, expected, got }) => ({ requirement, expected, got }))).toEqual([
    { requirement: 'TEST-EQ', expected: '404', got: '500' },
    { requirement: 'TEST-NOT', expected: 'not "x"', got: '"x"' },
    { requirement: 'TEST-GT', expected: '> 0', got: '0' },
  ]);
});

test('an annotation that cannot be read is a problem of the report, and its error stays unattributed', () => {
  const problems: string[] = [];
  expect(failuresOf([{ type: FAILURE_ANNOTATION, description: '{"error":0,"kind":"vendor"}' }], problems)).toEqual([]);
  expect(problems).toEqual([`a ${FAILURE_ANNOTATION} annotation cannot be read: {"error":0,"kind":"vendor"}`]);
});
