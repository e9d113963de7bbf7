import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A throwaway local HTTP server for the runtime's own tests: each test says how it answers. */
export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

export async function startTestServer(handler: Handler): Promise<TestServer> {
  return listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => handler(req, Buffer.concat(chunks).toString('utf8'), res));
    }),
  );
}

/**
 * Starts `server` on a free loopback port. Closing destroys the connections still open: a stalled
 * test response would otherwise keep the server open forever.
 */
export async function listenOnLoopback(server: Server): Promise<TestServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * An unsigned JWT with the given claims: the harness reads claims without verifying. A test that
 * hunts for leaked tokens gives each its own signature segment.
 */
export function fakeJwt(claims: Record<string, unknown>, signature = 'c2lnbmF0dXJl'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(claims)}.${signature}`;
}
