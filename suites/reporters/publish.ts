import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { endpoints } from '../../schemas/endpoints.ts';
import { loadCatalogue } from '../requirements/catalogue.ts';
import { notProvokableStatuses } from '../requirements/spec-index.ts';
import { renderJunit } from './junit.ts';
import type { PublishedPaths } from './publish-text.ts';
import { renderHtml } from './render-html.ts';
import { withReproductions, writeReproductions } from './reproduction.ts';
import { reportFormat, type ConformanceReport, type RunRecord } from './report-types.ts';
import { readRunTarget, suiteVersion } from './run-context.ts';
import { signReport } from './signature.ts';
import { summarize } from './summarize.ts';

/** The catalogue a run is scored against when global setup left no spec version. */
const DEFAULT_SPEC_VERSION = '1.0.0';

export { summaryText } from './publish-text.ts';

/** What was written, and where. */
export type PublishedReport = PublishedPaths;

/**
 * The common end of the live reporter and the rebuild: scores the run against the requirement
 * catalogue and the endpoint catalogue, signs it, and writes conformance.json, conformance.html,
 * junit.xml and the failed checks' reproductions.
 */
export async function publishReport(run: RunRecord, reportDir: string): Promise<PublishedReport> {
  const dir = resolve(reportDir);
  const { target, problem } = readRunTarget(dir);
  const specVersion = target?.spec_version ?? DEFAULT_SPEC_VERSION;
  const catalogue = loadCatalogue(specVersion);
  const results = summarize({
    run,
    requirements: catalogue.requirements,
    prerequisites: catalogue.prerequisites,
    endpoints,
    // The spec index is of the spec the kit was written for; another version's catalogue marks nothing.
    notProvokable: specVersion === DEFAULT_SPEC_VERSION ? notProvokableStatuses() : [],
    specVersion,
    target: {
      base_url: target?.base_url ?? null,
      capabilities: target?.capabilities ?? null,
      ...(target?.readings ? { readings: target.readings } : {}),
      ...(target?.reached ? { reached: target.reached } : {}),
    },
    problems: problem === null ? [] : [problem],
  });
  // Each failed check's calls as a runnable script: in the signed results, and as a file beside them.
  const reproducible = withReproductions(results, suiteVersion());
  const report = await signReport({
    format: reportFormat,
    suite_version: suiteVersion(),
    profile_digest: target?.profile_digest ?? null,
    results: reproducible,
  });
  await mkdir(dir, { recursive: true });
  const jsonPath = join(dir, 'conformance.json');
  const htmlPath = join(dir, 'conformance.html');
  const junitPath = join(dir, 'junit.xml');
  await writeFile(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(htmlPath, renderHtml(report));
  await writeFile(junitPath, renderJunit(report.results));
  await writeReproductions(dir, report.results.checks);
  return { report, jsonPath, htmlPath, junitPath };
}
