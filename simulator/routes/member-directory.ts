import { requireAccount } from '../auth/authorize.ts';
import { DssError } from '../errors.ts';
import type { Handlers } from '../http/call.ts';
import { acceptsJson } from '../http/accept.ts';
import { JsonAnswer } from '../http/json-answer.ts';
import type { PaymentPointQuery } from '../payment-points/query.ts';
import { allowlistTarget } from '../members/allowlist-target.ts';
import { getMember, listMembers, memberInfo, wellFormedMemberIdentification } from '../members/directory.ts';
import { EMISSION } from '../members/registry.ts';
import { shownAddress } from '../members/shown-address.ts';
import { signPayload } from '../members/signing.ts';
import { stringOfBody } from '../readings/request-forms.ts';

/** Member interface: members, digital accounts, allowlist, signing, token renewal, payment points. */
export const memberDirectoryHandlers = {
  'member.listMembers': ({ state, query, header }) => {
    if (!acceptsJson(header('accept')))
      throw new DssError('NOT-ACCEPTABLE', 'This endpoint answers application/json only.');
    return listMembers(state, query, false).map((member) => memberInfo(state, member));
  },

  'member.getMember': ({ state, path }) =>
    memberInfo(state, getMember(state, wellFormedMemberIdentification(path.member_identification))),

  'member.listDigitalAccounts': ({ state, caller }) => {
    // Fault accounts-list-without-emission: only the operating accounts are listed, as if the issuance account were not the member's.
    const listed = [...caller.member.accounts.values()].filter(
      (account) => account.identification !== EMISSION || !state.faults.on('accounts-list-without-emission'),
    );
    const visible = listed.filter(
      (account) => caller.accounts === '*' || caller.accounts.includes(account.identification),
    );
    if (visible.length === 0)
      throw new DssError('ACCOUNTS-NONE', 'The token gives access to none of this member’s accounts.');
    return visible.map((account) => ({
      identification: account.identification,
      distributed_ledger_account_address: shownAddress(state, account),
    }));
  },

  'member.getDigitalAccount': ({ state, caller, path }) => {
    const identification = path.account_identification;
    const account = caller.member.accounts.get(identification);
    if (!account)
      throw new DssError(
        'ACCOUNT-NOT-FOUND',
        `Member ${caller.member.identification} has no account ${identification}.`,
      );
    requireAccount(caller, identification);
    return { identification, distributed_ledger_account_address: shownAddress(state, account) };
  },

  'member.getAllowlist': ({ state, caller }) => state.allowlists.list(caller.member.identification),

  'member.addToAllowlist': ({ state, caller, body }) => {
    const member = allowlistTarget(state, caller.member.identification, body);
    // Fault: a vendor whose "add" is a create that refuses an existing entry.
    if (state.faults.on('allowlist-not-idempotent') && state.allowlists.allows(caller.member.identification, member)) {
      throw new DssError('REQUEST-INVALID', `${member} is already on the allowlist.`);
    }
    state.allowlists.add(caller.member.identification, member);
    return undefined;
  },

  'member.removeFromAllowlist': ({ state, caller, body }) => {
    state.allowlists.remove(caller.member.identification, allowlistTarget(state, caller.member.identification, body));
    return undefined;
  },

  'member.signPayload': ({ state, caller, body }) => {
    const { account_identification, unsigned_payload } = body;
    requireAccount(caller, account_identification);
    const signature = signPayload(caller.member, account_identification, unsigned_payload);
    // Fault signed-payload-misnamed: the signature under a name of the vendor's own, not memberSignedPayload's.
    return state.faults.on('signed-payload-misnamed') ? { signature } : { payload: signature };
  },

  'member.refreshToken': ({ state, caller, body }) =>
    state.tokens.refresh(caller, stringOfBody('member.refreshToken', body)).then((issued) => issued.token),

  'member.listPaymentPoints': ({ state, query }) => {
    const points = state.paymentPoints.list(
      state.faults.on('payment-points-sort-ignored') ? withoutSorting(query) : query,
    );
    return new JsonAnswer(state.paymentPoints.jsonOf(points));
  },
} satisfies Partial<Handlers<'member'>>;

/** Fault payment-points-sort-ignored: the parameters that order the points are dropped. */
function withoutSorting(query: PaymentPointQuery): PaymentPointQuery {
  const { geo_coordinates, address_filter, ...filters } = query;
  return filters;
}
