/**
 * bench/far-target/: the whole `dss test` against a target far away and rate-limited (issue 28.5). The
 * simulator (`dss sim`, a child) sits behind a proxy that hides `/sim` as a vendor target's does, holds
 * every request for the run's delay and, in the rate-limited run, answers 429 once its token bucket is
 * empty (test-support/far-target.ts). Each run gets a profile of fresh members, one member set (or
 * `--member-sets N`, a worker each), every optional credential. The goal: the run at 40 ms takes at most
 * twice the run at 0 ms with one member set; a rate-limited run completes, its 429s waited out and
 * counted in the report.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Measurement } from '../record/history.ts';
import { startKitSimulator, timedNode } from '../kit/kit-process.ts';
import { projectRoot } from '../timed-command.ts';
import { OptionError } from '../option-error.ts';
import { writeVendorTargetProfile } from '../../test-support/vendor-target.ts';
import { startFarTarget, type JournalEntry, type RateLimit } from '../../test-support/far-target.ts';
import { matchEndpoint } from '../../suites/runtime/client.ts';
import { linksByKind, longestChain, longestChainOf } from './chains.ts';

interface PlaywrightTest {
  annotations: Array<{ type: string; description?: string }>;
  results: Array<{
    startTime: string;
    duration: number;
    status: string;
    attachments: Array<{ name: string; body?: string; path?: string }>;
  }>;
}
interface PlaywrightSuite {
  specs?: Array<{ tests: PlaywrightTest[] }>;
  suites?: PlaywrightSuite[];
}
interface PlaywrightResults {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}

interface FarRun {
  wall_s: number;
  cpu_s: number;
  exit_code: number | null;
  verdict: string;
  passed: number;
  failed: number;
  skipped: number;
  /** At the far proxy: every request, and those it answered 429. */
  requests: number;
  refused: number;
  /** What conformance.json counted of the 429s. */
  report_rate_limited: unknown;
  /**
   * The run's longest chain of requests each waiting for the one before (chains.ts), the sum of each
   * check's, and the invariant properties' part of that sum.
   */
  chain: { run: number; checks_summed: number; invariants: number };
  /** The invariant properties' time, summed: the part of the run the rest of its checks cannot overlap. */
  invariants_s: number;
  longest_checks: CheckFigures[];
}

/** A check: its time, the calls it recorded, the requests the proxy saw while it ran and their longest chain. */
interface CheckFigures {
  check: string;
  s: number;
  calls: number;
  requests: number;
  chain: number;
  /** Its longest chain's links by endpoint, most first (kept for the LONGEST checks): what the chain waits on. */
  links?: Record<string, number>;
}

/** The checks with the longest chains of round trips: where a far target's time goes. */
const LONGEST = 15;

/**
 * The profile's time-outs in every run: safety nets for a machine shared with other work, so that what is
 * measured is the run's time and not the default check time-out (60 s), which the invariant properties
 * outlast at 40 ms on a loaded machine.
 */
