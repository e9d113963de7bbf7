import { expect, test } from '@playwright/test';
import { escapeHtml, html } from './html.ts';
import { renderHtml } from './render-html.ts';
import { hostile, sampleReport } from './sample-report.ts';

test('html`` escapes every interpolated value unless it is already HTML', () => {
  expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  const inner = html`<b>${'<i>'}</b>`;
  expect(html`<p>${inner}${['<', html`<br>`]}${null}${7}</p>`.text).toBe('<p><b>&lt;i&gt;</b>&lt;<br>7</p>');
});

test('the page escapes everything that came from the target and runs nothing', async () => {
  const page = renderHtml(await sampleReport());
  // The hostile text is shown, escaped, wherever the target put it...
  expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
  expect(page).toContain('x-hostile: &lt;script&gt;');
  // ...and never as markup.
  expect(page).not.toContain('<script');
  expect(page).not.toContain('<img');
  expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  expect(page).not.toMatch(/\b(?:src|href)=["']?https?:/);
  // The stylesheet is the page's own text and must arrive unescaped.
  expect(page).toContain('"Segoe UI"');
  expect(hostile).toContain('<script>');
});

test('the verdict comes first, then the scores, the failures with their calls, and the matrices', async () => {
  const page = renderHtml(await sampleReport());
  const order = ['DSS API conformance: FAILED', 'Scores by spec part', 'Checks that did not pass (1)', 'dir.member-not-found', 'Requirement matrix', 'Endpoint coverage', 'All checks (2)'];
  const positions = order.map((text) => page.indexOf(text));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(page).toContain('<span class="chip status-failed">broken</span> <code>DIR-MEMBER-NOT-FOUND</code>');
  expect(page).toMatch(/<th>Expected<\/th><td><code>status 404<\/code>/);
  expect(page).toContain('→ <strong>500</strong>');
});
