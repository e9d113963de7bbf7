import { DssError } from '../errors.ts';
import { stringOfBody } from '../readings/request-forms.ts';
import type { SimState } from '../state.ts';

/**
 * The member named by an allowlist body. The spec gives the body as a bare JSON string; the object
 * form `{"member_identification": "..."}` is accepted too, since clients generated from the original
 * API description send that (semantics §6). Under the reading named-string-bodies only the object form
 * gets here (readings/string-bodies.ts).
 */
export function allowlistTarget(state: SimState, caller: string, body: unknown): string {
  // POST and DELETE name the member with the same field.
  const member = stringOfBody('member.addToAllowlist', body);
  if (member === caller) throw new DssError('ALLOWLIST-SELF', 'A member cannot put itself on its own allowlist.');
  // Fault allowlist-unknown-member-accepted: the member is not looked up.
  if (!state.members.get(member) && !state.faults.on('allowlist-unknown-member-accepted'))
    throw new DssError('ALLOWLIST-UNKNOWN-MEMBER', `No member ${member}.`);
  return member;
}
