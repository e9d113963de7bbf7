import { randomUUID } from 'node:crypto';
import type { RequestQuotation, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import { identityMismatch } from '../auth/identity-mismatch.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import type { SimState } from '../state.ts';
import { isDso } from './leg-accounts.ts';
import type { QuotationRequest } from './quotation.ts';

/** Times below this are seconds, not milliseconds (10^12 ms is September 2001). */
const SMALLEST_MILLISECONDS = 1e12;
const LONGEST_REQUEST_MS = 24 * 60 * 60 * 1000;

export interface RequestQuotationResult {
  request_timestamp: number;
  request_uuid: string;
}

/**
 * `POST /exchange/quotations/request` (semantics §7). Every market maker that may quote gets a waiting
 * quotation and a `quotations` gateway message; the buyer learns the request id only.
 */
export function requestQuotations(state: SimState, caller: Principal, body: RequestQuotation): RequestQuotationResult {
  const buyer = caller.member.identification;
  const now = state.clock.now();
  // Reading optional-inputs-defaulted: both assets are optional (spec lines 271, 275), so a request
  // without one is taken; it asks no seller, since none can quote an asset it is not told.
  if (
    state.readings.on('optional-inputs-defaulted') &&
    (body.base_asset_info?.[0] === undefined || body.quoted_asset_info?.[0] === undefined)
  ) {
    checkTerms(state, buyer, body, now);
    return { request_timestamp: now, request_uuid: randomUUID() };
  }
  const { base, quoted } = checkRequest(state, buyer, body, now);
  const partners = state.members.list().filter((member) => state.allowlists.mutual(buyer, member.identification));
  if (partners.length === 0)
    throw new DssError('QUOTATION-NO-COUNTERPARTS', `No member and ${buyer} have each other on their allowlists.`);

  const request: QuotationRequest = {
    request_uuid: randomUUID(),
    request_timestamp: now,
    requestQuotation: storedRequest(body),
    buyer,
    base,
    quoted,
  };
  // A seller must be able to receive the base asset, which the exchange pays it: a holder of an allowed
  // line for it, or the issuer of a DSO, whose own obligation comes back to its emission account.
  const receivers = holdersOfAllowedLines(state, base);
  if (isDso(state, base)) receivers.add(base.issuer);
  const sellers = partners
    .filter((member) => member.member_state === 'activated' && receivers.has(member.identification))
    .map((member) => member.identification);
  const opened = state.quotations.open(request, sellers);
  // Fault quotation-request-not-delivered: the quotations exist, but no seller is told.
  for (const quotation of state.faults.on('quotation-request-not-delivered') ? [] : opened) {
    state.gateway.enqueue(
      quotation.seller,
      'quotations',
      'quotation_request',
      { quotation_uuid: quotation.quotation_uuid, request_quotation: [request.requestQuotation] },
      now,
    );
  }
  return { request_timestamp: now, request_uuid: request.request_uuid };
}

function checkRequest(
  state: SimState,
  buyer: string,
  body: RequestQuotation,
  now: number,
): { base: AssetRef; quoted: AssetRef } {
  checkTerms(state, buyer, body, now);
  const base = registeredAsset(state, body.base_asset_info, 'base_asset_info');
  const quoted = registeredAsset(state, body.quoted_asset_info, 'quoted_asset_info');
  if (base.code === quoted.code && base.issuer === quoted.issuer)
    throw invalid('base_asset_info and quoted_asset_info name the same asset.');
  return { base, quoted };
}

/** The request's buyer, validity and amounts. */
function checkTerms(state: SimState, buyer: string, body: RequestQuotation, now: number): void {
  if (body.buyer_member_identification !== buyer) {
    throw identityMismatch(
      state.readings,
      invalid(`buyer_member_identification is ${body.buyer_member_identification}, but the caller is ${buyer}.`),
    );
  }
  const end = body.time_end_request_quotation;
  if (end < SMALLEST_MILLISECONDS)
    throw invalid(`time_end_request_quotation ${end} looks like seconds; it is in milliseconds since the epoch.`);
  if (end <= now) throw invalid(`time_end_request_quotation ${end} is not in the future (now ${now}).`);
  if (end > now + LONGEST_REQUEST_MS)
    throw invalid(`time_end_request_quotation ${end} is more than 24 hours ahead (now ${now}).`);

  const maximum = state.amounts.parse(body.maximum_amount_limit, 'maximum_amount_limit');
  const minimum = state.amounts.parse(body.minimum_amount_limit ?? 0, 'minimum_amount_limit');
  if (maximum <= 0n) throw invalid('maximum_amount_limit must be above zero.');
  if (maximum < minimum) throw invalid('maximum_amount_limit is below minimum_amount_limit.');
}

/**
 * The spec leaves both assets optional, but a seller cannot quote, nor an exchange settle, without
 * knowing them: this service requires both, named by code and issuer, and registered.
 */
function registeredAsset(state: SimState, info: SettlementInstrumentInfo[] | undefined, field: string): AssetRef {
  const asset = info?.[0];
  if (!asset) throw invalid(`${field} is required: a quotation needs both assets.`);
  const {
    asset_code_identification: code,
    asset_group_identification: group,
    asset_issuer_identification: issuer,
  } = asset;
  if (issuer === undefined)
    throw invalid(`${field} needs asset_issuer_identification: an asset is its code and its issuer.`);
  const registered = state.assets.get(code, issuer);
  if (!registered)
    throw invalid(`${field}: ${code} issued by ${issuer} is not a settlement instrument of this network.`);
  if (registered.asset_group_identification !== group)
    throw invalid(
      `${field}: ${code} issued by ${issuer} is a ${registered.asset_group_identification}, not a ${group}.`,
    );
  return { code, issuer };
}

/** The request as kept and echoed to sellers: the spec's fields only (unknown fields are ignored). */
function storedRequest(body: RequestQuotation): RequestQuotation {
  const {
    base_asset_info,
    buyer_member_identification,
    maximum_amount_limit,
    minimum_amount_limit,
    quoted_asset_info,
    time_end_request_quotation,
  } = body;
  return {
    base_asset_info,
    buyer_member_identification,
    maximum_amount_limit,
    minimum_amount_limit,
    quoted_asset_info,
    time_end_request_quotation,
  };
}

/** The members holding an allowed credit line for `asset` on some account. */
function holdersOfAllowedLines(state: SimState, asset: AssetRef): Set<string> {
  const lines = state.ledger
    .creditLines()
    .filter((line) => line.assetCode === asset.code && line.issuer === asset.issuer && line.state === 'allow');
  return new Set(lines.map((line) => line.holderMember));
}

function invalid(detail: string): DssError {
  return new DssError('QUOTATION-REQUEST-INVALID', detail);
}
