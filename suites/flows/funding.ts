import { randomBytes } from 'node:crypto';
import { schemaRef } from '../../schemas/resources.ts';
import type { FundingResult, Instruction, FundingInfo as SpecFundingInfo } from '../../schemas/wire.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { unitsToJsonNumber } from '../runtime/money.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { DssResponse } from '../runtime/client.ts';
import type { Actors } from '../runtime/fixtures.ts';
import { okBody } from './answers.ts';
import { describeCall } from '../runtime/check.ts';
import { tokenizerDsa, type AssetId } from './assets.ts';
import type { Party } from './party.ts';

/**
 * A tokenizer funding a member with its DSA (spec: "Funding flow (tokenizer)"; semantics §4a, §5): the
 * instruction, the two signatures made with the tokenizer's `emission` key through the member
 * interface's signing service, and the send.
 */

/** The spec's fundingInfo (as the reference types it), with the account always named. */
export type FundingInfo = SpecFundingInfo & { account_identification: string };

export interface FundingSignatures {
  funding_payload_signature: string;
  signed_funding_transaction: string;
}

/** The signing account that a funding's signatures must come from. */
export const FUNDING_SIGNER = 'emission';

/** A fundingInfo with a fresh end_to_end_identification: a funding no one has instructed yet. */
export function newFundingInfo(
  tokenizer: string,
  asset: AssetId,
  member: string,
  account: string,
  amount: bigint,
): FundingInfo {
  return {
    account_identification: account,
    end_to_end_identification: `fund-${randomBytes(8).toString('hex')}`,
    funding_amount: unitsToJsonNumber(amount),
    issued_asset_code_identification: asset.code,
    member_identification: member,
    tokenizer_identification: tokenizer,
  };
}

export function instructFunding(tokenizer: Party, info: FundingInfo): Promise<DssResponse> {
  return tokenizer.client.call('tokenizer.createFundingInstruction', { body: info });
}

export function sendFunding(tokenizer: Party, info: FundingInfo, signatures: FundingSignatures): Promise<DssResponse> {
  return tokenizer.client.call('tokenizer.sendFunding', { body: info, query: { ...signatures } });
}

/**
 * `POST /sign/payload` as `signer` with the key of its `account`: the base64 signature. Requirements:
 * SIGN-PAYLOAD (that the reference's signing answers 200: the prerequisites' checker), RES-SIGNING-SCHEMAS
 * (the 200 body is a memberSignedPayload, spec lines 166, 493: every reading's).
 */
export async function signPayload(signer: Party, account: string, unsignedPayload: string): Promise<string> {
  const response = await signer.client.call('member.signPayload', {
    body: { account_identification: account, unsigned_payload: unsignedPayload },
  });
  const { payload } = okBody<{ payload?: unknown }>(
    response,
    schemaRef('memberSignedPayload'),
    'SIGN-PAYLOAD',
    'RES-SIGNING-SCHEMAS',
  );
  // No signature to send on: the flow stops here, under the rule the body broke.
  if (typeof payload !== 'string')
    throw new CheckFailure(
      'RES-SIGNING-SCHEMAS',
      `${describeCall(response)} answered 200 without the memberSignedPayload's payload string: ${response.text.slice(0, 200)}`,
    );
  return payload;
}

/** The bytes a tokenizer signs for `funding_payload_signature`: the canonical fundingInfo (semantics §4a). */
export function fundingPayload(info: FundingInfo): string {
  return Buffer.from(canonicalJson(info), 'utf8').toString('base64');
}

/**
 * Both signatures, made by `signer` with the key of `account` (the tokenizer's `emission` for a valid
 * funding). Asked for together: neither depends on the other, and a far target would make a funding wait
 * a round trip more for nothing.
 */
export async function signFunding(
  signer: Party,
  info: FundingInfo,
  unsignedTransaction: string,
  account = FUNDING_SIGNER,
): Promise<FundingSignatures> {
  const [funding_payload_signature, signed_funding_transaction] = await Promise.all([
    signPayload(signer, account, fundingPayload(info)),
    signPayload(signer, account, unsignedTransaction),
  ]);
  return { funding_payload_signature, signed_funding_transaction };
}

/** The instruction the tokenizer gets for `info`. Requirements: FUND-INSTRUCTION, RES-LEDGER-SCHEMAS. */
export async function instruction(tokenizer: Party, info: FundingInfo): Promise<Instruction> {
  return okBody<Instruction>(await instructFunding(tokenizer, info), schemaRef('instruction'), 'FUND-INSTRUCTION');
}

/** Instruction and both valid signatures, ready to send. Requirements: FUND-INSTRUCTION, SIGN-PAYLOAD, RES-LEDGER-SCHEMAS. */
export async function instructAndSign(tokenizer: Party, info: FundingInfo): Promise<FundingSignatures> {
  const { unsigned_transaction_object } = await instruction(tokenizer, info);
  return signFunding(tokenizer, info, unsigned_transaction_object);
}

/** A send that must settle: its fundingResult. Requirements: FUND-INSTRUCTION, RES-LEDGER-SCHEMAS. */
export async function settledFunding(
  tokenizer: Party,
  info: FundingInfo,
  signatures: FundingSignatures,
): Promise<FundingResult> {
  const response = await sendFunding(tokenizer, info, signatures);
  const result = okBody<FundingResult>(response, schemaRef('fundingResult'), 'FUND-INSTRUCTION');
  if (result.funding_state.length === 0)
    throw new CheckFailure(
      'FUND-INSTRUCTION',
      `${describeCall(response)} answered a fundingResult without a transactionState`,
    );
  return result;
}

/**
 * The whole funding flow: the run's tokenizer funds `member`'s `account` with `amount` units of its DSA
 * (its first, unless `asset` names another it issues). The account needs an allowed line with room (see
 * `openDsaLine`). Answers the fundingInfo sent and the fundingResult. Requirements: FUND-INSTRUCTION,
 * SIGN-PAYLOAD, RES-LEDGER-SCHEMAS.
 */
export async function fund(
  actors: Pick<Actors, 'tokenizer'>,
  member: Party,
  account: string,
  amount: bigint,
  asset: AssetId = tokenizerDsa(actors),
): Promise<{ info: FundingInfo; result: FundingResult }> {
  const info = newFundingInfo(actors.tokenizer.identification, asset, member.identification, account, amount);
  const signatures = await instructAndSign(actors.tokenizer, info);
  return { info, result: await settledFunding(actors.tokenizer, info, signatures) };
}
