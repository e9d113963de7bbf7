import { DssError } from '../errors.ts';
import type { Handler } from '../http/call.ts';

/**
 * For endpoints whose domain this build does not implement yet: the route, the authentication and the
 * input validation are real; the answer is an honest 501 in the spec's error shape, never a fake success.
 */
export const notAvailable: Handler = ({ endpoint }) => {
  throw new DssError('FEATURE-NOT-AVAILABLE', `${endpoint.method} ${endpoint.path} is not implemented by this simulator build.`);
};
