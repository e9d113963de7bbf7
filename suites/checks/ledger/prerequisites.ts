import { otherLayer } from '../../requirements/layers.ts';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import type { Party } from '../../flows/party.ts';

/**
 * What the ledger checks build on before they judge anything: the flows' requirements (a check names
 * them, so that a broken setup step blames the rule it broke), the DSO they issue, and the two
 * operating accounts a consolidation needs.
 */

/** Requirements of the setup flows: opening a DSA line, funding, reading balances (suites/flows/). */
export const SETUP_REQUIREMENTS = [
  'CL-REQUEST',
  'FUND-INSTRUCTION',
  'SIGN-PAYLOAD',
  'RES-SIGNING-SCHEMAS',
  'BAL-READ',
  'RES-LEDGER-SCHEMAS',
  'ERR-BODY-SHAPE',
];

/** Every refusal is checked with expectRefusal, which blames these for a 5xx or a missing error body. */
export const REFUSAL_REQUIREMENTS = ['ERR-NO-5XX', 'ERR-BODY-SHAPE'];

/** The DSO mmA issues in these checks: a code the invariants and scenarios do not use. */
export const LEDGER_DSO_CODE = 'CHFDSO';

/** The actor's first two operating accounts: the default and one to consolidate from. */
export function twoAccounts(party: Party): [string, string] {
  const [first, second] = party.accounts;
  if (first === undefined || second === undefined) {
    throw new HarnessFault(
      `${party.identification} needs two operating accounts for these checks; the profile lists ${party.accounts.join(', ') || 'none'}`,
    );
  }
  return [first, second];
}

/** Distinct values, in order: a check's requirement list built from shared parts. */
export function requirements(...ids: string[]): string[] {
  return [...new Set(ids)];
}

/**
 * The requirements a check names, from shared parts: distinct, and of one layer, that of the first (the rule
 * the check is about), as `check()` demands (suites/requirements/layers.ts). A rule of the other layer that
 * the check's steps meet still fails where it breaks (the failure names it), but the check does not claim to
 * decide it, so a target that breaks only a decision of the profile leaves nothing of the specification
 * undecided.
 */
export function checkRequirements(...ids: string[]): string[] {
  const distinct = requirements(...ids);
  const other = new Set(otherLayer(distinct));
  return distinct.filter((id) => !other.has(id));
}
