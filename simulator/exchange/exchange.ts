import type { ExchangeInfo, ExchangeObject, ExchangeResult } from '../../schemas/wire.ts';
import { requireAccount } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { sameCanonicalJson } from '../../protocol/canonical-json.ts';
import { signedBy, signingAddresses } from '../members/signing-keys.ts';
import { legAccountProblem } from '../quotations/leg-accounts.ts';
import { verifiedWith, type Quotation, type QuotationAnswer } from '../quotations/quotation.ts';
import { decodeSignedPayload } from '../quotations/signed-payload.ts';
import { IN_PROGRESS, move, moveRefusal, UPDATED } from '../quotations/state-machine.ts';
import type { SimState } from '../state.ts';
import { exchangeAmounts } from './amounts.ts';
import { settle } from './settlement.ts';
import { statusRefusal } from './status-refusal.ts';

/**
 * `POST /exchange` (semantics §8). The checks run in the documented order, so every target refuses a
 * given bad exchange with the same status: payload (400), buyer is the caller (403), quotation exists
 * for the caller (404) and equals the stored one (400), state 10 (400), validity window (400), buyer
 * signature (400), seller's stored signature (404), amounts (400). Then settlement.ts settles. The
 * refusals for the quotation's status (unanswered, final, expired, not yet valid) go through
 * status-refusal.ts, which answers Rejected instead under the reading `exchange-rejected`.
 *
 * Mutual exclusion: the state check and the claim (10 -> 20) run with no `await` before, between or
 * after them. Node runs one piece of JavaScript at a time and switches between requests only at an
 * await, so no second exchange of the same quotation can run between the check and the claim: it
 * finds state 20 (or 21 by then) and is refused. Keep every step of this function synchronous. A
 * refusal after the claim releases the quotation (20 -> 10): nothing had happened yet.
 */
export function exchange(state: SimState, caller: Principal, body: ExchangeObject): ExchangeResult {
  const buyer = caller.member.identification;
  const { value: info, bytes } = decodeSignedPayload<ExchangeInfo>(
    body.exchange_payload,
    'exchangeInfo',
    'EXCHANGE-PAYLOAD-INVALID',
    'exchange_payload',
  );
  const claimed = info.quotation_info[0];
  const claimedBuyer = claimed?.request_quotation[0]?.buyer_member_identification;
  if (!claimed || claimedBuyer === undefined)
    throw payloadInvalid('quotation_info[0] and its request_quotation[0] are required.');
  if (claimedBuyer !== buyer) {
    throw new DssError(
      'EXCHANGE-BUYER-MISMATCH',
      `The quotation was requested by ${claimedBuyer}, but the token is ${buyer}’s.`,
    );
  }

  // Fault: validity judged at the quotation's own start_time instead of now, so it always looks valid.
  const validAt = state.faults.on('expired-quotation-accepted') ? claimed.start_time : state.clock.now();
  const quotation = state.quotations.quotation(claimed.quotation_uuid, validAt);
  if (!quotation || quotation.request.buyer !== buyer) {
    const notFound = new DssError(
      'QUOTATION-NOT-FOUND',
      `No quotation ${claimed.quotation_uuid} of a request by ${buyer} is there to exchange.`,
    );
    // Reading exchange-rejected: the caller's own quotation that has expired is a status refusal too.
    const expired = state.readings.on('exchange-rejected')
      ? state.quotations.expired(claimed.quotation_uuid, validAt)
      : undefined;
    if (expired?.request.buyer === buyer) return statusRefusal(state, notFound, expired, claimed, info);
    throw notFound;
  }
  const { answer } = quotation;
  if (!answer)
    return statusRefusal(
      state,
      new DssError(
        'QUOTATION-INVALID-STATE',
        `Quotation ${quotation.quotation_uuid} has not been answered; there is nothing to exchange.`,
      ),
      quotation,
      claimed,
      info,
    );
  if (!sameCanonicalJson(claimed, answer.info))
    throw payloadInvalid(`quotation_info[0] differs from the quotation ${quotation.quotation_uuid} the seller gave.`);
  // The end of the window needs no check: from its end_time on, the quotation is gone (expiry.ts) and
  // the lookup above refused it.
  const refusal =
    claimRefusal(state, quotation) ??
    (validAt < answer.info.start_time
      ? new DssError(
          'EXCHANGE-OUTSIDE-VALIDITY',
          `Quotation ${quotation.quotation_uuid} is valid from ${answer.info.start_time}; it is ${validAt}.`,
        )
      : undefined);
  if (refusal) return statusRefusal(state, refusal, quotation, claimed, info);

  move(quotation, 'claim');
  try {
    checkAccountsAndSignatures(state, caller, quotation, answer, info, bytes, body.member_signature);
    const amounts = exchangeAmounts(
      state.amounts,
      info.amount_base_asset,
      answer.info,
      quotation.request.requestQuotation,
    );
    return settle(state, quotation, answer, info, amounts);
  } catch (error) {
    if (quotation.state === IN_PROGRESS) move(quotation, 'release');
    throw error;
  }
}

/** The replay guard (see above): only an updated quotation may be exchanged, and only once. Why not, or nothing. */
function claimRefusal(state: SimState, quotation: Quotation): DssError | undefined {
  // Fault: the guard is skipped, so a completed quotation, or one being exchanged, settles again.
  if (state.faults.on('quotation-exchangeable-twice')) {
    quotation.state = UPDATED;
    return undefined;
  }
  return moveRefusal(quotation, 'claim');
}

function checkAccountsAndSignatures(
  state: SimState,
  caller: Principal,
  quotation: Quotation,
  answer: QuotationAnswer,
  info: ExchangeInfo,
  bytes: Buffer,
  signature: string,
): void {
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
  const debiting = info.buyer_debiting_account_identification;
  if (
    signedBy(signingAddresses(state.readings, buyer, debiting), bytes, Buffer.from(signature, 'base64')) === undefined
  ) {
    throw new DssError(
      'EXCHANGE-SIGNATURE-INVALID',
      `member_signature is not the signature of exchange_payload by ${buyer.identification}’s account ${debiting}.`,
    );
  }
  // Checked again at settlement, as the spec's flow has the seller's side verify its quotation signature;
  // an answer verified with one of these very keys when it was given (quotation.ts) needs no second verification.
  const seller = state.members.get(quotation.seller);
  const addresses = seller
    ? signingAddresses(state.readings, seller, answer.info.seller_debiting_account_identification)
    : [];
  const verified = verifiedWith(answer);
  if (
    !(verified !== undefined && addresses.includes(verified)) &&
    signedBy(addresses, answer.payload, answer.signature) === undefined
  ) {
    throw new DssError(
      'EXCHANGE-SELLER-SIGNATURE-UNAVAILABLE',
      `The signature of ${quotation.seller} on quotation ${quotation.quotation_uuid} could not be verified.`,
    );
  }
}

function payloadInvalid(detail: string): DssError {
  return new DssError('EXCHANGE-PAYLOAD-INVALID', detail);
}
