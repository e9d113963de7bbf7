import { test, expect } from '@playwright/test';
import type { RequirementReport } from '../reporters/report-types.ts';
import { judgeReadingRun, MAX_SPEC_INCONCLUSIVE } from './readings-judgement.ts';
import { readingRuns, unionOfReadings, UNION } from './readings-run.ts';

function requirement(id: string, layer: 'specification' | 'profile', status: RequirementReport['status'], reason: string | null = null): RequirementReport {
  return { id, layer, status, reason, part: 'endpoints', level: 'MUST', statement: '', source: '', not_testable: null, prerequisites: [], checks: [], check_counts: { broken: 0, held: 0, not_reached: 0, not_run: 0 } };
}

const clean = { problems: [], checks: [{ check_id: 'a.b', fault: null, error: null }] };

test('a run under a reading passes when the specification fails nothing and the promised difference shows in the profile', () => {
  const judgement = judgeReadingRun({ ...clean, requirements: [requirement('S-1', 'specification', 'passed'), requirement('P-1', 'profile', 'failed')] }, ['P-1']);
  expect(judgement).toMatchObject({ passed: true, spec_passed: 1, spec_failed: [], profile_failed: ['P-1'], differences_missing: [] });
});

test('a failed specification requirement, a difference not shown, too many undecided or a harness fault each fail the run', () => {
  const failed = judgeReadingRun({ ...clean, requirements: [requirement('S-1', 'specification', 'failed'), requirement('P-1', 'profile', 'failed')] }, ['P-1']);
  expect(failed).toMatchObject({ passed: false, spec_failed: ['S-1'] });
  const hidden = judgeReadingRun({ ...clean, requirements: [requirement('S-1', 'specification', 'passed'), requirement('P-1', 'profile', 'passed')] }, ['P-1']);
  expect(hidden).toMatchObject({ passed: false, differences_missing: ['P-1'] });
  const undecided = Array.from({ length: MAX_SPEC_INCONCLUSIVE + 1 }, (_, index) => requirement(`S-${index}`, 'specification', 'inconclusive', 'a prerequisite failed'));
  expect(judgeReadingRun({ ...clean, requirements: [...undecided, requirement('P-1', 'profile', 'failed')] }, ['P-1']).passed).toBe(false);
  expect(judgeReadingRun({ ...clean, requirements: [...undecided.slice(1), requirement('P-1', 'profile', 'failed')] }, ['P-1']).passed).toBe(true);
  const harness = judgeReadingRun({ problems: [], checks: [{ check_id: 'a.b', fault: 'harness', error: 'Harness fault: no member\nstack' }], requirements: [requirement('P-1', 'profile', 'failed')] }, ['P-1']);
  expect(harness).toMatchObject({ passed: false, problems: ['harness fault in a.b: Harness fault: no member'] });
});

test('the union plays every reading whose declaration agrees with those before it, and runs after the single readings', () => {
  expect(unionOfReadings(['two-decimal-amounts', 'named-string-bodies', 'nine-decimal-amounts', 'exchange-rejected'])).toEqual(['two-decimal-amounts', 'named-string-bodies', 'exchange-rejected']);
  expect(readingRuns(['exchange-rejected']).map((run) => run.name)).toEqual(['exchange-rejected']);
  expect(readingRuns(['exchange-rejected', 'mismatch-401']).map((run) => run.name)).toEqual(['exchange-rejected', 'mismatch-401', UNION]);
  // npm test's: the fewest runs that still play every reading.
  expect(readingRuns(['two-decimal-amounts', 'nine-decimal-amounts', 'exchange-rejected'], 'covering')).toEqual([
    { name: UNION, played: ['two-decimal-amounts', 'exchange-rejected'] },
    { name: 'nine-decimal-amounts', played: ['nine-decimal-amounts'] },
  ]);
});
