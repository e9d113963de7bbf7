/**
 * The calls that put value on the network, made as members make them (spec: "Funding flow
 * (tokenizer)"): a holder's credit-line request, the issuer's allow, and a tokenizer's funding (the
 * instruction, the fundingInfo and the transaction signed with its emission key, the send). Used by the
 * network file's opening lines and by autopilot tokenizers.
 */
import { randomUUID } from 'node:crypto';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import type { MemberApi } from './member-api.ts';

/** base64 of the value's canonical JSON: how signed objects travel (semantics §4a). */
export function encodeJson(value: unknown): string {
  return Buffer.from(canonicalJson(value), 'utf8').toString('base64');
}

/** The holder asks `issuer` for a line of `code` on `account`, up to `limit` whole units. */
export async function requestLine(
  holder: MemberApi,
  issuer: string,
  account: string,
  code: string,
  limit: number,
): Promise<void> {
  await holder.request('member.changeCreditLine', {
    body: {
      account_identification: account,
      asset_code_identification: code,
      credit_line_state: 'request',
      member_identification: issuer,
      maximum_credit_limit: limit,
    },
  });
}

/** The tokenizer allows the holder's DSA line of `code` on `account`. */
export async function allowDsaLine(tokenizer: MemberApi, holder: string, account: string, code: string): Promise<void> {
  await tokenizer.request('tokenizer.changeCreditLine', {
    path: { tokenizer_identification: tokenizer.identification },
    body: {
      account_identification: account,
      asset_code_identification: code,
      credit_line_state: 'allow',
      member_identification: holder,
    },
  });
}

/** The issuer of a DSO allows the holder's line for it (member interface; the holder's DSO account, credit-lines/dso-holding-account.ts). */
export async function allowDsoLine(issuer: MemberApi, holder: string, code: string, account: string): Promise<void> {
  await issuer.request('member.changeCreditLine', {
    body: {
      account_identification: account,
      asset_code_identification: code,
      credit_line_state: 'allow',
      member_identification: holder,
    },
  });
}

/** The tokenizer mints `amount` whole units of `code` into the holder's `account`: 4 calls. */
export async function fund(
  tokenizer: MemberApi,
  holder: string,
  account: string,
  code: string,
  amount: number,
): Promise<void> {
  const info = {
    account_identification: account,
    end_to_end_identification: `open-${randomUUID()}`,
    funding_amount: amount,
    issued_asset_code_identification: code,
    member_identification: holder,
    tokenizer_identification: tokenizer.identification,
  };
  const instruction = (await tokenizer.request('tokenizer.createFundingInstruction', { body: info })) as {
    unsigned_transaction_object: string;
  };
  const query = {
    funding_payload_signature: await tokenizer.signPayload('emission', encodeJson(info)),
    signed_funding_transaction: await tokenizer.signPayload('emission', instruction.unsigned_transaction_object),
  };
  await tokenizer.request('tokenizer.sendFunding', { query, body: info });
}
