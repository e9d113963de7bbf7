import type { TokenClaims } from './claims.ts';

/**
 * Tokens whose signature and claim set were already checked, with their claims. Checking an EdDSA
 * signature is most of what a read call costs, and a client sends the same token call after call.
 * Only what the token's bytes alone decide is kept; everything that depends on time or state (expiry,
 * the 24-hour session, revocation by refresh, a blocked member, faults) is still checked on every
 * call. Bounded: when full, the oldest entry goes, and its token is simply verified again.
 */
export class VerifiedTokens {
  private readonly claimsByToken = new Map<string, Readonly<TokenClaims>>();

  constructor(readonly capacity: number) {}

  get(token: string): Readonly<TokenClaims> | undefined {
    return this.claimsByToken.get(token);
  }

  /** Frozen, so that no caller can change what later calls of the same token will read. */
  remember(token: string, claims: TokenClaims): Readonly<TokenClaims> {
    const frozen = Object.freeze({ ...claims, accounts: freezeList(claims.accounts), allowed_ips: freezeList(claims.allowed_ips), endpoints: freezeList(claims.endpoints) });
    if (this.claimsByToken.size >= this.capacity) {
      const oldest = this.claimsByToken.keys().next();
      if (!oldest.done) this.claimsByToken.delete(oldest.value);
    }
    this.claimsByToken.set(token, frozen);
    return frozen;
  }

  get size(): number {
    return this.claimsByToken.size;
  }
}

function freezeList(list: string[] | '*'): string[] | '*' {
  return list === '*' ? list : Object.freeze([...list]) as string[];
}
