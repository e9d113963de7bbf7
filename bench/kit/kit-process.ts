/**
 * bench/kit/: running a kit's `dss` command as a user does, for the benchmarks that time whole commands
 * (failing-run, sim-startup): a simulator in a child process, and a command's CPU time with its
 * children's. A benchmark may point at another checkout of the kit (`--kit DIR`, e.g. an older
 * commit) so that two versions are measured side by side, in one run, on the same machine state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { childrenCpuS, projectRoot } from '../timed-command.ts';

/** The kit's root: this checkout, or the one `--kit` names. */
export function kitRoot(option: string | undefined): string {
  return option === undefined ? projectRoot : resolve(option);
}

export interface RunningSimulator {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `dss sim --port 0 <args>` of the kit at `root`, once it has printed its URL. */
export function startKitSimulator(root: string, args: string[]): Promise<RunningSimulator> {
  const child = spawn(process.execPath, [join(root, 'bin/dss.js'), 'sim', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolveStart, reject) => {
    let output = '';
    const onData = (chunk: string) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolveStart({ url, child, stop: async () => void (child.kill('SIGTERM'), await exited) });
      }
    };
    child.stdout?.setEncoding('utf8').on('data', onData);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`dss sim exited ${code} before listening:\n${output}`)));
  });
}

export interface TimedRun {
  wall_s: number;
  /** User and system CPU of the command and every process it waited for (Playwright's workers included). */
  cpu_s: number;
  exit_code: number | null;
}

/**
 * Runs `node <args>` from `cwd` and times it. The CPU time comes from a shell that waits for the command
 * and then reads its own children's CPU from /proc (cutime + cstime): Node has no rusage of children.
 */
export function timedNode(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<TimedRun> {
  const quoted = [process.execPath, ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `${quoted} >/dev/null 2>&1; code=$?; cat /proc/$$/stat; exit $code`;
  const started = performance.now();
  return new Promise((resolveRun, reject) => {
    const shell = spawn('/bin/sh', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stat = '';
    shell.stdout.setEncoding('utf8').on('data', (chunk: string) => (stat += chunk));
    shell.once('error', reject);
    shell.once('close', (code) => {
      resolveRun({ wall_s: (performance.now() - started) / 1000, cpu_s: childrenCpuS(stat), exit_code: code });
    });
  });
}

/** The RSS of a live process, in MB (Linux). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}
