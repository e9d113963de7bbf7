import { BoundedMap } from '../bounded-map.ts';
import type { TokenClaims } from './claims.ts';

/**
 * Tokens whose signature and claim set were already checked, with their claims. Checking an EdDSA
 * signature is most of what a read call costs, and a client sends the same token call after call.
 * Only what the token's bytes alone decide is kept; everything that depends on time or state (expiry,
 * the 24-hour session, revocation by refresh, a blocked member, faults) is still checked on every
 * call. Bounded: when full, the oldest entry goes, and its token is simply verified again.
 *
 * Entries are found by the token's last characters (its signature), then the whole token must be
 * equal: a token of some 700 characters arrives as a new string with every request, and hashing
 * all of it for the lookup cost more than the rest of authentication. Two tokens that end alike
 * share an entry, the later one replacing the earlier, which is then verified again when it returns.
 */
export class VerifiedTokens {
  private readonly byTail: BoundedMap<string, { token: string; claims: Readonly<TokenClaims> }>;

  constructor(readonly capacity: number) {
    this.byTail = new BoundedMap(capacity);
  }

  get(token: string): Readonly<TokenClaims> | undefined {
    const entry = this.byTail.get(tail(token));
    return entry?.token === token ? entry.claims : undefined;
  }

  /** Frozen, so that no caller can change what later calls of the same token will read. */
  remember(token: string, claims: TokenClaims): Readonly<TokenClaims> {
    const frozen = Object.freeze({
      ...claims,
      accounts: freezeList(claims.accounts),
      allowed_ips: freezeList(claims.allowed_ips),
      endpoints: freezeList(claims.endpoints),
    });
    this.byTail.set(tail(token), { token, claims: frozen });
    return frozen;
  }

  get size(): number {
    return this.byTail.size;
  }
}

/** An Ed25519 signature is 86 base64url characters: unique enough to find a token by. */
const TAIL_LENGTH = 86;

function tail(token: string): string {
  return token.length <= TAIL_LENGTH ? token : token.slice(-TAIL_LENGTH);
}

function freezeList(list: string[] | '*'): string[] | '*' {
  return list === '*' ? list : (Object.freeze([...list]) as string[]);
}
