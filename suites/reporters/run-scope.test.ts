import { test, expect } from '@playwright/test';
import { checkFilter } from './run-scope.ts';

/** What Playwright matches a project's `grep` against: project, file, title and tags. */
const titled = (title: string, tag: string) => `clock dist/suites/checks/clock/a.clock.spec.js ${title} ${tag}`;

function matcher(grep: string | undefined, tag: string | undefined): RegExp {
  const filter = checkFilter(grep, tag);
  if (filter === null || 'mistake' in filter) throw new Error(`no filter: ${JSON.stringify(filter)}`);
  return new RegExp(filter.source);
}

test('a tag selects the checks of that tag only, with or without its @, and not a longer tag it begins', () => {
  for (const tag of ['auth', '@auth']) {
    const only = matcher(undefined, tag);
    expect(only.test(titled('auth.token-expiry accepts a token for 15 minutes', '@auth'))).toBe(true);
    expect(only.test(titled('exchange.window-clock settles an exchange', '@exchange'))).toBe(false);
    expect(only.test(titled('x.y a check', '@authority'))).toBe(false);
  }
});

test('--grep and --tag together select the checks matching both', () => {
  const only = matcher('token-expiry|window', 'auth');
  expect(only.test(titled('auth.token-expiry accepts a token', '@auth'))).toBe(true);
  expect(only.test(titled('auth.session-24h keeps a session alive', '@auth'))).toBe(false);
  expect(only.test(titled('exchange.window-clock settles an exchange', '@exchange'))).toBe(false);
});

test('no filter is null; a --grep that is no regular expression is a mistake that says why', () => {
  expect(checkFilter(undefined, undefined)).toBeNull();
  const mistake = checkFilter('auth.(', undefined);
  expect(mistake).toEqual({
    mistake: expect.stringMatching(/^--grep must be a regular expression; "auth\.\(" is not: /),
  });
  // A tag is taken literally: its dots and brackets select nothing else.
  expect(matcher(undefined, 'a.b').test(titled('x.y a check', '@aXb'))).toBe(false);
});
