import { accountBalance } from '../balances/account-balance.ts';
import { consolidate } from '../balances/consolidation.ts';
import { obligationHolders, obligationTotals } from '../balances/obligations.ts';
import { changeCreditLineAsMember } from '../credit-lines/credit-line-changes.ts';
import { restartListening } from '../gateway/listening.ts';
import type { Handlers } from '../http/call.ts';
import { issueDso } from '../settlement-instruments/dso-issuance.ts';
import {
  accountInstruments,
  emittedInstruments,
  listInstruments,
  memberInstruments,
} from '../settlement-instruments/instruments.ts';

/**
 * Member interface: the value layer (balances, consolidation, listening and gateway messages,
 * settlement instruments, credit lines, obligations). Bodies and queries were validated against the
 * catalogue before these run, which is what makes their types (BodyOf, QueryOf) true.
 */
export const memberLedgerHandlers = {
  'member.getBalance': ({ state, caller, path, query }) =>
    accountBalance(state, caller, path.account_identification, query),

  'member.consolidate': ({ state, caller, path, body }) =>
    consolidate(state, caller, path.account_identification, body.instruction),

  'member.restartListening': ({ state, caller, path }) => {
    restartListening(state, caller, path.account_identification, path.reference);
    return undefined;
  },

  'member.readGatewayMessages': ({ state, caller, query }) =>
    state.gateway.read(caller.member.identification, query.type),

  'member.listSettlementInstruments': ({ state }) => listInstruments(state),

  'member.issueSettlementInstrument': ({ state, caller, query }) =>
    issueDso(state, caller, query.asset_code_identification, query.asset_group_identification),

  'member.changeCreditLine': ({ state, caller, body }) => {
    changeCreditLineAsMember(state, caller, body);
    return undefined;
  },

  'member.listAccountInstruments': ({ state, caller, path }) =>
    accountInstruments(state, caller, path.account_identification),

  'member.listEmittedInstruments': ({ state, caller }) => emittedInstruments(state, caller),

  'member.listMemberInstruments': ({ state, path, query }) =>
    memberInstruments(state, path.member_identification, query.type),

  'member.listObligations': ({ state, caller, query }) =>
    obligationTotals(state, caller, query.asset_code_identification),

  'member.getObligation': ({ state, caller, path }) => obligationHolders(state, caller, path.asset_code_identification),
} satisfies Partial<Handlers<'member'>>;
