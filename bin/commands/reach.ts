import { connect } from 'node:net';
import type { Transport } from '../../suites/runtime/transport.ts';
import { reachTarget, unreachableMessage, unusableAddress } from '../../suites/runtime/unreachable.ts';
import { UserMistake } from '../../suites/runtime/user-mistake.ts';

/**
 * Before a run starts: does anything answer at the target's address? A dead URL, a host name that does
 * not resolve, a TLS handshake that fails or a proxy that does not let the harness through is the user's
 * to fix, and must say so in one paragraph (unreachable.ts), not as a harness fault or a misleading "no
 * control plane" after a run that tested nothing. Any HTTP answer at all (a 404 included) means the
 * address is right. A target that takes the connection and then misbehaves (resets it, never answers,
 * sends garbage or too much) is there: judging that is the checks' work, and the report blames the
 * target for it (docs/hostile-targets.md).
 */
export async function expectReachable(baseUrl: string, timeoutMs: number, transport: Transport): Promise<void> {
  const result = await reachTarget(baseUrl, timeoutMs, transport);
  if (result.kind === 'response') return;
  if (
    !unusableAddress.has(result.reason) &&
    (result.reason !== 'timeout' || (await acceptsConnections(baseUrl, timeoutMs, transport)))
  )
    return;
  throw new UserMistake(unreachableMessage(baseUrl, result, timeoutMs, transport));
}

/**
 * A silent answer is the target's only if it took the connection; one that never connects is not there.
 * Through a proxy, the connection is the proxy's: what lies beyond it cannot be told apart from here.
 */
function acceptsConnections(baseUrl: string, timeoutMs: number, transport: Transport): Promise<boolean> {
  const { host, port } = transport.firstHop(new URL(baseUrl));
  return new Promise((resolve) => {
    const socket = connect({ host, port });
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
export async function expectControlPlane(baseUrl: string, timeoutMs: number, transport: Transport): Promise<void> {
  const url = `${baseUrl.replace(/\/+$/, '')}/sim/health`;
  const result = await reachTarget(url, timeoutMs, transport);
  if (result.kind === 'failure') throw new UserMistake(unreachableMessage(baseUrl, result, timeoutMs, transport));
  if (result.status !== 200) {
    throw new UserMistake(
      `${baseUrl} answers, but has no simulator control plane (GET /sim/health answered ${result.status}), so the harness cannot make its own members and tokens there. ` +
        'Give a target profile with --profile FILE naming the members, tokens and assets to test with (see docs/profiles.md).',
    );
  }
}
