/**
 * Keeps one member's bearer token usable for a whole run. The spec revokes a token that is not
 * renewed within 15 minutes, so the harness renews it through the spec's own refresh endpoint shortly
 * before it expires. Expiry is read from the JWT's `exp` without verifying it (the harness holds no
 * key); a token that is not a JWT is opaque and is never refreshed.
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

  /** Takes a token the caller renewed itself (a check of the refresh endpoint) as the current one. */
  adopt(token: string): void {
    this.replace(token);
  }

  private async renew(expiresAt: number): Promise<string> {
    if (expiresAt > this.options.now()) {
      const renewed = await this.options.refresh(this.token);
      if (renewed !== null) return this.replace(renewed);
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
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (claims === null || typeof claims !== 'object') return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}
