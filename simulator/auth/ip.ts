import { isIP, SocketAddress } from 'node:net';

// Node reports IPv4 clients of a dual-stack socket as IPv4-mapped IPv6 (`::ffff:1.2.3.4`).
const ipv4Mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The canonical form of an IP address: IPv4-mapped IPv6 as plain IPv4, IPv6 compressed and in lower
 * case, so that a token's allowed addresses and the client address compare as strings.
 * Undefined when `ip` is not an IP address.
 */
export function normaliseIp(ip: string): string | undefined {
  const address = ipv4Mapped.exec(ip)?.[1] ?? ip;
  const family = isIP(address);
  if (family === 0) return undefined;
  return new SocketAddress({ address, family: family === 4 ? 'ipv4' : 'ipv6' }).address;
}
