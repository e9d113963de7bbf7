import type { Handlers } from '../http/call.ts';
import { addressedAccount } from '../members/addressing.ts';
import { getMember, listMembers, memberInfo } from '../members/directory.ts';
import { shownAddress } from '../members/shown-address.ts';
import { tokenizerLedgerHandlers } from './tokenizer-ledger.ts';
import { tokenizerPaymentHandlers } from './tokenizer-payments.ts';

/**
 * Tokenizer interface (`/tokenizer/v1/api`): one handler per catalogue endpoint, each a few lines that
 * call the domain. Only tokenizers (business role MIS) get here; authorisation has already run.
 */
export const tokenizerHandlers = {
  'tokenizer.getAccountAddress': ({ state, caller, query }) => {
    const account = addressedAccount(state, caller.member, query.addressing_identification);
    return { identification: account.identification, distributed_ledger_account_address: shownAddress(state, account) };
  },

  // "Active members": the tokenizer's view leaves out members that are not activated.
  'tokenizer.listMembers': ({ state, query }) =>
    listMembers(state, query, true).map((member) => memberInfo(state, member)),

  'tokenizer.getMember': ({ state, path }) => memberInfo(state, getMember(state, path.member_identification)),

  ...tokenizerLedgerHandlers,
  ...tokenizerPaymentHandlers,
} satisfies Handlers<'tokenizer'>;
