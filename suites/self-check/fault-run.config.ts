import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import conformance from '../conformance.config.ts';
import { moduleExtension as ext } from '../kit-layout.ts';
import { reportDirOf } from '../runtime/report-dir.ts';

/**
 * The Playwright config of one self-check run (fault-run.ts): the conformance run's own, with only the
 * reporters the self-check reads (conformance.json, and the progress list kept in output.txt, after the kept-worker verdict). It is
 * run with `--no-deps`, so exactly the checks of the grep run: no `target` stage before them and no
 * `clock` stage after them unless the grep names their checks. The judgement needs nothing else, and
 * each of those stages is a Playwright worker to start (a second or more of CPU) in every one of the
 * self-check's runs. The runs have one worker, so checks still run one at a time, in project order.
 */
const beside = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  ...conformance,
  // The conformance config names these relative to its own folder.
  testDir: beside('../checks'),
  globalSetup: beside(`../global-setup${ext}`),
  // The kept-worker verdict first, as in the conformance config: a fault fails checks, whose workers are kept.
  reporter: [[beside(`../reporters/kept-worker-verdict${ext}`)], ['list'], [beside(`../reporters/conformance-reporter${ext}`), { reportDir: reportDirOf(process.env) }]],
});
