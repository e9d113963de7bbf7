import { readFile } from 'node:fs/promises';
import type { JSONReport, JSONReportSuite, JSONReportTest, JSONReportTestResult } from '@playwright/test/reporter';
import { publishReport, summaryText, type PublishedReport } from './publish.ts';
import { CALLS_ATTACHMENT, type RawAttempt, type RawCheck, type RunRecord } from './report-types.ts';

/**
 * `dss report`: rebuilds conformance.json and conformance.html from Playwright JSON result files, one
 * per shard, through the same aggregation as the live reporter. The run spans from the earliest shard
 * start to the latest shard end.
 */
export async function rebuildReport(resultsFiles: string[], reportDir: string): Promise<PublishedReport> {
  if (resultsFiles.length === 0) throw new Error('rebuildReport needs at least one Playwright JSON results file');
  const reports = await Promise.all(resultsFiles.map(readResults));
  const starts = reports.map((report) => Date.parse(report.stats.startTime));
  const ends = reports.map((report, index) => (starts[index] ?? 0) + report.stats.duration);
  const run: RunRecord = {
    checks: reports.flatMap((report) => report.suites.flatMap((suite) => rawChecks(suite, []))),
    runErrors: reports.flatMap((report) => report.errors.map((error) => error.message ?? error.value ?? 'unknown error')),
    startedAt: new Date(Math.min(...starts)).toISOString(),
    finishedAt: new Date(Math.max(...ends)).toISOString(),
  };
  const published = await publishReport(run, reportDir);
  console.log(summaryText(published));
  return published;
}

async function readResults(file: string): Promise<JSONReport> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not a readable JSON file (${error instanceof Error ? error.message : String(error)})`);
  }
  const report = value as Partial<JSONReport> | null;
  if (!report || !Array.isArray(report.suites) || !Array.isArray(report.errors) || typeof report.stats?.startTime !== 'string') {
    throw new Error(`${file}: not a Playwright JSON report (reporter "json")`);
  }
  // Checked enough to walk: suites, errors and stats are where the JSON reporter puts them.
  return report as JSONReport;
}

/** A file suite nests describe suites; the titles below the file make the check's title, as in the live reporter. */
function rawChecks(suite: JSONReportSuite, describes: string[]): RawCheck[] {
  const own = suite.specs.flatMap((spec) => spec.tests.map((test) => rawCheck([...describes, spec.title].join(' › '), spec.file, test)));
  return [...own, ...(suite.suites ?? []).flatMap((child) => rawChecks(child, [...describes, child.title]))];
}

function rawCheck(title: string, file: string, test: JSONReportTest): RawCheck {
  return { title, file, annotations: test.annotations, expectedStatus: test.expectedStatus, attempts: test.results.map(rawAttempt) };
}

function rawAttempt(result: JSONReportTestResult): RawAttempt {
  return {
    status: result.status,
    errors: result.errors.map((error) => error.message),
    callAttachments: result.attachments
      .filter((attachment) => attachment.name === CALLS_ATTACHMENT)
      // The JSON reporter stores attachment bodies in base64.
      .map((attachment) => (attachment.body !== undefined ? { body: Buffer.from(attachment.body, 'base64').toString('utf8') } : { path: attachment.path })),
  };
}
