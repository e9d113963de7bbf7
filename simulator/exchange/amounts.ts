import type { QuotationInfo, RequestQuotation } from '../../schemas/wire.ts';
import { DssError } from '../errors.ts';
import type { Amount } from '../ledger/amount.ts';
import type { AmountScale } from '../ledger/amount-scale.ts';

export interface ExchangeAmounts {
  base: Amount;
  quoted: Amount;
}

/**
 * The two legs' amounts (semantics §8): the quoted amount is the base amount times the quotation's
 * rate, rounded down to the ledger's scale (7 decimals for the reference), so the buyer never receives
 * more than the rate gives. The limits of the quotation and of the request both bound the quoted amount
 * (spec, Limits: they count units of the quoted asset); a missing minimum is zero.
 */
export function exchangeAmounts(
  amounts: AmountScale,
  amountBaseAsset: number,
  quotation: QuotationInfo,
  request: RequestQuotation,
): ExchangeAmounts {
  const base = amounts.parse(amountBaseAsset, 'amount_base_asset');
  if (base <= 0n) throw invalid('amount_base_asset must be above zero.');
  const quoted = amounts.multiplyRoundDown(base, quotation.foreign_exchange_rate);
  if (quoted <= 0n)
    throw invalid(
      `${amounts.format(base)} at rate ${quotation.foreign_exchange_rate} rounds down to a quoted amount of zero.`,
    );
  requireWithin(amounts, quoted, quotation, 'the quotation');
  requireWithin(amounts, quoted, request, 'the request');
  return { base, quoted };
}

function requireWithin(
  amounts: AmountScale,
  quoted: Amount,
  limits: { minimum_amount_limit?: number; maximum_amount_limit: number },
  owner: string,
): void {
  const minimum = amounts.parse(limits.minimum_amount_limit ?? 0, 'minimum_amount_limit');
  const maximum = amounts.parse(limits.maximum_amount_limit, 'maximum_amount_limit');
  if (quoted < minimum || quoted > maximum) {
    throw invalid(
      `The quoted amount ${amounts.format(quoted)} is outside the limits of ${owner} [${amounts.format(minimum)}, ${amounts.format(maximum)}].`,
    );
  }
}

function invalid(detail: string): DssError {
  return new DssError('EXCHANGE-AMOUNT-INVALID', detail);
}
