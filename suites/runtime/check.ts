import { expect, type TestDetails, type TestInfo } from '@playwright/test';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import type { EndpointId } from '../../schemas/endpoints.ts';
import { schemaRef } from '../../schemas/resources.ts';
import { otherLayer } from '../requirements/layers.ts';
import { validate } from '../../schemas/validators.ts';
import { checkIdPattern } from './check-id.ts';
import { isJsonMediaType, type DssResponse } from './client.ts';
import { CLOCK_KEPT } from './clock-stage.ts';
import type { ControlClient } from './control.ts';
import { labelled, NOT_VERIFIED_ANNOTATION, USES_ANNOTATION, WARNED_ANNOTATION } from './failure.ts';
import { FINDING_ANNOTATION } from './finding.ts';
import { test, type Actors } from './fixtures.ts';
import { CheckFailure } from './check-failure.ts';
import { HarnessFault } from './harness-fault.ts';
import type { RunSettings } from './run-settings.ts';

/**
 * How checks are declared and how they fail. A check is a Playwright test whose annotations name its
 * stable id, the requirements it verifies and those its set-up uses; the reporters read only those annotations. Assertion
 * helpers fail with what was expected, what came back, and the requirement, so a failure can be read
 * without the code. SHOULD-level rules warn instead of failing.
 */

export interface CheckOptions {
  /**
   * Requirement ids (suites/requirements/) this check verifies, of one layer; the first is the rule it is
   * about. A passing check credits these, and only these.
   */
  verifies: string[];
  /**
   * Requirements the check's set-up merely meets on the way (a credit line, a signature, a market): a
   * failure there still blames the one it broke (failure.ts), but a passing check does not credit them.
   */
  uses?: string[];
  /**
   * Why this check names requirements of both layers, where the rule is that it does not
   * (suites/requirements/layers.ts): a profile's judgement that cannot stop it before the specification's
   * is decided (recorded with recordAcross, or a model that follows the target).
   */
  bothLayers?: string;
  /** The endpoint the check is mainly about, for grouping in reports. */
  endpoint?: EndpointId;
  /**
   * A reason to skip the check, known when the checks are collected (from the run's profile, say):
   * Playwright starts no worker for a group of checks all skipped so (the clock stage, against a target
   * without the control plane). The check still skips itself for the same reason when it runs
   * (requireControl, skipFor): the annotation only spares the worker.
   */
  skipped?: string | false;
}

const declared = new Set<string>();

/**
 * Declares check `id` (a stable slug such as `auth.missing-token`) for Playwright's own `test`, which the
 * check file calls itself so that reports point at the check's line, not at this helper:
 *
 *     test(...check('errors.unknown-path', 'answers 404 ...', { verifies: ['ERR-UNKNOWN-PATH'] }), async ({ actors }) => { ... });
 *
 * Its area (the part before the first dot) becomes a tag, so `dss test --tag errors` selects it.
 */
export function check(id: string, title: string, options: CheckOptions): [string, TestDetails] {
  if (!checkIdPattern.test(id)) throw new HarnessFault(`check id "${id}" is not a slug like auth.missing-token`);
  if (declared.has(id)) throw new HarnessFault(`check id "${id}" is declared twice`);
  if (options.verifies.length === 0) throw new HarnessFault(`check ${id} verifies no requirement`);
  const other = otherLayer(options.verifies);
  if (other.length > 0 && options.bothLayers === undefined) {
    throw new HarnessFault(
      `check ${id} verifies ${other.join(', ')} beside ${options.verifies[0]}, of the other layer: split it in two (suites/README.md, Writing a check), or say in bothLayers why a failure of the one cannot leave the other undecided`,
    );
  }
  declared.add(id);

  const annotation = [
    { type: 'check', description: id },
    ...options.verifies.map((requirement) => ({ type: 'requirement', description: requirement })),
    ...[...new Set(options.uses ?? [])]
      .filter((used) => !options.verifies.includes(used))
      .map((used) => ({ type: USES_ANNOTATION, description: used })),
    ...(options.endpoint ? [{ type: 'endpoint', description: options.endpoint }] : []),
    ...(options.skipped ? [{ type: 'skip', description: options.skipped }] : []),
  ];
  return [`${id} ${title}`, { tag: `@${id.split('.')[0]}`, annotation }];
}

