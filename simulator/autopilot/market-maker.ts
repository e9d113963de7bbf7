/**
 * An autopilot market maker (rules.market_maker): it answers each quotation request on its `quotations`
 * queue whose pair it quotes, at its rate less its spread, within the request's and its own bounds,
 * signed with the key of its delivering account (`POST /sign/payload`; `emission` when it sells a DSO) and sent with
 * `POST /exchange/quotations/{quotation_uuid}`. Requests for other pairs stay unanswered, and say so in the log.
 */
import type { QuotationInfo, RequestQuotation } from '../../schemas/wire.ts';
import { EMISSION } from '../members/registry.ts';
import type { Pilot } from './pilot.ts';
import type { MarketMakerRules, QuotePair } from './rules.ts';
import { encodeJson } from './value-calls.ts';

/** Rates are written with at most this many fraction digits. */
const RATE_DIGITS = 8;
const DEFAULT_VALIDITY_MS = 60_000;

interface QuotationRequestMessage {
  quotation_uuid: string;
  request_quotation: [RequestQuotation];
}

export function isQuotationRequest(payload: object): payload is QuotationRequestMessage {
  const message = payload as Partial<QuotationRequestMessage>;
  return (
    typeof message.quotation_uuid === 'string' &&
    Array.isArray(message.request_quotation) &&
    !('request_quotation_state' in payload)
  );
}

export async function answerQuotationRequest(
  pilot: Pilot,
  rules: MarketMakerRules,
  message: QuotationRequestMessage,
): Promise<void> {
  const request = message.request_quotation[0];
  const base = request.base_asset_info?.[0];
  const quoted = request.quoted_asset_info?.[0];
  const asked = `${base?.asset_code_identification} of ${base?.asset_issuer_identification} for ${quoted?.asset_code_identification} of ${quoted?.asset_issuer_identification}`;
  const pair = rules.pairs.find((candidate) => matches(candidate, request));
  if (!pair) {
    pilot.log('market_maker.pairs', `leave ${message.quotation_uuid} unanswered`, 'skipped', `no pair quotes ${asked}`);
    return;
  }
  const minimum = Math.max(pair.minimum ?? 0, request.minimum_amount_limit ?? 0);
  const maximum = Math.min(pair.maximum, request.maximum_amount_limit);
  if (minimum > maximum) {
    pilot.log(
      'market_maker.pairs',
      `leave ${message.quotation_uuid} unanswered`,
      'skipped',
      `the request's bounds ${request.minimum_amount_limit ?? 0}-${request.maximum_amount_limit} miss the pair's ${pair.minimum ?? 0}-${pair.maximum}`,
    );
    return;
  }
  const rate = Number((pair.rate * (1 - (pair.spread ?? 0))).toFixed(RATE_DIGITS));
  const account = rules.account ?? 'main';
  // A DSO leg (semantics, Exchange): its own DSO is minted from emission and comes back there; another's
  // is held where its line is (emission, or its operating account under reading holder-dso-on-operating-account).
  const dsoAccount = (asset: typeof base) =>
    asset?.asset_issuer_identification === pilot.member.identification ||
    !pilot.state.readings.on('holder-dso-on-operating-account')
      ? EMISSION
      : account;
  const legAccount = (asset: typeof base) =>
    asset?.asset_group_identification === 'DSO' ? dsoAccount(asset) : account;
  const debiting = legAccount(quoted);
  const now = pilot.state.clock.now();
  const info: QuotationInfo = {
    end_time: now + (pair.validity_ms ?? DEFAULT_VALIDITY_MS),
    foreign_exchange_rate: rate,
    maximum_amount_limit: maximum,
    minimum_amount_limit: minimum,
    quotation_uuid: message.quotation_uuid,
    request_quotation: [request],
    seller_crediting_account_identification: legAccount(base),
    seller_debiting_account_identification: debiting,
    seller_member_identification: pilot.member.identification,
    start_time: now,
  };
  const payload = encodeJson(info);
  await pilot.api.request('member.answerQuotation', {
    path: { quotation_uuid: message.quotation_uuid },
    body: { quotation_payload: payload, member_signature: await pilot.api.signPayload(debiting, payload) },
  });
  pilot.log(
    'market_maker.pairs',
    `quote ${message.quotation_uuid}`,
    'done',
    `${asked} at ${rate} (rate ${pair.rate} less spread ${pair.spread ?? 0}), ${minimum}-${maximum} quoted units, valid ${(pair.validity_ms ?? DEFAULT_VALIDITY_MS) / 1000} s`,
  );
}

function matches(pair: QuotePair, request: RequestQuotation): boolean {
  const base = request.base_asset_info?.[0];
  const quoted = request.quoted_asset_info?.[0];
  return (
    base?.asset_code_identification === pair.base &&
    base.asset_issuer_identification === pair.base_issuer &&
    quoted?.asset_code_identification === pair.quoted &&
    quoted.asset_issuer_identification === pair.quoted_issuer
  );
}
