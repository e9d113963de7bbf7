import type { IncomingMessage } from 'node:http';

/** A request's body read from Node's request by its events, as the simulator reads it (simulator/http/body.ts). */
export function readBody(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks)));
    incoming.once('error', reject);
  });
}
