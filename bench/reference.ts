/**
 * bench/README.md, written from the catalogue (catalogue.ts), each benchmark's options as its source
 * declares them, and the latest run in bench/results/: `npm run -s docs:bench`. A test keeps the file
 * equal to what this writes, so the reference cannot drift from the results.
 */
import { existsSync, readFileSync } from 'node:fs';
import { benchmarks, figure, type RecordedRun } from './catalogue.ts';

const benchDir = new URL('./', import.meta.url);

/** The runs recorded for a benchmark, oldest first (none when it was never run). */
export function recordedRuns(name: string): RecordedRun[] {
  const file = new URL(`results/${name}.json`, benchDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedRun[]) : [];
}

/**
 * The options a benchmark takes, read from the `parseArgs` declarations of its measure.ts and of the
 * bench modules it imports (the flow benchmarks share bench/flows/flow-run.ts): `--name` with its default.
 */
export function declaredOptions(name: string): string[] {
  const measure = new URL(`${name}/measure.ts`, benchDir);
  const source = readFileSync(measure, 'utf8');
  const imported = [...source.matchAll(/from '(\.\.\/[\w-]+\/[\w-]+\.ts)'/g)].map(
    (match) => new URL(match[1]!, measure),
  );
  const options: string[] = [];
  // Its own declarations when it has them; otherwise those of the shared runner it hands its options to.
  const declaring = source.includes('parseArgs(')
    ? [source]
    : imported.filter((file) => existsSync(file)).map((file) => readFileSync(file, 'utf8'));
  for (const text of declaring) {
    for (const block of text.matchAll(/parseArgs\(\{[^]*?options:\s*\{([^]*?)\}\s*,?\s*\}\)/g)) {
      for (const option of block[1]!.matchAll(
        /'?([a-z][\w-]*)'?\s*:\s*\{\s*type:\s*'(string|boolean)'(?:\s*,\s*default:\s*('[^']*'|[^,}]+))?/g,
      )) {
        const [, optionName, type, fallback] = option;
        // A literal default is shown; one computed in the code (or empty) shows as a placeholder.
        const literal = /^'([^']+)'$/.exec(fallback?.trim() ?? '')?.[1];
        const shown = type === 'boolean' ? `--${optionName}` : `--${optionName} ${literal ?? 'X'}`;
        if (!options.includes(shown)) options.push(shown);
      }
    }
  }
  return options;
}

function recorded(run: RecordedRun, count: number): string {
  const machine = `${run.machine.cpu_model ?? 'unknown CPU'}, ${run.machine.cores ?? '?'} cores`;
  return `${run.date.slice(0, 16).replace('T', ' ')} UTC, commit ${run.commit}, ${machine}, load ${run.load_average.before.toFixed(2)} → ${run.load_average.after.toFixed(2)} (run ${count} of ${count})`;
}

export function renderBenchReference(): string {
  const latest = (name: string, holding?: string) =>
    recordedRuns(name)
      .filter((run) => holding === undefined || !Number.isNaN(figure(run, holding)))
      .at(-1);
  const sections = benchmarks.map((benchmark) => {
    const runs = recordedRuns(benchmark.name);
    const run = runs.at(-1);
    const options = declaredOptions(benchmark.name);
    const command = `\`npm run bench -- ${benchmark.name}${options.length > 0 ? ` [${options.join('] [')}]` : ''}\``;
    return [
      `### ${benchmark.name}`,
      '',
      '| | |',
      '|---|---|',
      `| measures | ${benchmark.measures} |`,
      `| run | ${command} (defaults shown) |`,
      `| latest | ${run ? benchmark.headline(run, latest) : 'never recorded'} |`,
      `| recorded | ${run ? recorded(run, runs.length) : '—'} |`,
      '',
    ].join('\n');
  });
  return `${HEAD}\n${sections.join('\n')}`;
}

const HEAD = `# bench/

Speed and memory measurements of the simulator and the harness. Nothing here runs in the tests: a
target is measured and recorded, never asserted. \`npm run bench -- <name> [options]\` runs
\`bench/<name>/measure.ts\` and appends the run, with machine, load, date and commit, to
\`bench/results/<name>.json\` (oldest first). This page is written from those files and
bench/catalogue.ts by \`npm run -s docs:bench\`; the notes on how past runs were read, what was changed
between them and what \`perf\` attributed, are in [results/NOTES.md](results/NOTES.md).

## How to read a figure

- **Ratios in one run.** The same code moved from 2.96 to 1.70 ms per exchange between two hosts, so a
  goal is stated against a floor measured in the same run (flow-ratios alternates the simulator and the
  floor phase by phase); an absolute figure is given with its floor beside it where one exists.
- **CPU inside the process.** Servers run as child processes (bench/servers/) and sample their own CPU
  time and memory; the load generator runs in the benchmark's process. Wall time and requests per second
  follow the scheduler on a shared machine: read them with the load average recorded beside them.
- **Attribution with \`perf\`**, not V8's \`--cpu-prof\` (which samples wall time and slows the code):
  results/NOTES.md ("hot-paths") shows how.
- A benchmark that needs a corpus or a tool the machine lacks stops and says so (exit 2 for a wrong
  option, with the option list).

## The benchmarks
`;
