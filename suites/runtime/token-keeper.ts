import { CheckFailure } from './check-failure.ts';
import { expiryOf, readClaims, tokenProblem } from './jwt-claims.ts';

/**
 * Keeps one member's bearer token usable for a whole run. The spec revokes a token that is not
 * renewed within 15 minutes, so the harness renews it through the spec's own refresh endpoint shortly
 * before it expires. Expiry is read from the JWT's `exp` without verifying it (the harness holds no
 * key); a token that is not a JWT is opaque and is never refreshed (preflight refuses such a profile).
 * A renewal the target answers is adopted only if it is a JWT of the same member that has not expired:
 * anything else is the target breaking AUTH-REFRESH, and the check that needed the token fails so.
 */

/** Renew when the token has this little time left. */
export const REFRESH_MARGIN_MS = 2 * 60 * 1000;

export interface TokenKeeperOptions {
  /** The target's current time in ms (the simulator's clock may run ahead of the wall clock). */
  now: () => number;
  /** Renews through the refresh endpoint; null when the target refused. */
  refresh: (token: string) => Promise<string | null>;
  /**
   * A brand-new token from outside the API (the simulator's control plane), for when refreshing is
   * impossible: the token already expired (the clock was moved) or its 24-hour session ended.
   */
  reissue?: () => Promise<string>;
  /** Told of every new token, so that it outlives this keeper (see TokenStore). */
  renewed?: (token: string) => void;
  /** The member the token belongs to: a renewal naming another is refused. */
  member?: string;
}

export class TokenKeeper {
  private renewing: Promise<string> | undefined;

  constructor(
    private token: string,
    private readonly options: TokenKeeperOptions,
  ) {}

  /** The token to send now, renewed first when it is about to expire. */
  async current(): Promise<string> {
    const expiresAt = jwtExpiry(this.token);
    if (expiresAt === null || expiresAt - this.options.now() > REFRESH_MARGIN_MS) return this.token;
    // Concurrent calls share one renewal: a second refresh with the replaced token would be refused.
    this.renewing ??= this.renew(expiresAt).finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async renew(expiresAt: number): Promise<string> {
    if (expiresAt > this.options.now()) {
      const renewed = await this.options.refresh(this.token);
      if (renewed !== null) {
        const problem =
          this.options.member === undefined ? null : tokenProblem(renewed, this.options.member, this.options.now());
        if (problem)
          throw new CheckFailure(
            'AUTH-REFRESH',
            `the harness renewed ${this.options.member}’s token through GET /oauth-token/refresh and got 200 with a token that ${problem}`,
          );
        return this.replace(renewed);
      }
    }
    if (this.options.reissue) return this.replace(await this.options.reissue());
    // Nothing else to try: the next call shows the target's answer to the stale token.
    return this.token;
  }

  private replace(token: string): string {
    this.token = token;
    this.options.renewed?.(token);
    return token;
  }
}

/** The `exp` claim of a JWT in ms, or null when the token is not a JWT with a numeric `exp`. */
export function jwtExpiry(token: string): number | null {
  const claims = readClaims(token);
  return claims ? expiryOf(claims) : null;
}
