import type { RunScope } from './report-types.ts';

/**
 * How a run's filters reach its report. `dss test` puts the filters it hands to Playwright into
 * RunSettings' `filters` (`["--tag auth", "--shard 1/3"]`); the conformance config copies them into
 * Playwright's `metadata`, which the live reporter reads and the JSON results keep, so that
 * `dss report` still knows them when it merges shards on another machine.
 */
export const METADATA_KEY = 'dss_filters';

/**
 * Which checks `--grep` and `--tag` select, as one regular expression (RunSettings' `check_filter`) for
 * the conformance config to give its projects: Playwright applies a command-line `--grep` only to the
 * projects it was asked to run, never to a dependency's teardown, so the `clock` stage ran all its
 * checks in a filtered run. The expression a check's title (with its tags) must match: every filter
 * given, in any order. A `--grep` that is no regular expression is the user's mistake: the message
 * says so, and why.
 */
export function checkFilter(
  grep: string | undefined,
  tag: string | undefined,
): { source: string } | { mistake: string } | null {
  const parts: string[] = [];
  if (grep !== undefined) {
    try {
      new RegExp(grep);
    } catch (error) {
      return { mistake: `--grep must be a regular expression; "${grep}" is not: ${(error as Error).message}` };
    }
    parts.push(grep);
  }
  if (tag !== undefined) parts.push(`${escapeRegExp(tag.startsWith('@') ? tag : `@${tag}`)}(?![\\w.-])`);
  if (parts.length === 0) return null;
  return { source: `^${parts.map((part) => `(?=[\\s\\S]*?(?:${part}))`).join('')}` };
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The filters a run's Playwright metadata names (none when it names none: a run started without `dss test`). */
export function filtersFromMetadata(metadata: unknown): string[] {
  const value =
    typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>)[METADATA_KEY] : undefined;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

const shardFilter = /^--shard (\d+)\/(\d+)$/;

/**
 * Playwright's JSON results of a run: `results.json`, or `results-1-of-3.json` for a shard, so that
 * shards gathered in one folder do not overwrite each other and `dss report reports/results*.json` merges them.
 */
export function resultsFileName(filters: readonly string[]): string {
  for (const filter of filters) {
    const shard = shardFilter.exec(filter);
    if (shard) return `results-${shard[1]}-of-${shard[2]}.json`;
  }
  return 'results.json';
}

/**
 * The scope of shards merged together: their other filters, and the shards themselves unless together
 * they make every shard of the same count (then the union is the whole suite, as far as shards go).
 */
export function mergedScope(runs: readonly string[][]): RunScope {
  const shards = new Map<number, Set<number>>();
  const others = new Set<string>();
  for (const filter of runs.flat()) {
    const shard = shardFilter.exec(filter);
    if (shard) {
      const total = Number(shard[2]);
      shards.set(total, (shards.get(total) ?? new Set()).add(Number(shard[1])));
    } else others.add(filter);
  }
  const everyShard = runs.length > 0 && runs.every((filters) => filters.some((filter) => shardFilter.test(filter)));
  const complete = everyShard && shards.size === 1 && [...shards].every(([total, seen]) => seen.size === total);
  const shardText = [...shards].flatMap(([total, seen]) =>
    [...seen].sort((a, b) => a - b).map((index) => `--shard ${index}/${total}`),
  );
  const filters = [...others];
  if (!complete && shardText.length > 0)
    filters.push(
      shardText.length === 1
        ? (shardText[0] ?? '')
        : `shards ${shardText.map((s) => s.slice('--shard '.length)).join(', ')} only`,
    );
  return { filters };
}
