/**
 * bench/npm-test-wall-time/: how long the project's own tests take (`npm test`: type check, build if
 * stale, every Playwright test including the fault self-check), from the command's start to its exit,
 * with its CPU time and the longest stretch in which it printed nothing (issue 10.3: at most 5 minutes
 * on a quiet 2-core machine, a progress line at least every 10 seconds). It runs the whole suite:
 * minutes of both cores, so run it when nothing else needs the machine.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Measurement } from '../record/history.ts';
import { speedProbeMs } from '../record/speed-probe.ts';
import { projectRoot } from '../timed-command.ts';

/** Clock ticks per second of /proc's CPU times. */
const USER_HZ = 100;

export async function measure(args: string[]): Promise<Measurement> {
  parseArgs({ args, options: {} });
  const probeBefore = speedProbeMs();
  const started = performance.now();
  let last = started;
  let longestSilenceMs = 0;
  let lines = 0;
  let tail = '';
  let stat = '';
  // A shell runs npm and then reads its own children's CPU time (cutime, cstime) from /proc.
  const shell = spawn(
    '/bin/sh',
    ['-c', 'npm test 2>&1; code=$?; echo; echo "@@stat $(cat /proc/$$/stat)"; exit $code'],
    { cwd: projectRoot, env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  shell.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const now = performance.now();
    longestSilenceMs = Math.max(longestSilenceMs, now - last);
    last = now;
    for (const line of chunk.split('\n')) {
      if (line.startsWith('@@stat ')) stat = line.slice(7);
      else if (line.trim() !== '') {
        lines += 1;
        tail = `${tail}\n${line}`.slice(-2000);
      }
    }
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    shell.once('error', reject);
    shell.once('close', resolve);
  });
  const wallS = (performance.now() - started) / 1000;
  const probe = { before: probeBefore, after: speedProbeMs() };
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
  const cpuS = (Number(fields[13]) + Number(fields[14])) / USER_HZ;
  const closing = tail
    .trim()
    .split('\n')
    .filter((line) => /passed|failed|flaky|skipped/.test(line))
    .slice(-3);
  const figures = {
    wall_s: wallS,
    cpu_s: cpuS,
    exit_code: code,
    output_lines: lines,
    longest_silence_s: longestSilenceMs / 1000,
    closing_lines: closing,
    speed_probe_cpu_ms: probe,
  };
  return {
    settings: { command: 'CI=1 npm test' },
    figures,
    summary: [
      `npm test: ${wallS.toFixed(0)} s wall, ${cpuS.toFixed(0)} s CPU, exit ${code}, longest silence ${(longestSilenceMs / 1000).toFixed(1)} s; speed probe ${probe.before} -> ${probe.after} ms of CPU (bench/record/speed-probe.ts)`,
      ...closing,
    ],
  };
}