/**
 * Runs `expectation`, one attempt among several; a CheckFailure it throws is thrown again under the same
 * requirement with its message led by `what`, so that the failure says which attempt it was.
 */
export function inAttempt(what: string, expectation: () => void): void {
  try {
    expectation();
  } catch (error) {
    if (error instanceof CheckFailure)
      throw new CheckFailure(error.requirement, `${what}: ${error.detail}`, error.evidence);
    throw error;
  }
}

export function expectStatus(response: DssResponse, expected: number | number[], requirement: string): void {
  const allowed = Array.isArray(expected) ? expected : [expected];
  if (allowed.includes(response.status)) return;
  const wanted = allowed.length === 1 ? `${allowed[0]}` : `one of ${allowed.join(', ')}`;
  throw CheckFailure.expected(
    requirement,
    `status ${wanted}`,
    `${describeStatus(response)}${bodyExcerpt(response)}`,
    describeCall(response),
  );
}

/**
 * `what` names the body in the message (default "the body"). An undefined body is the client's word
 * for "no JSON came back" (see DssResponse.body), which a schema error would not make plain.
 */
export function expectSchema(body: unknown, schema: JsonSchema, requirement: string, what = 'the body'): void {
  if (body === undefined)
    throw CheckFailure.expected(
      requirement,
      `${what} to be JSON matching its schema`,
      'no JSON: the body was empty, not JSON, or not declared as JSON',
    );
  const result = validate(schema, body);
  if (result.valid) return;
  const got = result.errors.join('; ');
  throw new CheckFailure(requirement, `expected ${what} to match its schema, got: ${got}`, {
    expected: `${what} to match its schema`,
    got,
  });
}

/**
 * The spec's error object: long_message, short_message and an integer timestamp are required; the
 * reference's extra fields (code, troubleshooting_id, ...) are optional for a target. The timestamp is
 * "in milliseconds since the epoch" (spec line 40): see `expectMilliseconds`.
 */
export function expectErrorBody(response: DssResponse, requirement: string): void {
  if (response.body === undefined) {
    throw CheckFailure.expected(
      requirement,
      'a JSON error body',
      response.text === '' ? 'an empty body' : `${notJson(response)}${bodyExcerpt(response)}`,
      `${describeCall(response)} (${response.status})`,
    );
  }
  const what = `the error body of ${describeCall(response)} (${response.status})`;
  expectSchema(response.body, errorSchema, requirement, what);
  expectMilliseconds((response.body as { timestamp: number }).timestamp, requirement, `the timestamp of ${what}`);
}

/**
 * How far, as a factor, an event's timestamp may lie from the harness's clock and still be read as
 * milliseconds: seconds are a thousand times smaller and microseconds a thousand times larger, while a
 * target's clock set days or years apart from the harness's (a simulator's moved clock) stays well within.
 */
const MILLISECOND_FACTOR = 10;

/** Fails unless `timestamp`, read as milliseconds since the epoch, lies within MILLISECOND_FACTOR of now. */
export function expectMilliseconds(timestamp: number, requirement: string, what: string, now = Date.now()): void {
  if (timestamp >= now / MILLISECOND_FACTOR && timestamp <= now * MILLISECOND_FACTOR) return;
  const unit =
    timestamp < now / MILLISECOND_FACTOR
      ? `${new Date(timestamp).toISOString()} as milliseconds: seconds, not milliseconds?`
      : 'beyond any date as milliseconds: microseconds?';
  throw CheckFailure.expected(
    requirement,
    `${what} in milliseconds since the epoch (the time now is ${now})`,
    `${timestamp} (${unit})`,
  );
}

const errorSchema = schemaRef('error');

/**
 * Runs the assertion of a cross-cutting requirement (the error body's shape, a resource schema) without
 * stopping the check: a CheckFailure it throws becomes a finding (an annotation the reports group by
 * requirement, and a soft failure, so the check still fails at its end), and the check goes on to
 * decide its own requirements. One defect in every error body is then one finding, not a hundred
 * checks that stopped before testing anything else.
 */
export function recordAcross(assertion: () => void): void {
  try {
    assertion();
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    const info = test.info();
    // A check that loops over every endpoint would say the same thing 46 times: a few examples do.
    const earlier = findingsOf(info).get(error.requirement) ?? 0;
    if (earlier >= FINDINGS_PER_REQUIREMENT) return;
    findingsOf(info).set(error.requirement, earlier + 1);
    info.annotations.push({ type: FINDING_ANNOTATION, description: error.message });
    findings.soft(error.message).toBeNoFinding();
  }
}

