import { expect, test } from '@playwright/test';
import { memberOf, readClaims, tokenProblem } from './jwt-claims.ts';
import { fakeJwt } from '../../test-support/test-server.ts';

const now = Date.parse('2026-01-01T00:00:00Z');
const exp = (ms: number) => Math.floor((now + ms) / 1000);

test('reads the claims of a JWT without verifying it, and nothing from anything else', () => {
  expect(readClaims(fakeJwt({ member_identification: 'mm-1', exp: 5 }))).toEqual({
    member_identification: 'mm-1',
    exp: 5,
  });
  for (const opaque of ['opaque-token', 'a.b', 'a.b.c.d', `x.${Buffer.from('[1]').toString('base64url')}.y`, 'a b.c.d'])
    expect(readClaims(opaque)).toBeNull();
  expect(memberOf({ member: 'mm-2' })).toBe('mm-2');
  expect(memberOf({ sub: 'user-7' })).toBeNull();
});

test('a token is a problem when it is not a JWT, has expired, or names another member', () => {
  expect(tokenProblem(fakeJwt({ member_identification: 'mm-1', exp: exp(60_000) }), 'mm-1', now)).toBeNull();
  // The spec does not name the member claim: without one the target's answer decides.
  expect(tokenProblem(fakeJwt({ sub: 'someone', exp: exp(60_000) }), 'mm-1', now)).toBeNull();
  expect(tokenProblem('0123456789abcdef', 'mm-1', now)).toContain('is not a JWT');
  expect(tokenProblem(fakeJwt({ member_identification: 'mm-1', exp: exp(-1_000) }), 'mm-1', now)).toBe(
    'expired at 2025-12-31T23:59:59.000Z',
  );
  expect(tokenProblem(fakeJwt({ member_identification: 'mm-9', exp: exp(60_000) }), 'mm-1', now)).toBe(
    'names member mm-9, not mm-1',
  );
});
