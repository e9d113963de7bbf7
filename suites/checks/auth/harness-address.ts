import { connect } from 'node:net';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import { skipFor } from '../../runtime/credentials.ts';
import type { Profile } from '../../runtime/profile.ts';
import type { Transport } from '../../runtime/transport.ts';

/**
 * The address the target sees the harness at: the local end of a TCP connection to it. A token's
 * allowed IP list must name it for the harness's calls to pass. Through a proxy the target sees the
 * proxy's address, which the harness cannot learn, so a check that needs it is not verified there
 * (behind NAT the same holds, unseen: such a setup cannot test allowed IPs).
 */
export function harnessAddress(target: Pick<Profile, 'base_url' | 'timeouts'>, transport: Transport): Promise<string> {
  const url = new URL(target.base_url);
  const proxy = transport.proxyShownFor(url);
  if (proxy !== null)
    skipFor(`needs the address the target sees the harness at, and the harness reaches it through the proxy ${proxy}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const timeoutMs = target.timeouts.request_ms;
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    const fail = (reason: string) => {
      socket.destroy();
      reject(new HarnessFault(`cannot reach ${host}:${port} to learn the harness’s address: ${reason}`));
    };
    socket.once('connect', () => {
      const address = socket.localAddress;
      socket.destroy();
      if (address === undefined) fail('the socket has no local address');
      // A dual-stack socket reports IPv4 as IPv4-mapped IPv6.
      else resolve(address.replace(/^::ffff:(?=\d+\.)/, ''));
    });
    socket.once('timeout', () => fail('time-out'));
    socket.once('error', (error) => fail(error.message));
  });
}
