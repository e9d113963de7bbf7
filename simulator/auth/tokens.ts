import { randomUUID } from 'node:crypto';
import { errors, generateKeyPair, jwtVerify, SignJWT, type GenerateKeyPairResult, type JWTPayload } from 'jose';
import type { Clock } from '../clock.ts';
import { DssError } from '../errors.ts';
import type { FaultSwitch } from '../faults/catalogue.ts';
import type { MemberRegistry } from '../members/registry.ts';
import { claimMs, readClaims, type TokenClaims } from './claims.ts';
import type { Principal } from './principal.ts';
import { grantFor, type Grant, type TokenRequest } from './token-request.ts';
import { VerifiedTokens } from './verified-tokens.ts';

export { TokenRequestRejected, type TokenRequest } from './token-request.ts';

/** A token must be renewed within 15 minutes (spec, Authentication 5). */
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** After 24 hours an administrator must create a new token (spec, Authentication 4). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const ALGORITHM = 'EdDSA';
/** Far more tokens than a network's clients use at once; a few MB at most. */
const VERIFIED_TOKENS_KEPT = 4096;

export interface IssuedToken {
  token: string;
  /** Milliseconds since the epoch, by the simulator's clock. */
  expires_at: number;
  session_expires_at: number;
}

/** One issued token and the refreshes that followed it. */
interface Session {
  readonly id: string;
  readonly grant: Grant;
  readonly startedAt: number;
  refreshCount: number;
  /** The only token a refresh may renew. */
  currentToken: string;
  /**
   * Ids of the tokens that still authenticate: just the current one, unless the fault
   * `refresh-keeps-old-token` left the ones it replaced alive too.
   */
  readonly liveTokenIds: Set<string>;
}

interface SignedToken {
  token: string;
  id: string;
  expiresAt: number;
}

/**
 * The bearer tokens of one simulator: issues them (for the control plane), authenticates every call,
 * and refreshes them (`GET /oauth-token/refresh`). Sessions live only here, so a reset, which replaces
 * the service, ends them all. Expiry is read from the injected clock, never from jose's own.
 */
export class TokenService {
  private readonly sessions = new Map<string, Session>();
  private readonly verified = new VerifiedTokens(VERIFIED_TOKENS_KEPT);

  private constructor(
    private readonly clock: Clock,
    private readonly members: MemberRegistry,
    private readonly faults: FaultSwitch,
    private readonly keys: GenerateKeyPairResult,
  ) {}

  /** Each instance has its own key, so tokens of another simulator, or from before a reset, are foreign. */
  static async create(clock: Clock, members: MemberRegistry, faults: FaultSwitch): Promise<TokenService> {
    return new TokenService(clock, members, faults, await generateKeyPair(ALGORITHM));
  }

  /** Starts a new 24-hour session. Throws TokenRequestRejected for a request that names unknown things. */
  async issue(request: TokenRequest): Promise<IssuedToken> {
    const grant = grantFor(request, this.members);
    const now = this.clock.now();
    const identity = { id: randomUUID(), grant, startedAt: now };
    const signed = await this.sign(identity, 0, now);
    this.sessions.set(identity.id, {
      ...identity,
      refreshCount: 0,
      currentToken: signed.token,
      liveTokenIds: new Set([signed.id]),
    });
    return issued(signed, identity.startedAt);
  }

  /**
   * The caller of a request, from its `Authorization` header; throws the 401 DssError that fits.
   * Once the 24-hour session is over its token works nowhere, except that a renewal call still gets
   * through (`renewal: true`), so that the refresh endpoint can answer its own listed status, 404
   * "token could not be renewed", and end the session.
   */
  async authenticate(authorization: string | undefined, options: { renewal?: boolean } = {}): Promise<Principal> {
    const token = bearerToken(authorization);
    if (token === undefined)
      throw new DssError('AUTH-MISSING-TOKEN', 'Send the access token as "Authorization: Bearer <token>".');
    return this.callerOf(token, await this.verify(token), options);
  }

  /**
   * authenticate without waiting, for the usual header (`Bearer <token>`, one space) of a token
   * verified before, which is what nearly every call sends; refusals are thrown as authenticate
   * throws them. Undefined for any other header (a new token, another spelling, no token): call
   * authenticate. It lets the routes answer a read without waiting for anything (family-router.ts).
   */
  authenticateVerified(authorization: string | undefined, options: { renewal?: boolean } = {}): Principal | undefined {
    if (!authorization?.startsWith(BEARER)) return undefined;
    // A verified token has no whitespace (bearerToken read it), so this is the token bearerToken reads.
    const token = authorization.slice(BEARER.length);
    const claims = this.verified.get(token);
    return claims && this.callerOf(token, claims, options);
  }

