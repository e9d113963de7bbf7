import type { Endpoint } from '../../schemas/catalogue-types.ts';
import { inputRefusalStatus } from '../../schemas/endpoints.ts';
import { DssError } from '../errors.ts';

const inputRefusals = new Set(['REQUEST-INVALID', 'BODY-MALFORMED-JSON']);

/**
 * Where an endpoint's table lists no 400, a request it cannot act on gets the failure status the table
 * does list (semantics §14): for the endpoints of this spec that is always 404. The catalogue decides
 * (inputRefusalStatus), and the OpenAPI document states it on each operation.
 */
export function asListedFailure(endpoint: Endpoint, error: unknown): unknown {
  if (!(error instanceof DssError) || !inputRefusals.has(error.code)) return error;
  if (inputRefusalStatus(endpoint) === 400) return error;
  return new DssError('REQUEST-NOT-PROCESSABLE', error.detail);
}
