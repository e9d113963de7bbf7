import { readFile } from 'node:fs/promises';
import { EmbeddedJWK, calculateJwkThumbprint, compactVerify, decodeProtectedHeader } from 'jose';
import { reportFormat } from './report-types.ts';
import { resultsDigest, signatureAlgorithm } from './signature.ts';

export interface VerifyOptions {
  /** The key thumbprint the run printed; without it, any key in the header is taken at its word. */
  keyThumbprint?: string;
}

/**
 * Checks a conformance.json as `dss verify-report` does: the results digest is recomputed from the
 * results in the file, and the JWS must verify and sign exactly the file's profile digest, suite
 * version and that digest. Every problem found is listed; `ok` only when there is none.
 */
export interface Verification {
  ok: boolean;
  problems: string[];
  /** What the report claims, once its results could be read: the verdict, the headline and the run's filters. */
  claims?: { verdict: string; headline: string; filters: string[] };
}

export async function verifyReport(file: string, options: VerifyOptions = {}): Promise<Verification> {
  const problems: string[] = [];
  let claimed: Verification['claims'];
  const done = (): Verification =>
    claimed === undefined
      ? { ok: problems.length === 0, problems }
      : { ok: problems.length === 0, problems, claims: claimed };
  let report: unknown;
  try {
    report = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    problems.push(`cannot read ${file} as JSON: ${messageOf(error)}`);
    return done();
  }
  if (!isRecord(report) || report.format !== reportFormat) {
    problems.push(`not a conformance report (format ${reportFormat})`);
    return done();
  }
  const { signature } = report;
  if (!isRecord(signature) || typeof signature.jws !== 'string') {
    problems.push('the report has no signature');
    return done();
  }
  if (!isRecord(report.results)) {
    problems.push('the report has no results');
    return done();
  }
  claimed = claimsOf(report.results);
  const digest = resultsDigest(report.results);
  if (signature.results_digest !== digest)
    problems.push('the results digest does not match the results: the results were changed after signing');

  let claims: unknown;
  try {
    const verified = await compactVerify(signature.jws, EmbeddedJWK, { algorithms: [signatureAlgorithm] });
    claims = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch (error) {
    problems.push(`the signature does not verify: ${messageOf(error)}`);
    return done();
  }
  if (!isRecord(claims)) {
    problems.push('the signed payload is not a JSON object');
    return done();
  }
  if (claims.results_digest !== digest)
    problems.push('the signed results digest differs from the results in the report');
  if (claims.profile_digest !== report.profile_digest)
    problems.push("the signed profile digest differs from the report's");
  if (claims.suite_version !== report.suite_version)
    problems.push("the signed suite version differs from the report's");

  const { jwk } = decodeProtectedHeader(signature.jws);
  const thumbprint = jwk ? await calculateJwkThumbprint(jwk) : null;
  if (thumbprint !== signature.key_thumbprint)
    problems.push('the key thumbprint in the report is not that of the signing key');
  if (options.keyThumbprint !== undefined && thumbprint !== options.keyThumbprint) {
    problems.push(`the report was signed with key ${thumbprint}, not with the expected key ${options.keyThumbprint}`);
  }
  return done();
}

/** What a reader must know beside the signature: a verified `partial` is still only a filtered run. */
function claimsOf(results: Record<string, unknown>): Verification['claims'] {
  const scope =
    isRecord(results.scope) && Array.isArray(results.scope.filters)
      ? results.scope.filters.filter((f): f is string => typeof f === 'string')
      : [];
  const headline =
    isRecord(results.headline) && typeof results.headline.text === 'string' ? results.headline.text : '(no headline)';
  return { verdict: typeof results.verdict === 'string' ? results.verdict : '(no verdict)', headline, filters: scope };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
