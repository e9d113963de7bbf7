import type { Endpoint } from '../../schemas/catalogue-types.ts';
import { DssError } from '../errors.ts';

const inputRefusals = new Set(['REQUEST-INVALID', 'BODY-MALFORMED-JSON']);

/**
 * Where an endpoint's table lists no 400, a request it cannot act on gets the failure status the table
 * does list (semantics §14): for the endpoints of this spec that is always 404. Where neither is
 * listed (for example `DELETE /members/allowlist`), 400 stays, since no listed status fits.
 */
export function asListedFailure(endpoint: Endpoint, error: unknown): unknown {
  if (!(error instanceof DssError) || !inputRefusals.has(error.code)) return error;
  const listed = new Set(endpoint.errors.map((response) => response.status));
  if (listed.has(400) || !listed.has(404)) return error;
  return new DssError('REQUEST-NOT-PROCESSABLE', error.detail);
}
