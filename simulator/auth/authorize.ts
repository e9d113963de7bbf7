import type { Endpoint } from '../../schemas/catalogue-types.ts';
import { DssError } from '../errors.ts';
import type { FaultSwitch } from '../faults/catalogue.ts';
import { normaliseIp } from './ip.ts';
import { endpointEntry, type Principal } from './principal.ts';

/** The token renewal, as a token's permitted endpoints name it. */
const RENEWAL_ENTRY = 'GET /client/v1/api/oauth-token/refresh';

/**
 * Whether an authenticated caller may call `endpoint` from `clientIp` (semantics §13, §1). Every
 * refusal is a 401. The fault switch is a parameter, not state of this module, because faults change
 * at run time (`POST /sim/faults`) and this module keeps no state.
 */
export function authorize(principal: Principal, endpoint: Endpoint, clientIp: string, faults: FaultSwitch): void {
  const { member } = principal;
  if (endpoint.family === 'tokenizer' && member.business_role !== 'MIS') {
    throw new DssError(
      'AUTH-FAMILY-FORBIDDEN',
      `Member ${member.identification} is a market maker; the tokenizer interface is for tokenizers.`,
    );
  }
  if (endpoint.access === 'write' && principal.role === 'viewer' && !faults.on('viewer-can-write')) {
    throw new DssError('AUTH-ROLE-FORBIDDEN', 'A viewer token may only read; this endpoint changes state.');
  }
  if (principal.endpoints !== '*') {
    const entry = endpointEntry(endpoint);
    // Fault restricted-token-renewable: the renewal is let through whatever the token permits, so no token dies of its limits.
    const renewal = entry === RENEWAL_ENTRY && faults.on('restricted-token-renewable');
    if (!principal.endpoints.includes(entry) && !renewal)
      throw new DssError('AUTH-ENDPOINT-FORBIDDEN', `The token does not permit ${entry}.`);
  }
  // Fault ip-allowlist-ignored: the token's addresses are never compared with the caller's.
  if (
    principal.allowedIps !== '*' &&
    !principal.allowedIps.includes(normaliseIp(clientIp) ?? clientIp) &&
    !faults.on('ip-allowlist-ignored')
  ) {
    throw new DssError('AUTH-IP-FORBIDDEN', `The token does not allow requests from ${clientIp}.`);
  }
  // Blocked members never get this far (authentication refuses them); `created` ones may only read.
  if (endpoint.access === 'write' && member.member_state !== 'activated') {
    throw new DssError(
      'AUTH-MEMBER-NOT-ACTIVE',
      `Member ${member.identification} is not activated yet; it may only read.`,
    );
  }
}

/** Refuses a digital account that the caller's token does not grant. */
export function requireAccount(principal: Principal, accountIdentification: string): void {
  if (principal.accounts !== '*' && !principal.accounts.includes(accountIdentification)) {
    throw new DssError(
      'AUTH-ACCOUNT-FORBIDDEN',
      `The token does not grant access to account ${accountIdentification}.`,
    );
  }
}

/** Refuses a member identifier that must name the caller but names another member. */
export function requireSelf(principal: Principal, memberIdentification: string): void {
  if (principal.member.identification !== memberIdentification) {
    throw new DssError(
      'AUTH-IDENTITY-MISMATCH',
      `The token is for member ${principal.member.identification}, not ${memberIdentification}.`,
    );
  }
}