/** Findings kept per requirement and check: enough examples to see the defect. */
const FINDINGS_PER_REQUIREMENT = 3;

/** How many findings each requirement has in the running check (each attempt has its own TestInfo). */
const findingCounts = new WeakMap<TestInfo, Map<string, number>>();

function findingsOf(info: TestInfo): Map<string, number> {
  let counts = findingCounts.get(info);
  if (counts === undefined) findingCounts.set(info, (counts = new Map()));
  return counts;
}

/** A matcher that always fails with the finding as its message, so the error reads exactly as the annotation. */
const findings = expect.extend({
  toBeNoFinding(message: string) {
    return { pass: false, message: () => message, name: 'toBeNoFinding' };
  },
});

/** A SHOULD-level rule: when broken, the check carries a warning instead of failing. */
export function warnShould(condition: boolean, message: string, requirement: string): void {
  if (condition) return;
  test
    .info()
    .annotations.push(
      { type: 'warning', description: labelled(requirement, message) },
      { type: WARNED_ANNOTATION, description: requirement },
    );
}

/**
 * The check passes without having verified `requirement`, which it names, on this target (a profile
 * credential it needs is missing): the report credits it with the rest and says what was left out and
 * why, so a passing run does not read as if the requirement had been verified here.
 */
export function notVerifiedHere(requirement: string, why: string): void {
  test.info().annotations.push({ type: NOT_VERIFIED_ANNOTATION, description: JSON.stringify({ requirement, why }) });
}

/** Why a check that moves the simulator's clock or state is skipped on a target without its control plane. */
export const NEEDS_CONTROL = 'needs the simulator control plane';

/** The control plane, or a skip with the reason: a check that needs it cannot run against other targets. */
export function requireControl(actors: Actors): ControlClient {
  if (actors.control) return actors.control;
  test.skip(true, NEEDS_CONTROL);
  throw new HarnessFault('test.skip did not end the check');
}

/**
 * Why a check of the clock stage is skipped, known as checks are collected (the `skipped` option, from
 * runSettingsOfProcess): without the control plane, or under --keep-clock. False: it runs.
 */
export function clockStageSkip(settings: Pick<RunSettings, 'control' | 'keep_clock'>): string | false {
  if (!settings.control) return NEEDS_CONTROL;
  return settings.keep_clock && CLOCK_KEPT;
}

/** The control plane of a simulator whose clock the run may move, or a skip with the reason (see clockStageSkip). */
export function requireMovableClock(actors: Actors, settings: Pick<RunSettings, 'keep_clock'>): ControlClient {
  const control = requireControl(actors);
  if (!settings.keep_clock) return control;
  test.skip(true, CLOCK_KEPT);
  throw new HarnessFault('test.skip did not end the check');
}

/** A call as failure messages name it: method and URL, as recorded. */
export function describeCall(response: DssResponse): string {
  return `${response.call.method} ${response.call.url}`;
}

/**
 * The status for a message; a redirect says where to (as recorded, so redacted) and that it was not
 * followed: the harness never takes a member's credentials to another address.
 */
export function describeStatus(response: DssResponse): string {
  if (response.status < 300 || response.status >= 400) return String(response.status);
  const location = response.call.response_headers.location;
  return `${response.status}, a redirect${location === undefined ? '' : ` to ${location}`}, which the harness does not follow`;
}

/** Why a non-empty body does not count as JSON (see DssResponse.body). */
function notJson(response: DssResponse): string {
  const type = response.headers['content-type'];
  if (!isJsonMediaType(type))
    return `a body that is not JSON (content-type ${type === undefined ? 'missing' : sanitized(type)})`;
  return 'a body that is not JSON (it does not parse, or is not UTF-8)';
}

/** The recorded (redacted) body, shortened for a message. */
function bodyExcerpt(response: DssResponse): string {
  const body = response.call.response_body;
  if (body === null) return '';
  return `; body: ${sanitized(body.length > 300 ? `${body.slice(0, 300)}…` : body)}`;
}

/**
 * What the target sent, made safe for a message: messages reach terminals and XML reports, where a
 * hostile target's control characters would clear screens or break the file.
 */
function sanitized(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
