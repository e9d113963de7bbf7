import type { ExchangeInfo, ExchangeObject, ExchangeResult } from '../../schemas/wire/exchange.ts';
import { requireAccount } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { sameCanonicalJson } from '../../protocol/canonical-json.ts';
import { verifyWithAddress } from '../members/keys.ts';
import { legAccountProblem } from '../quotations/leg-accounts.ts';
import { verifiedWith, type Quotation, type QuotationAnswer } from '../quotations/quotation.ts';
import { decodeSignedPayload } from '../quotations/signed-payload.ts';
import { IN_PROGRESS, move } from '../quotations/state-machine.ts';
import type { SimState } from '../state.ts';
import { exchangeAmounts } from './amounts.ts';
import { settle } from './settlement.ts';

/**
 * `POST /exchange` (semantics §8). The checks run in the documented order, so every target refuses a
 * given bad exchange with the same status: payload (400), buyer is the caller (403), quotation exists
 * for the caller (404) and equals the stored one (400), state 10 (400), validity window (400), buyer
 * signature (400), seller's stored signature (404), amounts (400). Then settlement.ts settles.
 *
 * Mutual exclusion: the state check and the claim (10 -> 20) run with no `await` before, between or
 * after them. Node runs one piece of JavaScript at a time and switches between requests only at an
 * await, so no second exchange of the same quotation can run between the check and the claim: it
 * finds state 20 (or 21 by then) and is refused. Keep every step of this function synchronous. A
 * refusal after the claim releases the quotation (20 -> 10): nothing had happened yet.
 */
export function exchange(state: SimState, caller: Principal, body: ExchangeObject): ExchangeResult {
  const buyer = caller.member.identification;
  const { value: info, bytes } = decodeSignedPayload<ExchangeInfo>(body.exchange_payload, 'exchangeInfo', 'EXCHANGE-PAYLOAD-INVALID', 'exchange_payload');
  const claimed = info.quotation_info[0];
  const claimedBuyer = claimed?.request_quotation[0]?.buyer_member_identification;
  if (!claimed || claimedBuyer === undefined) throw payloadInvalid('quotation_info[0] and its request_quotation[0] are required.');
  if (claimedBuyer !== buyer) {
    throw new DssError('EXCHANGE-BUYER-MISMATCH', `The quotation was requested by ${claimedBuyer}, but the token is ${buyer}’s.`);
  }

  // Fault: validity judged at the quotation's own start_time instead of now, so it always looks valid.
  const validAt = state.faults.on('expired-quotation-accepted') ? claimed.start_time : state.clock.now();
  const quotation = state.quotations.quotation(claimed.quotation_uuid, validAt);
  if (!quotation || quotation.request.buyer !== buyer) {
    throw new DssError('QUOTATION-NOT-FOUND', `No quotation ${claimed.quotation_uuid} of a request by ${buyer} is there to exchange.`);
  }
  const { answer } = quotation;
  if (!answer) throw new DssError('QUOTATION-INVALID-STATE', `Quotation ${quotation.quotation_uuid} has not been answered; there is nothing to exchange.`);
  if (!sameCanonicalJson(claimed, answer.info)) throw payloadInvalid(`quotation_info[0] differs from the quotation ${quotation.quotation_uuid} the seller gave.`);

  claim(state, quotation);
  try {
    // The end of the window needs no check: from its end_time on, the quotation is gone (expiry.ts)
    // and the lookup above refused it.
    if (validAt < answer.info.start_time) {
      throw new DssError('EXCHANGE-OUTSIDE-VALIDITY', `Quotation ${quotation.quotation_uuid} is valid from ${answer.info.start_time}; it is ${validAt}.`);
    }
    checkAccountsAndSignatures(state, caller, quotation, answer, info, bytes, body.member_signature);
    const amounts = exchangeAmounts(state.amounts, info.amount_base_asset, answer.info, quotation.request.requestQuotation);
    return settle(state, quotation, answer, info, amounts);
  } catch (error) {
    if (quotation.state === IN_PROGRESS) move(quotation, 'release');
    throw error;
  }
}

/** The replay guard (see above): only an updated quotation may be exchanged, and only once. */
function claim(state: SimState, quotation: Quotation): void {
  // Fault: the guard is skipped, so a completed quotation, or one being exchanged, settles again.
  if (state.faults.on('quotation-exchangeable-twice')) quotation.state = IN_PROGRESS;
  else move(quotation, 'claim');
}

function checkAccountsAndSignatures(state: SimState, caller: Principal, quotation: Quotation, answer: QuotationAnswer, info: ExchangeInfo, bytes: Buffer, signature: string): void {
  const buyer = caller.member;
  // The buyer is debited of the base asset and credited with the quoted one.
  for (const [account, asset] of [
    [info.buyer_debiting_account_identification, quotation.request.base],
    [info.buyer_crediting_account_identification, quotation.request.quoted],
  ] as const) {
    const problem = legAccountProblem(state, buyer, account, asset);
    if (problem) throw payloadInvalid(problem);
    requireAccount(caller, account);
  }
  const debiting = buyer.accounts.get(info.buyer_debiting_account_identification)!;
  if (!verifyWithAddress(debiting.key.address, bytes, Buffer.from(signature, 'base64'))) {
    throw new DssError('EXCHANGE-SIGNATURE-INVALID', `member_signature is not the signature of exchange_payload by ${buyer.identification}’s account ${debiting.identification}.`);
  }
  // Checked again at settlement, as the spec's flow has the seller's side verify its quotation signature;
  // an answer verified with this very key when it was given (quotation.ts) needs no second verification.
  const sellerAccount = state.members.get(quotation.seller)?.accounts.get(answer.info.seller_debiting_account_identification);
  const address = sellerAccount?.key.address;
  if (address === undefined || (verifiedWith(answer) !== address && !verifyWithAddress(address, answer.payload, answer.signature))) {
    throw new DssError('EXCHANGE-SELLER-SIGNATURE-UNAVAILABLE', `The signature of ${quotation.seller} on quotation ${quotation.quotation_uuid} could not be verified.`);
  }
}

function payloadInvalid(detail: string): DssError {
  return new DssError('EXCHANGE-PAYLOAD-INVALID', detail);
}
