import type { TestStatus } from '@playwright/test/reporter';
import type { SpecPart } from '../../schemas/catalogue-types.ts';
import type { RequirementLayer, RequirementLevel } from '../requirements/catalogue.ts';
import type { RecordedCall } from '../runtime/recorder.ts';
import type { TargetReach } from '../runtime/transport.ts';
import type { TokenRights } from '../runtime/token-rights.ts';

/**
 * The two shapes of the conformance report: what a run hands to the aggregation (`RunRecord`, built by
 * the live reporter or by the rebuild from Playwright JSON files) and what `conformance.json` holds
 * (`ConformanceReport`). Field names of the file are snake_case like the spec's, because vendors read it.
 */

/** JSON data, as read from a file. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface RawAnnotation {
  type: string;
  description?: string;
}

export interface CallAttachment {
  body?: string;
  path?: string;
}

/** One run of a test (retries make several). */
export interface RawAttempt {
  status: TestStatus | undefined;
  /** Error messages as the runner gives them (colours, code frames and stacks are cleaned later). */
  errors: string[];
  /** The `dss-calls` attachments of this attempt: their text, or the file that holds it. */
  callAttachments: CallAttachment[];
  /** This attempt's own annotations: among them, the failure each error carries (suites/runtime/failure.ts). */
  annotations: RawAnnotation[];
}

/** One test as a runner recorded it, before any interpretation. */
export interface RawCheck {
  /** Title path below the project, joined with " › ". */
  title: string;
  file: string;
  annotations: RawAnnotation[];
  /** `failed` for a check listed in the expected-failures baseline (`test.fail()`). */
  expectedStatus: TestStatus;
  attempts: RawAttempt[];
}

/**
 * What part of the suite a run covered. Filters (`--grep`, `--tag`, a lone `--shard`) leave checks out,
 * so a filtered run can never earn the verdict `passed`; merged shards that cover every shard are whole.
 */
export interface RunScope {
  /** The filters as the command line took them (`--tag auth`, `--shard 1/3`); empty for a whole run. */
  filters: string[];
}

export interface RunRecord {
  checks: RawCheck[];
  scope: RunScope;
  /** Errors outside any check (global setup, worker crash, interrupted run). */
  runErrors: string[];
  /** ISO 8601. */
  startedAt: string;
  finishedAt: string;
}

/** What the reports use of `<reportDir>/.run/target.json` (global setup writes it; the run's times come from the runner). */
export interface RunTarget {
  base_url: string;
  profile_digest: string;
  capabilities: Json;
  spec_version: string;
  /** The readings of the open points the run judged under (docs/readings.md); absent in a target.json of an older kit. */
  readings?: ReadingsJudgedUnder;
  /** Through which proxy and with which TLS the target was reached; absent in a target.json of an older kit. */
  reached?: TargetReach;
}

/**
 * Each declarable reading (protocol/readings.ts) the run followed, and where it came from: the profile
 * declared it, preflight detected it from the target's answers (`shown_by`: the call and what it
 * answered), or it is the reference's (docs/readings.md). `shown_mid_run`: a check's call whose answer
 * showed another reading (runtime/reading-mid-run.ts), added when the report is made.
 */
export type ReadingsJudgedUnder = Record<
  string,
  { value: string | number; source: 'declared' | 'detected' | 'reference'; shown_by?: string; shown_mid_run?: string }
>;

/**
 * `failed`: the target broke a rule. `harness-fault`: the harness itself could not carry the check out
 * (never the target's fault, never in its score). `skipped`: not verified here (filtered out, or it needs
 * something this target or profile lacks; `skip_reason` names it).
 */
export const outcomes = [
  'passed',
  'failed',
  'harness-fault',
  'skipped',
  'expected-failure',
  'stale-baseline',
  'flaky',
] as const;
export type Outcome = (typeof outcomes)[number];

