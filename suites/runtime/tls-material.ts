import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { createSecureContext } from 'node:tls';

/**
 * The profile's `tls:` block: what the harness trusts and shows when it reaches an https target. Files
 * are PEM (the PKCS#12 bundle aside) and named relative to the profile's own folder. `ca` replaces the
 * system's trusted CAs for the target, as curl's --cacert does; `cert` and `key`, or `pfx`, are the
 * harness's client certificate for mutual TLS; `passphrase` opens an encrypted key or the bundle (write
 * it as `${NAME}`: it is a secret); `servername` is the name sent in SNI and the one the target's
 * certificate must be valid for, when it is not base_url's host.
 */
export interface ProfileTls {
  ca?: string;
  cert?: string;
  key?: string;
  pfx?: string;
  passphrase?: string;
  servername?: string;
}

/** Options for node:tls, read from the files. */
export interface TlsOptions {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  pfx?: Buffer;
  passphrase?: string;
  servername?: string;
}

const files = ['ca', 'cert', 'key', 'pfx'] as const;

/** The block with its file names made absolute against `dir` (the profile's folder), so every process reads the same files. */
export function resolveTlsFiles(tls: ProfileTls, dir: string): ProfileTls {
  const resolved: ProfileTls = { ...tls };
  for (const name of files) {
    const file = tls[name];
    if (file !== undefined) resolved[name] = isAbsolute(file) ? file : resolve(dir, file);
  }
  return resolved;
}

export function readTlsOptions(tls: ProfileTls): TlsOptions {
  const options: TlsOptions = {};
  for (const name of files) if (tls[name] !== undefined) options[name] = readFileSync(tls[name]!);
  if (tls.passphrase !== undefined) options.passphrase = tls.passphrase;
  if (tls.servername !== undefined) options.servername = tls.servername;
  return options;
}

/** node:tls silently ignores what is not a PEM certificate in `ca`: it would only show as an untrusted target. */
export function caProblem(text: string): string | null {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0)
    return 'holds no PEM certificate (-----BEGIN CERTIFICATE-----): give the CA certificate, or several, in PEM';
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch (error) {
      return `holds a certificate that cannot be read (${(error as Error).message}); give PEM`;
    }
  }
  return null;
}

/**
 * Every problem of the block, each with its path: entries that go together or exclude each other, files
 * that cannot be read, and material node:tls cannot use (not PEM, a key that is not the certificate's,
 * a passphrase that does not open the bundle). Never the passphrase itself.
 */
export function tlsProblems(tls: ProfileTls, baseUrl: string): string[] {
  const problems: string[] = [];
  if (!baseUrl.startsWith('https:'))
    problems.push('/tls: base_url is not https://, so no TLS is used: remove tls, or give the https:// URL');
  if ((tls.cert === undefined) !== (tls.key === undefined))
    problems.push(
      `/tls: ${tls.cert === undefined ? 'key needs cert' : 'cert needs key'} (the client certificate and its private key), or give both in one PKCS#12 bundle as pfx`,
    );
  if (tls.pfx !== undefined && (tls.cert !== undefined || tls.key !== undefined))
    problems.push('/tls: give the client certificate either as cert and key, or as pfx, not both');
  if (tls.passphrase !== undefined && tls.pfx === undefined && tls.key === undefined)
    problems.push('/tls/passphrase: opens an encrypted key or pfx, and neither is given');
  for (const name of files) {
    const file = tls[name];
    if (file === undefined) continue;
    try {
      readFileSync(file);
    } catch (error) {
      problems.push(`/tls/${name}: cannot read ${file}: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) return problems;

  const options = readTlsOptions(tls);
  const attempt = (
    what: string,
    material: Parameters<typeof createSecureContext>[0],
    explain: (message: string) => string,
  ) => {
    try {
      createSecureContext(material);
    } catch (error) {
      problems.push(`${what}: ${explain((error as Error).message)}`);
    }
  };
  if (options.ca) {
    const problem = caProblem(options.ca.toString('latin1'));
    if (problem) problems.push(`/tls/ca: ${tls.ca} ${problem}`);
  }
  if (options.cert && options.key) {
    attempt('/tls/key', { cert: options.cert, key: options.key, passphrase: options.passphrase }, (message) =>
      /mismatch/i.test(message)
        ? `${tls.key} is not the private key of the certificate in ${tls.cert} (${message})`
        : /bad decrypt|passphrase|encrypted/i.test(message)
          ? `${tls.key} is encrypted and the passphrase does not open it (${message})`
          : `${tls.cert} and ${tls.key} cannot be used as a client certificate (${message}); give PEM`,
    );
  }
  if (options.pfx) {
    attempt('/tls/pfx', { pfx: options.pfx, passphrase: options.passphrase }, (message) =>
      /mac verify/i.test(message)
        ? `the passphrase${tls.passphrase === undefined ? ' (none given)' : ''} does not open ${tls.pfx}, or it is not a PKCS#12 bundle (${message})`
        : `${tls.pfx} cannot be used as a client certificate (${message})`,
    );
  }
  return problems;
}
