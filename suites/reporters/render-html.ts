import type { RecordedCall } from '../runtime/recorder.ts';
import { Html, html } from './html.ts';
import type { CheckReport, ConformanceReport, EndpointCoverage, Outcome, RequirementReport, Score } from './report-types.ts';

/**
 * conformance.html: one self-contained page (inline CSS, no script, a CSP that forbids loading
 * anything) that reads top-down like a certificate: the verdict, the scores, what failed and why with
 * its calls, then the full requirement and coverage matrices. Everything it shows comes from the
 * signed conformance.json; the page itself is not signed.
 */
export function renderHtml(report: ConformanceReport): string {
  const { results } = report;
  const notPassing = results.checks.filter((check) => check.outcome !== 'passed' && check.outcome !== 'skipped');
  const warned = results.checks.filter((check) => check.warnings.length > 0);
  const statements = new Map(results.requirements.map((row) => [row.id, row.statement]));
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>DSS conformance report: ${results.verdict}</title>
<style>${styles}</style>
</head>
<body>
<header class="verdict verdict-${results.verdict}">
  <h1>DSS API conformance: ${verdictLabel[results.verdict]}</h1>
  <p>${overallText(results.scores.overall)}</p>
</header>
<section>
  <h2>Run</h2>
  <table class="facts">
    <tr><th>Target</th><td>${results.target.base_url ?? 'unknown'}</td></tr>
    <tr><th>Spec version</th><td>${results.spec_version}</td></tr>
    <tr><th>Suite version</th><td>${report.suite_version}</td></tr>
    <tr><th>Profile digest</th><td><code>${report.profile_digest ?? 'unknown'}</code></td></tr>
    <tr><th>Started</th><td>${results.started_at}</td></tr>
    <tr><th>Finished</th><td>${results.finished_at}</td></tr>
    <tr><th>Capabilities</th><td><code>${JSON.stringify(results.target.capabilities)}</code></td></tr>
    <tr><th>Results digest</th><td><code>${report.signature.results_digest}</code></td></tr>
    <tr><th>Signing key thumbprint</th><td><code>${report.signature.key_thumbprint}</code> (verify with <code>dss verify-report conformance.json</code>)</td></tr>
  </table>
</section>
<section>
  <h2>Scores by spec part</h2>
  <table>
    <thead><tr><th>Part</th><th>MUST passed / checked</th><th>Score</th></tr></thead>
    <tbody>
      ${results.scores.parts.map((row) => html`<tr><td>${row.part}</td><td>${row.passed} / ${row.checked}</td><td>${bar(row)}</td></tr>`)}
      <tr class="total"><td>overall</td><td>${results.scores.overall.passed} / ${results.scores.overall.checked}</td><td>${bar(results.scores.overall)}</td></tr>
    </tbody>
  </table>
  <p>Checks: ${Object.entries(results.counts.checks).map(([outcome, count]) => html`<span class="chip outcome-${outcome}">${outcome} ${count}</span> `)}
  harness faults ${results.counts.harness_faults}, warnings ${results.counts.warnings}.</p>
  <p>Requirements: ${Object.entries(results.counts.requirements).map(([status, count]) => html`<span class="chip status-${status}">${status} ${count}</span> `)}</p>
</section>
<section>
  <h2>Checks that did not pass (${notPassing.length})</h2>
  ${notPassing.length === 0 ? html`<p>None.</p>` : notPassing.map((check) => failingCheck(check, statements))}
</section>
<section>
  <h2>Warnings (${results.counts.warnings})</h2>
  ${warned.length === 0 ? html`<p>None.</p>` : html`<ul>${warned.flatMap((check) => check.warnings.map((warning) => html`<li><code>${check.check_id}</code>: ${warning}</li>`))}</ul>`}
</section>
<section>
  <h2>Requirement matrix</h2>
  <table>
    <thead><tr><th>Requirement</th><th>Level</th><th>Part</th><th>Status</th><th>Checks</th><th>Statement and source</th></tr></thead>
    <tbody>${results.requirements.map(requirementRow)}</tbody>
  </table>
  <h3>Uncovered requirements (${results.uncovered.length})</h3>
  ${results.uncovered.length === 0 ? html`<p>None: every requirement is named by a check.</p>` : html`<p>${results.uncovered.map((id) => html`<code>${id}</code> `)}</p>`}
</section>
<section>
  <h2>Endpoint coverage</h2>
  <p>${results.coverage.exercised_listed_statuses} of ${results.coverage.listed_statuses} listed statuses exercised;
  ${results.coverage.unlisted_statuses_observed} unlisted statuses observed; ${results.coverage.uncatalogued_calls} calls outside the catalogue.
  <span class="chip cov-hit">listed, exercised</span> <span class="chip cov-miss">listed, not exercised</span> <span class="chip cov-unlisted">not listed, observed</span></p>
  <table>
    <thead><tr><th>Endpoint</th><th>Statuses</th></tr></thead>
    <tbody>${results.coverage.endpoints.map(coverageRow)}</tbody>
  </table>
</section>
<section>
  <h2>All checks (${results.checks.length})</h2>
  <table>
    <thead><tr><th>Check</th><th>Outcome</th><th>Requirements</th><th>Calls</th></tr></thead>
    <tbody>${results.checks.map(checkRow)}</tbody>
  </table>
</section>
${results.problems.length === 0 ? null : html`<section><h2>Problems of the run (${results.problems.length})</h2><ul>${results.problems.map((problem) => html`<li>${problem}</li>`)}</ul></section>`}
</body>
</html>
`;
  return page.text;
}

const verdictLabel: Record<ConformanceReport['results']['verdict'], string> = {
  passed: 'PASSED',
  'passed-with-expected-failures': 'PASSED WITH EXPECTED FAILURES',
  failed: 'FAILED',
  inconclusive: 'INCONCLUSIVE',
};

const outcomeLabel: Record<Outcome, string> = {
  passed: 'passed',
  failed: 'failed',
  skipped: 'skipped',
  'expected-failure': 'expected failure (baseline)',
  'stale-baseline': 'stale baseline (passed, but listed as expected to fail)',
  flaky: 'flaky (failed, then passed on retry)',
};

function overallText(score: Score): string {
  if (score.score === null) return 'No MUST requirement was checked.';
  return `${score.passed} of ${score.checked} checked MUST requirements passed (${score.score}%).`;
}

function bar(score: Score): Html {
  if (score.score === null) return html`<span class="muted">not checked</span>`;
  return html`<span class="bar"><span style="width: ${score.score}%"></span></span> ${score.score}%`;
}

function failingCheck(check: CheckReport, statements: ReadonlyMap<string, string>): Html {
  return html`<article class="check outcome-${check.outcome}">
  <h3><code>${check.check_id}</code> ${outcomeLabel[check.outcome]}${check.fault === 'harness' ? html` <span class="chip harness">harness fault, not the target's</span>` : null}</h3>
  <p class="muted">${check.title} (${check.file})</p>
  <ul>${check.requirements.map(
    (id) => html`<li>${check.failed_requirements.includes(id) ? html`<span class="chip status-failed">broken</span> ` : null}<code>${id}</code> ${statements.get(id) ?? '(not in the catalogue)'}</li>`,
  )}</ul>
  ${check.expected === null && check.got === null ? null : html`<table class="facts"><tr><th>Expected</th><td><code>${check.expected ?? ''}</code></td></tr><tr><th>Got</th><td><code>${check.got ?? ''}</code></td></tr></table>`}
  ${check.error === null ? null : html`<pre>${check.error}</pre>`}
  ${check.calls.length === 0 ? null : html`<h4>Calls (${check.calls.length})</h4>${check.calls.map(callBlock)}`}
</article>`;
}

function callBlock(call: RecordedCall): Html {
  return html`<div class="call">
  <p><strong>${call.method}</strong> <code>${call.url}</code> → <strong>${call.status ?? 'no response'}</strong> in ${call.duration_ms} ms${call.error === undefined ? null : html` <span class="chip harness">${call.error}</span>`}</p>
  <div class="pair">
    <div><h5>Request</h5><pre>${message(call.request_headers, call.request_body)}</pre></div>
    <div><h5>Response</h5><pre>${message(call.response_headers, call.response_body)}</pre></div>
  </div>
</div>`;
}

/** Headers, a blank line, the body: as the message went over the wire. */
function message(headers: Record<string, string>, body: string | null): string {
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [head.join('\n'), body ?? ''].filter((part) => part !== '').join('\n\n');
}

function requirementRow(row: RequirementReport): Html {
  return html`<tr>
  <td><code>${row.id}</code></td><td>${row.level}</td><td>${row.part}</td>
  <td><span class="chip status-${row.status}">${row.status}</span></td>
  <td>${row.checks.map((id) => html`<code>${id}</code> `)}</td>
  <td>${row.statement}<br><span class="muted">${row.source}</span></td>
</tr>`;
}

function coverageRow(row: EndpointCoverage): Html {
  return html`<tr><td><code>${row.method} ${row.path}</code><br><span class="muted">${row.endpoint_id}</span></td><td>${row.statuses.map(
    (status) => html`<span class="chip ${status.listed ? (status.exercised ? 'cov-hit' : 'cov-miss') : 'cov-unlisted'}">${status.status}${status.calls > 0 ? ` ×${status.calls}` : ''}</span> `,
  )}</td></tr>`;
}

function checkRow(check: CheckReport): Html {
  return html`<tr>
  <td><code>${check.check_id}</code><br><span class="muted">${check.title}</span></td>
  <td><span class="chip outcome-${check.outcome}">${check.outcome}</span>${check.skip_reason === null ? null : html`<br><span class="muted">${check.quarantined ? 'quarantined: ' : ''}${check.skip_reason}</span>`}</td>
  <td>${check.requirements.map((id) => html`<code>${id}</code> `)}</td>
  <td>${check.call_count}</td>
</tr>`;
}

/** Trusted text of this file, not data: it must reach the page unescaped. */
const styles = new Html(`
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1f24; margin: 0 auto; max-width: 1200px; padding: 0 1.5rem 3rem; }
h1 { margin: 0; font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #d0d7de; padding-bottom: .25rem; }
.verdict { padding: 1rem 1.5rem; margin: 1rem 0; border-radius: 6px; color: #fff; }
.verdict p { margin: .25rem 0 0; }
.verdict-passed { background: #1a7f37; } .verdict-passed-with-expected-failures { background: #4d7a1a; }
.verdict-failed { background: #cf222e; } .verdict-inconclusive { background: #9a6700; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid #eaeef2; }
thead th { background: #f6f8fa; }
table.facts th { width: 14rem; font-weight: 600; }
tr.total td { font-weight: 600; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; word-break: break-all; }
pre { background: #f6f8fa; padding: .5rem; white-space: pre-wrap; max-height: 24rem; overflow: auto; margin: .25rem 0; }
.muted { color: #57606a; }
.chip { display: inline-block; padding: 0 .45rem; border-radius: 1rem; font-size: 12px; background: #eaeef2; margin: 1px 0; }
.status-passed, .outcome-passed, .cov-hit { background: #dafbe1; }
.status-failed, .outcome-failed, .outcome-stale-baseline, .outcome-flaky { background: #ffebe9; }
.status-warning, .outcome-expected-failure, .cov-unlisted { background: #fff8c5; }
.status-inconclusive, .harness { background: #fbefff; }
.status-uncovered, .status-skipped, .outcome-skipped, .cov-miss { background: #eaeef2; color: #57606a; }
.bar { display: inline-block; width: 8rem; height: .6rem; background: #eaeef2; border-radius: .3rem; overflow: hidden; vertical-align: middle; }
.bar span { display: block; height: 100%; background: #1a7f37; }
article.check { border: 1px solid #d0d7de; border-left: 4px solid #cf222e; border-radius: 6px; padding: .25rem 1rem .75rem; margin: 1rem 0; }
article.outcome-expected-failure { border-left-color: #9a6700; }
article.check h3 { background: none; }
.call { border-top: 1px dashed #d0d7de; padding-top: .25rem; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; }
.pair h5 { margin: .25rem 0 0; }
@media print {
  body { max-width: none; padding: 0; font-size: 11px; }
  .verdict { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  pre { max-height: none; overflow: visible; }
  tr, article.check, .call { break-inside: avoid; }
  .pair { grid-template-columns: 1fr; }
}
`);
