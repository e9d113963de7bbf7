import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Child processes of the kit's own tests that run `dss` as a user does: without blocking the test
 * process (it may serve the target), with an environment cleaned of the test runner's variables (a
 * child Playwright would otherwise take them for its own) and of the user's `DSS_*` settings.
 */

export interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

const projectRoot = fileURLToPath(new URL('../', import.meta.url));

/** The environment of a user's shell: this one, less the runner's and the kit's own variables, plus `extra`. */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(?:PW_|PLAYWRIGHT_|TEST_|DSS_|NODE_OPTIONS$)/.test(name)),
  );
  return { ...clean, ...extra };
}

/** `command args` in `cwd`, to its end. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `dss <args>` of this checkout (bin/dss.js), as a user's shell runs it. */
export function runDss(args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return run(process.execPath, ['bin/dss.js', ...args], { cwd: projectRoot, env: userEnv(env) });
}
