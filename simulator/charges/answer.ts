import type { ChargeRequest, PaymentCharge, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { addAmounts } from '../ledger/amount.ts';
import type { AmountScale } from '../ledger/amount-scale.ts';
import type { SimState } from '../state.ts';
import type { ChargeMessage } from './charge-book.ts';

/**
 * `POST /charges/response/{member_identification}` (semantics §10): the caller answers an open request
 * that the originating member of the path sent it (409 otherwise). The answer must be for the same
 * payout currency and settlement instrument, and when the settlement instrument is in the payout
 * currency (no exchange) its amounts must agree with the request: gross = amount without fee + fee,
 * and what the beneficiary gets is the amount without fee (409 "malformed payload" otherwise). The
 * answer reaches the originator's `charge` queue and closes the request.
 */
export function answerCharge(
  state: SimState,
  caller: Principal,
  originatorIdentification: string,
  answer: PaymentCharge,
): void {
  const instructed = caller.member.identification;
  const originator = state.members.get(originatorIdentification);
  if (!originator) throw unsolicited(`No member ${originatorIdentification} sent a charge request.`);
  const request = state.charges.find(originator.identification, instructed, answer.request_uuid);
  // Fault charge-answer-unsolicited-accepted: an answer to no open request is relayed all the same.
  if (!request && !state.faults.on('charge-answer-unsolicited-accepted')) {
    throw unsolicited(
      `${originator.identification} has no open charge request ${answer.request_uuid} to ${instructed}.`,
    );
  }
  if (request) {
    const mismatch = mismatchOf(state.amounts, request, answer);
    if (mismatch) throw new DssError('CHARGE-ANSWER-MISMATCH', mismatch);
    state.charges.close(originator.identification, instructed, answer.request_uuid);
  }
  const message: ChargeMessage = { ...answer, sender: instructed };
  state.gateway.enqueue(originator.identification, 'charge', 'charge', message, state.clock.now());
}

/** Why the answer does not answer the request; undefined when it does. */
function mismatchOf(amounts: AmountScale, request: ChargeRequest, answer: PaymentCharge): string | undefined {
  if (answer.instructed_currency_code !== request.instructed_currency_code) {
    return `The request pays out in ${request.instructed_currency_code}; the answer in ${answer.instructed_currency_code}.`;
  }
  const asked = request.interbank_settlement_instrument[0];
  const answered = answer.interbank_settlement_instrument[0];
  if (!asked || !answered || instrumentKey(asked) !== instrumentKey(answered))
    return 'The answer names another settlement instrument than the request.';
  if (currencyOf(asked) !== request.instructed_currency_code) return undefined;

  const fee = amounts.parse(answer.fee_amount, 'fee_amount');
  const paidOut = amounts.parse(answer.instructed_amount, 'instructed_amount');
  const withoutFee =
    answer.interbank_settlement_amount_without_fee === undefined
      ? undefined
      : amounts.parse(answer.interbank_settlement_amount_without_fee, 'interbank_settlement_amount_without_fee');
  if (withoutFee !== undefined && withoutFee !== paidOut)
    return 'With no exchange, interbank_settlement_amount_without_fee must equal instructed_amount.';
  if (request.instructed_net_amount !== undefined && paidOut !== amounts.parse(request.instructed_net_amount)) {
    return `The request asks ${request.instructed_net_amount} paid out; the answer pays out ${answer.instructed_amount}.`;
  }
  if (
    request.interbank_settlement_gross_amount !== undefined &&
    addAmounts(paidOut, fee) !== amounts.parse(request.interbank_settlement_gross_amount)
  ) {
    return `The request transfers ${request.interbank_settlement_gross_amount} in all; the answer's amount plus fee is not that.`;
  }
  return undefined;
}

/** A DSA's code is its currency; a DSO's is its currency followed by DSO. */
function currencyOf(instrument: SettlementInstrumentInfo): string {
  return instrument.asset_code_identification.slice(0, 3);
}

function instrumentKey(instrument: SettlementInstrumentInfo): string {
  return JSON.stringify([
    instrument.asset_code_identification,
    instrument.asset_group_identification,
    instrument.asset_issuer_identification ?? '',
  ]);
}

function unsolicited(detail: string): DssError {
  return new DssError('CHARGE-ANSWER-UNSOLICITED', detail);
}
