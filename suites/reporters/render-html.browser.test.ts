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
    const report = await sampleReport();
    writeFileSync(file, renderHtml(report));
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(pathToFileURL(file).href);

    await expect(page.locator('h1')).toHaveText('DSS API conformance: FAILED');
    await expect(page.locator('.headline')).toBeVisible();
    await expect(page.locator('.headline')).toContainText('requirements verified');
    // The funding resting on a prerequisite that did not hold is no finding: only the prerequisite's own requirement is.
    await expect(page.locator('#findings article.finding')).toHaveCount(2);
    await expect(page.locator('#findings article.finding h3').filter({ hasText: 'DIR-MEMBER-NOT-FOUND (MUST) broken in 1 check' })).toHaveCount(1);
    await expect(page.locator('#findings article.finding h3').filter({ hasText: 'CL-REQUEST' })).toHaveCount(1);
    await expect(page.locator('#findings')).not.toContainText('FUND-DEFAULT-ACCOUNT');
    await expect(page.locator('.verdict .prerequisites-broken')).toContainText('PRE-CREDIT-LINE-ACCOUNT');
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

    // The endpoint x status table: each listed status exercised, listed but not exercised, or not
    // provokable from outside, told apart by class, mark and words (not by colour alone), with the legend.
    const coverage = page.locator('#coverage-table');
    await expect(coverage).toBeHidden();
    await page.locator('#coverage summary').click();
    const endpointRow = (id: string) => coverage.locator('tbody tr').filter({ hasText: id });
    const chip = (id: string, state: string, status: string) => endpointRow(id).locator(`.chip[data-state="${state}"]`, { hasText: new RegExp(`^\\S ${status}\\b`) });
    await expect(chip('member.getMember', 'exercised', '200')).toBeVisible();
    await expect(chip('member.getMember', 'not-exercised', '404')).toBeVisible();
    await expect(chip('member.signMessage', 'not-provokable', '404')).toBeVisible();
    await expect(chip('member.signMessage', 'not-provokable', '404')).toHaveAttribute('title', /^not provokable from outside: a marshalling error is internal/);
    await expect(chip('member.signMessage', 'not-exercised', '400')).toBeVisible();
    // The page's computed look of each state (this file is typed without the DOM library, hence the cast).
    type Styles = { getComputedStyle(node: unknown): { backgroundColor: string; borderStyle: string } };
    const looks = (state: string) =>
      coverage.locator(`.chip[data-state="${state}"]`).first().evaluate((node) => {
        const style = (globalThis as unknown as Styles).getComputedStyle(node);
        return `${style.backgroundColor} ${style.borderStyle} ${node.textContent?.slice(0, 1)}`;
      });
    const [exercised, missed, internal] = [await looks('exercised'), await looks('not-exercised'), await looks('not-provokable')];
    expect(new Set([exercised, missed, internal]).size).toBe(3);
    await expect(coverage.locator('.chip[data-state="not-provokable"]')).toHaveCount(18);
    for (const state of ['exercised', 'not-exercised', 'not-provokable']) await expect(page.locator(`#legend .chip[data-state="${state}"]`)).toBeVisible();
    await expect(page.locator('#legend dd').filter({ has: page.locator('.chip[data-state="not-provokable"]') })).toContainText('only an internal failure produces it');
    await page.locator('input[data-table="coverage-table"]').fill('/sign/message');
    await expect(coverage.locator('tbody tr:visible')).toHaveCount(1);

    // The prerequisites: the one that did not hold, the requirement it made inconclusive, the ones left undecided.
    const prerequisite = page.locator('#prerequisite-table tr#prerequisite-PRE-CREDIT-LINE-ACCOUNT');
    await expect(prerequisite.locator('.chip.pre-not-held')).toHaveText('did not hold');
    await expect(prerequisite).toContainText('inconclusive because it did not hold: FUND-DEFAULT-ACCOUNT');
    const undecided = report.results.prerequisites.filter((row) => row.status === 'undecided').length;
    expect(undecided).toBeGreaterThan(0);
    await expect(page.locator('#prerequisite-table tr[data-status="undecided"]')).toHaveCount(undecided);

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
