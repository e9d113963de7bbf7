import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { endpoints } from '../../schemas/endpoints.ts';
import { loadRequirements } from '../requirements/catalogue.ts';
import { renderHtml } from './render-html.ts';
import { reportFormat, type ConformanceReport, type RunRecord } from './report-types.ts';
import { readRunTarget, suiteVersion } from './run-context.ts';
import { signReport } from './signature.ts';
import { summarize } from './summarize.ts';

/** The catalogue a run is scored against when global setup left no spec version. */
const DEFAULT_SPEC_VERSION = '1.0.0';

export interface PublishedReport {
  report: ConformanceReport;
  jsonPath: string;
  htmlPath: string;
}

/**
 * The common end of the live reporter and the rebuild: scores the run against the requirement
 * catalogue and the endpoint catalogue, signs it, and writes conformance.json and conformance.html.
 */
export async function publishReport(run: RunRecord, reportDir: string): Promise<PublishedReport> {
  const dir = resolve(reportDir);
  const { target, problem } = readRunTarget(dir);
  const specVersion = target?.spec_version ?? DEFAULT_SPEC_VERSION;
  const results = summarize({
    run,
    requirements: loadRequirements(specVersion),
    endpoints,
    specVersion,
    target: { base_url: target?.base_url ?? null, capabilities: target?.capabilities ?? null },
    problems: problem === null ? [] : [problem],
  });
  const report = await signReport({ format: reportFormat, suite_version: suiteVersion(), profile_digest: target?.profile_digest ?? null, results });
  await mkdir(dir, { recursive: true });
  const jsonPath = join(dir, 'conformance.json');
  const htmlPath = join(dir, 'conformance.html');
  await writeFile(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(htmlPath, renderHtml(report));
  return { report, jsonPath, htmlPath };
}

/** The few lines printed at the end of a run. */
export function summaryText({ report, jsonPath, htmlPath }: PublishedReport): string {
  const { results } = report;
  const percent = (score: number | null) => (score === null ? 'not checked' : `${score}%`);
  const parts = results.scores.parts
    .filter((row) => row.checked > 0)
    .map((row) => `${row.part} ${row.passed}/${row.checked}`)
    .join(', ');
  const counts = results.counts;
  return [
    `DSS conformance: ${results.verdict.toUpperCase()} (spec ${results.spec_version}, suite ${report.suite_version}, target ${results.target.base_url ?? 'unknown'})`,
    `  MUST requirements passed: ${results.scores.overall.passed}/${results.scores.overall.checked} (${percent(results.scores.overall.score)})${parts ? `; ${parts}` : ''}`,
    `  checks: ${counts.checks.passed} passed, ${counts.checks.failed} failed, ${counts.checks.flaky} flaky, ${counts.checks['stale-baseline']} stale baseline, ${counts.checks['expected-failure']} expected failures, ${counts.checks.skipped} skipped; ${counts.harness_faults} harness faults; ${counts.warnings} warnings`,
    `  requirements uncovered: ${results.uncovered.length}${results.problems.length > 0 ? `; report problems: ${results.problems.length} (see the report)` : ''}`,
    `  report: ${jsonPath}`,
    `          ${htmlPath}`,
    `  signing key thumbprint: ${report.signature.key_thumbprint} (dss verify-report ${jsonPath})`,
  ].join('\n');
}