const TIMEOUTS = { request_ms: 30_000, check_ms: 180_000 };

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      delays: { type: 'string', default: '0,40' },
      'rate-limit': { type: 'string', default: '20/40' },
      'rate-limit-delay': { type: 'string', default: '40' },
      'retry-after': { type: 'string', default: 'mixed' },
      'no-rate-limited': { type: 'boolean', default: false },
      'keep-reports': { type: 'string' },
      'member-sets': { type: 'string', default: '1' },
    },
  });
  const delays = (values.delays ?? '').split(',').map((text) => {
    if (!/^\d+$/.test(text))
      throw new OptionError(`--delays must be whole milliseconds separated by commas; got "${values.delays}"`);
    return Number(text);
  });
  const limit = /^([1-9]\d*)\/([1-9]\d*)$/.exec(values['rate-limit'] ?? '');
  if (!limit)
    throw new OptionError(`--rate-limit must be BURST/PER_SECOND (e.g. 20/40); got "${values['rate-limit']}"`);
  const retryAfter = values['retry-after'] as RateLimit['retryAfter'];
  if (!['seconds', 'date', 'none', 'mixed'].includes(retryAfter))
    throw new OptionError(`--retry-after must be seconds, date, none or mixed; got "${retryAfter}"`);
  if (!/^\d+$/.test(values['rate-limit-delay'] ?? ''))
    throw new OptionError(`--rate-limit-delay must be whole milliseconds; got "${values['rate-limit-delay']}"`);
  const rateLimit: RateLimit = { burst: Number(limit[1]), perSecond: Number(limit[2]), retryAfter };
  const rateLimitedDelay = Number(values['rate-limit-delay']);
  if (!/^[1-9]\d*$/.test(values['member-sets'] ?? ''))
    throw new OptionError(`--member-sets must be a whole number of sets, 1 or more; got "${values['member-sets']}"`);
  const memberSets = Number(values['member-sets']);

  const plan: Array<{ delay_ms: number; rate_limit: RateLimit | null }> = delays.map((delay) => ({
    delay_ms: delay,
    rate_limit: null,
  }));
  if (!values['no-rate-limited']) plan.push({ delay_ms: rateLimitedDelay, rate_limit: rateLimit });
  const sets = memberSets === 1 ? 'one member set' : `${memberSets} member sets (a worker each)`;
  const settings = {
    command: `dss test --profile <${sets}, every optional credential>`,
    member_sets: memberSets,
    timeouts: TIMEOUTS,
    plan,
  };

  // The compiled kit must be current before anything is timed (a no-op when it is).
  await timedNode([join(projectRoot, 'bin/dss.js'), '--help'], projectRoot, process.env);
  const runs: Array<(typeof plan)[number] & FarRun> = [];
  for (const [index, step] of plan.entries())
    runs.push({
      ...step,
      ...(await farRun(
        step.delay_ms,
        step.rate_limit,
        memberSets,
        values['keep-reports'] &&
          join(values['keep-reports'], `run-${index + 1}-${step.delay_ms}ms${step.rate_limit ? '-rate-limited' : ''}`),
      )),
    });

  const plain = (delay: number) => runs.find((run) => run.delay_ms === delay && run.rate_limit === null);
  const [near, far] = [plain(0), plain(40)];
  const figures = {
    ratio_40_to_0: near && far ? far.wall_s / near.wall_s : null,
    added_s: near && far && memberSets === 1 ? addedTime(near, far) : null,
    runs,
  };
  const summary = runs.map(
    (run) =>
      `${String(run.delay_ms).padStart(3)} ms${run.rate_limit ? ` rate-limited ${run.rate_limit.burst}/${run.rate_limit.perSecond} per s` : ''}: ${run.wall_s.toFixed(1)} s wall, ${run.cpu_s.toFixed(1)} s CPU, ${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped, exit ${run.exit_code}; ${run.requests} requests, ${run.refused} answered 429, report: ${JSON.stringify(run.report_rate_limited)}`,
  );
  if (figures.ratio_40_to_0 !== null) summary.push(`40 ms / 0 ms: ${figures.ratio_40_to_0.toFixed(2)}`);
  if (figures.added_s)
    summary.push(
      `added at 40 ms: ${figures.added_s.invariants.toFixed(1)} s by the invariant properties, ${figures.added_s.rest.toFixed(1)} s by the rest; a ratio of 2 allows ${figures.added_s.allowed.toFixed(1)} s in all`,
    );
  return { settings, figures, summary };
}

