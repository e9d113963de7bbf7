import type { ExchangeInfo, ExchangeResult, QuotationInfo } from '../../schemas/wire.ts';
import type { DssError } from '../errors.ts';
import { multiplyRoundDown, parseAmount } from '../ledger/amount.ts';
import type { Quotation } from '../quotations/quotation.ts';
import type { SimState } from '../state.ts';
import { answeredAmounts, exchangeMemo, legOperations } from './settlement.ts';

/**
 * An exchange the quotation's status forbids (a replay, a waiting, cancelled, expired or not yet valid
 * quotation): the reference refuses it with `refusal`, its error status. Under the reading
 * `exchange-rejected` (spec lines 298, 375, 388: "exchange proceeds, result Success or Rejected") it is
 * an outcome instead: 200 Rejected with the hash of a transaction recorded as failed, never tried, so
 * nothing moves and the quotation keeps its state. `claimed` is the quotationInfo the buyer sent: a
 * waiting quotation has no seller's terms of its own.
 */
export function statusRefusal(
  state: SimState,
  refusal: DssError,
  quotation: Quotation,
  claimed: QuotationInfo,
  info: ExchangeInfo,
): ExchangeResult {
  if (!state.readings.on('exchange-rejected')) throw refusal;
  const base = parseAmount(info.amount_base_asset, 'amount_base_asset');
  const amounts = { base, quoted: multiplyRoundDown(base, claimed.foreign_exchange_rate) };
  const transaction = state.ledger.refuse(
    legOperations(quotation, claimed, info, amounts),
    { code: refusal.code, detail: refusal.detail },
    exchangeMemo(quotation),
  );
  return {
    ...answeredAmounts(state.amounts, info, amounts),
    exchange_state: 'Rejected',
    transaction_identification: transaction.transaction_identification,
  };
}
