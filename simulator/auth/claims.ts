import type { JWTPayload } from 'jose';
import { accessRoles, type AccessRole } from './principal.ts';
import type { Grant } from './token-request.ts';

/**
 * The claim set of a bearer token (semantics §13). `iat` and `exp` are JWT NumericDates (seconds),
 * written with millisecond fractions so that expiry is exact to the millisecond; `session_start` is
 * in milliseconds like every other time of the service.
 */
export interface TokenClaims extends Grant {
  /** Session id; every refresh of a session keeps it. */
  sid: string;
  session_start: number;
  /** How many refreshes led to this token (0 for the token the control plane issued). */
  refresh_count: number;
  iat: number;
  exp: number;
  jti: string;
}

/** The claims of a verified token, or undefined when one is missing or of the wrong type. */
export function readClaims(payload: JWTPayload): TokenClaims | undefined {
  const {
    member_identification,
    role,
    accounts,
    allowed_ips,
    endpoints,
    sid,
    session_start,
    refresh_count,
    iat,
    exp,
    jti,
  } = payload;
  if (
    typeof member_identification !== 'string' ||
    !isRole(role) ||
    !isGrantList(accounts) ||
    !isGrantList(allowed_ips) ||
    !isGrantList(endpoints) ||
    typeof sid !== 'string' ||
    !isWholeNumber(session_start) ||
    !isWholeNumber(refresh_count) ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    typeof jti !== 'string'
  ) {
    return undefined;
  }
  return {
    member_identification,
    role,
    accounts,
    allowed_ips,
    endpoints,
    sid,
    session_start,
    refresh_count,
    iat,
    exp,
    jti,
  };
}

/** A NumericDate of a claim, back in milliseconds. */
export function claimMs(seconds: number): number {
  return Math.round(seconds * 1000);
}

function isRole(value: unknown): value is AccessRole {
  return (accessRoles as readonly unknown[]).includes(value);
}

function isGrantList(value: unknown): value is string[] | '*' {
  return value === '*' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
}

function isWholeNumber(value: unknown): value is number {
  return Number.isSafeInteger(value);
}
