import { describeCall, describeStatus } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { DssResponse } from '../runtime/client.ts';
import { expectRefusal } from '../runtime/refusal.ts';

/**
 * A request that breaks an endpoint's declared inputs, judged as the catalogue words it: refused with an
 * error status (ERR-INVALID-INPUT, MUST: never a 2xx, never a 5xx, always the error body), and with the
 * status the endpoint's table lists for it, 400 unless told otherwise (ERR-LISTED-STATUS, SHOULD: another
 * 4xx only warns). `bodyOptional` for a 400 the table lists with no body.
 */
export function expectInvalidInputRefused(
  response: DssResponse,
  options: { listed?: number; bodyOptional?: boolean } = {},
): void {
  if (response.status < 400) {
    throw new CheckFailure(
      'ERR-INVALID-INPUT',
      `${describeCall(response)}: input the endpoint does not declare must be refused with an error status, got ${describeStatus(response)}`,
    );
  }
  expectRefusal(response, {
    status: options.listed ?? 400,
    requirement: 'ERR-LISTED-STATUS',
    level: 'SHOULD',
    bodyOptional: options.bodyOptional,
  });
}
