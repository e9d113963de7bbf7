import { dsoHoldingAccount, type DeclaredReadings } from '../../protocol/readings.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { validate } from '../../schemas/validators.ts';
import { endpointById, fullPath, type EndpointId } from '../../schemas/endpoints.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { expectErrorBody, recordAcross } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { CallOptions, DssResponse } from '../runtime/client.ts';
import type { Actors } from '../runtime/fixtures.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';
import { EvaluationError, resolveValue, type Scope } from './expressions.ts';
import { readJsonPath } from './json-path.ts';
import { consumingReads, type Condition, type Expectation, type Scenario, type Step } from './load.ts';
import { describeMatcher, mismatch, resolveMatcher } from './matchers.ts';

/**
 * suites/scenario/: the scenario runner. Scenarios are multi-member flows written as data
 * (scenarios/*.yaml, format in scenarios/README.md); load.ts reads and checks them, this file runs
 * one against a target through the check's actors, so every call is recorded with the check. It
 * holds no rule of the spec: what a target must do is in the scenario files.
 *
 * A failure names the scenario, the step (number and name), the actor, the request, what was
 * expected and what came back, under the step's requirement. A step of a SHOULD requirement that
 * fails records a warning and ends the scenario, since later steps may depend on it.
 */

export interface ScenarioContext {
  actors: Actors;
  /** The target's readings (the profile's): where each actor holds another's DSO (`actors.<role>.dso_account`). */
  readings: Pick<DeclaredReadings, 'dso_line_account'>;
  /** Records a warning for a SHOULD-level requirement (in a check: `warnShould`). */
  warn(requirement: string, message: string): void;
}

export interface ScenarioOutcome {
  /** Steps that ran and met their expectations. */
  completed: number;
  vars: Record<string, unknown>;
  captures: Record<string, unknown>;
}

/** Between two tries of a step with `until`. */
const POLL_INTERVAL_MS = 100;

interface StepFailure {
  reason: string;
  response?: DssResponse;
}

export async function runScenario(scenario: Scenario, context: ScenarioContext): Promise<ScenarioOutcome> {
  const { control } = context.actors;
  if (scenario.needsControl && !control)
    throw new HarnessFault(`scenario ${scenario.name} needs the simulator control plane`);
  const scope: Scope = {
    actors: Object.fromEntries(
      Object.entries(context.actors.byRole).map(([role, actor]) => [
        role,
        {
          identification: actor.identification,
          accounts: actor.accounts,
          dso_account: dsoHoldingAccount(context.readings, actor.accounts),
          assets: actor.assets,
          member: actor.member,
        },
      ]),
    ),
    vars: {},
    captures: {},
    // The target's time: a simulator's clock may have been moved away from the wall clock.
    now: control ? () => control.clock() : () => Promise.resolve(Date.now()),
  };
  for (const { name, value } of scenario.vars) {
    try {
      scope.vars[name] = await resolveValue(value, scope);
    } catch (error) {
      if (error instanceof EvaluationError)
        throw new HarnessFault(`scenario ${scenario.name}, vars.${name}: ${error.message}`);
      throw error;
    }
  }

  const inboxes = new Map<string, unknown[]>();
  let completed = 0;
  for (const step of scenario.steps) {
    const failure = await runStep(step, scenario, context.actors, scope, inboxes);
    if (failure) {
      const message = failureMessage(scenario, step, failure);
      if (step.requirement.level === 'MUST') throw new CheckFailure(step.requirement.id, message);
      const skipped = scenario.steps.length - step.number;
      context.warn(
        step.requirement.id,
        `${message}${skipped > 0 ? `\n  (the scenario ended here: ${skipped} later step${skipped === 1 ? '' : 's'} did not run)` : ''}`,
      );
      break;
    }
    completed += 1;
  }
  return { completed, vars: scope.vars, captures: scope.captures };
}

