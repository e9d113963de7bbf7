import { expect, test } from '@playwright/test';
import { escapeHtml, html } from './html.ts';
import { renderHtml } from './render-html.ts';
import {
  everyCheckFailingReport,
  hostile,
  LARGEST_BODY,
  readingVariantReport,
  sampleReport,
} from '../../test-support/sample-report.ts';

test('html`` escapes every interpolated value unless it is already HTML', () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
  );
  const inner = html`<b>${'<i>'}</b>`;
  expect(html`<p>${inner}${['<', html`<br>`]}${null}${7}</p>`.text).toBe('<p><b>&lt;i&gt;</b>&lt;<br>7</p>');
});

test('the page escapes everything that came from the target and runs only its own pinned script', async () => {
  const page = renderHtml(await sampleReport());
  // The hostile text is shown, escaped, wherever the target put it...
  expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
  expect(page).toContain('x-hostile: &lt;script&gt;');
  // ...and never as markup: the page's one script is its own, pinned by hash in the CSP.
  expect(page.match(/<script/g)).toHaveLength(1);
  expect(page).toContain('<script>\nfor (const input of document.querySelectorAll');
  expect(page).not.toContain('<img');
  expect(page).toMatch(
    /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-[A-Za-z0-9+/]+=*'">/,
  );
  expect(page).not.toMatch(/\b(?:src|href)=["']?https?:/);
  // The stylesheet is the page's own text and must arrive unescaped.
  expect(page).toContain('"Segoe UI"');
  expect(hostile).toContain('<script>');
});

test('the verdict and headline come first, then contents, what to fix, the failures with folded calls, and the folded matrices', async () => {
  const page = renderHtml(await sampleReport());
  const order = [
    'DSS API conformance: FAILED',
    'requirements verified',
    'Contents',
    '<section id="findings">',
    'DIR-MEMBER-NOT-FOUND (MUST) broken in 1 check',
    '<section id="failures">',
    'id="check-dir.member-not-found"',
    '<section id="harness">',
    '<section id="not-verified">',
    '<section id="scores">',
    '<section id="requirements">',
    '<section id="coverage">',
    '<section id="checks">',
    '<section id="legend">',
  ];
  const positions = order.map((text) => page.indexOf(text));
  expect(
    positions.every((position) => position >= 0),
    JSON.stringify(Object.fromEntries(order.map((text, i) => [text, positions[i]]))),
  ).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(page).toContain('<span class="chip status-failed">broken</span> <code class="id">DIR-MEMBER-NOT-FOUND</code>');
  expect(page).toMatch(/<th>Expected<\/th><td><code>status 404<\/code>/);
  expect(page).toContain(
    '<details class="calls"><summary>Calls (1)</summary><details class="call"><summary><strong>GET</strong>',
  );
  expect(page).toContain('→ <strong>500</strong>');
  // Every count has its words in the legend.
  for (const term of ['inconclusive', 'not verified here', 'uncovered', 'not testable', 'harness fault', 'score'])
    expect(page).toContain(`<dt>${term}</dt>`);
});

test('past the page budget, bodies are left out so that a run failing every check stays under 5 MB', async () => {
  const page = renderHtml(await everyCheckFailingReport());
  expect(Buffer.byteLength(page)).toBeLessThan(5 * 1024 * 1024);
  expect(page).toContain(LARGEST_BODY); // the first bodies are whole
  expect(page).toContain(
    `[body of ${LARGEST_BODY.length} characters left out of this page to keep it small; conformance.json has it]`,
  );
});

test('the endpoint table marks each listed status exercised, not exercised or not provokable, and the legend says what each mark means', async () => {
  const report = await sampleReport();
  const page = renderHtml(report);
  const chip = (state: string, text: string) =>
    new RegExp(`<span class="chip cov-${state}" data-state="${state}" title="[^"]*">[^<]* ${text}</span>`);
  const row = (id: string) =>
    page.slice(
      page.indexOf(`<span class="muted">${id}</span>`),
      page.indexOf('</tr>', page.indexOf(`<span class="muted">${id}</span>`)),
    );
  expect(row('member.getMember')).toMatch(chip('exercised', '200 ×1'));
  expect(row('member.getMember')).toMatch(chip('not-exercised', '404'));
  expect(row('member.getMember')).toMatch(chip('unlisted', '500 ×1'));
  // POST /sign/message answers 404 only on an internal marshalling error: the spec index says why.
  expect(row('member.signMessage')).toMatch(
    /<span class="chip cov-not-provokable" data-state="not-provokable" title="not provokable from outside: a marshalling error is internal[^"]*">⊘ 404<\/span>/,
  );
  const { coverage } = report.results;
  expect(coverage.not_provokable_statuses).toBe(18);
  expect(page).toContain(
    `${coverage.exercised_listed_statuses} were exercised by a check of this run,\n  ${coverage.not_exercised_statuses} were not, and ${coverage.not_provokable_statuses} cannot be provoked from outside`,
  );
  expect(coverage.exercised_listed_statuses + coverage.not_exercised_statuses + coverage.not_provokable_statuses).toBe(
    coverage.listed_statuses,
  );
  const legend = page.slice(page.indexOf('<section id="legend">'));
  for (const state of ['exercised', 'not-exercised', 'not-provokable', 'unlisted'])
    expect(legend).toContain(`<span class="chip cov-${state}" data-state="${state}">`);
});

test('the prerequisites the run relied on are listed with whether they held, and a broken one is said in the verdict', async () => {
  const report = await sampleReport();
  const page = renderHtml(report);
  const broken = report.results.prerequisites.find((prerequisite) => prerequisite.id === 'PRE-CREDIT-LINE-ACCOUNT');
  expect(broken).toMatchObject({
    status: 'not-held',
    checked_by: [{ id: 'CL-REQUEST', status: 'failed' }],
    made_inconclusive: ['FUND-DEFAULT-ACCOUNT'],
  });
  expect(report.results.requirements.find((row) => row.id === 'FUND-DEFAULT-ACCOUNT')?.status).toBe('inconclusive');
  expect(page).toContain(
    '1 interoperability prerequisite did not hold (PRE-CREDIT-LINE-ACCOUNT): what rests on it is inconclusive, not failed',
  );
  expect(page).toMatch(
    /<tr id="prerequisite-PRE-CREDIT-LINE-ACCOUNT" data-status="not-held">[\s\S]*?<span class="chip pre-not-held">did not hold<\/span>[\s\S]*?inconclusive because it did not hold: <code class="id">FUND-DEFAULT-ACCOUNT<\/code>/,
  );
  expect(page).toMatch(
    /<tr id="prerequisite-PRE-MESSAGE-ENVELOPE" data-status="undecided">[\s\S]*?not relied on in this run/,
  );
  expect(page).toContain('<dt>prerequisite</dt>');
});

test('the verdict block names at most eight differences, and counts the rest, which the findings list', async () => {
  const report = await readingVariantReport();
  const profile = report.results.requirements.filter((row) => row.layer === 'profile').slice(0, 11);
  report.results.reference_profile.failed = profile.map((row) => row.id);
  const page = renderHtml(report);
  const header = page.slice(page.indexOf('<header'), page.indexOf('</header>'));
  expect(header).toContain('11 differences:');
  for (const row of profile.slice(0, 8))
    expect(header).toContain(`<a href="#finding-${row.id}"><code class="id">${row.id}</code></a>`);
  expect(header).not.toContain(profile[8]!.id);
  expect(header).toContain('<li><a href="#findings">3 more</a> under what to fix</li>');
});

test('a stale baseline is said in the verdict block, with the ids to remove from expected_failures', async () => {
  const report = await sampleReport();
  const header = (stale: string[]) => {
    const page = renderHtml({ ...report, results: { ...report.results, stale_baseline: stale } });
    return page.slice(page.indexOf('<header'), page.indexOf('</header>'));
  };
  expect(header(['exchange.rounding'])).toContain(
    '<p class="stale-baseline"><strong>Stale baseline:</strong> 1 check listed under expected_failures passed, so the run fails until you remove it from expected_failures: exchange.rounding.</p>',
  );
  expect(header([])).not.toContain('Stale baseline');
});
