import { expect, test } from '@playwright/test';
import { escapeHtml, html } from './html.ts';
import { renderHtml } from './render-html.ts';
import { everyCheckFailingReport, hostile, LARGEST_BODY, sampleReport } from './sample-report.ts';

test('html`` escapes every interpolated value unless it is already HTML', () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
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
  expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-[A-Za-z0-9+/]+=*'">/);
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
  expect(positions.every((position) => position >= 0), JSON.stringify(Object.fromEntries(order.map((text, i) => [text, positions[i]])))).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(page).toContain('<span class="chip status-failed">broken</span> <code class="id">DIR-MEMBER-NOT-FOUND</code>');
  expect(page).toMatch(/<th>Expected<\/th><td><code>status 404<\/code>/);
  expect(page).toContain('<details class="calls"><summary>Calls (1)</summary><details class="call"><summary><strong>GET</strong>');
  expect(page).toContain('→ <strong>500</strong>');
  // Every count has its words in the legend.
  for (const term of ['inconclusive', 'not verified here', 'uncovered', 'not testable', 'harness fault', 'score']) expect(page).toContain(`<dt>${term}</dt>`);
});

test('past the page budget, bodies are left out so that a run failing every check stays under 5 MB', async () => {
  const page = renderHtml(await everyCheckFailingReport());
  expect(Buffer.byteLength(page)).toBeLessThan(5 * 1024 * 1024);
  expect(page).toContain(LARGEST_BODY); // the first bodies are whole
  expect(page).toContain(`[body of ${LARGEST_BODY.length} characters left out of this page to keep it small; conformance.json has it]`);
});
