import { schemaRef } from '../../schemas/resources.ts';
import type { ExchangeInfo, ExchangeObject, ExchangeResult, QuotationInfo } from '../../schemas/wire.ts';
import {
  decimalText,
  formatUnits,
  jsonNumberUnits,
  lastDigit,
  readBalanceText,
  unitsToJsonNumber,
} from '../runtime/money.ts';
import { inAttempt, describeCall } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { HarnessFault } from '../runtime/harness-fault.ts';
import type { DssResponse } from '../runtime/client.ts';
import { expectRefusal, type RefusalExpectation } from '../runtime/refusal.ts';
import { okBody } from './answers.ts';
import { signPayload } from './funding.ts';
import type { Market } from './market.ts';
import type { Party } from './party.ts';
import { encodeJson, quotationStateOf, quotationStates } from './quotations.ts';

/**
 * The buyer's side of delivery versus payment (spec: "Quotation and exchange flow" 5-6; semantics §8):
 * the exchangeInfo, its signature through `POST /sign/payload` with the buyer's debiting account, the
 * exchange, and the quoted amount the harness expects, computed here in exact fixed point.
 */

/** The spec's exchange resources, for the checks built on these flows. */
export type { ExchangeInfo, ExchangeObject, ExchangeResult } from '../../schemas/wire.ts';

/** The market's buyer accepts `quotation` for `amount` units of the base asset, both legs on its default account. */
export function exchangeTerms(market: Market, quotation: QuotationInfo, amount: bigint): ExchangeInfo {
  return {
    amount_base_asset: unitsToJsonNumber(amount),
    buyer_crediting_account_identification: market.buyerAccount,
    buyer_debiting_account_identification: market.buyerAccount,
    quotation_info: [quotation],
  };
}

/**
 * The exchangeObject for `info`, signed by `signer` with the key of `account` (for a valid exchange:
 * the buyer and its debiting account). Requirement: SIGN-PAYLOAD.
 */
export async function signExchange(
  signer: Party,
  info: ExchangeInfo,
  account = info.buyer_debiting_account_identification,
): Promise<ExchangeObject> {
  const payload = encodeJson(info);
  return { exchange_payload: payload, member_signature: await signPayload(signer, account, payload) };
}

export function postExchange(caller: Party, exchange: ExchangeObject): Promise<DssResponse> {
  return caller.client.call('member.exchange', { body: exchange });
}

/** A 200 answer of POST /exchange as data. Requirements: `requirement`, RES-EXCHANGE-SCHEMAS. */
export function exchangeResultOf(response: DssResponse, requirement: string): ExchangeResult {
  return okBody<ExchangeResult>(response, schemaRef('exchangeResult'), requirement, 'RES-EXCHANGE-SCHEMAS');
}

/** How an exchange that must not settle was answered: refused with an error status, or 200 Rejected. */
export type NotSettled = 'refused' | 'rejected';

/**
 * An exchange that must not settle: refused as `refusal` says (an error status and the error body), or
 * answered 200 with exchange_state Rejected, which the spec names as the outcome of the status check
 * (line 388: "exchange proceeds, result Success or Rejected"; 298, 375). Never Success. `what` names the
 * attempt in a failure. The caller still checks that nothing moved; which answer came is the reference
 * profile's EXC-REFUSAL-STATUS (exchange.refusal-status), not this rule's.
 */
export function expectNotSettled(response: DssResponse, refusal: RefusalExpectation, what?: string): NotSettled {
  let outcome: NotSettled = 'refused';
  const judge = () => {
    if (response.status < 200 || response.status >= 300) return expectRefusal(response, refusal);
    const result = exchangeResultOf(response, refusal.requirement);
    if (result.exchange_state !== 'Rejected')
      throw new CheckFailure(
        refusal.requirement,
        `${describeCall(response)} answered ${response.status} with exchange_state ${result.exchange_state}; it must be refused or answered Rejected`,
      );
    outcome = 'rejected';
  };
  if (what === undefined) judge();
  else inAttempt(what, judge);
  return outcome;
}

/**
 * The quotation after exchanges of it that must not settle (`outcomes`): never completed. After refusals
 * alone it is still answered (10), as nothing happened; after a Rejected one it may also read failed (80),
 * the state the reference gives a Rejected settlement.
 */
export async function expectNotCompleted(
  reader: Party,
  quotationUuid: string,
  outcomes: readonly NotSettled[],
  requirement: string,
  when: string,
): Promise<void> {
  const allowed: number[] = outcomes.includes('rejected')
    ? [quotationStates.updated, quotationStates.failed]
    : [quotationStates.updated];
  const state = (await quotationStateOf(reader, quotationUuid)).request_quotation_state;
  if (!allowed.includes(state))
    throw new CheckFailure(
      requirement,
      `${reader.identification} reads quotation ${quotationUuid} in state ${state} ${when}, expected ${allowed.join(' or ')}`,
    );
}

/**
 * The market's buyer exchanges `amount` of the base asset against `quotation` and the target settles it
 * (Success). Answers the result and the quoted amount it moved, in units. Requirements: EXC-SETTLEMENT,
 * SIGN-PAYLOAD, RES-EXCHANGE-SCHEMAS.
 */
export async function settle(
  market: Market,
  quotation: QuotationInfo,
  amount: bigint,
): Promise<{ result: ExchangeResult; quoted: bigint }> {
  const response = await postExchange(
    market.buyer,
    await signExchange(market.buyer, exchangeTerms(market, quotation, amount)),
  );
  const result = exchangeResultOf(response, 'EXC-SETTLEMENT');
  if (result.exchange_state !== 'Success')
    throw new CheckFailure(
      'EXC-SETTLEMENT',
      `${describeCall(response)} answered exchange_state ${result.exchange_state} for a valid exchange of ${formatUnits(amount)} at rate ${quotation.foreign_exchange_rate}`,
    );
  return { result, quoted: amountUnits(result.amount_quoted_asset, 'EXC-SETTLEMENT', 'amount_quoted_asset') };
}

/** An amount of an answer in units; fails when it is no decimal amount (money.ts, readBalanceText). */
export function amountUnits(value: number, requirement: string, field: string): bigint {
  const units = jsonNumberUnits(value);
  if (units === undefined) throw new CheckFailure(requirement, `${field} ${value} is not a decimal amount`);
  return units;
}

/**
 * `base` units times `rate`, exactly, rounded down (`floor`) or up to the last fraction digit of a
 * ledger keeping `scale` digits (the target's declared amount_scale).
 */
export function quotedUnits(base: bigint, rate: number, scale: number, rounding: 'down' | 'up' = 'down'): bigint {
  const text = decimalText(rate);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new HarnessFault(`rate ${rate} is not a plain decimal`);
  const fraction = match[2] ?? '';
  const divisor = 10n ** BigInt(fraction.length) * lastDigit(scale);
  const product = base * BigInt(`${match[1]}${fraction}`);
  const down = product / divisor;
  return (rounding === 'down' || product % divisor === 0n ? down : down + 1n) * lastDigit(scale);
}
