import { randomUUID } from 'node:crypto';
import type { EndpointId } from '../../../schemas/endpoints.ts';
import type { InputRequest } from './input-cases.ts';

/** What a well-formed request needs of the run's members: their identifiers, accounts and assets. */
export interface InputParties {
  /** The member that calls the member interface (mmA). */
  member: { identification: string; accounts: string[] };
  /** Another member, named as a counterpart (mmB). */
  other: { identification: string };
  /** The tokenizer and the DSA it issues. */
  tokenizer: {
    identification: string;
    asset: { asset_code_identification: string; asset_issuer_identification: string };
  };
}

/** One request per area: the endpoints the input-column checks of that area break. */
export const inputAreas = {
  // GET /account-address is not here: its one parameter is optional (line 414) and its form the reference's.
  tokenizer: [
    'tokenizer.listMembers',
    'tokenizer.changeCreditLine',
    'tokenizer.createFundingInstruction',
    'tokenizer.sendFunding',
    'tokenizer.answerRedemption',
  ],
  ledger: [
    'member.getBalance',
    'member.consolidate',
    'member.issueSettlementInstrument',
    'member.changeCreditLine',
    'member.listMemberInstruments',
    'member.signMessage',
    'member.signPayload',
    'member.listMembers',
  ],
  exchange: [
    'member.exchange',
    'member.findQuotations',
    'member.searchQuotations',
    'member.cancelQuotations',
    'member.requestQuotations',
    'member.answerQuotation',
  ],
  payments: [
    'member.requestCharge',
    'member.answerCharge',
    'member.redeem',
    'member.replyPayment',
    'member.sendPayment',
    'member.readGatewayMessages',
    'member.listTransactions',
    'member.listPaymentPoints',
  ],
} as const satisfies Record<string, readonly EndpointId[]>;

export type InputArea = keyof typeof inputAreas;

/** base64 of a few bytes: where a signature or a payload is only read for its shape before anything else. */
const BYTES = 'c2lnbmVk';
/** base64 of `<Message/>`: a message whose columns are well formed, refused later for its content if at all. */
const MESSAGE = Buffer.from('<Message/>').toString('base64');

/**
 * A request per endpoint whose every input column is well formed, so that each case breaks one column
 * only. None of them is meant to succeed: identifiers are fresh, signatures and messages are not real,
 * and what could change state names nobody (a cancellation for a buyer that does not exist, a funding
 * of one unit never sent). A target that ignores a broken column refuses the rest with some 4xx, which
 * ERR-INVALID-INPUT allows; one that accepts it, or fails with a 5xx, is found out.
 */
export function inputBases({
  member,
  other,
  tokenizer,
}: InputParties): Record<(typeof inputAreas)[InputArea][number], InputRequest> {
  const main = member.accounts[0] ?? 'main';
  const second = member.accounts[1] ?? main;
  const asset = { ...tokenizer.asset, asset_group_identification: 'DSA' };
  const funding = {
    end_to_end_identification: `input-${randomUUID()}`,
    funding_amount: 1,
    issued_asset_code_identification: tokenizer.asset.asset_code_identification,
    member_identification: member.identification,
    tokenizer_identification: tokenizer.identification,
    account_identification: main,
  };
  const message = (type: string) => ({ financial_message_type: type, financial_message_data: MESSAGE });
  const instrument = {
    asset_code_identification: tokenizer.asset.asset_code_identification,
    asset_group_identification: 'DSA',
  };
  return {
    // Every filter of the directories is optional: each case adds the one it breaks.
    'tokenizer.listMembers': {},
    'member.listMembers': {},
    'member.getBalance': {
      path: { account_identification: main },
      query: {
        asset_code_identification: tokenizer.asset.asset_code_identification,
        asset_issuer_identification: tokenizer.asset.asset_issuer_identification,
      },
    },
    'tokenizer.changeCreditLine': {
      path: { tokenizer_identification: tokenizer.identification },
      body: {
        account_identification: main,
        asset_code_identification: tokenizer.asset.asset_code_identification,
        credit_line_state: 'allow',
        member_identification: other.identification,
      },
    },
    'tokenizer.createFundingInstruction': { body: funding },
    'tokenizer.sendFunding': {
      query: { funding_payload_signature: BYTES, signed_funding_transaction: BYTES },
      body: funding,
    },
    'tokenizer.answerRedemption': { body: message('iso20022:pacs.002.001.10') },
    'member.consolidate': {
      path: { account_identification: main },
      body: { instruction: [{ asset_info: [asset], consolidated_amount: 1, source_account_identification: second }] },
    },
    'member.issueSettlementInstrument': {
      query: { asset_code_identification: 'XTSDSO', asset_group_identification: 'DSO' },
    },
    'member.changeCreditLine': {
      body: {
        account_identification: main,
        asset_code_identification: tokenizer.asset.asset_code_identification,
        credit_line_state: 'request',
        member_identification: tokenizer.identification,
        maximum_credit_limit: 1,
      },
    },
    'member.listMemberInstruments': { path: { member_identification: other.identification }, query: { type: 'both' } },
    'member.signMessage': { body: { account_identification: main, unsigned_payload: MESSAGE } },
    'member.signPayload': { body: { account_identification: main, unsigned_payload: BYTES } },
    'member.exchange': { body: { exchange_payload: BYTES, member_signature: BYTES } },
    'member.findQuotations': { body: { buyer_member_identification: member.identification, base_asset_info: [asset] } },
    'member.searchQuotations': {
      body: { buyer_member_identification: member.identification, base_asset_info: [asset] },
    },
    'member.cancelQuotations': { body: { buyer_member_identification: `nobody-${randomUUID().slice(0, 8)}` } },
    'member.requestQuotations': {
      body: {
        buyer_member_identification: member.identification,
        maximum_amount_limit: 1,
        minimum_amount_limit: 0,
        // Already past: should a broken column be ignored, the request still asks nobody for anything.
        time_end_request_quotation: 1_000_000_000_000,
        base_asset_info: [asset],
        quoted_asset_info: [asset],
      },
    },
    'member.answerQuotation': {
      path: { quotation_uuid: `${randomUUID()}-${other.identification}` },
      body: { quotation_payload: BYTES, member_signature: BYTES },
    },
    'member.requestCharge': {
      path: { member_identification: other.identification },
      body: {
        instructed_currency_code: 'EUR',
        instructed_net_amount: 1,
        interbank_settlement_instrument: [instrument],
        member_identification: member.identification,
        request_uuid: randomUUID(),
      },
    },
    'member.answerCharge': {
      path: { member_identification: other.identification },
      body: {
        fee_amount: 0,
        instructed_amount: 1,
        instructed_currency_code: 'EUR',
        interbank_settlement_instrument: [instrument],
        request_uuid: randomUUID(),
      },
    },
    'member.redeem': { body: message('iso20022:pacs.009.001.08') },
    'member.replyPayment': { body: message('iso20022:SVC.001.001.01') },
    'member.sendPayment': { body: message('iso20022:pacs.008.001.08') },
    'member.readGatewayMessages': { query: { type: 'charge' } },
    'member.listTransactions': {
      query: {
        data_type: 'INSTRUCTION_IDENTIFICATION',
        data_id: `input-${randomUUID()}`,
        maximum_transaction_count: '10',
        target_page_number: '1',
      },
    },
    'member.listPaymentPoints': {},
  };
}
