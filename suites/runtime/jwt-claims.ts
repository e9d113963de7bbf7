/**
 * What the harness reads in a token without verifying it (it holds no key): the spec makes every token
 * a JWT (Authentication 1) whose issue names the member (Authentication 3), and its claims are how the
 * harness knows when to renew it and whose it is before the target is asked.
 */

export type Claims = Record<string, unknown>;

/** The claims of a JWT (`header.payload.signature`, base64url), or null when the token is not one. */
export function readClaims(token: string): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim in ms, or null when there is none. */
export function expiryOf(claims: Claims): number | null {
  const exp = claims.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * The member a token names: the reference's `member_identification` claim, or `member`. The spec does not
 * name the claim, so a token with neither is taken as it is (the target's answer decides).
 */
export function memberOf(claims: Claims): string | null {
  for (const name of ['member_identification', 'member']) {
    const value = claims[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/**
 * Why `token` cannot be a usable token of `member` at `now`, or null: not a JWT, expired, or naming
 * another member. Preflight reads profile tokens with it, the token keeper the target's renewals.
 */
export function tokenProblem(token: string, member: string, now: number): string | null {
  const claims = readClaims(token);
  if (!claims) return 'is not a JWT (three base64url parts with a JSON payload), as the spec’s tokens are';
  const expiresAt = expiryOf(claims);
  if (expiresAt !== null && expiresAt <= now) return `expired at ${new Date(expiresAt).toISOString()}`;
  const named = memberOf(claims);
  if (named !== null && named !== member) return `names member ${named}, not ${member}`;
  return null;
}
