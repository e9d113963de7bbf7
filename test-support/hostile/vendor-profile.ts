import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequiredRole } from '../../suites/runtime/profile.ts';
import { fakeJwt } from '../test-server.ts';
import { REFRESH_MARGIN_MS } from '../../suites/runtime/token-keeper.ts';
import type { Secret } from './secret-scan.ts';

/**
 * The vendor profile a hostile-target run uses, and every secret in it: JWT-shaped tokens (one of them
 * close to expiry, so the harness renews it through the target), a signing key, and signature values
 * the target answers with. All are random per run, so finding one in a report can only be a leak.
 */

export interface RunSecrets {
  /** Role -> token, as the profile gives them. */
  tokens: Record<RequiredRole, string>;
  /** PEM-shaped private key material: in the run's environment and in a comment of the profile. */
  signingKey: string;
  /** Values the target puts where the spec has signatures. */
  signatures: string[];
}

/** The environment variable the profile takes mmB's token from (secrets kept out of files). */
export const MMB_TOKEN_VARIABLE = 'HOSTILE_MMB_TOKEN';
/** Where a vendor's CI would keep the signing key; the harness has no business reading it. */
export const SIGNING_KEY_VARIABLE = 'DSS_SIGNING_KEY';

export function makeRunSecrets(): RunSecrets {
  const exp = (ms: number) => Math.floor((Date.now() + ms) / 1000);
  const token = (sub: string, ms: number) => fakeJwt({ sub, exp: exp(ms) }, random(64));
  return {
    tokens: {
      // Within the refresh margin, so the harness renews it before its first call; as late in it as
      // can be, because preflight refuses a token that expired while a loaded machine started the run.
      tokenizer: token('hostile-tkn', REFRESH_MARGIN_MS - 5_000),
      mmA: token('hostile-mm-a', 3_600_000),
      mmB: token('hostile-mm-b', 3_600_000),
    },
    signingKey: `-----BEGIN PRIVATE KEY-----\n${random(48)}\n-----END PRIVATE KEY-----`,
    signatures: [random(64), random(64)],
  };
}

/** Every value that must not leave the run, with the parts of each token that identify it on their own. */
export function secretValues(secrets: RunSecrets, issuedByTarget: readonly string[]): Secret[] {
  const tokens: Secret[] = [
    ...Object.entries(secrets.tokens).map(([role, value]) => ({ label: `the ${role} token`, value })),
    ...issuedByTarget.map((value, index) => ({ label: `token ${index + 1} renewed by the target`, value })),
  ];
  const signatureSegments = tokens.map(({ label, value }) => ({
    label: `the signature segment of ${label}`,
    value: value.split('.')[2] ?? value,
  }));
  return [
    ...tokens,
    ...signatureSegments,
    { label: 'the signing key', value: secrets.signingKey },
    { label: 'the signing key material', value: secrets.signingKey.split('\n')[1] ?? secrets.signingKey },
    ...secrets.signatures.map((value, index) => ({ label: `signature ${index + 1} sent by the target`, value })),
  ];
}

export interface ProfileTimeouts {
  request_ms: number;
  check_ms: number;
}

/** Writes `<dir>/profile.yaml` for `baseUrl` and returns its path and the environment it needs. */
export function writeVendorProfile(
  dir: string,
  baseUrl: string,
  timeouts: ProfileTimeouts,
  secrets: RunSecrets,
): { file: string; env: Record<string, string> } {
  const member = (identification: string, token: string, extra = '') =>
    `    identification: ${identification}\n    token: "${token}"\n    accounts: [main, second]\n${extra}`;
  const text = [
    `# signing key of the vendor's members, kept here by mistake: ${secrets.signingKey.replaceAll('\n', ' ')}`,
    `base_url: ${baseUrl}`,
    'members:',
    '  tokenizer:',
    // Two DSAs, as the exchange checks need: no check may stop at a harness fault for a missing one.
    member(
      'hostile-tkn',
      secrets.tokens.tokenizer,
      '    assets:\n      - { asset_code_identification: USD, asset_issuer_identification: hostile-tkn }\n      - { asset_code_identification: EUR, asset_issuer_identification: hostile-tkn }\n',
    ),
    '  mmA:',
    member('hostile-mm-a', secrets.tokens.mmA),
    '  mmB:',
    member('hostile-mm-b', `\${${MMB_TOKEN_VARIABLE}}`),
    'capabilities: { control: none }',
    `timeouts: { request_ms: ${timeouts.request_ms}, check_ms: ${timeouts.check_ms} }`,
    '',
  ].join('\n');
  const file = join(dir, 'profile.yaml');
  writeFileSync(file, text, { mode: 0o600 });
  return { file, env: { [MMB_TOKEN_VARIABLE]: secrets.tokens.mmB, [SIGNING_KEY_VARIABLE]: secrets.signingKey } };
}

function random(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}
