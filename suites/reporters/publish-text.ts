import type { TargetReach } from '../runtime/transport.ts';
import type { CheckReport, ConformanceReport, RateLimitCounts, RequirementFinding } from './report-types.ts';
import { checksText } from './requirement-matrix.ts';
import { shortStatement } from './short-statement.ts';
import {
  DIFFERENCES_SHOWN,
  differencesOf,
  interoperabilityText,
  notVerifiedText,
  readingsText,
  specificationText,
  staleBaselineText,
} from './verdict-block.ts';

/** Where a published report went, as the summary names it. */
export interface PublishedPaths {
  report: ConformanceReport;
  jsonPath: string;
  htmlPath: string;
  junitPath: string;
}

/**
 * The few lines printed at the end of a run: the same words and numbers as the report. First the
 * verdict block (verdict-block.ts: the specification's verdict and score, the readings judged under,
 * interoperability with the reference profile and its differences, what was not verified in one line),
 * then the details it points to.
 */
export function summaryText({ report, jsonPath, htmlPath, junitPath }: PublishedPaths): string {
  const { results } = report;
  const parts = results.scores.parts
    .filter((row) => row.checked > 0)
    .map((row) => `${row.part} ${row.passed}/${row.checked}`)
    .join(', ');
  const counts = results.counts.checks;
  const differences = differencesOf(results);
  const stale = staleBaselineText(results);
  const lines = [
    `DSS conformance: ${results.verdict.toUpperCase()} (spec ${results.spec_version}, suite ${report.suite_version}, target ${results.target.base_url ?? 'unknown'})`,
    `  specification: ${specificationText(results)}`,
    ...(stale === null ? [] : [`  stale baseline: ${stale}`]),
    `  readings judged under: ${readingsText(results.target.readings)}`,
    // How the target was reached matters to a reader only when it was not straight over plain HTTP.
    ...(results.target.reached && (results.target.reached.proxy !== null || results.target.reached.tls !== null)
      ? [`  reached: ${reachText(results.target.reached)}`]
      : []),
    `  interoperates with the reference profile: ${interoperabilityText(results)}${differences.length === 0 ? '' : ':'}`,
    ...differences
      .slice(0, DIFFERENCES_SHOWN)
      .map((difference) => `    ${difference.id} (${difference.level}): ${difference.statement}`),
  ];
  if (differences.length > DIFFERENCES_SHOWN)
    lines.push(`    ... and ${differences.length - DIFFERENCES_SHOWN} more (broken, below)`);
  lines.push(`  not verified: ${notVerifiedText(results)}${results.headline.why.length === 0 ? '' : '; why: below'}`);
  for (const { check, requirement, why } of partsNotVerified(results.checks))
    lines.push(`    ${check} did not verify ${requirement} here: ${why}`);
  if (results.scope.filters.length > 0)
    lines.push(`  filtered run (${results.scope.filters.join(', ')}): the verdict covers only the checks that ran`);
  if (parts) lines.push(`  MUST score by spec part: ${parts}`);
  if (results.headline.why.length > 0) {
    lines.push('  why not verified:');
    for (const { reason, count } of results.headline.why) lines.push(`    ${count} ${reason}`);
  }
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
  for (const finding of results.findings.slice(0, SHOWN_FINDINGS)) {
    lines.push(`  broken: ${findingLine(finding)}`);
    const reason = finding.reasons[0];
    if (reason !== undefined)
      lines.push(
        `    what was wrong: ${reason.text}${finding.reasons.length > 1 ? ` (and ${finding.reasons.length - 1} other reason${finding.reasons.length === 2 ? '' : 's'})` : ''}`,
      );
  }
  if (results.findings.length > SHOWN_FINDINGS)
    lines.push(`  ... and ${results.findings.length - SHOWN_FINDINGS} more broken requirements (see the report)`);
  lines.push(
    `  checks: ${counts.passed} passed, ${counts.failed} failed, ${counts['harness-fault']} harness faults, ${counts.skipped} not verified here (skipped), ${counts.flaky} flaky, ${counts['stale-baseline']} stale baseline, ${counts['expected-failure']} expected failures; ${results.counts.warnings} warnings`,
  );
  const { rate_limited: limited } = results.counts;
  if (limited.responses > 0) lines.push(`  rate limit: ${rateLimitText(limited)}`);
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

/** What checks that ran said they left unverified on this target (check.ts `notVerifiedHere`), check by check. */
export function partsNotVerified(
  checks: readonly CheckReport[],
): Array<{ check: string; requirement: string; why: string }> {
  return checks.flatMap((check) =>
    check.not_verified_here.map(({ requirement, why }) => ({ check: check.check_id, requirement, why })),
  );
}

/** "through the proxy http://proxy:3128 (HTTPS_PROXY, NO_PROXY), over TLS trusting the profile's CA, with a client certificate (mutual TLS)". */
export function reachText(reached: TargetReach | undefined): string {
  if (reached === undefined) return 'not recorded (the run left no transport in its target.json)';
  const { proxy, proxy_settings: settings, tls } = reached;
  const route =
    proxy === null
      ? 'straight to the target (no proxy)'
      : `through the proxy ${proxy} (${settings === 'profile' ? "the profile's proxy:" : 'HTTP(S)_PROXY, NO_PROXY'})`;
  if (tls === null) return `${route}, over plain HTTP`;
  return `${route}, over TLS trusting ${tls.trusted}${tls.servername ? ` for the name ${tls.servername}` : ''}, ${tls.client_certificate ? 'with a client certificate (mutual TLS)' : 'without a client certificate'}`;
}

/** "the target answered 429 Too Many Requests 37 times in 12 checks; each was waited out (41.2 s in all) and the request sent again". */
export function rateLimitText({ responses, checks, waited_ms }: RateLimitCounts): string {
  if (responses === 0) return 'the target answered no request with 429 Too Many Requests';
  return `the target answered 429 Too Many Requests ${responses} time${responses === 1 ? '' : 's'} in ${checksText(checks)}; each was waited out (${(waited_ms / 1000).toFixed(1)} s in all) and the request sent again`;
}

/**
 * "ERR-BODY-SHAPE (MUST) broken in 114 checks: Every response with status 400, … has a JSON object
 * body …": a sentence about the requirement (its short statement), never a value of a failure message,
 * which the report gives below it.
 */
export function findingLine(finding: RequirementFinding): string {
  const layer = finding.layer === 'profile' ? ', reference profile' : '';
  return `${finding.requirement} (${finding.level}${layer}) broken in ${checksText(finding.checks.length)}: ${shortStatement(finding.statement)}`;
}
