import { connect } from 'node:net';
import { HarnessFault } from '../../runtime/check.ts';

/**
 * The address the target sees the harness at: the local end of a TCP connection to it. A token's
 * allowed IP list must name it for the harness's calls to pass. (Behind a proxy or NAT the target sees
 * another address; such a setup cannot test allowed IPs anyway.)
 */
export function harnessAddress(baseUrl: string, timeoutMs: number): Promise<string> {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
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
