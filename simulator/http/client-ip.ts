import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * The caller's address as the socket shows it. Forwarding headers are not trusted: they would let a
 * client choose its own address and walk around the token's allowed-IP list.
 */
export function clientIp(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const address = incoming?.socket.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}
