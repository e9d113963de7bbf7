import { isIso4217Code } from '../../schemas/iso4217.ts';
import type { Asset } from '../assets/registry.ts';
import { requireAccount } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { EMISSION } from '../members/registry.ts';
import type { SimState } from '../state.ts';

const DSO_SUFFIX = 'DSO';

/**
 * `POST /settlement-instruments`: a market maker issues a DSO (semantics §2). Issuing only records the
 * instrument, idempotently; value comes into being when the issuer pays it out of `emission`.
 */
export function issueDso(state: SimState, caller: Principal, code: string, group: string): Asset {
  const issuer = caller.member;
  if (issuer.business_role !== 'MMM') {
    throw invalid(
      `${issuer.identification} is a tokenizer; its DSA are registered by the network operator, and only market makers issue DSO.`,
    );
  }
  if (group !== 'DSO') throw invalid(`asset_group_identification must be DSO, got ${group}.`);
  const currency = code.slice(0, -DSO_SUFFIX.length);
  if (code.length !== 6 || !code.endsWith(DSO_SUFFIX) || !isIso4217Code(currency)) {
    throw invalid(`asset_code_identification must be an ISO 4217 code followed by DSO, got ${code}.`);
  }
  // The DSO is issued from the caller's issuance account, so the token must grant it (spec, Authentication 6).
  // Fault dso-issuance-ignores-token-accounts: the token's accounts are not looked at.
  try {
    if (!state.faults.on('dso-issuance-ignores-token-accounts')) requireAccount(caller, EMISSION);
  } catch {
    throw new DssError(
      'DSO-ISSUANCE-ACCOUNT-MISMATCH',
      `The token does not grant ${issuer.identification}’s issuance account (${EMISSION}).`,
    );
  }
  return state.assets.register({
    asset_code_identification: code,
    asset_group_identification: 'DSO',
    asset_issuer_identification: issuer.identification,
  });
}

function invalid(detail: string): DssError {
  return new DssError('DSO-ISSUANCE-INVALID', detail);
}
