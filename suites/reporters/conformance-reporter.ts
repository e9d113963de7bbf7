/**
 * suites/reporters/: the conformance summary of a run (conformance.json, signed, and conformance.html).
 *
 * One aggregation (`summarize.ts`: checks -> requirement matrix, scores, coverage, verdict) is fed by two
 * thin adapters: this live Playwright reporter, and `rebuild.ts`, which reads Playwright JSON result
 * files (merged shards). `publish.ts` scores, signs (`signature.ts`) and writes both files, with each
 * failed check's reproduction (`reproduction.ts`); `verify.ts` checks a written report, and
 * `last-failed.ts` reads one for `dss test --last-failed`. The requirement catalogue lives in suites/requirements/, the
 * recording of calls in suites/runtime/; nothing here talks to a target.
 */
import { relative } from 'node:path';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestError,
  TestResult,
} from '@playwright/test/reporter';
import { publishReport, summaryText } from './publish.ts';
import { type RawAttempt, type RawCheck } from './report-types.ts';
import { CALLS_ATTACHMENT } from '../runtime/recorder.ts';
import { filtersFromMetadata, mergedScope } from './run-scope.ts';

export interface ConformanceReporterOptions {
  /** Where conformance.json and .html go, and where global setup left `.run/target.json`. */
  reportDir?: string;
  /**
   * Report the checks of this Playwright project only. A run that tests one target per project (the
   * self-check's fault runs) has one reporter per project, each with its own report dir.
   */
  project?: string;
}

export default class ConformanceReporter implements Reporter {
  private readonly reportDir: string;
  private readonly project: string | undefined;
  private rootDir = process.cwd();
  private suite: Suite | undefined;
  private filters: string[] = [];
  private readonly runErrors: string[] = [];

  constructor(options: ConformanceReporterOptions = {}) {
    this.reportDir = options.reportDir ?? 'reports';
    this.project = options.project;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.rootDir = config.rootDir;
    this.suite = suite;
    this.filters = filtersFromMetadata(config.metadata);
  }

  onError(error: TestError): void {
    this.runErrors.push(error.message ?? error.value ?? 'unknown error');
  }

  /** Writes the reports; a run whose verdict is not a pass (a flaky check, say) fails even if Playwright would not. */
  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const runErrors = [...this.runErrors];
    if (result.status === 'interrupted') runErrors.push('The run was interrupted before every check finished.');
    if (result.status === 'timedout')
      runErrors.push('The run reached its global time-out before every check finished.');
    try {
      const published = await publishReport(
        {
          checks: this.reportedTests().map((test) => this.rawCheck(test)),
          scope: mergedScope([this.filters]),
          runErrors,
          startedAt: result.startTime.toISOString(),
          finishedAt: new Date(result.startTime.getTime() + result.duration).toISOString(),
        },
        this.reportDir,
      );
      console.log(`\n${summaryText(published)}`);
      // The exit status follows the verdict against the specification, both ways: a check that failed
      // only on a requirement of the reference profile fails in Playwright's eyes, not in the verdict's.
      const { verdict } = published.report.results;
      return { status: verdict === 'failed' || verdict === 'inconclusive' ? 'failed' : 'passed' };
    } catch (error) {
      // Playwright swallows reporter errors; a run without its conformance report must not look green.
      console.error(
        `Harness fault: the conformance report could not be written: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return { status: 'failed' };
    }
  }

  printsToStdio(): boolean {
    // Only a summary at the end: Playwright keeps its own progress output next to this reporter.
    return false;
  }

  private reportedTests(): TestCase[] {
    const tests = this.suite?.allTests() ?? [];
    return this.project === undefined ? tests : tests.filter((test) => test.parent.project()?.name === this.project);
  }

  private rawCheck(test: TestCase): RawCheck {
    return {
      title: titleBelowFile(test),
      file: relative(this.rootDir, test.location.file).split('\\').join('/'),
      annotations: test.annotations,
      expectedStatus: test.expectedStatus,
      attempts: test.results.map(rawAttempt),
    };
  }
}

function rawAttempt(result: TestResult): RawAttempt {
  return {
    status: result.status,
    errors: result.errors.map((error) => error.message ?? error.value ?? ''),
    annotations: result.annotations,
    callAttachments: result.attachments
      .filter((attachment) => attachment.name === CALLS_ATTACHMENT)
      .map((attachment) => (attachment.body ? { body: attachment.body.toString('utf8') } : { path: attachment.path })),
  };
}

/** Describe titles and the test title, as the JSON reporter nests them below the file. */
function titleBelowFile(test: TestCase): string {
  const titles = [test.title];
  for (let suite: Suite | undefined = test.parent; suite?.type === 'describe'; suite = suite.parent)
    titles.unshift(suite.title);
  return titles.join(' › ');
}
