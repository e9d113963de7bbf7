/**
 * bench/: speed measurements of the simulator and the harness. Nothing here runs in the tests: speed
 * targets are measured and recorded with machine, date and commit, never asserted in a test.
 *
 * `npm run bench -- <name> [options]` runs `bench/<name>/measure.ts` (its `measure(args)`) and appends
 * the run to `bench/results/<name>.json`, then rewrites bench/README.md (bench/reference.ts) with it.
 * How to read each one: bench/README.md, and the notes in bench/results/NOTES.md.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { isOptionMistake } from './option-error.ts';
import { appendRun, type Measurement } from './record/history.ts';
import { describeMachine, gitCommit } from './record/machine.ts';
import { renderBenchReference } from './reference.ts';

const benchDir = fileURLToPath(new URL('./', import.meta.url));
const projectRoot = fileURLToPath(new URL('../', import.meta.url));

function benchmarkNames(): string[] {
  return readdirSync(benchDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${benchDir}${entry.name}/measure.ts`))
    .map((entry) => entry.name)
    .sort();
}

async function main(args: string[]): Promise<number> {
  const [name, ...options] = args;
  const names = benchmarkNames();
  if (name === undefined || !names.includes(name)) {
    console.error(`Usage: npm run bench -- <name> [options]\nBenchmarks: ${names.join(', ')}`);
    return 2;
  }
  const { measure } = (await import(`./${name}/measure.ts`)) as { measure(args: string[]): Promise<Measurement> };
  const date = new Date().toISOString();
  // Taken before the run: the run itself must not count as a change of the tree.
  const commit = gitCommit(projectRoot);
  const loadBefore = os.loadavg()[0] ?? 0;
  let measured: Measurement;
  try {
    measured = await measure(options);
  } catch (error) {
    if (!isOptionMistake(error)) throw error;
    console.error(`npm run bench -- ${name}: ${error.message}\nIts options: bench/README.md, "### ${name}".`);
    return 2;
  }
  const run = {
    date,
    commit,
    machine: describeMachine(),
    load_average: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    settings: measured.settings,
    figures: measured.figures,
  };
  const file = `${benchDir}results/${name}.json`;
  const count = appendRun(file, run);
  // The reference states every benchmark's latest figure: it follows the run just recorded.
  writeFileSync(`${benchDir}README.md`, renderBenchReference());
  console.log(
    [
      ...measured.summary,
      `load average ${run.load_average.before.toFixed(2)} -> ${run.load_average.after.toFixed(2)}; ${commit}; run ${count} in ${file}`,
    ].join('\n'),
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
