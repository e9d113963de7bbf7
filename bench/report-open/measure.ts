/**
 * bench/report-open/: how soon conformance.html of a run failing every check opens in a browser
 * (issue 14.4: under 5 MB, open in under 2 s). The page is the worst case the renderer allows: 150
 * failing checks of 20 calls with 64 KiB bodies each way (the page budget then leaves later bodies out),
 * or `--report FILE`, a conformance.html of a real run. Debian's Chromium opens it from a file, headless,
 * `--opens` times in fresh pages; the figures are the browser's own navigation timings (DOM ready,
 * load event, first contentful paint). Beside each open, its floor: a page of as many bytes that is one
 * `<pre>` of plain text, opened the same way, which is what the browser costs for that much page at all.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Measurement } from '../record/history.ts';
import { launchChromium } from '../../test-support/browser.ts';
import { renderHtml } from '../../suites/reporters/render-html.ts';
import { everyCheckFailingReport } from '../../test-support/sample-report.ts';
import { OptionError } from '../option-error.ts';

interface OpenTiming {
  dom_ready_ms: number;
  load_ms: number;
  first_contentful_paint_ms: number | null;
}

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: { opens: { type: 'string', default: '5' }, report: { type: 'string' } },
  });
  const opens = Number(values.opens);
  if (!Number.isSafeInteger(opens) || opens < 1)
    throw new OptionError(`--opens must be a positive whole number; got "${values.opens}"`);
  const dir = mkdtempSync(join(tmpdir(), 'dss-report-open-'));
  const file = join(dir, 'conformance.html');
  writeFileSync(
    file,
    values.report === undefined ? renderHtml(await everyCheckFailingReport()) : readFileSync(values.report),
  );
  const floorFile = join(dir, 'floor.html');
  writeFileSync(floorFile, plainPage(statSync(file).size));
  const browser = await launchChromium();
  const samples: OpenTiming[] = [];
  const floorSamples: OpenTiming[] = [];
  try {
    for (let index = 0; index < opens; index += 1) {
      samples.push(await open(browser, file));
      floorSamples.push(await open(browser, floorFile));
    }
  } finally {
    await browser.close();
  }
  const bytes = statSync(file).size;
  const floorBytes = statSync(floorFile).size;
  rmSync(dir, { recursive: true, force: true });
  const figures = {
    bytes,
    ...medians(samples),
    floor: {
      page: 'one <pre> of plain text, as many bytes',
      bytes: floorBytes,
      ...medians(floorSamples),
      samples: floorSamples,
    },
    samples,
  };
  const ratio = (figures.load_ms_median ?? NaN) / (figures.floor.load_ms_median ?? NaN);
  return {
    settings: {
      report: values.report ?? '150 failing checks x 20 calls with 64 KiB bodies (synthetic)',
      opens,
      browser: 'Debian chromium, headless',
    },
    figures: { ...figures, load_ratio_to_floor: ratio },
    summary: [
      `${(bytes / 1024 / 1024).toFixed(2)} MB; load event median ${figures.load_ms_median?.toFixed(0)} ms, DOM ready ${figures.dom_ready_ms_median?.toFixed(0)} ms, first contentful paint ${figures.first_contentful_paint_ms_median?.toFixed(0)} ms`,
      `its floor, a plain page of as many bytes: load ${figures.floor.load_ms_median?.toFixed(0)} ms, first contentful paint ${figures.floor.first_contentful_paint_ms_median?.toFixed(0)} ms: the report ${ratio.toFixed(2)}x`,
    ],
  };
}

/** A page of `bytes` bytes holding one `<pre>` of plain ASCII lines. */
function plainPage(bytes: number): string {
  const head = '<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>floor</title><pre>';
  const tail = '</pre></html>';
  const line = 'the quick brown fox jumps over the lazy dog 0123456789\n';
  const body = line.repeat(Math.ceil(bytes / line.length)).slice(0, Math.max(0, bytes - head.length - tail.length));
  return `${head}${body}${tail}`;
}

function medians(samples: OpenTiming[]) {
  const median = (pick: (timing: OpenTiming) => number | null) => {
    const values = samples
      .map(pick)
      .filter((value): value is number => value !== null)
      .sort((a, b) => a - b);
    return values.length === 0 ? null : values[Math.floor(values.length / 2)]!;
  };
  return {
    dom_ready_ms_median: median((s) => s.dom_ready_ms),
    load_ms_median: median((s) => s.load_ms),
    first_contentful_paint_ms_median: median((s) => s.first_contentful_paint_ms),
  };
}

/** Opens `file` in a fresh page and reads the browser's own timings of it. */
async function open(browser: Awaited<ReturnType<typeof launchChromium>>, file: string): Promise<OpenTiming> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    return await page.evaluate(() => {
      // Browser-side code: the page's Navigation Timing entry, a type Node's typings do not know.
      const navigation = performance.getEntriesByType('navigation' as never)[0] as unknown as {
        domContentLoadedEventEnd: number;
        loadEventEnd: number;
      };
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        dom_ready_ms: navigation.domContentLoadedEventEnd,
        load_ms: navigation.loadEventEnd,
        first_contentful_paint_ms: paint ? paint.startTime : null,
      };
    });
  } finally {
    await page.close();
  }
}
