import { expectStatus } from '../runtime/check.ts';
import type { DssResponse } from '../runtime/client.ts';
import { okBody } from './answers.ts';
import type { Party } from './party.ts';

/**
 * The allowlist (spec: GET, POST and DELETE /members/allowlist; semantics §6): the members `owner` has
 * authorised to deal with it, read, and one added or removed as a plain request. The set-up flow that
 * makes two members list each other is `allowMutually` (market.ts).
 */

/** The spec's answer: a JSON array of member identifiers. */
const memberList = { type: 'array', items: { type: 'string' } };

/** Adds `member` to `owner`'s allowlist (`present`), or removes it, whatever the answer. */
export function changeAllowlist(owner: Party, member: string, present: boolean): Promise<DssResponse> {
  return owner.client.call(present ? 'member.addToAllowlist' : 'member.removeFromAllowlist', { body: member });
}

/** The members on `owner`'s allowlist. Requirements: ALLOWLIST-LIST, RES-ALLOWLIST-SCHEMAS. */
export async function allowlistOf(owner: Party): Promise<string[]> {
  return okBody<string[]>(
    await owner.client.call('member.getAllowlist'),
    memberList,
    'ALLOWLIST-LIST',
    'RES-ALLOWLIST-SCHEMAS',
  );
}

/**
 * `member` is on `owner`'s allowlist afterwards: added (200 under `requirement`) only when it is not there
 * yet. A set-up never repeats an addition, whose success is a decision of the reference profile
 * (ALLOWLIST-IDEMPOTENT): a target refusing the repeat must not fail the checks resting on the entry.
 * Requirements: `requirement`, ALLOWLIST-LIST, RES-ALLOWLIST-SCHEMAS.
 */
export async function ensureListed(owner: Party, member: string, requirement = 'ALLOWLIST-LIST'): Promise<void> {
  if ((await allowlistOf(owner)).includes(member)) return;
  expectStatus(await changeAllowlist(owner, member, true), 200, requirement);
}