/** Who is to blame for a check that did not pass. */
export type Fault = 'target' | 'harness';

export interface NotVerifiedHere {
  requirement: string;
  why: string;
}

export interface CheckReport {
  check_id: string;
  title: string;
  file: string;
  /** The requirements this check verifies (its `verifies`): the only ones a pass credits. */
  requirements: string[];
  /**
   * The requirements its set-up merely uses (its `uses`): never credited; one it finds broken on the way is
   * in `failed_requirements`, through the failure that names it.
   */
  uses: string[];
  /**
   * The requirements this check found broken: those its failure messages name (`[REQ-ID] …`), or all
   * of its requirements when the messages name none. Empty unless the target is to blame.
   */
  failed_requirements: string[];
  /**
   * The requirements this check decided in the target's favour: all of them when it passed; when it
   * failed only through findings recorded on the way (a cross-cutting rule such as ERR-BODY-SHAPE) and
   * so ran to its end, those it did not find broken. Empty when it stopped early: the rest is inconclusive.
   */
  passed_requirements: string[];
  /** Cross-cutting findings recorded without stopping the check (`[REQ-ID] message`). */
  findings: string[];
  outcome: Outcome;
  /** Null when the check passed or was skipped, and for a stale baseline (the target did pass). */
  fault: Fault | null;
  quarantined: boolean;
  skip_reason: string | null;
  warnings: string[];
  /** Requirements it names but did not verify on this target, each with why (a credential the profile lacks): never in `passed_requirements`. */
  not_verified_here: NotVerifiedHere[];
  error: string | null;
  expected: string | null;
  got: string | null;
  call_count: number;
  /** The calls of the deciding attempt, kept only for checks that did not pass (reports stay small). */
  calls: RecordedCall[];
  /**
   * Those calls as a runnable shell script of curl calls, for a check that failed (reproduction.ts);
   * `reproductions/<check-id>.sh` in the report dir holds the same script. Absent otherwise, and in a
   * report of a kit older than reproductions.
   */
  reproduction?: Reproduction;
}

/** A variable the script needs before it runs. */
export interface ReproductionVariable {
  name: string;
  /** Where a value comes from, for a person. */
  description: string;
  /** The member it is a token of (absent for a value the report does not know). */
  member?: string;
  /** The rights to mint it with on a simulator, or that the profile declares for it. */
  rights?: TokenRights;
  /** Where the profile gives it, and the environment variable it reads it from, if any. */
  profile_path?: string;
  profile_variable?: string;
}

/** A failed check's calls as a runnable shell script of curl calls (reproduction.ts). */
export interface Reproduction {
  /** Where the script is, in the report dir. */
  file: string;
  variables: ReproductionVariable[];
  /** The script itself, as in the file. */
  script: string;
}

/**
 * `passed`, `warning` (a SHOULD broken: counts as passed) and `failed` are decided. `inconclusive`: a
 * check ran but could not decide it (it stopped early, or the harness failed). `not-verified`: every
 * check of it was skipped here or filtered out (`reason` says why). `uncovered`: no check names it.
 * `not-testable`: no client can provoke it (the catalogue says why).
 */
export const requirementStatuses = [
  'passed',
  'failed',
  'warning',
  'inconclusive',
  'not-verified',
  'uncovered',
  'not-testable',
] as const;
export type RequirementStatus = (typeof requirementStatuses)[number];

export interface RequirementReport {
  id: string;
  part: SpecPart;
  level: RequirementLevel;
  statement: string;
  source: string;
  layer: RequirementLayer;
  not_testable: string | null;
  /** The interoperability prerequisites (PRE-...) its checks rest on. */
  prerequisites: string[];
  status: RequirementStatus;
  /** Why an undecided requirement is undecided (skip reasons, the filter, the check that stopped); null when decided. */
  reason: string | null;
  /** Check ids naming the requirement. */
  checks: string[];
  /** What those checks did with it: a requirement held by some and not reached by others says both counts. */
  check_counts: CheckCounts;
}

