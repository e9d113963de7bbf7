import { send, type NetworkFailure } from '../../suites/runtime/http.ts';
import { UserMistake } from '../../suites/runtime/user-mistake.ts';

/**
 * Before a run starts: does anything answer at the target's address? A dead URL, a host name that does
 * not resolve or a certificate the machine does not trust is the user's to fix, and must say so in one
 * paragraph, not as a harness fault or a misleading "no control plane" after a run that tested nothing.
 * Any HTTP answer at all (a 404 included) means the address is right.
 */
export async function expectReachable(baseUrl: string, timeoutMs: number): Promise<void> {
  const result = await send({ method: 'GET', url: baseUrl, headers: { accept: 'application/json' }, timeoutMs });
  if (result.kind === 'failure') throw new UserMistake(unreachable(baseUrl, result, timeoutMs));
}

/**
 * `--target` without a profile: only a simulator can give the run its members and tokens, through its
 * control plane. A target that answers without one needs a profile.
 */
export async function expectControlPlane(baseUrl: string, timeoutMs: number): Promise<void> {
  const url = `${baseUrl.replace(/\/+$/, '')}/sim/health`;
  const result = await send({ method: 'GET', url, headers: { accept: 'application/json' }, timeoutMs });
  if (result.kind === 'failure') throw new UserMistake(unreachable(baseUrl, result, timeoutMs));
  if (result.status !== 200) {
    throw new UserMistake(
      `${baseUrl} answers, but has no simulator control plane (GET /sim/health answered ${result.status}), so the harness cannot make its own members and tokens there. ` +
        'Give a target profile with --profile FILE naming the members, tokens and assets to test with (see docs/profiles.md).',
    );
  }
}

function unreachable(baseUrl: string, failure: NetworkFailure, timeoutMs: number): string {
  const host = hostOf(baseUrl);
  switch (failure.reason) {
    case 'refused':
      return `cannot reach the target at ${baseUrl}: the connection was refused (${failure.message}). Is the service running, and listening on that address and port?`;
    case 'dns':
      return `cannot reach the target at ${baseUrl}: the host name ${host} does not resolve (${failure.message}). Check the spelling of the URL and this machine's DNS.`;
    case 'tls':
      return `cannot reach the target at ${baseUrl}: the TLS handshake failed (${failure.message}). Is the certificate valid for ${host} and trusted here? A private CA can be added with NODE_EXTRA_CA_CERTS=ca.pem.`;
    case 'timeout':
      return `cannot reach the target at ${baseUrl}: no answer within ${timeoutMs} ms (${failure.message}). Is the service running, and is the address reachable from this machine (firewall, VPN, proxy)?`;
    default:
      return `cannot reach the target at ${baseUrl}: ${failure.message}. Is the service running?`;
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return baseUrl;
  }
}
