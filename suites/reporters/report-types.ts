import type { TestStatus } from '@playwright/test/reporter';
import type { SpecPart } from '../../schemas/catalogue-types.ts';
import type { RequirementLevel } from '../requirements/catalogue.ts';
import type { RecordedCall } from '../runtime/recorder.ts';

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

// The recorder (not the fixtures, which a reporter must not load) names the calls attachment.
export { CALLS_ATTACHMENT } from '../runtime/recorder.ts';

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

export interface RunRecord {
  checks: RawCheck[];
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
}

export const outcomes = ['passed', 'failed', 'skipped', 'expected-failure', 'stale-baseline', 'flaky'] as const;
export type Outcome = (typeof outcomes)[number];

/** Who is to blame for a check that did not pass. */
export type Fault = 'target' | 'harness';

export interface CheckReport {
  check_id: string;
  title: string;
  file: string;
  requirements: string[];
  /**
   * The requirements this check found broken: those its failure messages name (`[REQ-ID] …`), or all
   * of its requirements when the messages name none. Empty unless the target is to blame.
   */
  failed_requirements: string[];
  outcome: Outcome;
  /** Null when the check passed or was skipped, and for a stale baseline (the target did pass). */
  fault: Fault | null;
  quarantined: boolean;
  skip_reason: string | null;
  warnings: string[];
  error: string | null;
  expected: string | null;
  got: string | null;
  call_count: number;
  /** The calls of the deciding attempt, kept only for checks that did not pass (reports stay small). */
  calls: RecordedCall[];
}

export const requirementStatuses = ['passed', 'failed', 'warning', 'inconclusive', 'skipped', 'uncovered'] as const;
export type RequirementStatus = (typeof requirementStatuses)[number];

export interface RequirementReport {
  id: string;
  part: SpecPart;
  level: RequirementLevel;
  statement: string;
  source: string;
  status: RequirementStatus;
  /** Check ids naming the requirement. */
  checks: string[];
}

export interface Score {
  /** MUST requirements that passed. */
  passed: number;
  /** MUST requirements that a check verified (status other than uncovered or skipped). */
  checked: number;
  /** Percentage with one decimal, or null when nothing was checked. */
  score: number | null;
}

export interface PartScore extends Score {
  part: SpecPart;
}

export interface StatusCoverage {
  status: number;
  /** Listed by the spec for the endpoint (401 counts as listed everywhere: every endpoint needs a token). */
  listed: boolean;
  exercised: boolean;
  calls: number;
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
  unlisted_statuses_observed: number;
  /** Calls outside the catalogue (unknown paths, the simulator control plane). */
  uncatalogued_calls: number;
}

export type Verdict = 'passed' | 'passed-with-expected-failures' | 'failed' | 'inconclusive';

export interface ConformanceResults {
  spec_version: string;
  target: { base_url: string | null; capabilities: Json };
  started_at: string;
  finished_at: string;
  verdict: Verdict;
  counts: {
    checks: Record<Outcome, number>;
    harness_faults: number;
    warnings: number;
    requirements: Record<RequirementStatus, number>;
  };
  scores: { overall: Score; parts: PartScore[] };
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
