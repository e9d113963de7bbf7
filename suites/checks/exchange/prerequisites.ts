import { randomInt } from 'node:crypto';
import { MARKET_REQUIREMENTS, type Market } from '../../flows/market.ts';
import { answered, MINUTE_MS, quotationTerms, requested, type Compare } from '../../flows/quotations.ts';
import { requirements } from '../ledger/prerequisites.ts';

/**
 * What the quotation and exchange checks build on: the requirements of their set-up (a broken set-up
 * step blames the rule it broke, and expectRefusal blames ERR-NO-5XX and ERR-BODY-SHAPE), and three
 * quotations set apart for the filter and cancellation checks. The refusal helpers are in
 * suites/runtime/refusal.ts.
 */

export { checkRequirements, REFUSAL_REQUIREMENTS, requirements } from '../ledger/prerequisites.ts';

/** A market (flows/market.ts), a request and an answer (flows/quotations.ts): a check's `uses`. */
export const OFFER_REQUIREMENTS = requirements(
  ...MARKET_REQUIREMENTS,
  'QUO-REQUEST',
  'QUO-ANSWER',
  'RES-EXCHANGE-SCHEMAS',
);

/**
 * The statuses DELETE /exchange/quotations/{quotation_uuid} lists for a refusal, both without a condition
 * (spec line 461): a cancellation that cannot be made passes with either (the reference's split is
 * QUO-CANCEL-STATUS).
 */
export const LISTED_CANCEL_REFUSALS = [400, 404];

/** The same, plus a settled exchange (flows/exchange.ts). */
export const EXCHANGE_REQUIREMENTS = requirements(...OFFER_REQUIREMENTS, 'EXC-SETTLEMENT');

/**
 * Three quotations of the market's buyer in an end-time window that no other request of the run uses
 * (three hours ahead and a random offset), so that conditions on that window and the market's seller
 * select only them (the buyer's other counterparts, on a staging, get quotations of the same requests):
 * one answered at 0.8, one at 1.25, one waiting, with end times `anchor`, `anchor + 1`, `anchor + 2`.
 * Requirements: OFFER_REQUIREMENTS.
 */
export async function threeQuotations(market: Market) {
  const anchor = (await market.now()) + 3 * 60 * MINUTE_MS + randomInt(1_000_000);
  const ending = (offset: number) => ({ time_end_request_quotation: anchor + offset });
  // The three requests, then the two answers, each at once: they name each other nowhere.
  const [cheap, dear, waiting] = await Promise.all([
    requested(market, ending(0)),
    requested(market, ending(1)),
    requested(market, ending(2)),
  ]);
  await Promise.all([
    answered(market, quotationTerms(market, cheap, { foreign_exchange_rate: 0.8 })),
    answered(market, quotationTerms(market, dear, { foreign_exchange_rate: 1.25 })),
  ]);
  const window: Compare[] = [
    { relational_operator: 'ge', comparison_value: anchor },
    { relational_operator: 'le', comparison_value: anchor + 2 },
  ];
  return { anchor, window, cheap: cheap.quotationUuid, dear: dear.quotationUuid, waiting: waiting.quotationUuid };
}
