import { describeCall, describeStatus, expectErrorBody, inAttempt, recordAcross, warnShould } from './check.ts';
import { CheckFailure } from './check-failure.ts';
import type { DssResponse } from './client.ts';

export interface RefusalExpectation {
  /**
   * The status the rule calls for, or the statuses it accepts alike: where the endpoint's table lists
   * several that fit the refusal, every listed one passes (the reference's own choice is then a profile
   * requirement, judged apart with `level: 'SHOULD'`).
   */
  status: number | readonly number[];
  /** The requirement this refusal verifies. */
  requirement: string;
  /**
   * MUST (default): any other status fails the check. SHOULD: another 4xx only warns, because the
   * spec does not fix the status (semantics §14: a 2xx, a 5xx or a missing error body still fails).
   */
  level?: 'MUST' | 'SHOULD';
  /** The spec lists this status without a body type ("no body listed"): an error body is then optional. */
  bodyOptional?: boolean;
}

/**
 * The statuses whose body the spec makes its error object (line 536: "For HTTP status 400, 401, 403, 404,
 * 406, 409 and 500 the body is a JSON error object ... status 424 is used by signing with the same error
 * body"). Another status (405, 413...) is held to an error body only by a rule that calls for that status
 * itself, under that rule's own requirement.
 */
const SPEC_ERROR_BODY_STATUSES: readonly number[] = [400, 401, 403, 404, 406, 409, 424, 500];

/**
 * The requirement that judges a refusal's error body: ERR-BODY-SHAPE for the statuses line 536 gives it,
 * else the rule's own where the rule calls for that status, else none (a status nobody asked for, whose
 * body no rule describes).
 */
export function errorBodyRequirement(status: number, expected: readonly number[], requirement: string): string | null {
  if (SPEC_ERROR_BODY_STATUSES.includes(status)) return 'ERR-BODY-SHAPE';
  return expected.includes(status) ? requirement : null;
}

function statusesOf(expectation: RefusalExpectation): readonly number[] {
  return typeof expectation.status === 'number' ? [expectation.status] : expectation.status;
}

/**
 * How a request may be refused whose body or path names another member where the caller must be named, on
 * an endpoint that lists only 400: that 400 ("missing or invalid parameters", spec line 542), or the
 * statuses the spec gives an identifier that does not match the token's member (line 512: 403 or 401; 543:
 * 401 "authorization problem"; 544: 403 "access denied"). Which one is the reference's is
 * CALLER-MISMATCH-400 (profile).
 */
export const CALLER_MISMATCH_STATUSES: readonly number[] = [400, 401, 403];

/**
 * A refusal as every rule needs it, whatever the endpoint: never a 2xx (the request was wrong), never a
 * 5xx (a client mistake is not a server failure), always the spec's error body where the spec gives one
 * (recorded as a finding of ERR-BODY-SHAPE without stopping the check), then the status.
 */
export function expectRefusal(response: DssResponse, expectation: RefusalExpectation): void {
  const { requirement, level = 'MUST' } = expectation;
  const statuses = statusesOf(expectation);
  const wanted = statuses.join(' or ');
  const call = describeCall(response);
  if (response.status >= 200 && response.status < 300) {
    throw CheckFailure.expected(requirement, `a refusal with status ${wanted}`, `${response.status} (accepted)`, call);
  }
  // A redirect is no refusal at all, whatever the level.
  if (response.status >= 300 && response.status < 400) {
    throw CheckFailure.expected(requirement, `a refusal with status ${wanted}`, describeStatus(response), call);
  }
  if (response.status >= 500) {
    throw CheckFailure.expected(
      'ERR-NO-5XX',
      wanted,
      String(response.status),
      `${call}: a client mistake must not get a 5xx`,
    );
  }
  // Cross-cutting: a wrong error body is recorded, and the status still decides the check's own rule.
  const bodyRequirement = errorBodyRequirement(response.status, statuses, requirement);
  if (bodyRequirement !== null && (!expectation.bodyOptional || response.text !== ''))
    recordAcross(() => expectErrorBody(response, bodyRequirement));
  if (statuses.includes(response.status)) return;
  if (level === 'MUST') throw CheckFailure.expected(requirement, `status ${wanted}`, String(response.status), call);
  warnShould(false, `${call}: expected status ${wanted}, got ${response.status}`, requirement);
}

/** expectRefusal for one of several attempts: a failure says which (`what`). */
export function expectRefusalOf(what: string, response: DssResponse, expectation: RefusalExpectation): void {
  inAttempt(what, () => expectRefusal(response, expectation));
}

/**
 * A refusal that rests on a decision of the reference alone (a SHOULD requirement): accepting the
 * request only warns, since the spec leaves the behaviour open; a 5xx or a missing error body still
 * fails, and another 4xx warns, as expectRefusal's SHOULD level does.
 */
export function expectRefusalShould(response: DssResponse, expectation: Omit<RefusalExpectation, 'level'>): void {
  if (response.status >= 200 && response.status < 300) {
    warnShould(
      false,
      `${describeCall(response)}: expected a refusal with status ${statusesOf(expectation).join(' or ')}, got ${response.status} (accepted)`,
      expectation.requirement,
    );
    return;
  }
  expectRefusal(response, { ...expectation, level: 'SHOULD' });
}

/**
 * The reference's status for a refusal whose specification rule accepts several (judged before with
 * expectRefusal): another status only warns under the profile's `requirement` (a SHOULD), and nothing
 * else is judged again.
 */
export function expectReferenceStatus(response: DssResponse, status: number, requirement: string): void {
  warnShould(
    response.status === status,
    `${describeCall(response)}: the reference answers ${status}, got ${response.status}`,
    requirement,
  );
}