async function runStep(
  step: Step,
  scenario: Scenario,
  actors: Actors,
  scope: Scope,
  inboxes: Map<string, unknown[]>,
): Promise<StepFailure | undefined> {
  const actor = actors.byRole[step.actor];
  if (!actor)
    throw new HarnessFault(
      `scenario ${scenario.name}, step ${step.number} "${step.name}": the profile has no member for role ${step.actor}`,
    );
  const evaluated = <T>(what: string, work: () => Promise<T>): Promise<T | StepFailure> =>
    guard(scenario, step, what, work);

  const request = await evaluated('the request', async () => {
    const resolved = (await resolveValue(
      { path: step.path, query: step.query, body: step.body },
      scope,
    )) as ResolvedRequest;
    return callOptions(
      { ...resolved, body: step.complete ? step.complete(resolved.body) : resolved.body },
      step,
      scenario,
    );
  });
  if (isFailure(request)) return request;

  // Everything a consuming read returns is kept for the run, per actor and request, and its steps are
  // judged against all of it, so a message read while waiting for another is not lost to the step that
  // needs it; a `fresh` step only against what it read itself (from `ownFrom` on).
  const inboxKey = consumingReads.has(step.endpoint)
    ? `${step.actor} ${step.endpoint} ${canonicalJson({ path: request.path, query: request.query })}`
    : undefined;
  const ownFrom = step.fresh && inboxKey !== undefined ? (inboxes.get(inboxKey)?.length ?? 0) : 0;
  const deadline = Date.now() + (step.until?.timeoutMs ?? 0);
  for (let tries = 1; ; tries += 1) {
    const response = await actor.client.call(step.endpoint, request);
    const judged = inboxKey === undefined ? response.body : collect(inboxes, inboxKey, response.body).slice(ownFrom);

    const unmet: string[] = [];
    for (const expectation of step.expectations) {
      const reason = await evaluated('the expected values', () =>
        unmetBy(expectation, response, judged, scope, step.signedAnswer),
      );
      if (isFailure(reason)) return reason;
      if (reason === undefined) break;
      unmet.push(reason);
    }
    if (unmet.length === step.expectations.length) {
      const [only] = unmet;
      return {
        reason:
          unmet.length === 1 && only !== undefined
            ? only
            : `the answer is none of the ${unmet.length} expected: ${unmet.map((reason, index) => `(${index + 1}) ${reason}`).join('; ')}`,
        response,
      };
    }

    if (step.until) {
      const { conditions, timeoutMs } = step.until;
      const pending = await evaluated('until', () => firstMismatch(conditions, judged, scope, step.signedAnswer));
      if (isFailure(pending)) return pending;
      if (pending !== undefined) {
        if (Date.now() < deadline) {
          await sleep(POLL_INTERVAL_MS);
          continue;
        }
        return { reason: `waited ${timeoutMs} ms (${tries} tries) for ${pending}`, response };
      }
    }

    for (const capture of step.captures) {
      const found = readJsonPath(capture.path, judged);
      if (found.found) scope.captures[capture.name] = found.value;
      else if (capture.absent !== undefined) scope.captures[capture.name] = capture.absent;
      else
        return {
          reason: `expected the answer to have ${capture.path.text} (captured as captures.${capture.name}), but ${found.missing} is not there`,
          response,
        };
    }
    return undefined;
  }
}

/**
 * Runs a part of a step that evaluates expressions. One that cannot give a value is the target's
 * failure when the step reads captures (they come from earlier answers), and a fault of the scenario
 * or the profile otherwise.
 */
async function guard<T>(
  scenario: Scenario,
  step: Step,
  what: string,
  work: () => Promise<T>,
): Promise<T | StepFailure> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof EvaluationError)) throw error;
    if (step.readsCaptures) return { reason: `${what} could not be built from earlier answers: ${error.message}` };
    throw new HarnessFault(`scenario ${scenario.name}, step ${step.number} "${step.name}", ${what}: ${error.message}`);
  }
}

function isFailure(value: unknown): value is StepFailure {
  return typeof value === 'object' && value !== null && 'reason' in value;
}