  /** The rules that depend on time and state, judged on every call. */
  private callerOf(token: string, claims: Readonly<TokenClaims>, options: { renewal?: boolean }): Principal {
    const now = this.clock.now();
    const expiresAt = claimMs(claims.exp);
    // Fault expired-token-accepted: only jose's check, made when a token is first verified, remains.
    if (now >= expiresAt && !this.faults.on('expired-token-accepted'))
      throw new DssError(
        'AUTH-EXPIRED-TOKEN',
        `The token expired at ${iso(expiresAt)}; renew tokens within 15 minutes.`,
      );
    if (now >= sessionEnd(claims.session_start) && !options.renewal) {
      throw new DssError(
        'AUTH-EXPIRED-TOKEN',
        `The 24-hour session ended at ${iso(sessionEnd(claims.session_start))}; an administrator must create a new token.`,
      );
    }
    if (!this.sessions.get(claims.sid)?.liveTokenIds.has(claims.jti)) {
      throw new DssError('AUTH-REVOKED-TOKEN', 'The token was replaced by a refresh, or its session has ended.');
    }
    const member = this.members.get(claims.member_identification);
    if (!member || member.member_state === 'blocked') {
      throw new DssError(
        'AUTH-MEMBER-BLOCKED',
        `Member ${claims.member_identification} is blocked or no longer exists.`,
      );
    }
    return {
      member,
      role: claims.role,
      accounts: claims.accounts,
      allowedIps: claims.allowed_ips,
      endpoints: claims.endpoints,
      sessionId: claims.sid,
      tokenId: claims.jti,
      token,
    };
  }

  /**
   * A new token for the caller's session, valid 15 minutes. The token renewed stops working at once.
   * After the session's 24 hours the session ends instead, and its last token with it.
   */
  async refresh(caller: Principal, tokenToRenew: string): Promise<IssuedToken> {
    const session = this.renewable(caller, tokenToRenew);
    const now = this.clock.now();
    if (now >= sessionEnd(session.startedAt)) {
      this.sessions.delete(session.id);
      throw new DssError(
        'TOKEN-NOT-RENEWABLE',
        `The 24-hour session ended at ${iso(sessionEnd(session.startedAt))}; an administrator must create a new token.`,
      );
    }
    // Fault renewed-token-lives-with-session: the renewed token is signed to expire with its session, not 15 minutes on.
    const expiresAt = this.faults.on('renewed-token-lives-with-session')
      ? sessionEnd(session.startedAt)
      : now + TOKEN_LIFETIME_MS;
    const signed = await this.sign(session, session.refreshCount + 1, now, expiresAt);
    // Signing awaits: a concurrent refresh of the same token may have won meanwhile; only one may.
    this.renewable(caller, tokenToRenew);
    session.refreshCount += 1;
    session.currentToken = signed.token;
    if (!this.faults.on('refresh-keeps-old-token')) session.liveTokenIds.clear();
    session.liveTokenIds.add(signed.id);
    return issued(signed, session.startedAt);
  }

  private renewable(caller: Principal, tokenToRenew: string): Session {
    const session = this.sessions.get(caller.sessionId);
    if (!session || session.currentToken !== tokenToRenew) {
      throw new DssError(
        'TOKEN-NOT-RENEWABLE',
        'The token to renew must be the current token of the caller’s session.',
      );
    }
    return session;
  }

  private async sign(
    session: Pick<Session, 'id' | 'grant' | 'startedAt'>,
    refreshCount: number,
    now: number,
    expiresAt = now + TOKEN_LIFETIME_MS,
  ): Promise<SignedToken> {
    // Not cut at the session's end: the session rule is checked on every call instead, so that a
    // renewal after 24 hours can still reach the refresh endpoint and get its 404.
    const id = randomUUID();
    const token = await new SignJWT({
      ...session.grant,
      sid: session.id,
      session_start: session.startedAt,
      refresh_count: refreshCount,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      // NumericDates in seconds with millisecond fractions (RFC 7519 allows them), for exact expiry.
      .setIssuedAt(now / 1000)
      .setExpirationTime(expiresAt / 1000)
      .setJti(id)
      .sign(this.keys.privateKey);
    return { token, id, expiresAt };
  }

  /**
   * The claims of a token signed by this service. A token verified before is not verified again:
   * its signature cannot have changed, and jose's own `exp` check, skipped then, is weaker (whole
   * seconds) than the one `authenticate` makes on every call.
   */
  private async verify(token: string): Promise<Readonly<TokenClaims>> {
    const known = this.verified.get(token);
    if (known) return known;
    let payload: JWTPayload;
    try {
      // jose checks `exp` too, in whole seconds; give it the simulator's time, not the wall clock's.
      ({ payload } = await jwtVerify(token, this.keys.publicKey, {
        algorithms: [ALGORITHM],
        currentDate: new Date(this.clock.now()),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new DssError('AUTH-EXPIRED-TOKEN', 'The token has expired; renew tokens within 15 minutes.');
      if (error instanceof errors.JOSEError)
        throw new DssError('AUTH-INVALID-TOKEN', 'The token is malformed or was not signed by this service.');
      throw error;
    }
    const claims = readClaims(payload);
    if (!claims) throw new DssError('AUTH-INVALID-TOKEN', 'The token lacks claims this service puts in its tokens.');
    return this.verified.remember(token, claims);
  }
}

const BEARER = 'Bearer ';

/** The token of an `Authorization: Bearer <token>` header; the scheme is case-insensitive (RFC 7235). */
function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
}

function sessionEnd(startedAt: number): number {
  return startedAt + SESSION_LIFETIME_MS;
}

function issued(signed: SignedToken, sessionStartedAt: number): IssuedToken {
  return { token: signed.token, expires_at: signed.expiresAt, session_expires_at: sessionEnd(sessionStartedAt) };
}

function iso(instant: number): string {
  return new Date(instant).toISOString();
}
