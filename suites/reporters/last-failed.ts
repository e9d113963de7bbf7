import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome } from './report-types.ts';
import { escapeRegExp } from './run-scope.ts';

/**
 * `dss test --last-failed`: the checks that failed the last run in a report dir, read from its
 * conformance.json by check id, and the expression that selects exactly those for Playwright. What
 * cannot be re-run (no report there, a file that is not one, nothing failed) is the user's mistake,
 * said in one line.
 */

/**
 * What failed the run: the target's failures (flaky ones too), harness faults, and stale baselines (a
 * check listed as an expected failure that passed). An expected failure failed as the baseline says:
 * it is not re-run.
 */
export const failedOutcomes: readonly Outcome[] = ['failed', 'flaky', 'harness-fault', 'stale-baseline'];

export interface LastFailed {
  /** Check ids, in the report's order. */
  checkIds: string[];
  /** When that run ended, to say which run is repeated. */
  finishedAt: string;
}

export function lastFailed(reportDir: string): LastFailed | { mistake: string } {
  const file = join(reportDir, 'conformance.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {
      mistake: `--last-failed: there is no previous report in ${reportDir} (no conformance.json): run dss test first, or give the --report-dir of the run to repeat`,
    };
  }
  const checks = reportChecks(text);
  if (checks === null)
    return {
      mistake: `--last-failed: ${file} is not a conformance report (conformance.json of dss test), so it names no failed check to re-run`,
    };
  const failed = checks.checks
    .filter((check) => failedOutcomes.includes(check.outcome as Outcome))
    .map((check) => check.check_id);
  if (failed.length === 0) {
    const expected = checks.checks.filter((check) => check.outcome === 'expected-failure').length;
    const baselined =
      expected === 0
        ? ''
        : expected === 1
          ? '; 1 expected failure of the baseline failed as listed and is not re-run'
          : `; ${expected} expected failures of the baseline failed as listed and are not re-run`;
    return {
      mistake: `--last-failed: nothing failed in the last run in ${reportDir} (verdict ${checks.verdict}, ${checks.checks.length} checks${baselined}): there is nothing to re-run`,
    };
  }
  return { checkIds: [...new Set(failed)], finishedAt: checks.finishedAt };
}

function reportChecks(
  text: string,
): { checks: Array<{ check_id: string; outcome: string }>; verdict: string; finishedAt: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const results = (value as { results?: { checks?: unknown; verdict?: unknown; finished_at?: unknown } } | null)
    ?.results;
  const checks = results?.checks;
  if (!Array.isArray(checks)) return null;
  const valid = checks.filter(
    (check): check is { check_id: string; outcome: string } =>
      typeof check?.check_id === 'string' && typeof check?.outcome === 'string',
  );
  if (valid.length < checks.length) return null;
  return {
    checks: valid,
    verdict: String(results?.verdict ?? 'unknown'),
    finishedAt: String(results?.finished_at ?? 'unknown'),
  };
}

/**
 * The expression Playwright's grep matches exactly those checks with: it reads a test as its title path
 * (project, file, title) and tags joined by spaces, and a check's title starts with its id and a space
 * (check.ts), so an id between spaces is that check and no other.
 */
export function lastFailedFilter(checkIds: readonly string[]): string {
  return `(?:^|\\s)(?:${checkIds.map(escapeRegExp).join('|')})\\s`;
}

/** How the run's report names this filter (its scope). */
export function lastFailedScope(last: LastFailed): string {
  const count = last.checkIds.length;
  const which = count <= 5 ? last.checkIds.join(', ') : `${count} checks`;
  return `--last-failed: ${which} (what failed in the run that ended at ${last.finishedAt})`;
}
