import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The simulator as users start it (`dss sim --port 0`), in a child process: for the robustness tests,
 * which load it from the test process. On its own process it gets its own core (the load generator and
 * the server do not share one event loop), and a crash shows as the process exiting, with what it
 * wrote to stderr (an internal error logs there), instead of taking the test runner down with it.
 */
export interface SimulatorProcess {
  url: string;
  /** What the simulator wrote to stderr so far. */
  stderr(): string;
  /** The exit, once the process has ended (a crash, unless `stop` ended it). */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** SIGTERM, then the exit (`dss sim` closes its server and ends with 0). */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then the exit: a crash, nothing closed (the durable store's tests). */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
/** A safety net against a simulator that never listens: `dss sim` starts in seconds, many more on a loaded machine. */
export const SIMULATOR_STARTUP_MS = 120_000;

/** The robustness tests load the demo members themselves: nobody else may act on them (no autopilot). */
function defaultNetwork(args: string[]): string[] {
  return args.includes('--network') ? [] : ['--network', 'demo-static'];
}

export function startSimulatorProcess(args: string[] = []): Promise<SimulatorProcess> {
  // The parent runner's variables would confuse a child that loads TypeScript itself.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PW_|TEST_|PLAYWRIGHT_|NODE_OPTIONS$)/.test(name)),
  );
  const child = spawn(
    process.execPath,
    ['bin/dss.js', 'sim', '--port', '0', '--host', '127.0.0.1', ...defaultNetwork(args), ...args],
    { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`dss sim did not start within ${SIMULATOR_STARTUP_MS} ms:\n${stdout}${stderr}`));
    }, SIMULATOR_STARTUP_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const url = /listening on (https?:\/\/\S+)/.exec(stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url,
        stderr: () => stderr,
        exit: () => exit,
        stop: () => {
          if (!exit) child.kill('SIGTERM');
          return exited;
        },
        kill: () => {
          if (!exit) child.kill('SIGKILL');
          return exited;
        },
      });
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`dss sim ended before it listened (code ${code}, signal ${signal}):\n${stdout}${stderr}`));
    });
  });
}
