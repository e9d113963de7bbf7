import { endpointById, isEndpointId } from '../../../schemas/endpoints.ts';
import { expectErrorBody, recordAcross, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import type { DssResponse } from '../../runtime/client.ts';

/**
 * One rule over many answers (a bad token sent to every endpoint). Statuses are judged first and all
 * together, so that a failure names every endpoint that answered otherwise under the rule's own
 * requirement; the error bodies come after, under ERR-BODY-SHAPE.
 */

export interface EveryRefusal {
  status: number;
  /**
   * The rule that `status` answers every call. Left out in a check of the specification, which judges
   * only `listedUnder`: the status everywhere is then a decision of the reference profile, judged by a
   * check of its own, so that a target breaking only that decision leaves nothing of the specification
   * undecided.
   */
  requirement?: string;
  /**
   * MUST (default): any other status fails. SHOULD, for a rule that rests on the reference's decision
   * only: another status warns, but a 5xx still fails (a client mistake is never a server failure).
   */
  level?: 'MUST' | 'SHOULD';
  /**
   * For a status the spec fixes only where an endpoint's table lists it (401: "on endpoints that list
   * it", Authentication 6), the specification's requirement: the endpoints listing `status` must answer
   * it, and every other endpoint must refuse (never a 2xx), under this requirement; `status` on those
   * others is then `requirement`'s, the reference profile's.
   */
  listedUnder?: string;
}

/** Whether the catalogue endpoint a response came from lists `status` in its table. */
function lists(response: DssResponse, status: number): boolean {
  const id = response.call.endpoint_id;
  return id !== null && isEndpointId(id) && endpointById(id).errors.some((error) => error.status === status);
}

export function expectEveryRefused(
  responses: readonly DssResponse[],
  { status, requirement, level = 'MUST', listedUnder }: EveryRefusal,
): void {
  const list = (answers: readonly DssResponse[]) =>
    answers.map((r) => `${r.call.method} ${r.call.url} -> ${r.status}`).join('; ');
  if (listedUnder !== undefined) {
    const listedOtherwise = responses.filter((response) => lists(response, status) && response.status !== status);
    if (listedOtherwise.length > 0)
      throw new CheckFailure(
        listedUnder,
        `expected ${status} from every endpoint whose table lists it; ${listedOtherwise.length} answered otherwise: ${list(listedOtherwise)}`,
      );
    const served = responses.filter((response) => !lists(response, status) && response.status < 400);
    if (served.length > 0)
      throw new CheckFailure(
        listedUnder,
        `expected a refusal from every endpoint; ${served.length} served the request: ${list(served)}`,
      );
  }
  if (requirement === undefined && listedUnder === undefined)
    throw new HarnessFault('expectEveryRefused needs a requirement or listedUnder');
  const others = responses.filter((response) => response.status !== status);
  if (requirement !== undefined && level === 'MUST' && others.length > 0) {
    throw new CheckFailure(
      requirement,
      `expected ${status} from all ${responses.length} calls; ${others.length} answered otherwise: ${list(others)}`,
    );
  }
  const failed = others.filter((response) => response.status >= 500);
  if (failed.length > 0) throw new CheckFailure('ERR-NO-5XX', `a client mistake must not get a 5xx: ${list(failed)}`);
  if (requirement !== undefined)
    warnShould(
      others.length === 0,
      `expected ${status}; ${others.length} calls answered otherwise: ${list(others)}`,
      requirement,
    );
  for (const response of responses)
    if (response.status >= 400) recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
}
