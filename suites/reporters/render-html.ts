import { createHash } from 'node:crypto';
import type { RecordedCall } from '../runtime/recorder.ts';
import { Html, html } from './html.ts';
import { findingLine, partsNotVerified, rateLimitText, reachText } from './publish-text.ts';
import { copyScriptText, reproduceBlock, reproduceStyles } from './reproduction-html.ts';
import { shortStatement } from './short-statement.ts';
import {
  checkCountsText,
  DIFFERENCES_SHOWN,
  differencesOf,
  interoperabilityText,
  notVerifiedText,
  readingsText,
  specificationText,
  staleBaselineText,
} from './verdict-block.ts';
import type {
  CheckReport,
  ConformanceReport,
  EndpointCoverage,
  Outcome,
  PrerequisiteReport,
  PrerequisiteStatus,
  RequirementFinding,
  RequirementReport,
  RequirementStatus,
  Score,
  StatusCoverage,
  StatusCoverageState,
} from './report-types.ts';

/**
 * conformance.html: one self-contained page that reads top-down like a certificate and works like a
 * to-do list: the verdict and headline, a table of contents and a legend, then what to fix (broken
 * requirements first, each with the checks that saw it), the failing checks with their calls folded
 * away and their reproductions (a shell script to copy), harness faults and what was not verified apart,
 * and the full matrices, folded and searchable. Its only script (search, fold, copy) is inline and
 * pinned by hash in the CSP; nothing is loaded.
 * Everything it shows comes from the signed conformance.json; the page itself is not signed.
 */
