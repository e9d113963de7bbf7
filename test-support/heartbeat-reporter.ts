import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/**
 * `npm test`'s promise of a line at least every 10 seconds. The list reporter prints a line when a test
 * ends, and some tests run for minutes (child conformance runs, the pack-and-install test), two at a
 * time, so a terminal or CI log could stay silent long enough to look hung. When nothing has been
 * printed for SILENCE_MS, this reporter prints one line naming what is running and for how long, or,
 * before the first test, that the test files are still loading (ten seconds or more on a busy machine).
 */
export default class HeartbeatReporter implements Reporter {
  private readonly running = new Map<TestCase, number>();
  private lastLine = Date.now();
  private timer: NodeJS.Timeout | undefined;
  /** Set from the start to the first test: Playwright reads every test file first, printing nothing. */
  private loadingSince: number | undefined = Date.now();

  /**
   * Playwright makes its reporters before it reads the test files (a reporter of the public API gets
   * no earlier call): the first line at once, since npm, the build check and Playwright's own start
   * have already taken seconds, then the ticks.
   */
  constructor() {
    process.stdout.write('  … loading the test files\n');
    this.timer = setInterval(() => this.beat(), 1_000);
    this.timer.unref();
  }

  onBegin(): void {
    this.loadingSince = undefined;
  }

  onTestBegin(test: TestCase): void {
    this.running.set(test, Date.now());
  }

  onTestEnd(test: TestCase): void {
    this.running.delete(test);
    this.heard();
  }

  onStdOut(): void {
    this.heard();
  }

  onStdErr(): void {
    this.heard();
  }

  onEnd(_result: FullResult): void {
    clearInterval(this.timer);
  }

  printsToStdio(): boolean {
    return true;
  }

  private heard(): void {
    this.lastLine = Date.now();
  }

  private beat(): void {
    const now = Date.now();
    if (now - this.lastLine < SILENCE_MS) return;
    if (this.loadingSince !== undefined) {
      process.stdout.write(`  … still loading the test files (${Math.round((now - this.loadingSince) / 1000)} s)\n`);
      this.heard();
      return;
    }
    if (this.running.size === 0) return;
    const tests = [...this.running].map(([test, since]) => `${test.title} (${Math.round((now - since) / 1000)} s)`);
    process.stdout.write(`  … still running: ${tests.join('; ')}\n`);
    this.heard();
  }
}

/** Under 10 s, with the 1 s tick: the gap between two lines never reaches 10 s. */
const SILENCE_MS = 8_500;
