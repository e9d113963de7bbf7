import type { RelationalOperator } from '../../schemas/enumerations.ts';
import type { Compare, QuotationParameters, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import type { Quotation } from './quotation.ts';

/**
 * quotationParameters as a filter (semantics §7): every condition given must hold, and every compare
 * entry of a list must hold. Comparisons are between the JSON numbers the clients sent (rates, state
 * codes, times); no arithmetic is done on them, so reading them as numbers loses nothing.
 * `cancel_quotations` is not a condition: it only matters to cancellation.
 */

const holds: Record<RelationalOperator, (value: number, target: number) => boolean> = {
  eq: (value, target) => value === target,
  gt: (value, target) => value > target,
  lt: (value, target) => value < target,
  ge: (value, target) => value >= target,
  le: (value, target) => value <= target,
};

export function matchesParameters(quotation: Quotation, parameters: QuotationParameters): boolean {
  const { request } = quotation;
  const rate = quotation.answer?.info.foreign_exchange_rate;
  return (
    assetMatches(request.base, parameters.base_asset_info) &&
    assetMatches(request.quoted, parameters.quoted_asset_info) &&
    (parameters.buyer_member_identification === undefined ||
      parameters.buyer_member_identification === request.buyer) &&
    (parameters.seller_member_identification === undefined ||
      parameters.seller_member_identification === quotation.seller) &&
    // Only answered quotations have a rate, so an unanswered one never meets a rate condition.
    comparesHold(rate, parameters.foreign_exchange_rate) &&
    comparesHold(quotation.state, parameters.request_quotation_state) &&
    comparesHold(request.requestQuotation.time_end_request_quotation, parameters.time_end_request_quotation)
  );
}

/** Whether any condition is given (an empty list is no condition). */
export function hasCondition(parameters: QuotationParameters): boolean {
  const lists = [
    parameters.base_asset_info,
    parameters.quoted_asset_info,
    parameters.foreign_exchange_rate,
    parameters.request_quotation_state,
    parameters.time_end_request_quotation,
  ];
  return (
    lists.some((list) => list !== undefined && list.length > 0) ||
    parameters.buyer_member_identification !== undefined ||
    parameters.seller_member_identification !== undefined
  );
}

/** The first entry names the asset: its code must match, and its issuer when it gives one. */
function assetMatches(asset: AssetRef, condition: SettlementInstrumentInfo[] | undefined): boolean {
  const wanted = condition?.[0];
  if (!wanted) return true;
  return (
    wanted.asset_code_identification === asset.code &&
    (wanted.asset_issuer_identification === undefined || wanted.asset_issuer_identification === asset.issuer)
  );
}

function comparesHold(value: number | undefined, compares: Compare[] | undefined): boolean {
  if (!compares || compares.length === 0) return true;
  return (
    value !== undefined &&
    compares.every((compare) => holds[compare.relational_operator](value, compare.comparison_value))
  );
}