interface ResolvedRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function callOptions({ path, query, body }: ResolvedRequest, step: Step, scenario: Scenario): CallOptions {
  const scalar = (where: string, value: unknown): string | number | boolean => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    throw new HarnessFault(
      `scenario ${scenario.name}, step ${step.number} "${step.name}", ${where}: must be a text, number or boolean, got ${JSON.stringify(value)}`,
    );
  };
  return {
    path: Object.fromEntries(
      Object.entries(path).map(([name, value]) => [name, String(scalar(`path.${name}`, value))]),
    ),
    query: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, scalar(`query.${name}`, value)])),
    ...(body === undefined ? {} : { body }),
  };
}

/** Appends what a consuming read returned to its inbox and returns everything read so far. */
function collect(inboxes: Map<string, unknown[]>, key: string, body: unknown): unknown[] {
  const inbox = inboxes.get(key) ?? [];
  if (Array.isArray(body)) inbox.push(...body);
  inboxes.set(key, inbox);
  return inbox;
}

/** Why the answer does not meet the expectation (status, schema, then values); undefined when it does. */
async function unmetBy(
  expectation: Expectation,
  response: DssResponse,
  judged: unknown,
  scope: Scope,
  signedAnswer: boolean,
): Promise<string | undefined> {
  if (response.status !== expectation.status) return `expected status ${expectation.status}, got ${response.status}`;
  // The error body's shape is cross-cutting: recorded as ERR-BODY-SHAPE, and the scenario goes on.
  if (expectation.schema?.name === 'error') recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
  else if (expectation.schema) {
    const result = validate(expectation.schema.schema, response.body);
    if (!result.valid) return `expected the answer to be ${expectation.schema.name}: ${result.errors.join('; ')}`;
  }
  return firstMismatch(expectation.values, judged, scope, signedAnswer);
}

/** Why the first condition that does not hold fails; undefined when they all hold. */
async function firstMismatch(
  conditions: Condition[],
  data: unknown,
  scope: Scope,
  signedAnswer: boolean,
): Promise<string | undefined> {
  for (const { path, matcher } of conditions) {
    const resolved = await resolveMatcher(matcher, scope);
    const found = readJsonPath(path, data);
    if (!found.found) return `${path.text}: expected ${describeMatcher(resolved)}, but ${found.missing} is not there`;
    const reason = mismatch(resolved, found.value, path.text);
    // A signature is never shown, not even in a failure message.
    if (reason)
      return signedAnswer
        ? `${path.text}: expected ${describeMatcher(resolved)} (the value is signed material and not shown)`
        : reason;
  }
  return undefined;
}

function failureMessage(scenario: Scenario, step: Step, failure: StepFailure): string {
  const lines = [
    `scenario ${scenario.name}, step ${step.number} of ${scenario.steps.length} "${step.name}", as ${step.actor}: ${failure.response ? describeRequest(failure.response) : describeEndpoint(step.endpoint)}`,
    `  ${failure.reason}`,
  ];
  if (failure.response) lines.push(`  answer: status ${failure.response.status}${bodyExcerpt(failure.response)}`);
  return lines.join('\n');
}

/** Before a request was sent: the endpoint's method and path template. */
function describeEndpoint(id: EndpointId): string {
  const endpoint = endpointById(id);
  return `${endpoint.method} ${fullPath(endpoint)}`;
}

/** Method and path with query, from the recorded call: credentials and signatures are already blanked there. */
function describeRequest(response: DssResponse): string {
  const url = new URL(response.call.url);
  const target = `${url.pathname}${url.search}`;
  try {
    return `${response.call.method} ${decodeURIComponent(target)}`;
  } catch {
    return `${response.call.method} ${target}`;
  }
}

function bodyExcerpt(response: DssResponse): string {
  const body = response.call.response_body;
  if (body === null) return '';
  return `; body: ${body.length > 500 ? `${body.slice(0, 500)}…` : body}`;
}
