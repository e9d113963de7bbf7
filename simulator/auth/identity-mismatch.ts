import { DssError } from '../errors.ts';
import type { ReadingSwitch } from '../readings/catalogue.ts';

/**
 * A member identifier of the request that must name the caller names another member, on an endpoint
 * whose only listed refusal is 400: the reference refuses it with `refusal`, that 400. Under the reading
 * `mismatch-401` (spec line 512: "a request with an identifier that does not match the token's member
 * yields 403 (exchange) or 401"; 543: 401 "authorization problem") it is 401 AUTH-IDENTITY-MISMATCH, as
 * requireSelf answers everywhere.
 */
export function identityMismatch(readings: ReadingSwitch, refusal: DssError): DssError {
  return readings.on('mismatch-401') ? new DssError('AUTH-IDENTITY-MISMATCH', refusal.detail) : refusal;
}
