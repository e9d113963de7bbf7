import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * One `dss test` run as a user starts it, in a child process, with everything it printed. A run that
 * outlives `killAfterMs` is killed and reported as such, so a hanging harness fails its test instead
 * of stalling the project's suite.
 */

export interface HarnessRunOptions {
  profile: string;
  reportDir: string;
  /** Extra environment (the profile's `${...}` variables). */
  env: Record<string, string>;
  grep?: string;
  /** More `dss test` options (e.g. `--tokens-out FILE`). */
  args?: string[];
  killAfterMs: number;
}

export interface HarnessRun {
  /** Null when the process ended by a signal. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  killed: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
}

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export function runHarness(options: HarnessRunOptions): Promise<HarnessRun> {
  const args = [
    'bin/dss.js',
    'test',
    '--profile',
    options.profile,
    '--report-dir',
    options.reportDir,
    '--workers',
    '1',
  ];
  if (options.grep !== undefined) args.push('--grep', options.grep);
  args.push(...(options.args ?? []));
  // The parent Playwright run's own variables would steer the child's; a user's shell has none.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PW_|TEST_|PLAYWRIGHT_|DSS_)/.test(name)),
  );
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...inherited, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let killed = false;
  const killer = setTimeout(() => {
    killed = true;
    // The whole group: Playwright's workers as well as the runner.
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, options.killAfterMs);
  return new Promise((resolve) => {
    child.on('close', (exitCode, signal) => {
      clearTimeout(killer);
      resolve({ exitCode, signal, killed, durationMs: Math.round(performance.now() - started), stdout, stderr });
    });
  });
}
