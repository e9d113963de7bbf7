import { changeCreditLineAsTokenizer } from '../credit-lines/credit-line-changes.ts';
import type { FundingInfo } from '../../schemas/wire.ts';
import { createFundingInstruction } from '../funding/instruction.ts';
import { sendFunding } from '../funding/send.ts';
import type { Handlers } from '../http/call.ts';
import { availableInstruments } from '../settlement-instruments/instruments.ts';

/**
 * Tokenizer interface: the value layer (registered DSA, DSA credit lines, funding). Bodies and
 * queries were validated against the catalogue before these run, which is what makes their types
 * (QueryOf, BodyOf) and the casts of the funding bodies (a request form BodyOf leaves unknown) safe.
 */
export const tokenizerLedgerHandlers = {
  'tokenizer.listAvailableInstruments': ({ state, caller, path }) =>
    availableInstruments(state, caller, path.tokenizer_identification),

  'tokenizer.changeCreditLine': ({ state, caller, path, body }) => {
    changeCreditLineAsTokenizer(state, caller, path.tokenizer_identification, body);
    return undefined;
  },

  'tokenizer.createFundingInstruction': ({ state, caller, body }) =>
    createFundingInstruction(state, caller, body as FundingInfo),

  'tokenizer.sendFunding': ({ state, caller, body, query }) =>
    sendFunding(state, caller, body as FundingInfo, {
      funding_payload_signature: query.funding_payload_signature,
      signed_funding_transaction: query.signed_funding_transaction,
    }),
} satisfies Partial<Handlers<'tokenizer'>>;
