/**
 * bench/servers/: the servers under measurement, each run in a child process of its own. The load
 * generator stays in the benchmark's process: on 2 cores the OS can then give the server one core and
 * the generator the other, and the server's CPU and memory figures (sampled inside the child) hold its
 * own work only. In one process both would share one event loop, the generator's cost would be added
 * to every request of both servers alike, and the ratio between them would look better than it is.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Collection, FromChild, ProcessSample, ToChild } from './protocol.ts';

export type { ProcessSample } from './protocol.ts';

export interface ServerProcess {
  url: string;
  /** `gc`: after a garbage collection of that kind (the child must run with --expose-gc). */
  sample(gc?: Collection): Promise<ProcessSample>;
  serve(body: unknown): Promise<void>;
  stop(): Promise<void>;
}

export const SIMULATOR_CHILD = new URL('./simulator-child.ts', import.meta.url);
export const BARE_HONO_CHILD = new URL('./bare-hono-child.ts', import.meta.url);
export const FLOOR_FLOW_CHILD = new URL('./floor-flow-child.ts', import.meta.url);

/**
 * @param nodeFlags extra flags for the child's node, e.g. `--cpu-prof` to profile the server alone.
 * @param args the child's own arguments (the simulator child takes `--retention name=count,...`).
 */
export async function startServerProcess(
  entry: URL,
  nodeFlags: string[] = [],
  args: string[] = [],
): Promise<ServerProcess> {
  const child = fork(entry, args, {
    execArgv: ['--import', 'tsx', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await reply(child, 'ready', null);
  return {
    url: ready.url,
    sample: async (gc) => (await reply(child, 'sample', { type: 'sample', gc })).sample,
    serve: async (body) => void (await reply(child, 'served', { type: 'serve', body })),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/** Node flags that make the server write a V8 CPU profile into `directory` when it stops. */
export function cpuProfileFlags(directory: string | undefined): string[] {
  return directory ? ['--cpu-prof', `--cpu-prof-dir=${directory}`] : [];
}

/** Sends `message` (if any) and waits for the child's next message of type `type`. */
function reply<T extends FromChild['type']>(
  child: ChildProcess,
  type: T,
  message: ToChild | null,
): Promise<Extract<FromChild, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (received: FromChild) => {
      if (received.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(received as Extract<FromChild, { type: T }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`server process ${child.pid} exited (${code}) before answering "${type}"`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}
