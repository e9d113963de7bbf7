import type { FromChild, ToChild } from './protocol.ts';
import { sampleThisProcess } from './protocol.ts';

export interface ChildServer {
  url: string;
  close(): Promise<void>;
  /** The body to serve from now on; only the bare baseline serves a chosen body. */
  serve?(body: unknown): void;
}

/**
 * The child's side: starts the server, says where it listens, answers samples, and exits when the
 * parent disconnects (also when the parent dies), after closing the server so that `--cpu-prof`
 * can write its profile.
 */
export async function runAsChild(start: () => Promise<ChildServer>): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  const server = await start();
  process.on('message', (message: ToChild) => {
    if (message.type === 'sample') send({ type: 'sample', sample: sampleThisProcess(message.gc) });
    if (message.type === 'serve') {
      server.serve?.(message.body);
      send({ type: 'served' });
    }
  });
  process.once('disconnect', () => void server.close().then(() => process.exit(0)));
  send({ type: 'ready', url: server.url });
}
