import { expect, test } from '@playwright/test';
import { CheckFailure } from './check-failure.ts';
import { fakeJwt } from '../../test-support/test-server.ts';
import { REFRESH_MARGIN_MS, TokenKeeper } from './token-keeper.ts';

/** The harness's own renewals: adopted only when the target answers a JWT of the same member. */

const now = 1_800_000_000_000;
const expiring = fakeJwt({ member_identification: 'mm-1', exp: Math.floor((now + REFRESH_MARGIN_MS / 2) / 1000) });
const fresh = (member: string) => fakeJwt({ member_identification: member, exp: Math.floor((now + 900_000) / 1000) });

function keeper(answer: string | null) {
  const renewed: string[] = [];
  const keeper = new TokenKeeper(expiring, {
    now: () => now,
    refresh: async () => answer,
    renewed: (token) => renewed.push(token),
    member: 'mm-1',
  });
  return { keeper, renewed };
}

test('a renewal that is a JWT of the same member is adopted and told', async () => {
  const { keeper: k, renewed } = keeper(fresh('mm-1'));
  expect(await k.current()).toBe(fresh('mm-1'));
  expect(renewed).toEqual([fresh('mm-1')]);
});

for (const [what, answer, said] of [
  ['an opaque string', 'x1y2z3', 'is not a JWT'],
  ['another member’s token', fresh('mm-2'), 'names member mm-2, not mm-1'],
] as const) {
  test(`a renewal answered with ${what} fails AUTH-REFRESH, a target failure, and is not adopted`, async () => {
    const { keeper: k, renewed } = keeper(answer);
    const error = await k.current().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).requirement).toBe('AUTH-REFRESH');
    expect((error as Error).message).toContain(said);
    expect(renewed).toEqual([]);
  });
}

test('a refused renewal keeps the stale token, so the next call shows the target’s answer', async () => {
  const { keeper: k, renewed } = keeper(null);
  expect(await k.current()).toBe(expiring);
  expect(renewed).toEqual([]);
});