/** One run; its report directory is copied to `keep` when given (to read where the time went). */
async function farRun(
  delayMs: number,
  rateLimit: RateLimit | null,
  memberSets: number,
  keep: string | undefined,
): Promise<FarRun> {
  const dir = mkdtempSync(join(tmpdir(), 'dss-bench-far-'));
  const simulator = await startKitSimulator(projectRoot, []);
  const far = await startFarTarget(simulator.url, { delayMs, journal: true, ...(rateLimit ? { rateLimit } : {}) });
  try {
    const profile = await writeVendorTargetProfile(dir, simulator.url, far.url, {
      full: true,
      sets: memberSets,
      timeouts: TIMEOUTS,
    });
    const reportDir = join(dir, 'reports');
    const env = { ...process.env, ...profile.env, CI: '1', DSS_PROFILE: '', DSS_TARGET: '' };
    const timed = await timedNode(
      [join(projectRoot, 'bin/dss.js'), 'test', '--profile', profile.file, '--report-dir', reportDir],
      projectRoot,
      env,
    );
    const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as PlaywrightResults;
    const checks = checkFigures(results, far.journal());
    const conformance = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
      results: { verdict: string; counts: Record<string, unknown> };
    };
    return {
      wall_s: timed.wall_s,
      cpu_s: timed.cpu_s,
      exit_code: timed.exit_code,
      verdict: conformance.results.verdict,
      passed: results.stats.expected,
      failed: results.stats.unexpected + results.stats.flaky,
      skipped: results.stats.skipped,
      ...far.counts(),
      report_rate_limited: conformance.results.counts.rate_limited ?? null,
      chain: {
        run: longestChain(far.journal()),
        checks_summed: sum(checks, (check) => check.chain),
        invariants: sum(checks.filter(isInvariant), (check) => check.chain),
      },
      invariants_s: sum(checks.filter(isInvariant), (check) => check.s),
      longest_checks: checks
        .sort((a, b) => b.chain - a.chain || b.s - a.s)
        .slice(0, LONGEST)
        .map(({ seen, ...check }) => ({
          ...check,
          links: linksByKind(
            longestChainOf(seen),
            (entry) => matchEndpoint(entry.method, entry.path) ?? `${entry.method} ${entry.path}`,
          ),
        })),
    };
  } finally {
    if (keep) {
      cpSync(join(dir, 'reports'), keep, { recursive: true });
      writeFileSync(join(keep, 'journal.json'), JSON.stringify(far.journal()));
    }
    await far.close();
    await simulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the 40 ms run added to the 0 ms run's time: by the invariant properties (their time, which no
 * other check overlaps, at 40 ms less at 0 ms) and by the rest; a ratio of 2 allows the 0 ms run's time.
 */
function addedTime(near: FarRun, far: FarRun): { invariants: number; rest: number; allowed: number } {
  const invariants = far.invariants_s - near.invariants_s;
  return { invariants, rest: far.wall_s - near.wall_s - invariants, allowed: near.wall_s };
}

function isInvariant(check: CheckFigures): boolean {
  return check.check.startsWith('invariants.');
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

/**
 * Every check of the run, with the requests that arrived while it ran: with one worker, its own; with
 * several, also those of the checks beside it, so a check's figures are then only an upper bound.
 */
function checkFigures(
  results: PlaywrightResults,
  journal: readonly JournalEntry[],
): Array<CheckFigures & { seen: JournalEntry[] }> {
  const checks: Array<CheckFigures & { seen: JournalEntry[] }> = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const result = test.results[0];
        if (!result) continue;
        const start = Date.parse(result.startTime);
        const seen = journal.filter((entry) => entry.arrived >= start && entry.arrived <= start + result.duration);
        const calls = result.attachments
          .filter((attachment) => attachment.name === 'dss-calls')
          .reduce((sum, attachment) => sum + callCount(attachment), 0);
        checks.push({
          check: test.annotations.find((annotation) => annotation.type === 'check')?.description ?? '?',
          s: result.duration / 1000,
          calls,
          requests: seen.length,
          chain: longestChain(seen),
          seen,
        });
      }
    }
    suite.suites?.forEach(walk);
  };
  results.suites.forEach(walk);
  return checks;
}

function callCount(attachment: { body?: string; path?: string }): number {
  const text =
    attachment.body !== undefined
      ? Buffer.from(attachment.body, 'base64').toString('utf8')
      : attachment.path
        ? readFileSync(attachment.path, 'utf8')
        : '[]';
  return (JSON.parse(text) as unknown[]).length;
}
