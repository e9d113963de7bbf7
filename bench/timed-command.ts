/**
 * Timing a `dss` command as a user runs it, for the wall-time benchmarks (suite-wall-time,
 * self-check-wall-time): a child process from start to exit, in a fresh report directory that is
 * read and removed afterwards, with `CI=1` so that the quiet reporter is used and the terminal's
 * speed is not measured.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../', import.meta.url));

export interface TimedCommand<T> {
  wall_s: number;
  exit_code: number | null;
  /** What `read` took from the report directory. */
  report: T;
}

/** Runs `dss <dssArgs> --report-dir <fresh directory>`; `read` takes what it needs from the directory before it is removed. */
export async function timedDss<T>(dssArgs: string[], read: (reportDir: string) => T): Promise<TimedCommand<T>> {
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-bench-'));
  try {
    const started = performance.now();
    const { code, stderr } = await run(
      process.execPath,
      [join(projectRoot, 'bin/dss.js'), ...dssArgs, '--report-dir', reportDir],
      { CI: '1' },
    );
    const wallS = (performance.now() - started) / 1000;
    try {
      return { wall_s: wallS, exit_code: code, report: read(reportDir) };
    } catch (error) {
      // A command that wrote no report broke before measuring anything: say why, from its last words.
      throw new Error(
        `dss ${dssArgs.join(' ')} exited ${code} without a readable report (${(error as Error).message})\n${stderr.trim().split('\n').slice(-10).join('\n')}`,
      );
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

/** Runs a command in the project's root; answers its standard output and error and its exit code. */
export function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ stdout, stderr, code }));
  });
}
