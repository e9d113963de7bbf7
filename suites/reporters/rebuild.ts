import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { JSONReport, JSONReportSuite, JSONReportTest, JSONReportTestResult } from '@playwright/test/reporter';
import { UserMistake } from '../runtime/user-mistake.ts';
import { publishReport, summaryText, type PublishedReport } from './publish.ts';
import { reportFormat, type RawAttempt, type RawCheck, type RunRecord } from './report-types.ts';
import { CALLS_ATTACHMENT } from '../runtime/recorder.ts';
import { filtersFromMetadata, mergedScope } from './run-scope.ts';

/**
 * `dss report`: rebuilds conformance.json and conformance.html from Playwright JSON result files, one
 * per shard, through the same aggregation as the live reporter. Other files among those given (a glob
 * such as `reports/*.json` also takes conformance.json) are set aside and named. Every shard runs the
 * setup check and the clock checks itself: the merged run keeps one entry per check, the worst outcome
 * any shard saw, so the verdict covers the union. The run spans from the earliest start to the latest end.
 */
export async function rebuildReport(
  resultsFiles: string[],
  reportDir: string,
): Promise<PublishedReport & { ignored: string[] }> {
  if (resultsFiles.length === 0)
    throw new UserMistake(
      'dss report needs at least one Playwright JSON results file (reports/results.json, or one per shard).',
    );
  const read = await Promise.all(resultsFiles.map(readResults));
  const reports = read.flatMap((entry) => (entry.report ? [entry.report] : []));
  const ignored = read.flatMap((entry) => (entry.ignored ? [entry.ignored] : []));
  if (reports.length === 0) {
    throw new UserMistake(
      `none of the files given holds Playwright JSON results:\n${ignored.map((line) => `  - ${line}`).join('\n')}\nGive the results.json that \`dss test\` writes (one per shard: results-1-of-3.json, ...).`,
    );
  }
  const starts = reports.map((report) => Date.parse(report.stats.startTime));
  const ends = reports.map((report, index) => (starts[index] ?? 0) + report.stats.duration);
  const run: RunRecord = {
    checks: oncePerCheck(reports.flatMap((report) => report.suites.flatMap((suite) => rawChecks(suite, [])))),
    scope: mergedScope(reports.map((report) => filtersFromMetadata(report.config?.metadata))),
    runErrors: reports.flatMap((report) =>
      report.errors.map((error) => error.message ?? error.value ?? 'unknown error'),
    ),
    startedAt: new Date(Math.min(...starts)).toISOString(),
    finishedAt: new Date(Math.max(...ends)).toISOString(),
  };
  await gatherRunTarget(
    resultsFiles.filter((_file, index) => read[index]!.report),
    reportDir,
  );
  const published = await publishReport(run, reportDir);
  for (const line of ignored) console.log(`ignored ${line}`);
  console.log(summaryText(published));
  return { ...published, ignored };
}

/**
 * What the shards tested, for the merged report: each shard's `.run/target.json` sits beside its results
 * file. Where the report dir has none of its own, the shards' is copied in, when they all tested the same
 * target with the same profile; shards that disagree are a mistake of the merge, said before anything is
 * written. A report dir that has one keeps it (the shards were gathered into it, or it ran one of them).
 */
async function gatherRunTarget(resultsFiles: string[], reportDir: string): Promise<void> {
  const own = join(reportDir, '.run', 'target.json');
  const found = [...new Set(resultsFiles.map((file) => resolve(dirname(file), '.run', 'target.json')))].filter(
    (file) => existsSync(file) && file !== resolve(own),
  );
  if (existsSync(own) || found.length === 0) return;
  const described = await Promise.all(
    found.map(async (file) => ({
      file,
      target: JSON.parse(await readFile(file, 'utf8')) as { base_url?: unknown; profile_digest?: unknown },
    })),
  );
  const first = described[0]!;
  const other = described.find(
    ({ target }) => target.base_url !== first.target.base_url || target.profile_digest !== first.target.profile_digest,
  );
  if (other)
    throw new UserMistake(
      `the results given are of different targets or profiles (${first.file}: ${String(first.target.base_url)}; ${other.file}: ${String(other.target.base_url)}, another profile digest or URL): merge only the shards of one run.`,
    );
  await mkdir(dirname(own), { recursive: true });
  await copyFile(first.file, own);
}

/** A file that is not there or unreadable is a mistake; a readable file of another kind is set aside, with why. */
async function readResults(file: string): Promise<{ report?: JSONReport; ignored?: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserMistake(
      `cannot read the results file ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : error instanceof Error ? error.message : String(error)}.`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ignored: `${file}: not JSON` };
  }
  const report = value as (Partial<JSONReport> & { format?: unknown }) | null;
  if (report?.format === reportFormat)
    return { ignored: `${file}: a conformance report (what dss report writes), not Playwright results` };
  if (
    !report ||
    !Array.isArray(report.suites) ||
    !Array.isArray(report.errors) ||
    typeof report.stats?.startTime !== 'string'
  ) {
    return { ignored: `${file}: not Playwright JSON results (reporter "json")` };
  }
  // Checked enough to walk: suites, errors and stats are where the JSON reporter puts them.
  return { report: report as JSONReport };
}

/** Each check once, as the shard that saw the worst of it: a failure anywhere fails the merged run. */
function oncePerCheck(checks: RawCheck[]): RawCheck[] {
  const kept = new Map<string, RawCheck>();
  for (const check of checks) {
    const key = `${check.file}\u0000${check.title}`;
    const earlier = kept.get(key);
    if (earlier === undefined || severity(check) > severity(earlier)) kept.set(key, check);
  }
  return [...kept.values()];
}

function severity(check: RawCheck): number {
  const statuses = check.attempts.map((attempt) => attempt.status);
  const last = statuses[statuses.length - 1];
  if (last === undefined || last === 'skipped') return 0;
  if (last !== 'passed') return 3;
  return statuses.some((status) => status !== 'passed' && status !== 'skipped') ? 2 : 1;
}

/** A file suite nests describe suites; the titles below the file make the check's title, as in the live reporter. */
function rawChecks(suite: JSONReportSuite, describes: string[]): RawCheck[] {
  const own = suite.specs.flatMap((spec) =>
    spec.tests.map((test) => rawCheck([...describes, spec.title].join(' › '), spec.file, test)),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => rawChecks(child, [...describes, child.title]))];
}

function rawCheck(title: string, file: string, test: JSONReportTest): RawCheck {
  return {
    title,
    file,
    annotations: test.annotations,
    expectedStatus: test.expectedStatus,
    attempts: test.results.map(rawAttempt),
  };
}

function rawAttempt(result: JSONReportTestResult): RawAttempt {
  return {
    status: result.status,
    errors: result.errors.map((error) => error.message),
    annotations: result.annotations,
    callAttachments: result.attachments
      .filter((attachment) => attachment.name === CALLS_ATTACHMENT)
      // The JSON reporter stores attachment bodies in base64.
      .map((attachment) =>
        attachment.body !== undefined
          ? { body: Buffer.from(attachment.body, 'base64').toString('utf8') }
          : { path: attachment.path },
      ),
  };
}
