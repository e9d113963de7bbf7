import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  generateSecret,
  SignJWT,
  UnsecuredJWT,
  type CryptoKey,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';
import { HarnessFault } from '../../runtime/harness-fault.ts';

/**
 * Tokens the target did not issue, made from one it did, so that their claims are exactly what the
 * target would accept if it did not check where a token comes from. The real token is read without
 * verifying it: the harness holds none of the target's keys.
 */

interface ReadToken {
  header: ProtectedHeaderParameters;
  claims: JWTPayload;
  segments: [string, string, string];
}

function readToken(token: string): ReadToken {
  const segments = token.split('.');
  if (segments.length !== 3)
    throw new HarnessFault('the member’s token is not a JWT, so no token can be forged from its claims');
  try {
    return {
      header: decodeProtectedHeader(token),
      claims: decodeJwt(token),
      segments: segments as [string, string, string],
    };
  } catch (error) {
    throw new HarnessFault(
      `the member’s token is not a readable JWT: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The real token with its expiry moved an hour later: header and signature kept, so only the signature check can refuse it. */
export function withAlteredPayload(token: string): string {
  const { claims, segments } = readToken(token);
  const exp = typeof claims.exp === 'number' ? claims.exp : Math.floor(Date.now() / 1000);
  const altered = base64url.encode(JSON.stringify({ ...claims, exp: exp + 3600 }));
  return `${segments[0]}.${altered}.${segments[2]}`;
}

/** The real token cut before its signature (a truncated copy). */
export function withoutSignature(token: string): string {
  const { segments } = readToken(token);
  return `${segments[0]}.${segments[1]}`;
}

/** The real token's header and claims, signed with a key the harness just made, by the same algorithm. */
export async function signedByAnotherKey(token: string): Promise<string> {
  const { header, claims } = readToken(token);
  const alg = header.alg;
  if (alg === undefined || alg === 'none') throw new HarnessFault('the member’s token names no signing algorithm');
  let key: CryptoKey | Uint8Array;
  try {
    key = alg.startsWith('HS') ? await generateSecret(alg) : (await generateKeyPair(alg)).privateKey;
  } catch (error) {
    throw new HarnessFault(
      `cannot make a key for the token’s algorithm ${alg}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // The header is kept whole (kid included), so that the target must verify, not only look the key up.
  return new SignJWT(claims).setProtectedHeader({ ...header, alg }).sign(key);
}

/** The real token's claims as an unsecured JWT (`alg: none`, empty signature). */
export function unsecured(token: string): string {
  return new UnsecuredJWT(readToken(token).claims).encode();
}
