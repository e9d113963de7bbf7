import { spawn } from 'node:child_process';
import { packageRoot } from '../kit-layout.ts';

export interface ChildResult {
  /** Exit status; null when a signal ended the child. */
  code: number | null;
  stdout: string;
  /** stdout and stderr as they came, interleaved. */
  output: string;
  timedOut: boolean;
}

/**
 * Runs a Node child from the package root and collects its output instead of printing it: several
 * runs go on at once and the self-check prints only its own progress. A child past `timeoutMs` is
 * sent SIGTERM (`dss test` passes it on to Playwright, which writes what it has).
 */
export function runNode(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: packageRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, output, timedOut });
    });
  });
}
