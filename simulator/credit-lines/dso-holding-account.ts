import { DEFAULT_OPERATING_ACCOUNT, EMISSION, isOperatingAccount, type Member } from '../members/registry.ts';
import type { SimState } from '../state.ts';

/**
 * Which accounts of a holder carry another member's DSO: where its credit line for it is set. The
 * reference sets it on the holder's issuance account (semantics §3, spec line 105 "emission for DSO");
 * under reading holder-dso-on-operating-account it is set on an operating account, as a DSA line is
 * (spec line 482: "each operating account needs its own credit line"). The issuer's own `emission`
 * mints and burns its DSO either way: that is not a holding.
 */
export function holdsDsoOn(state: SimState, holder: Member, account: string): boolean {
  return dsoOnOperatingAccounts(state) ? isOperatingAccount(holder, account) : account === EMISSION;
}

/** The holder's account a DSO lands on when nothing names one (a payment accepted without CdtAcct). */
export function defaultDsoAccount(state: SimState): string {
  return dsoOnOperatingAccounts(state) ? DEFAULT_OPERATING_ACCOUNT : EMISSION;
}

/** How a holder's DSO account is described in a refusal. */
export function dsoAccountKind(state: SimState): string {
  return dsoOnOperatingAccounts(state) ? 'an operating account of the holder' : `the holder’s ${EMISSION} account`;
}

function dsoOnOperatingAccounts(state: SimState): boolean {
  return state.readings.on('holder-dso-on-operating-account');
}