/**
 * The checks naming a requirement, by what each did with it: `broken` (found it broken), `held` (decided
 * it held), `not_reached` (ran, but stopped at another requirement first or faulted before deciding it),
 * `not_run` (skipped here: filtered out, quarantined, or it needs what this target lacks).
 */
export interface CheckCounts {
  broken: number;
  held: number;
  not_reached: number;
  not_run: number;
}

/** The reference profile's layer, beside the verdict: "interoperates with the reference profile: N/M". */
export interface ReferenceProfileResult {
  /** Decided requirements of the layer that passed (or warned). */
  passed: number;
  /** Requirements of the layer decided: passed, warning or failed. */
  checked: number;
  /** The differences: the requirements of the layer that failed, in catalogue order. */
  failed: string[];
  /** Requirements of the layer a check ran for but could not decide. */
  inconclusive: number;
}

/** A broken requirement with everything that saw it: one defect, one finding, however many checks it touched. */
export interface RequirementFinding {
  requirement: string;
  level: RequirementLevel;
  layer: RequirementLayer;
  statement: string;
  /** The checks that found it broken. */
  checks: string[];
  /** What every check naming it did with it: broken, held, not reached, not run (the matrix's counts). */
  check_counts: CheckCounts;
  /** What was wrong, most frequent first, with how many failure messages said it. */
  reasons: Array<{ text: string; count: number }>;
  /** Two or three failure messages as they came, with the check that saw each. */
  examples: Array<{ check_id: string; message: string }>;
}

/**
 * The score of MUST requirements of the specification layer: passed over decided (passed or failed).
 * Inconclusive and not verified ones are counted beside it, never in it.
 */
export interface Score {
  /** MUST requirements that passed (a warning counts as passed). */
  passed: number;
  /** MUST requirements decided: passed or failed. */
  checked: number;
  /** Percentage with one decimal, or null when nothing was decided. */
  score: number | null;
  /** MUST requirements a check ran for but could not decide. */
  inconclusive: number;
  /** MUST requirements not verified on this target: skipped, filtered out, uncovered or not testable. */
  not_verified: number;
}

export interface PartScore extends Score {
  part: SpecPart;
}

/**
 * What the run shows of one status of an endpoint: `exercised` (a call got it), `not-exercised` (listed, no
 * call got it), `not-provokable` (listed, but only an internal failure produces it: no client can ask for
 * it, spec-index.yaml says why), `unlisted` (the spec does not list it, a call got it).
 */
export const statusCoverageStates = ['exercised', 'not-exercised', 'not-provokable', 'unlisted'] as const;
export type StatusCoverageState = (typeof statusCoverageStates)[number];

/**
 * Whether a prerequisite held in the run: `held` when every requirement that checks it passed,
 * `not-held` when one failed (what rests on it is then inconclusive, never failed), `undecided` otherwise.
 */
export const prerequisiteStatuses = ['held', 'not-held', 'undecided'] as const;
export type PrerequisiteStatus = (typeof prerequisiteStatuses)[number];

export interface PrerequisiteReport {
  id: string;
  statement: string;
  source: string;
  /** The reference-profile requirements that check it, with their status in this run. */
  checked_by: Array<{ id: string; status: RequirementStatus }>;
  status: PrerequisiteStatus;
  /** Requirements resting on it that a check of this run ran for: what the run relied on it for. */
  relied_on_by: string[];
  /** Of those, the ones a check found broken that are inconclusive instead, because it did not hold. */
  made_inconclusive: string[];
}

export interface StatusCoverage {
  status: number;
  /** Listed by the spec for the endpoint (401 counts as listed everywhere: every endpoint needs a token). */
  listed: boolean;
  exercised: boolean;
  calls: number;
  state: StatusCoverageState;
  /** Why no client can provoke this listed status; null when a client can. */
  not_provokable: string | null;
}

