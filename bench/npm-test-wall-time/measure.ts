/**
 * bench/npm-test-wall-time/: how long the project's own tests take (`npm test`: type check, build if
 * stale, every Playwright test including the fault self-check), from the command's start to its exit,
 * with its CPU time and the longest stretch in which it printed nothing (issue 10.3: at most 5 minutes
 * on a quiet 2-core machine, a progress line at least every 10 seconds). It runs the whole suite:
 * minutes of both cores, so run it when nothing else needs the machine.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { Measurement } from '../record/history.ts';
import { speedProbeMs } from '../record/speed-probe.ts';
import { childrenCpuS, projectRoot } from '../timed-command.ts';

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
  const cpuS = childrenCpuS(stat);
  const closing = tail
    .trim()
    .split('\n')
    .filter((line) => /passed|failed|flaky|skipped/.test(line))
    .slice(-3);
  // The floor of the wall time: its CPU spread over every core, with no wait and no idle core.
  const cores = availableParallelism();
  const figures = {
    wall_s: wallS,
    cpu_s: cpuS,
    cores,
    wall_floor_s: cpuS / cores,
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
      `npm test: ${wallS.toFixed(0)} s wall, ${cpuS.toFixed(0)} s CPU (its floor on ${cores} cores: ${(cpuS / cores).toFixed(0)} s wall, ${(wallS / (cpuS / cores)).toFixed(2)}x), exit ${code}, longest silence ${(longestSilenceMs / 1000).toFixed(1)} s; speed probe ${probe.before} -> ${probe.after} ms of CPU (bench/record/speed-probe.ts)`,
      ...closing,
    ],
  };
}
