import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** What a figure was measured on: without it, numbers from two machines would be compared as one. */
export interface Machine {
  cpu_model: string;
  cores: number;
  total_memory_bytes: number;
  node: string;
  os: string;
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    total_memory_bytes: os.totalmem(),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/**
 * The short commit measured, with "-dirty" when the work tree differs from it (uncommitted or
 * untracked files), since then the commit alone does not say what ran. GIT_OPTIONAL_LOCKS=0 keeps
 * `git status` from taking the index lock, so a benchmark never disturbs someone committing.
 */
export function gitCommit(cwd: string): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain') === '' ? commit : `${commit}-dirty`;
  } catch {
    return 'unknown';
  }
}
