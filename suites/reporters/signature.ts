import { createHash } from 'node:crypto';
import { CompactSign, calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import type { ConformanceReport, SignedClaims, UnsignedReport } from './report-types.ts';

/**
 * The seal of a conformance report. A key pair is made for each run and its private key is never
 * stored. The public key travels in the JWS header, so the signature shows the claims (profile digest,
 * suite version, results digest) are intact; that they come from this run needs the key pinned, by the
 * thumbprint the run printed.
 */
export const signatureAlgorithm = 'EdDSA';

/** Canonical JSON (sorted keys, no whitespace), so the digest survives re-indenting the file. */
export function resultsDigest(results: unknown): string {
  return createHash('sha256').update(canonicalJson(results), 'utf8').digest('hex');
}

export async function signReport(unsigned: UnsignedReport): Promise<ConformanceReport> {
  const { privateKey, publicKey } = await generateKeyPair(signatureAlgorithm, { crv: 'Ed25519' });
  const jwk = await exportJWK(publicKey);
  const results_digest = resultsDigest(unsigned.results);
  const claims: SignedClaims = {
    profile_digest: unsigned.profile_digest,
    suite_version: unsigned.suite_version,
    results_digest,
  };
  const jws = await new CompactSign(new TextEncoder().encode(canonicalJson(claims)))
    .setProtectedHeader({ alg: signatureAlgorithm, jwk })
    .sign(privateKey);
  return { ...unsigned, signature: { results_digest, jws, key_thumbprint: await calculateJwkThumbprint(jwk) } };
}
