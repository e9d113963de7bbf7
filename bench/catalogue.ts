/**
 * Every benchmark in one list: what it measures, how to run it, and the sentence that states its latest
 * recorded figure, as a ratio or beside its floor where it has one. bench/README.md is written from this
 * list and `bench/results/` (`npm run -s docs:bench`), so the reference never states a figure the
 * results do not hold; the history of every run, and the notes on how each was read, stay in
 * bench/results/ (NOTES.md).
 */
import { FLOW_KINDS } from './flows/kinds.ts';

/** One recorded run, as bench/run.ts appends it to `bench/results/<name>.json`. */
export interface RecordedRun {
  date: string;
  commit: string;
  machine: { cpu_model?: string; cpus?: number } & Record<string, unknown>;
  load_average: { before: number; after: number };
  settings?: Record<string, unknown>;
  figures: Record<string, unknown>;
}

export interface Benchmark {
  name: string;
  measures: string;
  /** Options beyond `npm run bench -- <name>`. */
  options?: string;
  /**
   * The latest figure in words, from the latest run (and the latest run of another benchmark, for a
   * floor: the latest of its runs that holds the figure at the dotted path `holding`, when given).
   */
  headline(run: RecordedRun, latest: (name: string, holding?: string) => RecordedRun | undefined): string;
}

/** A figure at a dotted path of the run's figures (`exchange.median_ratio`), or NaN when absent. */
export function figure(run: RecordedRun | undefined, path: string): number {
  let value: unknown = run?.figures;
  for (const key of path.split('.'))
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' ? value : Number.NaN;
}

const fixed = (value: number, digits = 2) => (Number.isNaN(value) ? 'n/a' : value.toFixed(digits));
const ratio = (value: number, floor: number) =>
  Number.isNaN(value) || Number.isNaN(floor) || floor === 0 ? 'n/a' : `${(value / floor).toFixed(2)}×`;

/** A soak's plateau against issue 31's targets (bench/soak/bounds.ts); runs recorded before it have none. */
function plateauText(run: RecordedRun): string {
  const plateau = run.figures.plateau as
    | {
        all_reached_at_minute: number | null;
        rss_mb_after_reached: [number, number] | null;
        last_minutes?: { deviation_mb: [number, number] } | null;
        met: boolean;
      }
    | undefined;
  if (!plateau) return 'not recorded';
  const reached = plateau.rss_mb_after_reached
    ? `RSS ${plateau.rss_mb_after_reached[0]}-${plateau.rss_mb_after_reached[1]} MB from minute ${plateau.all_reached_at_minute}, when every bound was reached`
    : 'a bound was never reached';
  // Each target apart: a flat plateau above the ceiling meets one and not the other.
  const under = plateau.rss_mb_after_reached !== null && plateau.rss_mb_after_reached[1] <= 300;
  const band = plateau.last_minutes?.deviation_mb;
  const steady = band !== undefined && Math.max(-band[0], band[1]) <= 50;
  return `${reached}; <= 300 MB ${under ? 'met' : 'not met'}, +-50 MB over the last 20 minutes ${band === undefined ? 'not measured' : `${steady ? 'met' : 'not met'} (${band[0]} to +${band[1]} MB)`}`;
}

/**
 * A flow benchmark's CPU per flow, beside its floor: the floor's cost of the same flow (bench/floor) for
 * an exchange or a payment; for a funding, which bench/floor does not sum, the latest flow-ratios' ratio
 * to the floor as flows.
 */
function flowAgainstFloor(kind: 'exchange' | 'payment' | 'funding') {
  return (run: RecordedRun, latest: (name: string, holding?: string) => RecordedRun | undefined) => {
    const cpu = figure(run, 'server_cpu_ms_per_flow');
    return `${fixed(cpu, 3)} ms of simulator CPU per flow (${kind === 'funding' ? fundingFloor(latest('flow-ratios', 'funding.median_ratio')) : operationFloor(cpu, figure(latest('floor'), `floor.${kind}_ms`))}); ${fixed(figure(run, 'flows_per_s'), 0)} flows/s`;
  };
}

