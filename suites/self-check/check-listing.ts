import { createRequire } from 'node:module';
import { compiledRunEnv, conformanceConfig } from '../kit-layout.ts';
import { runNode } from './child.ts';

/**
 * Which checks the conformance suites hold and which requirements each names, read from the checks'
 * own annotations through Playwright's `--list` (no target is contacted, no global setup runs). The
 * annotations are what the reporters score, so the self-check selects checks exactly as a report
 * would name them.
 */

export interface ListedCheck {
  check_id: string;
  requirements: string[];
  /** The Playwright project: `target`, `conformance` or `clock`. */
  project: string;
  /** Its file, relative to the checks' folder with `/` (e.g. `auth/rights.spec.js`). */
  file: string;
}

/** Listing loads every check file once; far more than it takes. */
const LISTING_TIMEOUT_MS = 120_000;

/**
 * Lists the checks of the compiled conformance config, the one `dss test` runs (the caller makes sure
 * dist/ is fresh); `env` is the environment the config is read in.
 */
export async function listChecks(env: NodeJS.ProcessEnv): Promise<ListedCheck[]> {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const args = [cli, 'test', '--config', conformanceConfig, '--list', '--reporter=json'];
  const { code, stdout, output } = await runNode(args, compiledRunEnv(withoutJsonOutputFile(env)), LISTING_TIMEOUT_MS);
  // A suite that fails to load still gives the JSON listing, whose errors say more than the exit status.
  if (code !== 0 && !stdout.trimStart().startsWith('{'))
    throw new Error(`listing the conformance checks failed (exit ${code}):\n${output}`);
  return parseCheckListing(stdout);
}

/** The listing is read from stdout: a JSON output file named by the caller's environment would take it away. */
function withoutJsonOutputFile(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('PLAYWRIGHT_JSON_OUTPUT_')));
}

interface JsonSuite {
  suites?: JsonSuite[];
  specs?: Array<{
    file: string;
    tests: Array<{ projectName: string; annotations: Array<{ type: string; description?: string }> }>;
  }>;
}

/** The checks in the JSON reporter's output of a `--list` run; a file that failed to load fails the listing. */
export function parseCheckListing(text: string): ListedCheck[] {
  const report = JSON.parse(text) as { suites?: JsonSuite[]; errors?: Array<{ message?: string }> };
  if (report.errors && report.errors.length > 0) {
    throw new Error(
      `the conformance suites did not load:\n${report.errors.map((error) => error.message ?? '').join('\n')}`,
    );
  }
  const checks = new Map<string, ListedCheck>();
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const values = (type: string) =>
          test.annotations.flatMap((annotation) =>
            annotation.type === type && annotation.description ? [annotation.description] : [],
          );
        const [checkId] = values('check');
        // The JSON reporter names files from the checks' folder (the config's testDir).
        const file = spec.file.split('\\').join('/');
        if (checkId !== undefined)
          checks.set(checkId, {
            check_id: checkId,
            requirements: [...new Set(values('requirement'))],
            project: test.projectName,
            file,
          });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...checks.values()];
}

/**
 * A `--grep` for Playwright that selects exactly these checks. Playwright matches it against the
 * project, file, titles and tags joined by spaces; a check's title starts with its id and a space.
 */
export function grepForChecks(checkIds: readonly string[]): string {
  const escaped = checkIds.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `(^|\\s)(${escaped.join('|')})\\s`;
}

/**
 * Playwright's file filters (its positional arguments, regular expressions matched against each test
 * file's path) for exactly these files. With them, a run loads only the files of its checks: without,
 * Playwright loads every check file of the suites to find the few that the grep selects.
 */
export function fileFiltersFor(files: readonly string[]): string[] {
  const separator = '[\\\\/]';
  return [...new Set(files)].map(
    (file) =>
      `${separator}checks${separator}${file
        .split('/')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join(separator)}$`,
  );
}
