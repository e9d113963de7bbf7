import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '../../test-support/browser.ts';
import { renderHtml } from './render-html.ts';
import { sampleReport } from './sample-report.ts';

/**
 * conformance.html as a person sees it, in a real browser (Debian's Chromium): the headline and the
 * failure list are visible on opening, a call opens on a click and shows its exchange, the matrices
 * filter as one types, ids never break across lines, and the page's CSP lets its own script run.
 * Assertions are on the DOM, never on pixels.
 */
test('the report opens with its headline and failures, and a call opens on a click', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-html-'));
  const browser = await launchChromium();
  try {
    const file = join(dir, 'conformance.html');
    writeFileSync(file, renderHtml(await sampleReport()));
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(pathToFileURL(file).href);

    await expect(page.locator('h1')).toHaveText('DSS API conformance: FAILED');
    await expect(page.locator('.headline')).toBeVisible();
    await expect(page.locator('.headline')).toContainText('requirements verified');
    await expect(page.locator('#findings article.finding')).toHaveCount(1);
    await expect(page.locator('#findings article.finding h3')).toContainText('DIR-MEMBER-NOT-FOUND (MUST) broken in 1 check');
    const failure = page.locator('#failures article#check-dir\\.member-not-found');
    await expect(failure).toBeVisible();
    await expect(failure.locator('th', { hasText: 'Expected' })).toBeVisible();

    // Calls are folded until asked for.
    const response = failure.locator('details.call pre').nth(1);
    await expect(response).toBeHidden();
    await failure.locator('details.calls > summary').click();
    await failure.locator('details.call > summary').click();
    await expect(response).toBeVisible();
    await expect(response).toContainText('x-hostile: <script>alert("x")</script>');

    // The matrices are folded, and filter as one types (the page's own script runs under its CSP).
    const rows = page.locator('#requirement-table tbody tr');
    await expect(rows.first()).toBeHidden();
    await page.locator('#requirements summary').click();
    await expect(rows.first()).toBeVisible();
    const total = await rows.count();
    await page.locator('input[data-table="requirement-table"]').fill('DIR-MEMBER-NOT-FOUND');
    await expect(page.locator('#requirement-table tbody tr:visible')).toHaveCount(1);
    expect(total).toBeGreaterThan(100);

    // A link to a folded check opens the folds around it.
    await page.locator('#findings a[href="#check-dir.member-not-found"]').first().click();
    await expect(failure).toBeInViewport();

    // No id is broken across lines, however narrow the page.
    await page.setViewportSize({ width: 420, height: 900 });
    const broken = await page.locator('code.id:visible').evaluateAll((codes) => codes.filter((code) => code.getClientRects().length > 1).map((code) => code.textContent));
    expect(broken).toEqual([]);
    expect(refused).toEqual([]);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
