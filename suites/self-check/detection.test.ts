import { test, expect } from '@playwright/test';
import { judgeRun, type JudgedResults } from './detection.ts';

const check = (
  check_id: string,
  failed_requirements: string[],
  fault: 'target' | 'harness' | null = failed_requirements.length > 0 ? 'target' : null,
  error: string | null = null,
) => ({
  check_id,
  failed_requirements,
  fault,
  error,
});

test('a check failing for the fault’s requirement catches it; failures for other requirements are kept apart', () => {
  const results: JudgedResults = {
    checks: [
      check('target.reachable', []),
      check('auth.refresh', ['AUTH-REFRESH-INVALIDATES']),
      check('auth.missing-token', ['ERR-BODY-SHAPE']),
      check('auth.session-24h', ['AUTH-REFRESH-INVALIDATES', 'AUTH-SESSION-24H']),
    ],
    problems: [],
  };
  expect(judgeRun('AUTH-REFRESH-INVALIDATES', results)).toEqual({
    caught: true,
    caught_by: ['auth.refresh', 'auth.session-24h'],
    other_failures: [{ check_id: 'auth.missing-token', failed_requirements: ['ERR-BODY-SHAPE'] }],
    problems: [],
  });
});

test('failures for other requirements only do not catch the fault', () => {
  const judgement = judgeRun('ERR-UNKNOWN-PATH', {
    checks: [check('errors.unknown-version', ['VER-PATH-PREFIX'])],
    problems: [],
  });
  expect(judgement.caught).toBe(false);
  expect(judgement.caught_by).toEqual([]);
  expect(judgement.other_failures).toEqual([
    { check_id: 'errors.unknown-version', failed_requirements: ['VER-PATH-PREFIX'] },
  ]);
});

test('harness faults and report problems are problems of the run, never catches', () => {
  const judgement = judgeRun('CL-CEILING', {
    checks: [
      check(
        'ledger.credit-line-ceiling',
        [],
        'harness',
        'Harness fault: the control plane answered 500\n  at somewhere',
      ),
    ],
    problems: ['The run was interrupted before every check finished.'],
  });
  expect(judgement).toEqual({
    caught: false,
    caught_by: [],
    other_failures: [],
    problems: [
      'The run was interrupted before every check finished.',
      'harness fault in ledger.credit-line-ceiling: Harness fault: the control plane answered 500',
    ],
  });
});
