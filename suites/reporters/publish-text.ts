import type { ConformanceReport, RequirementFinding } from './report-types.ts';

/** Where a published report went, as the summary names it. */
export interface PublishedPaths {
  report: ConformanceReport;
  jsonPath: string;
  htmlPath: string;
  junitPath: string;
}

/** The few lines printed at the end of a run: the same words and numbers as the report. */
export function summaryText({ report, jsonPath, htmlPath, junitPath }: PublishedPaths): string {
  const { results } = report;
  const { overall } = results.scores;
  const parts = results.scores.parts
    .filter((row) => row.checked > 0)
    .map((row) => `${row.part} ${row.passed}/${row.checked}`)
    .join(', ');
  const counts = results.counts.checks;
  const lines = [
    `DSS conformance: ${results.verdict.toUpperCase()} (spec ${results.spec_version}, suite ${report.suite_version}, target ${results.target.base_url ?? 'unknown'})`,
    `  ${results.headline.text}`,
  ];
  if (results.scope.filters.length > 0) lines.push(`  filtered run (${results.scope.filters.join(', ')}): the verdict covers only the checks that ran`);
  lines.push(
    `  MUST requirements passed: ${overall.passed} of ${overall.checked} decided (${overall.score === null ? 'none decided' : `${overall.score}%`})${parts ? `; ${parts}` : ''}`,
    `    beside the score: ${overall.inconclusive} inconclusive, ${overall.not_verified} not verified on this target`,
    `  interoperates with the reference profile: ${results.reference_profile.passed}/${results.reference_profile.checked}`,
  );
  const reliedOn = results.prerequisites.filter((prerequisite) => prerequisite.relied_on_by.length > 0);
  if (reliedOn.length > 0) {
    const held = reliedOn.filter((prerequisite) => prerequisite.status === 'held').length;
    const notHeld = reliedOn.filter((prerequisite) => prerequisite.status === 'not-held');
    lines.push(
      `  prerequisites relied on: ${reliedOn.length}, ${held} held${notHeld.length === 0 ? '' : `; did not hold: ${notHeld.map((prerequisite) => `${prerequisite.id} (${prerequisite.made_inconclusive.length} requirement${prerequisite.made_inconclusive.length === 1 ? '' : 's'} inconclusive, not failed)`).join(', ')}`}`,
    );
  }
  const { coverage } = results;
  lines.push(
    `  endpoint statuses the spec lists: ${coverage.exercised_listed_statuses} exercised, ${coverage.not_exercised_statuses} not exercised, ${coverage.not_provokable_statuses} not provokable from outside (of ${coverage.listed_statuses})`,
  );
  for (const finding of results.findings.slice(0, SHOWN_FINDINGS)) lines.push(`  broken: ${findingLine(finding)}`);
  if (results.findings.length > SHOWN_FINDINGS) lines.push(`  ... and ${results.findings.length - SHOWN_FINDINGS} more broken requirements (see the report)`);
  lines.push(
    `  checks: ${counts.passed} passed, ${counts.failed} failed, ${counts['harness-fault']} harness faults, ${counts.skipped} not verified here (skipped), ${counts.flaky} flaky, ${counts['stale-baseline']} stale baseline, ${counts['expected-failure']} expected failures; ${results.counts.warnings} warnings`,
  );
  if (results.problems.length > 0) lines.push(`  report problems: ${results.problems.length} (see the report)`);
  lines.push(
    `  report: ${jsonPath}`,
    `          ${htmlPath}`,
    `          ${junitPath}`,
    `  signing key thumbprint: ${report.signature.key_thumbprint} (dss verify-report ${jsonPath})`,
  );
  return lines.join('\n');
}

const SHOWN_FINDINGS = 5;

/** "ERR-BODY-SHAPE broken in 114 checks: must have required property 'timestamp'". */
export function findingLine(finding: RequirementFinding): string {
  const count = finding.checks.length;
  const reason = finding.reasons[0];
  return `${finding.requirement} (${finding.level}) broken in ${count} check${count === 1 ? '' : 's'}${reason === undefined ? '' : `: ${reason.text}`}`;
}
