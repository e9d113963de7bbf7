import { performance } from 'node:perf_hooks';
import { buildScript } from '../kit-layout.ts';
import { runNode } from './child.ts';

/** The longest a self-check stays silent: a progress line at least this often. */
const HEARTBEAT_MS = 8_000;

/** A whole build takes about a minute on a loaded 2-core machine; this only stops one that hangs. */
const BUILD_TIMEOUT_MS = 10 * 60_000;

export interface Progress {
  /** Prints a line now. */
  log(line: string): void;
  /** Stops the heartbeat. */
  stop(): void;
}

/**
 * The progress of a self-check's runs, which take from seconds to a minute each on a loaded machine:
 * its own lines as they come, and between them, at least every HEARTBEAT_MS, what `status` says is going on
 * (given the seconds since the start).
 */
export function progress(print: (line: string) => void, status: (seconds: string) => string): Progress {
  const started = performance.now();
  let lastLine = started;
  const log = (line: string) => {
    lastLine = performance.now();
    print(line);
  };
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
  const heartbeat = setInterval(() => {
    if (performance.now() - lastLine >= HEARTBEAT_MS) log(`  ... ${status(seconds())}`);
  }, 1000);
  heartbeat.unref();
  return { log, stop: () => clearInterval(heartbeat) };
}

/** Every run uses the compiled kit (dss test): brought up to date once, before the first. */
export async function buildKit(env: NodeJS.ProcessEnv): Promise<void> {
  const build = await runNode([buildScript, '--if-stale'], env, BUILD_TIMEOUT_MS);
  if (build.code !== 0) throw new Error(`the build of dist/ failed:\n${build.output}`);
}
