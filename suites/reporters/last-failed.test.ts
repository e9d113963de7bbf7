import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastFailed, lastFailedFilter } from './last-failed.ts';

/**
 * `dss test --last-failed` reads the failed checks of the last report by id, and selects exactly those:
 * never a check whose id only starts like one of them, never one whose title mentions one.
 */

function reportDir(report: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'dss-last-failed-'));
  if (report !== undefined)
    writeFileSync(join(dir, 'conformance.json'), typeof report === 'string' ? report : JSON.stringify(report));
  return dir;
}

const check = (check_id: string, outcome: string) => ({ check_id, outcome });

test('the checks that failed the run are read by id; expected failures are not among them', () => {
  const dir = reportDir({
    results: {
      verdict: 'failed',
      finished_at: '2030-01-01T00:00:30.000Z',
      checks: [
        check('a.one', 'failed'),
        check('a.two', 'passed'),
        check('b.flaky', 'flaky'),
        check('b.fault', 'harness-fault'),
        check('c.stale', 'stale-baseline'),
        check('c.known', 'expected-failure'),
        check('d.skip', 'skipped'),
      ],
    },
  });
  try {
    expect(lastFailed(dir)).toEqual({
      checkIds: ['a.one', 'b.flaky', 'b.fault', 'c.stale'],
      finishedAt: '2030-01-01T00:00:30.000Z',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no report, a file that is not one, and a run where nothing failed are mistakes, each said in one line', () => {
  const cases: Array<[unknown, RegExp]> = [
    [
      undefined,
      /^--last-failed: there is no previous report in .* \(no conformance\.json\): run dss test first, or give the --report-dir of the run to repeat$/,
    ],
    ['{ not json', /conformance\.json is not a conformance report/],
    [{ results: { checks: [{ check_id: 1 }] } }, /is not a conformance report/],
    [
      {
        results: {
          verdict: 'passed-with-expected-failures',
          checks: [check('a.one', 'passed'), check('c.known', 'expected-failure')],
        },
      },
      /^--last-failed: nothing failed in the last run in .* \(verdict passed-with-expected-failures, 2 checks; 1 expected failure of the baseline failed as listed and is not re-run\): there is nothing to re-run$/,
    ],
  ];
  for (const [report, message] of cases) {
    const dir = reportDir(report);
    try {
      const result = lastFailed(dir);
      expect('mistake' in result && result.mistake).toMatch(message);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('the filter matches a check by its id in the title Playwright greps, and no other', () => {
  // Playwright's grep text: project, file, title (which starts with the check id), tags.
  const grepText = (file: string, id: string, title: string) =>
    ` conformance ${file} ${id} ${title} @${id.split('.')[0]}`;
  const filter = new RegExp(lastFailedFilter(['auth.missing-token', 'ledger.funding(x)']));
  expect(filter.test(grepText('auth/tokens.spec.ts', 'auth.missing-token', 'refuses a request without a token'))).toBe(
    true,
  );
  expect(filter.test(grepText('ledger/funding.spec.ts', 'ledger.funding(x)', 'a title'))).toBe(true);
  expect(
    filter.test(grepText('auth/tokens.spec.ts', 'auth.missing-token-401-everywhere', 'refuses it with 401 everywhere')),
  ).toBe(false);
  expect(filter.test(grepText('auth/tokens.spec.ts', 'authXmissing-token', 'a title'))).toBe(false);
  expect(filter.test(grepText('ledger/funding.spec.ts', 'ledger.fundingx', 'a title'))).toBe(false);
});
