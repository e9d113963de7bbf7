import { test, expect } from '@playwright/test';
import type { RequirementReport } from '../reporters/report-types.ts';
import { detectionProblems, judgeReadingRun, MAX_SPEC_INCONCLUSIVE, midRunProblems } from './readings-judgement.ts';
import { readingRuns, readingShownByDetection, unionOfReadings, UNDECLARED, UNION } from './readings-run.ts';

function requirement(
  id: string,
  layer: 'specification' | 'profile',
  status: RequirementReport['status'],
  reason: string | null = null,
): RequirementReport {
  return {
    id,
    layer,
    status,
    reason,
    part: 'endpoints',
    level: 'MUST',
    statement: '',
    source: '',
    not_testable: null,
    prerequisites: [],
    checks: [],
    check_counts: { broken: 0, held: 0, not_reached: 0, not_run: 0 },
  };
}

const clean = { problems: [], checks: [{ check_id: 'a.b', fault: null, error: null }] };

test('a run under a reading passes when the specification fails nothing and the promised difference shows in the profile', () => {
  const judgement = judgeReadingRun(
    {
      ...clean,
      requirements: [requirement('S-1', 'specification', 'passed'), requirement('P-1', 'profile', 'failed')],
    },
    ['P-1'],
  );
  expect(judgement).toMatchObject({
    passed: true,
    spec_passed: 1,
    spec_failed: [],
    profile_failed: ['P-1'],
    differences_missing: [],
  });
});

test('a failed specification requirement, a difference not shown, too many undecided or a harness fault each fail the run', () => {
  const failed = judgeReadingRun(
    {
      ...clean,
      requirements: [requirement('S-1', 'specification', 'failed'), requirement('P-1', 'profile', 'failed')],
    },
    ['P-1'],
  );
  expect(failed).toMatchObject({ passed: false, spec_failed: ['S-1'] });
  const hidden = judgeReadingRun(
    {
      ...clean,
      requirements: [requirement('S-1', 'specification', 'passed'), requirement('P-1', 'profile', 'passed')],
    },
    ['P-1'],
  );
  expect(hidden).toMatchObject({ passed: false, differences_missing: ['P-1'] });
  const undecided = Array.from({ length: MAX_SPEC_INCONCLUSIVE + 1 }, (_, index) =>
    requirement(`S-${index}`, 'specification', 'inconclusive', 'a prerequisite failed'),
  );
  expect(
    judgeReadingRun({ ...clean, requirements: [...undecided, requirement('P-1', 'profile', 'failed')] }, ['P-1'])
      .passed,
  ).toBe(false);
  expect(
    judgeReadingRun({ ...clean, requirements: [...undecided.slice(1), requirement('P-1', 'profile', 'failed')] }, [
      'P-1',
    ]).passed,
  ).toBe(true);
  const harness = judgeReadingRun(
    {
      problems: [],
      checks: [{ check_id: 'a.b', fault: 'harness', error: 'Harness fault: no member\nstack' }],
      requirements: [requirement('P-1', 'profile', 'failed')],
    },
    ['P-1'],
  );
  expect(harness).toMatchObject({ passed: false, problems: ['harness fault in a.b: Harness fault: no member'] });
});

test('the union plays every reading whose declaration agrees with those before it, and runs after the single readings', () => {
  expect(
    unionOfReadings(['two-decimal-amounts', 'named-string-bodies', 'nine-decimal-amounts', 'exchange-rejected']),
  ).toEqual(['two-decimal-amounts', 'named-string-bodies', 'exchange-rejected']);
  const names = (plans: ReturnType<typeof readingRuns>) => plans.map((run) => run.name);
  expect(names(readingRuns(['exchange-rejected']))).toEqual(['exchange-rejected']);
  expect(names(readingRuns(['exchange-rejected', 'mismatch-401']))).toEqual([
    'exchange-rejected',
    'mismatch-401',
    UNION,
  ]);
  // npm test's: the fewest runs that still play every reading, declared, then again with detection.
  expect(readingRuns(['two-decimal-amounts', 'nine-decimal-amounts', 'exchange-rejected'], 'covering')).toEqual([
    { name: UNION, played: ['two-decimal-amounts', 'exchange-rejected'], detection: false },
    { name: 'nine-decimal-amounts', played: ['nine-decimal-amounts'], detection: false },
    { name: `${UNION}${UNDECLARED}`, played: ['two-decimal-amounts', 'exchange-rejected'], detection: true },
    { name: `nine-decimal-amounts${UNDECLARED}`, played: ['nine-decimal-amounts'], detection: true },
  ]);
});

test('with detection, only the readings it can show run alone again, and the union holds every reading', () => {
  expect(readingShownByDetection('holder-dso-on-operating-account')).toBe(true);
  expect(readingShownByDetection('named-string-bodies')).toBe(false);
  const plans = readingRuns(['named-string-bodies', 'holder-dso-on-operating-account', 'exchange-rejected']);
  expect(plans.filter((plan) => plan.detection)).toEqual([
    {
      name: `holder-dso-on-operating-account${UNDECLARED}`,
      played: ['holder-dso-on-operating-account'],
      detection: true,
    },
    {
      name: `${UNION}${UNDECLARED}`,
      played: ['named-string-bodies', 'holder-dso-on-operating-account', 'exchange-rejected'],
      detection: true,
    },
  ]);
  // Nothing to detect: no run with detection.
  expect(readingRuns(['exchange-rejected', 'mismatch-401']).some((plan) => plan.detection)).toBe(false);
});

test('a run with detection must report each reading it can show as detected, with that value and what showed it', () => {
  const shownBy =
    'GET /client/v1/api/balances/digital-accounts/main?asset_code_identification=USD as mm-a answered balance "250.00"';
  expect(
    detectionProblems({ amount_scale: { value: 2, source: 'detected', shown_by: shownBy } }, { amount_scale: 2 }),
  ).toEqual([]);
  expect(
    detectionProblems(
      {
        amount_scale: { value: 7, source: 'reference' },
        dso_line_account: { value: 'emission', source: 'detected', shown_by: shownBy },
      },
      { amount_scale: 2, dso_line_account: 'operating' },
    ),
  ).toEqual([
    'amount_scale was not detected as 2: the run judged under 7 (reference)',
    'dso_line_account was not detected as operating: the run judged under emission (detected)',
  ]);
  expect(detectionProblems(undefined, { amount_scale: 9 })).toEqual([
    'amount_scale was not detected as 9: the run judged under nothing recorded',
  ]);
});

test('a reading a check’s answer contradicted is a problem of the run: under the reading the target plays there is none', () => {
  expect(midRunProblems({ amount_scale: { value: 7, source: 'reference' } })).toEqual([]);
  expect(midRunProblems(undefined)).toEqual([]);
  expect(
    midRunProblems({
      amount_scale: {
        value: 7,
        source: 'reference',
        shown_mid_run: 'a.b: GET /x answered balance "0.00": every amount written with 2 fraction digits',
      },
    }),
  ).toEqual([
    'amount_scale 7 (reference) was contradicted mid-run by a.b: GET /x answered balance "0.00": every amount written with 2 fraction digits',
  ]);
});
