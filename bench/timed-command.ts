/**
 * Timing a `dss` command as a user runs it, for the wall-time benchmarks (suite-wall-time,
 * self-check-wall-time): a child process from start to exit, in a fresh report directory that is
 * read and removed afterwards, with `CI=1` so that the quiet reporter is used and the terminal's
 * speed is not measured. With its CPU time, its children's included: Node has no rusage of a child's
 * children, so a shell runs the command and then prints its own children's CPU from /proc (cutime +
 * cstime: every process waited for, Playwright's workers among them).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../', import.meta.url));

/** Clock ticks per second of /proc's CPU times: 100 on every Linux Node runs on. */
const USER_HZ = 100;

/** The shell that runs `"$0" "$@"`, then prints its children's CPU as the last line of stderr. */
const WITH_CHILDREN_CPU = '"$0" "$@"; code=$?; echo "@@stat $(cat /proc/$$/stat)" >&2; exit $code';

/**
 * The CPU seconds of the waited-for children in a line of /proc/<pid>/stat. The fields after the
 * command name (in parentheses, which may hold spaces): cutime and cstime are the 16th and 17th of the line.
 */
export function childrenCpuS(stat: string): number {
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
  return (Number(fields[13]) + Number(fields[14])) / USER_HZ;
}

export interface TimedCommand<T> {
  wall_s: number;
  /** User and system CPU of the command and every process it waited for. */
  cpu_s: number;
  exit_code: number | null;
  /** What `read` took from the report directory. */
  report: T;
}

/** Runs `dss <dssArgs> --report-dir <fresh directory>`; `read` takes what it needs from the directory before it is removed. */
export async function timedDss<T>(dssArgs: string[], read: (reportDir: string) => T): Promise<TimedCommand<T>> {
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-bench-'));
  try {
    const started = performance.now();
    const { code, stderr, cpu_s } = await run(
      process.execPath,
      [join(projectRoot, 'bin/dss.js'), ...dssArgs, '--report-dir', reportDir],
      { CI: '1' },
    );
    const wallS = (performance.now() - started) / 1000;
    try {
      return { wall_s: wallS, cpu_s, exit_code: code, report: read(reportDir) };
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

/** Runs a command in the project's root; answers its standard output and error, its exit code and its CPU time. */
export function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string; code: number | null; cpu_s: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', WITH_CHILDREN_CPU, command, ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const at = stderr.lastIndexOf('@@stat ');
      const stat = at < 0 ? '' : stderr.slice(at + '@@stat '.length);
      resolve({ stdout, stderr: at < 0 ? stderr : stderr.slice(0, at), code, cpu_s: childrenCpuS(stat) });
    });
  });
}
