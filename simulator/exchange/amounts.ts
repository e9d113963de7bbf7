import type { QuotationInfo, RequestQuotation } from '../../schemas/wire/quotations.ts';
import { DssError } from '../errors.ts';
import { formatAmount, multiplyRoundDown, parseAmount, type Amount } from '../ledger/amount.ts';

export interface ExchangeAmounts {
  base: Amount;
  quoted: Amount;
}

/**
 * The two legs' amounts (semantics §8): the quoted amount is the base amount times the quotation's
 * rate, rounded down to 7 decimals, so the buyer never receives more than the rate gives. The limits
 * of the quotation and of the request both bound the quoted amount (spec, Limits: they count units of
 * the quoted asset); a missing minimum is zero.
 */
export function exchangeAmounts(amountBaseAsset: number, quotation: QuotationInfo, request: RequestQuotation): ExchangeAmounts {
  const base = parseAmount(amountBaseAsset, 'amount_base_asset');
  if (base <= 0n) throw invalid('amount_base_asset must be above zero.');
  const quoted = multiplyRoundDown(base, quotation.foreign_exchange_rate);
  if (quoted <= 0n) throw invalid(`${formatAmount(base)} at rate ${quotation.foreign_exchange_rate} rounds down to a quoted amount of zero.`);
  requireWithin(quoted, quotation, 'the quotation');
  requireWithin(quoted, request, 'the request');
  return { base, quoted };
}

function requireWithin(quoted: Amount, limits: { minimum_amount_limit?: number; maximum_amount_limit: number }, owner: string): void {
  const minimum = parseAmount(limits.minimum_amount_limit ?? 0, 'minimum_amount_limit');
  const maximum = parseAmount(limits.maximum_amount_limit, 'maximum_amount_limit');
  if (quoted < minimum || quoted > maximum) {
    throw invalid(`The quoted amount ${formatAmount(quoted)} is outside the limits of ${owner} [${formatAmount(minimum)}, ${formatAmount(maximum)}].`);
  }
}

function invalid(detail: string): DssError {
  return new DssError('EXCHANGE-AMOUNT-INVALID', detail);
}