export function renderHtml(report: ConformanceReport): string {
  const { results } = report;
  const statements = new Map(results.requirements.map((row) => [row.id, row.statement]));
  const budget = { left: PAGE_BODY_BUDGET };
  const byOutcome = (...wanted: Outcome[]) => results.checks.filter((check) => wanted.includes(check.outcome));
  const failing = byOutcome('failed', 'flaky', 'stale-baseline');
  const baselined = byOutcome('expected-failure');
  const harness = byOutcome('harness-fault');
  const skipped = byOutcome('skipped');
  const warned = results.checks.filter((check) => check.warnings.length > 0);
  const notVerified = results.requirements.filter(
    (row) =>
      row.layer === 'specification' && row.status !== 'passed' && row.status !== 'warning' && row.status !== 'failed',
  );
  const { overall } = results.scores;
  const differences = differencesOf(results);
  const stale = staleBaselineText(results);
  const notHeld = results.prerequisites.filter((prerequisite) => prerequisite.status === 'not-held');

  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '${scriptHash}'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>DSS conformance report: ${results.verdict}</title>
<style>${styles}</style>
</head>
<body>
<header class="verdict verdict-${results.verdict}" id="verdict">
  <h1>DSS API conformance: ${verdictLabel[results.verdict]}</h1>
  <p class="specification"><strong>Specification ${results.spec_version}:</strong> ${specificationText(results)}.</p>
  ${stale === null ? null : html`<p class="stale-baseline"><strong>Stale baseline:</strong> ${stale}.</p>`}
  <p class="readings"><strong>Readings judged under:</strong> ${readingsText(results.target.readings)}.</p>
  <div class="interoperability"><p><strong>Interoperates with the reference profile:</strong> ${interoperabilityText(results)}${differences.length === 0 ? '.' : ':'}</p>
  ${differences.length === 0 ? null : html`<ul class="differences">${differences.slice(0, DIFFERENCES_SHOWN).map((difference) => html`<li><a href="#finding-${difference.id}"><code class="id">${difference.id}</code></a> ${difference.statement}</li>`)}${differences.length > DIFFERENCES_SHOWN ? html`<li><a href="#findings">${differences.length - DIFFERENCES_SHOWN} more</a> under what to fix</li>` : null}</ul>`}</div>
  <p class="headline"><strong>Not verified:</strong> ${notVerifiedText(results)}${results.headline.not_verified === 0 ? '.' : html`; <a href="#not-verified">why, below</a>.`}</p>
  ${notHeld.length === 0 ? null : html`<p class="prerequisites-broken">${notHeld.length} interoperability prerequisite${notHeld.length === 1 ? '' : 's'} did not hold (${notHeld.map((prerequisite) => prerequisite.id).join(', ')}): what rests on ${notHeld.length === 1 ? 'it' : 'them'} is inconclusive, not failed (<a href="#prerequisites">prerequisites</a>).</p>`}
  ${results.scope.filters.length === 0 ? null : html`<p class="scope">Filtered run (${results.scope.filters.join(', ')}): the verdict covers only the checks that ran, so it is <strong>partial</strong> at best.</p>`}
</header>
<nav class="toc" aria-label="Contents"><h2>Contents</h2><ol>
  <li><a href="#findings">What to fix: broken requirements (${results.findings.length})</a></li>
  <li><a href="#failures">Checks that failed (${failing.length})</a></li>
  <li><a href="#harness">Harness faults (${harness.length})</a></li>
  <li><a href="#not-verified">Not verified on this target (${notVerified.length} requirements, ${skipped.length} checks)</a></li>
  <li><a href="#baselined">Expected failures (${baselined.length})</a></li>
  <li><a href="#warnings">Warnings (${results.counts.warnings})</a></li>
  <li><a href="#scores">Scores by spec part</a></li>
  <li><a href="#prerequisites">Interoperability prerequisites (${results.prerequisites.filter((prerequisite) => prerequisite.relied_on_by.length > 0).length} relied on, ${notHeld.length} not held)</a></li>
  <li><a href="#requirements">Requirement matrix (${results.requirements.length})</a></li>
  <li><a href="#coverage">Endpoint coverage</a></li>
  <li><a href="#checks">All checks (${results.checks.length})</a></li>
  <li><a href="#run">Run and signature</a></li>
  <li><a href="#legend">Legend</a></li>
  ${results.problems.length === 0 ? null : html`<li><a href="#problems">Problems of the run (${results.problems.length})</a></li>`}
</ol></nav>
<section id="findings">
  <h2>What to fix: broken requirements (${results.findings.length})</h2>
  <p class="muted">One entry per broken requirement, however many checks saw it; the most widespread first.</p>
  ${results.findings.length === 0 ? html`<p>None.</p>` : results.findings.map(findingBlock)}
</section>
<section id="failures">
  <h2>Checks that failed (${failing.length})</h2>
  <p class="muted">Failures of the target. Each names the requirements it found broken; the calls are folded (click to open).</p>
  ${failing.length === 0 ? html`<p>None.</p>` : failing.map((check) => checkBlock(check, statements, budget))}
</section>
<section id="harness">
  <h2>Harness faults (${harness.length})</h2>
  <p class="muted">The harness itself could not carry these checks out: never the target's fault, never in its score. Their requirements are inconclusive.</p>
  ${harness.length === 0 ? html`<p>None.</p>` : harness.map((check) => checkBlock(check, statements, budget))}
</section>
<section id="not-verified">
  <h2>Not verified on this target</h2>
  ${results.headline.why.length === 0 ? html`<p>Every requirement of the specification was verified.</p>` : html`<ul>${results.headline.why.map((entry) => html`<li>${entry.count} ${entry.reason}</li>`)}</ul>`}
  ${notVerified.length === 0 ? null : html`<details><summary>The ${notVerified.length} requirements not verified, each with why</summary><ul class="undecided">${notVerified.map((row) => html`<li><code class="id">${row.id}</code> <span class="chip status-${row.status}">${statusLabel[row.status]}</span> ${shortStatement(row.statement)}<br><span class="muted">${row.reason ?? ''}</span></li>`)}</ul></details>`}
  ${partsNotVerified(results.checks).length === 0 ? null : html`<ul id="parts-not-verified">${partsNotVerified(results.checks).map(({ check, requirement, why }) => html`<li><code class="id">${check}</code> did not verify <code class="id">${requirement}</code> here: ${why}</li>`)}</ul>`}
  <details><summary>Checks not run here (${skipped.length})</summary>
  ${skipped.length === 0 ? html`<p>None.</p>` : html`<ul>${skipped.map((check) => html`<li><code class="id">${check.check_id}</code>: ${check.quarantined ? 'quarantined: ' : ''}${check.skip_reason ?? 'skipped'}</li>`)}</ul>`}
  </details>
</section>
<section id="baselined">
  <h2>Expected failures (${baselined.length})</h2>
  <p class="muted">Listed in the profile's expected-failures baseline: they failed as listed and do not fail the run, but their requirements count as failed.</p>
  ${baselined.length === 0 ? html`<p>None.</p>` : baselined.map((check) => checkBlock(check, statements, budget))}
</section>
<section id="warnings">
  <h2>Warnings (${results.counts.warnings})</h2>
  ${warned.length === 0 ? html`<p>None.</p>` : html`<ul>${warned.flatMap((check) => check.warnings.map((warning) => html`<li><code class="id">${check.check_id}</code>: ${warning}</li>`))}</ul>`}
</section>
<section id="scores">
  <h2>Scores by spec part</h2>
  <p class="muted">MUST requirements of the specification layer: passed over decided (passed or failed). Inconclusive and not verified ones are counted beside the score, never in it.</p>
  <table>
    <thead><tr><th>Part</th><th>Passed / decided</th><th>Score</th><th>Inconclusive</th><th>Not verified</th></tr></thead>
    <tbody>
      ${results.scores.parts.map((row) => html`<tr><td>${row.part}</td><td>${row.passed} / ${row.checked}</td><td>${bar(row)}</td><td>${row.inconclusive}</td><td>${row.not_verified}</td></tr>`)}
      <tr class="total"><td>overall</td><td>${overall.passed} / ${overall.checked}</td><td>${bar(overall)}</td><td>${overall.inconclusive}</td><td>${overall.not_verified}</td></tr>
    </tbody>
  </table>
  <p>Checks: ${Object.entries(results.counts.checks).map(([outcome, count]) => html`<span class="chip outcome-${outcome}">${outcomeLabel[outcome as Outcome]} ${count}</span> `)}; warnings ${results.counts.warnings}.</p>
  <p>Rate limit: ${rateLimitText(results.counts.rate_limited)}.</p>
  <p>Requirements (every level and layer): ${Object.entries(results.counts.requirements).map(([status, count]) => html`<span class="chip status-${status}">${statusLabel[status as RequirementStatus]} ${count}</span> `)}</p>
</section>
<section id="prerequisites">
  <h2>Interoperability prerequisites</h2>
  <p class="muted">Rules of the reference profile that checks need before they can verify anything (a vendor must sign a funding somehow). They are never scored: whether one held is read from the profile requirements that check it, and where one did not hold, the requirements resting on it are inconclusive, never failed.</p>
  <table id="prerequisite-table">
    <thead><tr><th>Prerequisite</th><th>Held?</th><th>Checked by</th><th>Relied on by (this run)</th><th>Rule and source</th></tr></thead>
    <tbody>${results.prerequisites.map(prerequisiteRow)}</tbody>
  </table>
</section>
<section id="requirements">
  <h2>Requirement matrix</h2>
  <details><summary>Show the ${results.requirements.length} requirements</summary>
  <p><input type="search" class="filter" data-table="requirement-table" placeholder="Filter: id, status, part, words…" aria-label="Filter the requirements"></p>
  <table id="requirement-table">
    <thead><tr><th>Requirement</th><th>Level</th><th>Layer</th><th>Part</th><th>Status</th><th>Checks</th><th>Statement and source</th></tr></thead>
    <tbody>${results.requirements.map(requirementRow)}</tbody>
  </table>
  </details>
</section>
<section id="coverage">
  <h2>Endpoint coverage</h2>
  <p>Of the ${results.coverage.listed_statuses} statuses the spec lists, ${results.coverage.exercised_listed_statuses} were exercised by a check of this run,
  ${results.coverage.not_exercised_statuses} were not, and ${results.coverage.not_provokable_statuses} cannot be provoked from outside (internal failures);
  ${results.coverage.unlisted_statuses_observed} statuses it does not list were observed; ${results.coverage.uncatalogued_calls} calls went outside the catalogue.</p>
  <p class="coverage-key">${(['exercised', 'not-exercised', 'not-provokable', 'unlisted'] as const).map((state) => html`${coverageChip(state, coverageLabel[state])} `)}</p>
  <details><summary>Show the ${results.coverage.endpoints.length} endpoints</summary>
  <p><input type="search" class="filter" data-table="coverage-table" placeholder="Filter: path, status…" aria-label="Filter the endpoints"></p>
  <table id="coverage-table">
    <thead><tr><th>Endpoint</th><th>Statuses</th></tr></thead>
    <tbody>${results.coverage.endpoints.map(coverageRow)}</tbody>
  </table>
  </details>
</section>
<section id="checks">
  <h2>All checks (${results.checks.length})</h2>
  <details><summary>Show the ${results.checks.length} checks</summary>
  <p><input type="search" class="filter" data-table="check-table" placeholder="Filter: id, outcome, requirement…" aria-label="Filter the checks"></p>
  <table id="check-table">
    <thead><tr><th>Check</th><th>Outcome</th><th>Requirements</th><th>Calls</th></tr></thead>
    <tbody>${results.checks.map(checkRow)}</tbody>
  </table>
  </details>
</section>
<section id="run">
  <h2>Run and signature</h2>
  <table class="facts">
    <tr><th>Target</th><td>${results.target.base_url ?? 'unknown'}</td></tr>
    <tr><th>Reached</th><td id="reached">${reachText(results.target.reached)}</td></tr>
    <tr><th>Scope</th><td>${results.scope.filters.length === 0 ? 'the whole suite' : results.scope.filters.join(', ')}</td></tr>
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
<section id="legend">
  <h2>Legend</h2>
  <dl>
    <dt>verified</dt><dd>a requirement a check decided: passed, warning (a SHOULD broken; counts as passed) or failed.</dd>
    <dt>${statusLabel.inconclusive}</dt><dd>a check ran but stopped before deciding it (another requirement failed first, or the harness faulted).</dd>
    <dt>${statusLabel['not-verified']}</dt><dd>every check of it was skipped here or filtered out; the reason says what was missing (the simulator control plane, a credential of the profile…).</dd>
    <dt>${statusLabel.uncovered}</dt><dd>no check names it.</dd>
    <dt>${statusLabel['not-testable']}</dt><dd>no client can provoke it (an internal failure, say); the catalogue says why.</dd>
    <dt>score</dt><dd>MUST requirements of the specification layer that passed, over those decided. The reference profile's requirements (decisions where the spec is silent) are counted apart, as "interoperates with the reference profile".</dd>
    <dt>readings judged under</dt><dd>the reading of each open point of the spec that a profile may declare (its <code>readings:</code> block): the profile's, else what preflight detected from the target's answers (with the call that showed it), else the reference's. Checks judge the target under these; one a check's answer contradicted is marked so.</dd>
    <dt>difference</dt><dd>a requirement of the reference profile that failed: a decision of the reference the target does not share. It is shown beside the verdict and never changes it.</dd>
    <dt>check counts</dt><dd>what the checks naming a requirement did with it: <em>broken in</em> (found it broken), <em>held in</em> (decided it held), <em>could not reach it</em> (ran, but stopped at another requirement first or faulted: the requirement is then inconclusive, however many others held it), <em>not run here</em> (skipped: it does not count against the requirement).</dd>
    <dt>${outcomeLabel['harness-fault']}</dt><dd>a check the harness could not carry out; never the target's fault.</dd>
    <dt>${outcomeLabel.skipped}</dt><dd>a check not run on this target, with the reason.</dd>
    <dt>${outcomeLabel['expected-failure']}</dt><dd>failed as the baseline says; ${outcomeLabel['stale-baseline']}: listed in the baseline but passed, which fails the run until its id is removed from expected_failures; its requirements count as held (the target passed it).</dd>
    <dt>finding</dt><dd>a cross-cutting requirement (the error body, a resource schema) found broken on the way: recorded without stopping the check, which still decides its own requirements.</dd>
    <dt>prerequisite</dt><dd>an interoperability rule of the reference profile that checks need before they can verify anything: ${prerequisiteChip('held')} every requirement checking it passed; ${prerequisiteChip('not-held')} one failed, so the requirements resting on it are inconclusive, never failed; ${prerequisiteChip('undecided')} the run did not decide it.</dd>
    <dt>coverage</dt><dd>${coverageChip('exercised', coverageLabel.exercised)} a check of this run got the listed status; ${coverageChip('not-exercised', coverageLabel['not-exercised'])} the spec lists it and a client could provoke it, but no check of this run got it; ${coverageChip('not-provokable', coverageLabel['not-provokable'])} the spec lists it, but only an internal failure produces it (hover for why); ${coverageChip('unlisted', coverageLabel.unlisted)} a call got a status the spec does not list. ×N is the number of calls.</dd>
  </dl>
</section>
${results.problems.length === 0 ? null : html`<section id="problems"><h2>Problems of the run (${results.problems.length})</h2><ul>${results.problems.map((problem) => html`<li>${problem}</li>`)}</ul></section>`}
<script>${script}</script>
</body>
</html>
`;
  return page.text;
}

/**
 * Bodies on the page, all calls together: past it, a body is left out with its size (conformance.json
 * keeps it whole, up to 64 KiB), so that a run failing every check still gives a page under 5 MB.
 */
const PAGE_BODY_BUDGET = 1536 * 1024;

/** Calls shown per check: the last ones, where a check fails (conformance.json keeps them all). */
const CALLS_SHOWN = 20;

const verdictLabel: Record<ConformanceReport['results']['verdict'], string> = {
  passed: 'PASSED',
  'passed-with-expected-failures': 'PASSED WITH EXPECTED FAILURES',
  partial: 'PARTIAL (filtered run)',
  failed: 'FAILED',
  inconclusive: 'INCONCLUSIVE',
};

const outcomeLabel: Record<Outcome, string> = {
  passed: 'passed',
  failed: 'failed',
  'harness-fault': 'harness fault',
  skipped: 'not verified here',
  'expected-failure': 'expected failure (baseline)',
  'stale-baseline': 'stale baseline',
  flaky: 'flaky (failed, then passed on retry)',
};

const statusLabel: Record<RequirementStatus, string> = {
  passed: 'passed',
  failed: 'failed',
  warning: 'warning',
  inconclusive: 'inconclusive',
  'not-verified': 'not verified here',
  uncovered: 'uncovered',
  'not-testable': 'not testable',
};

function bar(score: Score): Html {
  if (score.score === null) return html`<span class="muted">none decided</span>`;
  return html`<span class="bar"><span style="width: ${score.score}%"></span></span> ${score.score}%`;
}

function anchor(checkId: string): string {
  return `check-${checkId}`;
}

function findingBlock(finding: RequirementFinding): Html {
  return html`<article class="finding" id="finding-${finding.requirement}">
  <h3>${findingLine(finding)}</h3>
  <p>${finding.statement} <span class="muted">(${finding.level}, ${finding.layer === 'profile' ? 'reference profile' : 'specification'}; ${checkCountsText(finding.check_counts)})</span></p>
  <p>What was wrong:</p>
  <ul class="reasons">${finding.reasons.slice(0, 5).map((reason) => html`<li>${reason.count}× <span class="message">${reason.text}</span></li>`)}</ul>
  <p>For example:</p>
  <ul>${finding.examples.map((example) => html`<li><a href="#${anchor(example.check_id)}"><code class="id">${example.check_id}</code></a>: <span class="message">${example.message}</span></li>`)}</ul>
  <details><summary>All ${finding.checks.length} checks that saw it</summary><p>${finding.checks.map((id) => html`<a href="#${anchor(id)}"><code class="id">${id}</code></a> `)}</p></details>
</article>`;
}

function checkBlock(check: CheckReport, statements: ReadonlyMap<string, string>, budget: { left: number }): Html {
  return html`<article class="check outcome-${check.outcome}" id="${anchor(check.check_id)}">
  <h3><code class="id">${check.check_id}</code> <span class="chip outcome-${check.outcome}">${outcomeLabel[check.outcome]}</span></h3>
  <p class="muted">${check.title} (${check.file})</p>
  <ul>${check.requirements.map(
    (id) =>
      html`<li>${check.failed_requirements.includes(id) ? html`<span class="chip status-failed">broken</span> ` : check.passed_requirements.includes(id) ? html`<span class="chip status-passed">held</span> ` : null}<code class="id">${id}</code> ${statements.get(id) ?? '(not in the catalogue)'}</li>`,
  )}</ul>
  ${check.expected === null && check.got === null ? null : html`<table class="facts"><tr><th>Expected</th><td><code>${check.expected ?? ''}</code></td></tr><tr><th>Got</th><td><code>${check.got ?? ''}</code></td></tr></table>`}
  ${check.error === null ? null : html`<pre class="error">${check.error}</pre>`}
  ${check.calls.length === 0 ? null : callsBlock(check.calls, budget)}
  ${reproduceBlock(check, budget)}
</article>`;
}

function callsBlock(calls: readonly RecordedCall[], budget: { left: number }): Html {
  const shown = calls.slice(-CALLS_SHOWN);
  const earlier = calls.length - shown.length;
  return html`<details class="calls"><summary>Calls (${calls.length})</summary>${earlier > 0 ? html`<p class="muted">The last ${shown.length} of ${calls.length} calls; conformance.json has the ${earlier} earlier ones.</p>` : null}${shown.map((call) => callBlock(call, budget))}</details>`;
}

function callBlock(call: RecordedCall, budget: { left: number }): Html {
  return html`<details class="call"><summary><strong>${call.method}</strong> <code>${call.url}</code> → <strong>${call.status ?? 'no response'}</strong> in ${call.duration_ms} ms${call.error === undefined ? null : html` <span class="chip harness">${call.error}</span>`}</summary>
  <div class="pair">
    <div><h5>Request</h5><pre>${message(call.request_headers, call.request_body, budget)}</pre></div>
    <div><h5>Response</h5><pre>${message(call.response_headers, call.response_body, budget)}</pre></div>
  </div>
</details>`;
}

/** Headers, a blank line, the body: as the message went over the wire (shortened once the page's budget is spent). */
function message(headers: Record<string, string>, body: string | null, budget: { left: number }): string {
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  let shown = body ?? '';
  if (shown.length > budget.left)
    shown = `[body of ${shown.length} characters left out of this page to keep it small; conformance.json has it]`;
  else budget.left -= shown.length;
  return [head.join('\n'), shown].filter((part) => part !== '').join('\n\n');
}

function requirementRow(row: RequirementReport): Html {
  return html`<tr>
  <td><code class="id">${row.id}</code></td><td>${row.level}</td><td>${row.layer === 'profile' ? 'reference profile' : 'specification'}</td><td>${row.part}</td>
  <td><span class="chip status-${row.status}">${statusLabel[row.status]}</span>${row.reason === null ? null : html`<br><span class="muted">${row.reason}</span>`}</td>
  <td><span class="counts">${checkCountsText(row.check_counts)}</span><br>${row.checks.map((id) => html`<code class="id">${id}</code> `)}</td>
  <td>${row.statement}<br><span class="muted">${row.source}</span></td>
</tr>`;
}

/** The words of each state of a listed status; the chip's text carries them too, so colour is never the only sign. */
const coverageLabel: Record<StatusCoverageState, string> = {
  exercised: 'exercised',
  'not-exercised': 'listed, not exercised',
  'not-provokable': 'not provokable from outside',
  unlisted: 'not listed, observed',
};

const coverageMark: Record<StatusCoverageState, string> = {
  exercised: '✓',
  'not-exercised': '○',
  'not-provokable': '⊘',
  unlisted: '!',
};

function coverageChip(state: StatusCoverageState, text: string, title?: string): Html {
  return html`<span class="chip cov-${state}" data-state="${state}"${title === undefined ? null : html` title="${title}"`}>${coverageMark[state]} ${text}</span>`;
}

function coverageRow(row: EndpointCoverage): Html {
  return html`<tr><td><code>${row.method} ${row.path}</code><br><span class="muted">${row.endpoint_id}</span></td><td>${row.statuses.map((status) => html`${statusChip(status)} `)}</td></tr>`;
}

function statusChip(status: StatusCoverage): Html {
  const text = `${status.status}${status.calls > 0 ? ` ×${status.calls}` : ''}`;
  const reason = status.not_provokable;
  const title =
    reason === null
      ? coverageLabel[status.state]
      : status.state === 'not-provokable'
        ? `${coverageLabel[status.state]}: ${reason}`
        : `${coverageLabel[status.state]}, though only an internal failure should produce it: ${reason}`;
  return coverageChip(status.state, text, title);
}

const prerequisiteLabel: Record<PrerequisiteStatus, string> = {
  held: 'held',
  'not-held': 'did not hold',
  undecided: 'undecided',
};

function prerequisiteChip(status: PrerequisiteStatus): Html {
  return html`<span class="chip pre-${status}">${prerequisiteLabel[status]}</span>`;
}

function prerequisiteRow(row: PrerequisiteReport): Html {
  return html`<tr id="prerequisite-${row.id}" data-status="${row.status}">
  <td><code class="id">${row.id}</code></td>
  <td>${prerequisiteChip(row.status)}</td>
  <td>${row.checked_by.map((checker) => html`<code class="id">${checker.id}</code> <span class="chip status-${checker.status}">${statusLabel[checker.status]}</span><br>`)}</td>
  <td>${row.relied_on_by.length === 0 ? html`<span class="muted">not relied on in this run</span>` : html`${row.relied_on_by.length} requirement${row.relied_on_by.length === 1 ? '' : 's'}${row.made_inconclusive.length === 0 ? null : html`; <strong>inconclusive because it did not hold: ${row.made_inconclusive.map((id) => html`<code class="id">${id}</code> `)}</strong>`}<details><summary>which</summary><p>${row.relied_on_by.map((id) => html`<code class="id">${id}</code> `)}</p></details>`}</td>
  <td>${row.statement}<br><span class="muted">${row.source}</span></td>
</tr>`;
}

function checkRow(check: CheckReport): Html {
  const linked = check.outcome !== 'passed' && check.outcome !== 'skipped';
  return html`<tr>
  <td>${linked ? html`<a href="#${anchor(check.check_id)}"><code class="id">${check.check_id}</code></a>` : html`<code class="id">${check.check_id}</code>`}<br><span class="muted">${check.title}</span></td>
  <td><span class="chip outcome-${check.outcome}">${outcomeLabel[check.outcome]}</span>${check.skip_reason === null ? null : html`<br><span class="muted">${check.quarantined ? 'quarantined: ' : ''}${check.skip_reason}</span>`}</td>
  <td>${check.requirements.map((id) => html`<code class="id">${id}</code> `)}</td>
  <td>${check.call_count}</td>
</tr>`;
}

/**
 * The page's one script: the filter boxes hide the rows of their table that do not contain every word
 * typed, and a link to a folded place opens the folds around it. Trusted text of this file.
 */
const scriptText = `
for (const input of document.querySelectorAll('input.filter')) {
  const rows = document.getElementById(input.dataset.table).tBodies[0].rows;
  input.addEventListener('input', () => {
    const words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    for (const row of rows) row.hidden = !words.every((word) => row.textContent.toLowerCase().includes(word));
  });
}
function reveal() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  for (let node = target; node; node = node.parentElement) if (node.tagName === 'DETAILS') node.open = true;
  if (target) target.scrollIntoView();
}
window.addEventListener('hashchange', reveal);
reveal();
${copyScriptText}`;
const script = new Html(scriptText);
const scriptHash = `sha256-${createHash('sha256').update(scriptText).digest('base64')}`;

/** Trusted text of this file, not data: it must reach the page unescaped. */
const styles = new Html(`${reproduceStyles}
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1f24; margin: 0 auto; max-width: 1200px; padding: 0 1.5rem 3rem; }
h1 { margin: 0; font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #d0d7de; padding-bottom: .25rem; }
.verdict { padding: 1rem 1.5rem; margin: 1rem 0; border-radius: 6px; color: #fff; }
.verdict p { margin: .25rem 0 0; } .verdict .specification { font-size: 1.1rem; }
.verdict a { color: inherit; } .verdict ul.differences { margin: .1rem 0 0; padding-left: 1.5rem; }
.verdict-passed { background: #1a7f37; } .verdict-passed-with-expected-failures { background: #4d7a1a; } .verdict-partial { background: #0969da; }
.verdict-failed { background: #cf222e; } .verdict-inconclusive { background: #9a6700; }
.toc ol { columns: 2; margin: 0; } .toc h2 { margin-top: 1rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid #eaeef2; }
thead th { background: #f6f8fa; }
table.facts th { width: 14rem; font-weight: 600; }
tr.total td { font-weight: 600; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
code { overflow-wrap: anywhere; }
code.id { white-space: nowrap; overflow-wrap: normal; }
pre { background: #f6f8fa; padding: .5rem; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24rem; overflow: auto; margin: .25rem 0; }
.muted { color: #57606a; }
.chip { display: inline-block; padding: 0 .45rem; border-radius: 1rem; font-size: 12px; background: #eaeef2; margin: 1px 0; white-space: nowrap; }
.status-passed, .outcome-passed, .cov-exercised, .pre-held { background: #dafbe1; }
.status-failed, .outcome-failed, .outcome-stale-baseline, .outcome-flaky, .pre-not-held, .stale-baseline { background: #ffebe9; }
.status-warning, .outcome-expected-failure, .cov-unlisted { background: #fff8c5; }
.status-inconclusive, .outcome-harness-fault, .harness { background: #fbefff; }
.status-uncovered, .status-not-verified, .status-not-testable, .outcome-skipped, .cov-not-exercised, .pre-undecided { background: #eaeef2; color: #57606a; }
.cov-not-provokable { background: #fff; color: #57606a; border: 1px dashed #8c959f; }
.bar { display: inline-block; width: 8rem; height: .6rem; background: #eaeef2; border-radius: .3rem; overflow: hidden; vertical-align: middle; }
.bar span { display: block; height: 100%; background: #1a7f37; }
article.check, article.finding { border: 1px solid #d0d7de; border-left: 4px solid #cf222e; border-radius: 6px; padding: .25rem 1rem .75rem; margin: 1rem 0; }
article.outcome-expected-failure { border-left-color: #9a6700; } article.outcome-harness-fault { border-left-color: #8250df; }
details > summary { cursor: pointer; }
details.call { border-top: 1px dashed #d0d7de; padding: .25rem 0; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; }
.pair h5 { margin: .25rem 0 0; }
dt { font-weight: 600; } dd { margin: 0 0 .4rem 1.5rem; }
input.filter { width: 100%; max-width: 30rem; padding: .3rem .5rem; font: inherit; }
@media print {
  body { max-width: none; padding: 0; font-size: 11px; }
  .verdict { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  pre { max-height: none; overflow: visible; }
  tr, article.check, details.call { break-inside: avoid; }
  .pair { grid-template-columns: 1fr; }
}
`);
