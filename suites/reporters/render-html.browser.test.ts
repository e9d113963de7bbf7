import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '../../test-support/browser.ts';
import { renderHtml } from './render-html.ts';
import type { ConformanceReport } from './report-types.ts';
import { hostile, readingVariantReport, sampleReport } from '../../test-support/sample-report.ts';
import { shortStatement } from './short-statement.ts';

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
    await expect(
      page.locator('#findings article.finding h3').filter({ hasText: 'DIR-MEMBER-NOT-FOUND (MUST) broken in 1 check' }),
    ).toHaveCount(1);
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
    const chip = (id: string, state: string, status: string) =>
      endpointRow(id).locator(`.chip[data-state="${state}"]`, { hasText: new RegExp(`^\\S ${status}\\b`) });
    await expect(chip('member.getMember', 'exercised', '200')).toBeVisible();
    await expect(chip('member.getMember', 'not-exercised', '404')).toBeVisible();
    await expect(chip('member.signMessage', 'not-provokable', '404')).toBeVisible();
    await expect(chip('member.signMessage', 'not-provokable', '404')).toHaveAttribute(
      'title',
      /^not provokable from outside: a marshalling error is internal/,
    );
    await expect(chip('member.signMessage', 'not-exercised', '400')).toBeVisible();
    // The page's computed look of each state (this file is typed without the DOM library, hence the cast).
    type Styles = { getComputedStyle(node: unknown): { backgroundColor: string; borderStyle: string } };
    const looks = (state: string) =>
      coverage
        .locator(`.chip[data-state="${state}"]`)
        .first()
        .evaluate((node) => {
          const style = (globalThis as unknown as Styles).getComputedStyle(node);
          return `${style.backgroundColor} ${style.borderStyle} ${node.textContent?.slice(0, 1)}`;
        });
    const [exercised, missed, internal] = [
      await looks('exercised'),
      await looks('not-exercised'),
      await looks('not-provokable'),
    ];
    expect(new Set([exercised, missed, internal]).size).toBe(3);
    await expect(coverage.locator('.chip[data-state="not-provokable"]')).toHaveCount(18);
    for (const state of ['exercised', 'not-exercised', 'not-provokable'])
      await expect(page.locator(`#legend .chip[data-state="${state}"]`)).toBeVisible();
    await expect(
      page.locator('#legend dd').filter({ has: page.locator('.chip[data-state="not-provokable"]') }),
    ).toContainText('only an internal failure produces it');
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
    const broken = await page
      .locator('code.id:visible')
      .evaluateAll((codes) => codes.filter((code) => code.getClientRects().length > 1).map((code) => code.textContent));
    expect(broken).toEqual([]);
    expect(refused).toEqual([]);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A failed check's reproduction as a vendor takes it: folded under the check until asked for, the
 * variables to set named with where their values come from, and the script copied whole by its button
 * (the page's own script, under its CSP), exactly as conformance.json holds it.
 */
test('a failed check shows its reproduction, and its button copies the script', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-html-'));
  const browser = await launchChromium();
  try {
    const report = await sampleReport();
    const reproduction = report.results.checks.find((check) => check.check_id === 'dir.member-not-found')?.reproduction;
    expect(reproduction?.script).toContain('#!/bin/sh');
    const file = join(dir, 'conformance.html');
    writeFileSync(file, renderHtml(report));
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(pathToFileURL(file).href);

    const block = page.locator('#failures article#check-dir\\.member-not-found details.reproduce');
    const script = block.locator('pre.script');
    await expect(block.locator('summary')).toHaveText('Reproduce: the 1 call as a shell script of curl calls');
    await expect(script).toBeHidden();
    await block.locator('summary').click();
    await expect(script).toBeVisible();
    // The profile's token by the name the profile gives it, and the variable the profile reads it from.
    await expect(block.locator('ul.variables li').filter({ hasText: 'DSS_TOKEN_MMA' })).toContainText(
      'members.mmA.token',
    );
    await expect(block.locator('ul.variables li').filter({ hasText: 'DSS_TOKEN_MMA' })).toContainText('${MMA_TOKEN}');
    await expect(block).toContainText(reproduction!.file);
    // What the target sent is text in the script, never markup on the page.
    await expect(script).toContainText(`members/${hostile}`);
    expect(await script.textContent()).toBe(reproduction!.script);

    const status = block.locator('.copy-status');
    await expect(status).toHaveText('');
    await block.locator('button.copy').click();
    await expect(status).toHaveText('Copied.');
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(reproduction!.script);
    expect(refused).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The first screen of a laptop (1280x800) is the verdict block, both layers in one look: the
 * specification's verdict and score, the readings judged under, "interoperates with the reference
 * profile" with each difference named, and one line of what was not verified, linking to the details.
 * Each finding is titled by its requirement's statement, never by a value of a failure message.
 */
const firstScreens: Array<{
  name: string;
  report: () => Promise<ConformanceReport>;
  verdict: string;
  readings: string;
  differences: string[];
  values: string[];
}> = [
  {
    name: 'a failing report',
    report: sampleReport,
    verdict: 'FAILED',
    readings: "the reference's",
    differences: ['CL-REQUEST'],
    values: ['500; body:'],
  },
  {
    name: 'a report under declared readings whose reference profile layer fails',
    report: readingVariantReport,
    verdict: 'PASSED',
    readings:
      "string_bodies = named (declared by the profile), amount_scale = 2 (declared by the profile); the reference's for the rest",
    differences: ['ALLOWLIST-IDEMPOTENT', 'BAL-DECIMAL-FORMAT'],
    values: ['"1250.50"', '400'],
  },
];

for (const screen of firstScreens) {
  test(`the first screen of ${screen.name} holds the verdict, the readings, the interoperability line with its differences and one not-verified line`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dss-html-'));
    const browser = await launchChromium();
    try {
      const report = await screen.report();
      const file = join(dir, 'conformance.html');
      writeFileSync(file, renderHtml(report));
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(pathToFileURL(file).href);

      const header = page.locator('header#verdict');
      const verdict = header.locator('h1');
      const specification = header.locator('p.specification');
      const readings = header.locator('p.readings');
      const interoperability = header.locator('.interoperability');
      const notVerified = header.locator('p.headline');
      await expect(verdict).toHaveText(`DSS API conformance: ${screen.verdict}`);
      await expect(specification).toContainText(
        `Specification 1.0.0: ${screen.verdict}; MUST score ${report.results.scores.overall.passed}/${report.results.scores.overall.checked}`,
      );
      await expect(readings).toHaveText(`Readings judged under: ${screen.readings}.`);
      const { passed, checked } = report.results.reference_profile;
      await expect(interoperability).toContainText(
        `Interoperates with the reference profile: ${passed}/${checked} decided requirements passed`,
      );
      const differences = interoperability.locator('ul.differences li');
      await expect(differences).toHaveCount(screen.differences.length);
      for (const [index, id] of screen.differences.entries()) {
        const statement = report.results.requirements.find((row) => row.id === id)?.statement ?? '';
        await expect(differences.nth(index)).toHaveText(`${id} ${shortStatement(statement)}`);
        // Each difference leads to its finding.
        await expect(differences.nth(index).locator('a')).toHaveAttribute('href', `#finding-${id}`);
        await expect(page.locator(`article.finding#finding-${id}`)).toHaveCount(1);
      }
      await expect(notVerified).toHaveText(
        new RegExp(
          `^Not verified: ${report.results.headline.not_verified} of ${report.results.headline.total} requirements \\(.*\\); ${report.results.headline.verified} requirements verified .*; why, below\\.$`,
        ),
      );

      // In that order, each whole within the first screen; what was not verified is one line.
      const boxes = [];
      for (const element of [verdict, specification, readings, interoperability, notVerified]) {
        await expect(element).toBeInViewport({ ratio: 1 });
        boxes.push((await element.boundingBox())!);
      }
      expect(boxes.map((box) => box.y)).toEqual([...boxes.map((box) => box.y)].sort((a, b) => a - b));
      expect(Math.max(...boxes.map((box) => box.y + box.height))).toBeLessThanOrEqual(800);
      const lines = await notVerified.evaluate((node) => {
        const style = (
          globalThis as unknown as { getComputedStyle(node: unknown): { lineHeight: string } }
        ).getComputedStyle(node);
        return node.getBoundingClientRect().height / Number.parseFloat(style.lineHeight);
      });
      expect(Math.round(lines)).toBe(1);

      // The line leads to the details further down.
      await notVerified.locator('a', { hasText: 'why, below' }).click();
      await expect(page.locator('#not-verified h2')).toBeInViewport();
      await expect(page.locator('#not-verified')).toContainText(report.results.headline.why[0]!.reason);

      // A finding's title is a sentence about its requirement; the values the failure carried are below it.
      const titles = page.locator('#findings article.finding h3');
      await expect(titles).toHaveCount(report.results.findings.length);
      for (const [index, finding] of report.results.findings.entries()) {
        const title = titles.nth(index);
        const layer = finding.layer === 'profile' ? ', reference profile' : '';
        await expect(title).toHaveText(
          `${finding.requirement} (${finding.level}${layer}) broken in ${finding.checks.length} check${finding.checks.length === 1 ? '' : 's'}: ${shortStatement(finding.statement)}`,
        );
        for (const value of screen.values) await expect(title).not.toContainText(value);
        await expect(page.locator(`article#finding-${finding.requirement} ul.reasons li`).first()).toContainText(
          finding.reasons[0]!.text,
        );
      }
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
