import { CheckFailure, expectErrorBody, recordAcross, warnShould } from '../../runtime/check.ts';
import type { DssResponse } from '../../runtime/client.ts';

/**
 * One rule over many answers (a bad token sent to every endpoint). Statuses are judged first and all
 * together, so that a failure names every endpoint that answered otherwise under the rule's own
 * requirement; the error bodies come after, under ERR-BODY-SHAPE.
 */

export interface EveryRefusal {
  status: number;
  requirement: string;
  /**
   * MUST (default): any other status fails. SHOULD, for a rule that rests on the reference's decision
   * only: another status warns, but a 5xx still fails (a client mistake is never a server failure).
   */
  level?: 'MUST' | 'SHOULD';
}

export function expectEveryRefused(responses: readonly DssResponse[], { status, requirement, level = 'MUST' }: EveryRefusal): void {
  const others = responses.filter((response) => response.status !== status);
  const list = (answers: readonly DssResponse[]) => answers.map((r) => `${r.call.method} ${r.call.url} -> ${r.status}`).join('; ');
  if (level === 'MUST' && others.length > 0) {
    throw new CheckFailure(requirement, `expected ${status} from all ${responses.length} calls; ${others.length} answered otherwise: ${list(others)}`);
  }
  const failed = others.filter((response) => response.status >= 500);
  if (failed.length > 0) throw new CheckFailure('ERR-NO-5XX', `a client mistake must not get a 5xx: ${list(failed)}`);
  warnShould(others.length === 0, `expected ${status}; ${others.length} calls answered otherwise: ${list(others)}`, requirement);
  for (const response of responses) if (response.status >= 400) recordAcross(() => expectErrorBody(response, 'ERR-BODY-SHAPE'));
}
