import type { QuotationInfo, QuotationObject } from '../../schemas/wire.ts';
import { requireAccount } from '../auth/authorize.ts';
import { identityMismatch } from '../auth/identity-mismatch.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { sameCanonicalJson } from '../../protocol/canonical-json.ts';
import { signedBy, signingAddresses } from '../members/signing-keys.ts';
import type { SimState } from '../state.ts';
import { requestEnded } from './expiry.ts';
import { legAccountProblem } from './leg-accounts.ts';
import { quotationState, verifiedAnswer, type Quotation } from './quotation.ts';
import { requireQuotationId } from './quotation-id.ts';
import { decodeSignedPayload } from './signed-payload.ts';
import { move, requireMove } from './state-machine.ts';

/**
 * `POST /exchange/quotations/{quotation_uuid}` (semantics §7): the seller answers, or re-quotes, with
 * a signed quotationInfo. The signature is checked now, with the registered key of the seller's
 * debiting account, so that an exchange never meets a quotation that was not really signed. The
 * endpoint lists only 400, so every refusal is a 400. The buyer is told through its gateway.
 */
export function answerQuotation(state: SimState, caller: Principal, id: string, body: QuotationObject): void {
  requireQuotationId(id);
  const seller = caller.member.identification;
  const now = state.clock.now();
  const quotation = state.quotations.quotation(id, now);
  if (!quotation) throw invalid(`No quotation ${id} waits for an answer from ${seller}.`);
  if (quotation.seller !== seller)
    throw identityMismatch(state.readings, invalid(`No quotation ${id} waits for an answer from ${seller}.`));
  // Checked before the payload so that a final quotation says why it cannot be answered.
  requireMove(quotation, 'answer');
  if (requestEnded(quotation.request, now))
    throw invalid(`The request of quotation ${id} has ended; it can no longer be answered.`);

  const { value: info, bytes } = decodeSignedPayload<QuotationInfo>(
    body.quotation_payload,
    'quotationInfo',
    'QUOTATION-ANSWER-INVALID',
    'quotation_payload',
  );
  checkQuotationInfo(state, caller, quotation, info, now);
  const signature = Buffer.from(body.member_signature, 'base64');
  const address = signedBy(
    signingAddresses(state.readings, caller.member, info.seller_debiting_account_identification),
    bytes,
    signature,
  );
  if (address === undefined) {
    throw new DssError(
      'QUOTATION-SIGNATURE-INVALID',
      `member_signature is not the signature of quotation_payload by ${seller}’s account ${info.seller_debiting_account_identification}.`,
    );
  }

  move(quotation, 'answer');
  quotation.answer = verifiedAnswer({ info, payload: bytes, signature, answered_at: now }, address);
  state.gateway.enqueue(quotation.request.buyer, 'quotations', 'quotation', quotationState(quotation), now);
}

function checkQuotationInfo(
  state: SimState,
  caller: Principal,
  quotation: Quotation,
  info: QuotationInfo,
  now: number,
): void {
  const seller = caller.member.identification;
  const [request] = info.request_quotation;
  if (!request || !sameCanonicalJson(request, quotation.request.requestQuotation)) {
    throw invalid('request_quotation[0] differs from the quotation request as the service sent it.');
  }
  if (info.quotation_uuid !== quotation.quotation_uuid)
    throw invalid(`quotation_uuid ${info.quotation_uuid} is not ${quotation.quotation_uuid}.`);
  if (info.seller_member_identification !== seller)
    throw identityMismatch(
      state.readings,
      invalid(`seller_member_identification ${info.seller_member_identification} is not ${seller}.`),
    );
  // The seller is credited with the base asset and debited of the quoted one.
  for (const [account, asset] of [
    [info.seller_crediting_account_identification, quotation.request.base],
    [info.seller_debiting_account_identification, quotation.request.quoted],
  ] as const) {
    const problem = legAccountProblem(state, caller.member, account, asset);
    if (problem) throw invalid(problem);
    requireAccount(caller, account);
  }
  if (info.start_time > info.end_time)
    throw invalid(`start_time ${info.start_time} is after end_time ${info.end_time}.`);
  if (info.end_time <= now) throw invalid(`end_time ${info.end_time} is not in the future (now ${now}).`);
  const maximum = state.amounts.parse(info.maximum_amount_limit, 'maximum_amount_limit');
  if (maximum <= 0n) throw invalid('maximum_amount_limit must be above zero.');
  if (maximum < state.amounts.parse(info.minimum_amount_limit ?? 0, 'minimum_amount_limit'))
    throw invalid('maximum_amount_limit is below minimum_amount_limit.');
  if (!(info.foreign_exchange_rate > 0)) throw invalid('foreign_exchange_rate must be above zero.');
}

function invalid(detail: string): DssError {
  return new DssError('QUOTATION-ANSWER-INVALID', detail);
}
