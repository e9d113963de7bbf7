import { test, expect } from '@playwright/test';
import { fileFiltersFor, grepForChecks, parseCheckListing } from './check-listing.ts';

const annotated = (projectName: string, check: string, ...requirements: string[]) => ({
  projectName,
  annotations: [
    { type: 'check', description: check },
    ...requirements.map((description) => ({ type: 'requirement', description })),
    { type: 'endpoint', description: 'member.getMember' },
  ],
});

test('the listing gives each check once, with its requirements, project and file, from nested suites', () => {
  const listing = {
    suites: [
      { specs: [{ file: 'target.setup.js', tests: [annotated('target', 'target.reachable', 'VER-PATH-PREFIX')] }] },
      {
        suites: [
          {
            specs: [
              {
                file: 'auth/refresh.spec.js',
                tests: [annotated('conformance', 'auth.refresh', 'AUTH-REFRESH', 'ERR-BODY-SHAPE', 'AUTH-REFRESH')],
              },
              { file: 'auth/refresh.spec.js', tests: [{ projectName: 'conformance', annotations: [] }] },
            ],
          },
        ],
      },
    ],
    errors: [],
  };
  expect(parseCheckListing(JSON.stringify(listing))).toEqual([
    { check_id: 'target.reachable', requirements: ['VER-PATH-PREFIX'], project: 'target', file: 'target.setup.js' },
    {
      check_id: 'auth.refresh',
      requirements: ['AUTH-REFRESH', 'ERR-BODY-SHAPE'],
      project: 'conformance',
      file: 'auth/refresh.spec.js',
    },
  ]);
});

test('a suite that does not load fails the listing instead of leaving its checks out', () => {
  const listing = { suites: [], errors: [{ message: 'SyntaxError: Unexpected token in auth/tokens.spec.ts' }] };
  expect(() => parseCheckListing(JSON.stringify(listing))).toThrow(/did not load:\nSyntaxError: Unexpected token/);
});

test('the grep selects exactly the named checks by the id at the start of their title', () => {
  const grep = new RegExp(grepForChecks(['auth.refresh', 'target.reachable']));
  // What Playwright matches: project, file, titles and tags joined by spaces.
  expect(grep.test('conformance auth/refresh.spec.ts auth.refresh renews the token @auth')).toBe(true);
  expect(grep.test('target target.setup.ts target.reachable answers a read @target')).toBe(true);
  expect(grep.test('conformance auth/refresh.spec.ts auth.refresh-unusable refuses @auth')).toBe(false);
  expect(grep.test('conformance auth/refresh.spec.ts authXrefresh renews @auth')).toBe(false);
});

test('the file filters select exactly the named check files, whatever the path separator', () => {
  const filters = fileFiltersFor(['auth/refresh.spec.js', 'target.setup.js', 'auth/refresh.spec.js']).map(
    (filter) => new RegExp(filter),
  );
  expect(filters).toHaveLength(2);
  const selected = (path: string) => filters.some((filter) => filter.test(path));
  expect(selected('/kit/dist/suites/checks/auth/refresh.spec.js')).toBe(true);
  expect(selected('C:\\kit\\dist\\suites\\checks\\auth\\refresh.spec.js')).toBe(true);
  expect(selected('/kit/dist/suites/checks/target.setup.js')).toBe(true);
  expect(selected('/kit/dist/suites/checks/auth/refresh.spec.jsx')).toBe(false);
  expect(selected('/kit/dist/suites/checks/auth/refreshXspec.js')).toBe(false);
  expect(selected('/kit/dist/suites/checks/clock/auth/refresh.spec.js')).toBe(false);
});
