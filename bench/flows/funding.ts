/**
 * DSA credit lines and fundings (spec: "Funding flow (tokenizer)"; semantics §4a-§5), the calls of a
 * funding flow: the funding-flows benchmark times them, the other flow benchmarks set their lanes up
 * with them.
 */
import type { AssetId } from '../../suites/flows/assets.ts';
import { encodeJson } from '../../suites/flows/quotations.ts';
import type { SimulatorApi } from './simulator-api.ts';

/** Where a DSA is held: the member's account, for the asset of its issuing tokenizer. */
export interface DsaHolding {
  member: string;
  account: string;
  asset: AssetId;
}

/**
 * The holder asks for a line with `ceiling` whole units (or changes its ceiling) and the tokenizer allows
 * it: 2 calls. Allowing an allowed line again is accepted, so this also raises a line in use.
 */
export async function openLine(api: SimulatorApi, holding: DsaHolding, ceiling: number): Promise<void> {
  const { member, account, asset } = holding;
  await api.request(member, 'member.changeCreditLine', {
    body: {
      account_identification: account,
      asset_code_identification: asset.code,
      credit_line_state: 'request',
      member_identification: asset.issuer,
      maximum_credit_limit: ceiling,
    },
  });
  await api.request(asset.issuer, 'tokenizer.changeCreditLine', {
    path: { tokenizer_identification: asset.issuer },
    body: {
      account_identification: account,
      asset_code_identification: asset.code,
      credit_line_state: 'allow',
      member_identification: member,
    },
  });
}

/**
 * The tokenizer mints `amount` whole units into the holding: the instruction, the fundingInfo and the
 * transaction signed with its emission key (`POST /sign/payload`, twice), the send: 4 calls.
 * `endToEnd` must be new, or the send answers the earlier funding and mints nothing.
 */
export async function fund(api: SimulatorApi, holding: DsaHolding, amount: number, endToEnd: string): Promise<void> {
  const tokenizer = holding.asset.issuer;
  const info = {
    account_identification: holding.account,
    end_to_end_identification: endToEnd,
    funding_amount: amount,
    issued_asset_code_identification: holding.asset.code,
    member_identification: holding.member,
    tokenizer_identification: tokenizer,
  };
  const instruction = (await api.request(tokenizer, 'tokenizer.createFundingInstruction', { body: info })) as {
    unsigned_transaction_object: string;
  };
  const sign = (unsigned: string) => api.signPayload(tokenizer, 'emission', unsigned);
  const query = {
    funding_payload_signature: await sign(encodeJson(info)),
    signed_funding_transaction: await sign(instruction.unsigned_transaction_object),
  };
  await api.request(tokenizer, 'tokenizer.sendFunding', { query, body: info });
}
