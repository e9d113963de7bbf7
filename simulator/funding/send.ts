import { requireSelf } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { verifyWithAddress } from '../members/keys.ts';
import { EMISSION } from '../members/registry.ts';
import type { SimState } from '../state.ts';
import type { FundingInfo } from '../../schemas/wire.ts';
import { comparableFundingInfo, type FundingResult } from './funding-book.ts';

export interface FundingSignatures {
  /** base64 signature of the UTF-8 bytes of the canonical fundingInfo. */
  funding_payload_signature: string;
  /** base64 signature of the bytes the instruction's unsigned_transaction_object decodes to. */
  signed_funding_transaction: string;
}

/**
 * `POST /transactions/send`: verifies both signatures with the tokenizer's `emission` key (the one
 * registered for the account, never a key from the request), then applies the mint. Sending the same
 * instruction again answers the first result and mints nothing: an end_to_end_identification funds at
 * most once. A mint the ledger refuses leaves the instruction unsent, so it can be sent again later.
 */
export function sendFunding(
  state: SimState,
  caller: Principal,
  info: FundingInfo,
  signatures: FundingSignatures,
): FundingResult {
  requireSelf(caller, info.tokenizer_identification);
  const instruction = state.funding.get(info.end_to_end_identification);
  if (!instruction)
    throw new DssError(
      'FUNDING-NOT-INSTRUCTED',
      `No instruction has end_to_end_identification ${info.end_to_end_identification}.`,
    );
  if (instruction.comparable !== comparableFundingInfo(info)) {
    throw new DssError(
      'FUNDING-NOT-INSTRUCTED',
      `The fundingInfo differs from the one instructed as ${info.end_to_end_identification}.`,
    );
  }

  const address = caller.member.accounts.get(EMISSION)!.key.address;
  // Fault funding-signature-not-checked: every signature passes.
  const signed = (bytes: Buffer, signature: string) =>
    state.faults.on('funding-signature-not-checked') ||
    verifyWithAddress(address, bytes, Buffer.from(signature, 'base64'));
  if (!signed(Buffer.from(canonicalJson(info), 'utf8'), signatures.funding_payload_signature)) {
    throw new DssError(
      'FUNDING-SIGNATURE-INVALID',
      `funding_payload_signature is not ${caller.member.identification}’s ${EMISSION} signature of the canonical fundingInfo.`,
    );
  }
  if (!signed(Buffer.from(instruction.unsignedTransaction, 'base64'), signatures.signed_funding_transaction)) {
    throw new DssError(
      'FUNDING-SIGNATURE-INVALID',
      `signed_funding_transaction is not ${caller.member.identification}’s ${EMISSION} signature of the instructed transaction.`,
    );
  }
  // Fault funding-replay-mints-again: a settled instruction is applied again instead of answered.
  if (instruction.result && !state.faults.on('funding-replay-mints-again')) return instruction.result;

  const transaction = state.ledger.submit([instruction.operation], instruction.fundingInfo.memo_transaction);
  if (transaction.failure) throw new DssError('FUNDING-FAILED', `Nothing was minted: ${transaction.failure.detail}`);
  instruction.result = {
    funding_payload: [instruction.fundingInfo],
    funding_state: [
      {
        timestamp: transaction.timestamp,
        transaction_flow_status: 'Payment settled',
        transaction_identification: transaction.transaction_identification,
      },
    ],
  };
  state.funding.sent(instruction);
  return instruction.result;
}