export interface EndpointCoverage {
  endpoint_id: string;
  method: string;
  path: string;
  statuses: StatusCoverage[];
}

export interface CoverageReport {
  endpoints: EndpointCoverage[];
  listed_statuses: number;
  exercised_listed_statuses: number;
  /** Listed statuses no call got, though a client can provoke them. */
  not_exercised_statuses: number;
  /** Listed statuses no call got that no client can provoke (internal failures). */
  not_provokable_statuses: number;
  unlisted_statuses_observed: number;
  /** Calls outside the catalogue (unknown paths, the simulator control plane). */
  uncatalogued_calls: number;
}

/** `partial`: every check that ran passed, but the run was filtered, so it says nothing of the rest. */
export type Verdict = 'passed' | 'passed-with-expected-failures' | 'partial' | 'failed' | 'inconclusive';

/** The headline in numbers: requirements of the specification layer verified, and why the rest were not. */
export interface Headline {
  total: number;
  verified: number;
  verified_must: number;
  not_verified: number;
  /** Why, grouped: `{ reason: 'needs the simulator control plane', count: 9 }`. */
  why: Array<{ reason: string; count: number }>;
  /** One sentence: "150 of 168 requirements verified (120 MUST), 18 not verified on this target: …". */
  text: string;
}

export interface RateLimitCounts {
  /** 429 answers, over every call of every check. */
  responses: number;
  /** The checks that met at least one. */
  checks: number;
  /** The time the checks spent waiting after them (a check's parallel waits counted once), summed. */
  waited_ms: number;
}

export interface ConformanceResults {
  spec_version: string;
  target: { base_url: string | null; capabilities: Json; readings?: ReadingsJudgedUnder; reached?: TargetReach };
  started_at: string;
  finished_at: string;
  verdict: Verdict;
  /** The filters of the run; a filtered run is `partial` at best. */
  scope: RunScope;
  headline: Headline;
  counts: {
    checks: Record<Outcome, number>;
    harness_faults: number;
    warnings: number;
    /** The 429s the target answered, each waited out and the request sent again (runtime/rate-limit.ts). */
    rate_limited: RateLimitCounts;
    requirements: Record<RequirementStatus, number>;
  };
  scores: { overall: Score; parts: PartScore[] };
  /** Requirements of the reference profile's layer (docs/semantics.md): shown beside the verdict, never in it. */
  reference_profile: ReferenceProfileResult;
  /** The interoperability prerequisites of the catalogue: which ones the run relied on, and whether they held. */
  prerequisites: PrerequisiteReport[];
  /** Broken requirements, the most widespread first: what a vendor has to fix. */
  findings: RequirementFinding[];
  /**
   * Check ids the profile lists under `expected_failures` that passed: the ids to remove from that list.
   * They fail the run (the baseline is stale), not their requirements (the target passed them).
   */
  stale_baseline: string[];
  requirements: RequirementReport[];
  uncovered: string[];
  coverage: CoverageReport;
  checks: CheckReport[];
  /** Things the report itself noticed: unknown requirement ids, unreadable attachments, run errors. */
  problems: string[];
}

export const reportFormat = 'dss-conformance-report/1';

export interface UnsignedReport {
  format: typeof reportFormat;
  suite_version: string;
  profile_digest: string | null;
  results: ConformanceResults;
}

/** The claims the JWS signs: the digests of the profile, the suite version and the results. */
export interface SignedClaims {
  profile_digest: string | null;
  suite_version: string;
  results_digest: string;
}

export interface ConformanceReport extends UnsignedReport {
  signature: {
    results_digest: string;
    /** Compact JWS (EdDSA) over the canonical JSON of SignedClaims; the public key is in its header. */
    jws: string;
    /** RFC 7638 thumbprint of that key, printed at the end of the run so the key can be pinned. */
    key_thumbprint: string;
  };
}
