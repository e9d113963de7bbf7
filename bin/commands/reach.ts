import { connect } from 'node:net';
import { send, type NetworkFailure, type NetworkFailureReason } from '../../suites/runtime/http.ts';
import { UserMistake } from '../../suites/runtime/user-mistake.ts';

/**
 * Before a run starts: does anything answer at the target's address? A dead URL, a host name that does
 * not resolve or a certificate the machine does not trust is the user's to fix, and must say so in one
 * paragraph, not as a harness fault or a misleading "no control plane" after a run that tested nothing.
 * Any HTTP answer at all (a 404 included) means the address is right. A target that takes the connection
 * and then misbehaves (resets it, never answers, sends garbage or too much) is there: judging that is the
 * checks' work, and the report blames the target for it (docs/hostile-targets.md).
 */
export async function expectReachable(baseUrl: string, timeoutMs: number): Promise<void> {
  const result = await send({ method: 'GET', url: baseUrl, headers: { accept: 'application/json' }, timeoutMs });
  if (result.kind === 'response') return;
  if (!userSide.has(result.reason) && (result.reason !== 'timeout' || (await acceptsConnections(baseUrl, timeoutMs)))) return;
  throw new UserMistake(unreachable(baseUrl, result, timeoutMs));
}

/** Failures that say the address is wrong or unusable from here, whatever the service would do. */
const userSide = new Set<NetworkFailureReason>(['refused', 'dns', 'tls', 'invalid-request']);

/** A silent answer is the target's only if it took the connection; one that never connects is not there. */
function acceptsConnections(baseUrl: string, timeoutMs: number): Promise<boolean> {
  const url = new URL(baseUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
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