function operationFloor(cpu: number, floor: number): string {
  return Number.isNaN(floor) ? 'no floor measured for this flow' : `floor ${fixed(floor, 3)} ms: ${ratio(cpu, floor)}`;
}

function fundingFloor(ratios: RecordedRun | undefined): string {
  const median = figure(ratios, 'funding.median_ratio');
  return Number.isNaN(median)
    ? 'no floor measured for this flow'
    : `flow-ratios of ${ratios!.date.slice(0, 10)}: ${fixed(median)}× the floor as flows`;
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: 'flow-ratios',
    measures:
      'The simulator’s CPU per exchange, payment and funding flow against a bare Hono app doing only each call’s unavoidable operations, driven the same way, in alternating phases of one run: the speed goal’s measure.',
    headline: (run) =>
      FLOW_KINDS.filter((kind) => !Number.isNaN(figure(run, `${kind}.median_ratio`)))
        .map((kind) => `${kind} ${fixed(figure(run, `${kind}.median_ratio`))}×`)
        .join(', ') + ' the floor (medians of the rounds)',
  },
  {
    name: 'floor',
    measures:
      'What a flow cannot avoid: Hono’s routing, Ed25519 signing and verification, libxml2 parsing, validation and canonicalisation, summed per exchange and payment.',
    headline: (run) =>
      `exchange floor ${fixed(figure(run, 'floor.exchange_ms'), 3)} ms, payment floor ${fixed(figure(run, 'floor.payment_ms'), 3)} ms of CPU`,
  },
  {
    name: 'floor-flows',
    measures:
      'The floor’s operations done inside complete flows by a bare app (bench/servers/floor-flow-child.ts): the denominator of flow-ratios and hot-paths, runnable alone.',
    headline: () => 'no run recorded alone: flow-ratios records it beside the simulator',
  },
  {
    name: 'hot-paths',
    measures: 'Issue 13’s goals in one run: exchange and payment CPU per flow and three reads, each beside its floor.',
    headline: (run) =>
      `exchange ${fixed(figure(run, 'goals.exchange.ratio_to_floor_flows'))}× and payment ${fixed(figure(run, 'goals.payment.ratio_to_floor_flows'))}× the floor as flows (${fixed(figure(run, 'goals.exchange.ms_per_flow'), 3)} and ${fixed(figure(run, 'goals.payment.ms_per_flow'), 3)} ms)`,
  },
  {
    name: 'exchange-flows',
    measures: 'Complete quotation-to-exchange flows per second, and the simulator’s CPU per flow, measured inside it.',
    options: '[--seconds N] [--clients N] [--profile-server DIR]',
    headline: flowAgainstFloor('exchange'),
  },
  {
    name: 'payment-flows',
    measures: 'Complete DSA payment flows (pacs.008 to settlement) per second, and CPU per flow.',
    options: '[--seconds N] [--clients N] [--profile-server DIR]',
    headline: flowAgainstFloor('payment'),
  },
  {
    name: 'funding-flows',
    measures:
      'Complete funding flows (credit line asked for and allowed, funding instruction, its two signatures, the send) per second, and CPU per flow.',
    options: '[--seconds N] [--clients N]',
    headline: flowAgainstFloor('funding'),
  },
  {
    name: 'read-throughput',
    measures:
      'Read endpoints against a bare Hono app answering the same bytes: the CPU ratio (bare µs per request / simulator µs per request, each inside its server).',
    options: '[--seconds N] [--profile-server DIR]',
    headline: (run) =>
      `lowest CPU ratio ${fixed(figure(run, 'lowest_ratio'))} (goal ${fixed(figure(run, 'goal_ratio'), 1)}; 1 is the bare app’s speed)`,
  },
  {
    name: 'soak',
    measures:
      'Memory and CPU per flow under endless exchange and payment traffic, with small history bounds or (`--retention defaults`) the default ones, sampled each minute inside the simulator; whether every bound was reached, and the RSS plateau after.',
    options: '[--minutes N] [--clients N] [--retention defaults|name=n,...]',
    headline: (run) =>
      `${fixed(figure(run, 'flows_total'), 0)} flows (retention ${String(run.settings?.retention ?? 'n/a')}); RSS trend ${fixed(figure(run, 'trend_from_reference.rss_mb_per_10_min'), 1)} MB per 10 min, CPU per flow ${fixed(figure(run, 'trend_from_reference.cpu_per_flow_per_10_min'), 3)} ms per 10 min; plateau ${plateauText(run)}`,
  },
  {
    name: 'xsd-validators',
    measures:
      'The XSD validator of incoming ISO 20022 messages: agreement with xmllint on the shared corpus, then cost per message (why the service uses libxml2-wasm).',
    options: '[--corpus DIR] [--repeat N]',
    headline: (run) =>
      `libxml2-wasm ${fixed(figure(run, 'libxml2-wasm.steady_ms_per_message'), 3)} ms per message, xmllint-wasm ${fixed(figure(run, 'xmllint-wasm.steady_ms_per_message'), 1)} ms: libxml2-wasm ${ratio(figure(run, 'xmllint-wasm.steady_ms_per_message'), figure(run, 'libxml2-wasm.steady_ms_per_message'))} cheaper`,
  },
  {
    name: 'far-target',
    measures:
      'The whole `dss test` against the simulator behind a proxy that hides `/sim`, delays every request (0 and 40 ms) and, in one more run, rate-limits with 429s: the 40 ms run against the 0 ms run, what the invariant properties and the rest each add at 40 ms, and each check’s longest chain of round trips with what it waits on (its links by endpoint); `--member-sets N` runs with N sets, a worker each.',
    headline: (run) => {
      const runs =
        (run.figures.runs as
          | Array<{
              delay_ms: number;
              rate_limit: unknown;
              wall_s: number;
              verdict: string;
              report_rate_limited?: { responses: number };
            }>
          | undefined) ?? [];
      const told = runs.map(
        (entry) =>
          `${entry.delay_ms} ms${entry.rate_limit ? ' rate-limited' : ''}: ${entry.wall_s.toFixed(0)} s ${entry.verdict}${entry.report_rate_limited?.responses ? ` (${entry.report_rate_limited.responses} 429s waited out)` : ''}`,
      );
      const ratio40 = figure(run, 'ratio_40_to_0');
      const sets = Number(run.settings?.member_sets ?? 1);
      return `${sets === 1 ? '' : `${sets} member sets: `}${Number.isNaN(ratio40) ? 'no 40/0 ratio (a run missing or failed)' : `40 ms / 0 ms wall ${fixed(ratio40)}×`}; ${told.join('; ') || 'no run'}`;
    },
  },
  {
    name: 'suite-wall-time',
    measures:
      'The default conformance run (`dss test` against the embedded simulator): wall and CPU time, beside its floor, the same command taking one check.',
    headline: (run) =>
      run.figures.floor === undefined
        ? `${fixed(figure(run, 'wall_s.min'), 1)}-${fixed(figure(run, 'wall_s.max'), 1)} s wall for ${fixed(figure(run, 'checks.total'), 0)} checks`
        : `${fixed(figure(run, 'wall_s.min'), 1)}-${fixed(figure(run, 'wall_s.max'), 1)} s wall, ${fixed(figure(run, 'cpu_s.mean'), 1)} s of CPU for ${fixed(figure(run, 'checks.total'), 0)} checks (one check alone: ${fixed(figure(run, 'floor.wall_s.mean'), 1)} s wall, ${fixed(figure(run, 'floor.cpu_s.mean'), 1)} s of CPU)`,
  },
  {
    name: 'failing-run',
    measures:
      'A failing target against the correct simulator: a failing run must cost about what a passing one does (no check waiting out its time-out).',
    headline: (run) =>
      `failing/passing wall ${fixed(figure(run, 'wall_ratio'))}×, CPU ${fixed(figure(run, 'cpu_ratio'))}× (${fixed(figure(run, 'failing.failed_checks'), 0)} checks failed)`,
  },
  {
    name: 'self-check-wall-time',
    measures: 'The fault self-check: every fault in its own simulator, caught or not, and the wall time.',
    headline: (run) =>
      `${fixed(figure(run, 'faults_caught'), 0)}/${fixed(figure(run, 'faults_run'), 0)} caught in ${fixed(figure(run, 'wall_s'), 1)} s wall${Number.isNaN(figure(run, 'cpu_s')) ? '' : `, ${fixed(figure(run, 'cpu_s'), 0)} s of CPU`}`,
  },
  {
    name: 'snapshot-restore',
    measures:
      'A restore of a snapshot (`POST /sim/snapshots/{name}/restore`) of a network holding 10,000 ledger records, 1,000 quotations and 1,000 payments, built by payment and exchange flows: CPU of the simulator’s process (issue 30: at most 100 ms).',
    headline: (run) =>
      `restore in ${fixed(figure(run, 'restore_cpu_ms.median'), 1)} ms of CPU (median; max ${fixed(figure(run, 'restore_cpu_ms.max'), 1)}), snapshot taken in ${fixed(figure(run, 'take.cpu_ms'), 1)} ms, of ${fixed(figure(run, 'network.ledger_transactions'), 0)} ledger records, ${fixed(figure(run, 'network.quotations'), 0)} quotations, ${fixed(figure(run, 'network.payments'), 0)} payments`,
  },
  {
    name: 'sim-startup',
    measures:
      '`dss sim` from launch to healthy, with its CPU and RSS, beside its floor: a bare Hono app serving the health route.',
    headline: (run) =>
      `healthy in ${fixed(figure(run, 'healthy_ms.median'), 0)} ms (median), ${fixed(figure(run, 'rss_mb_median'), 0)} MB RSS${Number.isNaN(figure(run, 'healthy_ratio_to_floor')) ? '' : `; ${fixed(figure(run, 'healthy_ratio_to_floor'))}× its floor (${fixed(figure(run, 'floor.healthy_ms.median'), 0)} ms, ${fixed(figure(run, 'floor.rss_mb_median'), 0)} MB)`}`,
  },
  {
    name: 'report-open',
    measures:
      'conformance.html of a failing run opened in Chromium: DOM ready, load and first paint, beside its floor: a plain page of as many bytes.',
    headline: (run) =>
      `${fixed(figure(run, 'bytes') / 1e6, 1)} MB, DOM ready in ${fixed(figure(run, 'dom_ready_ms_median'), 0)} ms (median), first paint ${fixed(figure(run, 'first_contentful_paint_ms_median'), 0)} ms${Number.isNaN(figure(run, 'load_ratio_to_floor')) ? '' : `; loaded in ${fixed(figure(run, 'load_ratio_to_floor'))}× its floor's time (${fixed(figure(run, 'floor.load_ms_median'), 0)} ms)`}`,
  },
  {
    name: 'npm-test-wall-time',
    measures: 'The project’s own tests (`npm test`) on a fresh build: wall time, CPU time, the longest silence.',
    headline: (run) =>
      `${fixed(figure(run, 'wall_s'), 0)} s wall, ${fixed(figure(run, 'cpu_s'), 0)} s of CPU${Number.isNaN(figure(run, 'wall_floor_s')) ? '' : ` (its floor, that CPU on every core: ${fixed(figure(run, 'wall_floor_s'), 0)} s wall)`}, longest silence ${fixed(figure(run, 'longest_silence_s'), 1)} s`,
  },
];
