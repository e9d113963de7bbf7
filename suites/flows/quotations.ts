import { listOfRef, schemaRef } from '../../schemas/resources.ts';
import type {
  QuotationInfo,
  QuotationObject,
  QuotationParameters,
  QuotationState,
  RequestQuotation,
} from '../../schemas/wire.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { expectStatus, describeCall } from '../runtime/check.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import type { DssResponse } from '../runtime/client.ts';
import { okBody } from './answers.ts';
import { instrumentOf } from './assets.ts';
import { signPayload } from './funding.ts';
import type { Market } from './market.ts';
import type { Party } from './party.ts';

/**
 * Quotations as members make them (spec: "Quotation and exchange flow" 1-4; semantics §7): the buyer's
 * request, the seller's quotationInfo signed through `POST /sign/payload` with its debiting account,
 * the answer, and the reads. Signed objects travel as base64 of their canonical JSON (semantics §4a).
 * The seller echoes the request as the buyer sent it: the harness is both, so it needs no gateway
 * message to answer, and the checks judge the gateway separately (mailbox.ts).
 */

/** The spec's quotation resources, for the checks built on these flows. */
export type {
  Compare,
  QuotationInfo,
  QuotationObject,
  QuotationParameters,
  QuotationState,
  RequestQuotation,
} from '../../schemas/wire.ts';

/** A request the target took, and the quotation it opened for the market's seller. */
export interface Requested {
  request: RequestQuotation;
  requestUuid: string;
  /** The target's own time when it took the request. */
  requestTimestamp: number;
  /** `<request_uuid>-<seller>` (spec: quotationInfo.quotation_uuid). */
  quotationUuid: string;
}

export const MINUTE_MS = 60_000;
/** How long requests and quotations of the flows stay open: far longer than any check. */
export const OPEN_MS = 60 * MINUTE_MS;

/** The spec's quotation state codes, by name. */
export { requestQuotationStates as quotationStates } from '../../schemas/enumerations.ts';

const quotationStateList = listOfRef('quotationState');

/** base64 of the value's canonical JSON: how signed objects travel (semantics §4a). */
export function encodeJson(value: unknown): string {
  return Buffer.from(canonicalJson(value), 'utf8').toString('base64');
}

/** The spec's quotation id. */
export function quotationIdOf(requestUuid: string, seller: string): string {
  return `${requestUuid}-${seller}`;
}

/** A request by the market's buyer for its base asset against its quoted asset: 1 to 1000 units, open until `end`. */
export function requestBody(market: Market, end: number, overrides: Partial<RequestQuotation> = {}): RequestQuotation {
  return {
    base_asset_info: [instrumentOf(market.base)],
    buyer_member_identification: market.buyer.identification,
    maximum_amount_limit: 1000,
    minimum_amount_limit: 1,
    quoted_asset_info: [instrumentOf(market.quoted)],
    time_end_request_quotation: end,
    ...overrides,
  };
}

export function requestQuotations(buyer: Party, body: unknown): Promise<DssResponse> {
  return buyer.client.call('member.requestQuotations', { body });
}

/**
 * The market's buyer requests quotations (open `OPEN_MS` unless `overrides` says otherwise) and the
 * target takes the request. Requirements: QUO-REQUEST, RES-EXCHANGE-SCHEMAS.
 */
export async function requested(market: Market, overrides: Partial<RequestQuotation> = {}): Promise<Requested> {
  const request = requestBody(market, (await market.now()) + OPEN_MS, overrides);
  const result = okBody<{ request_uuid: string; request_timestamp: number }>(
    await requestQuotations(market.buyer, request),
    schemaRef('requestQuotationResult'),
    'QUO-REQUEST',
    'RES-EXCHANGE-SCHEMAS',
  );
  return {
    request,
    requestUuid: result.request_uuid,
    requestTimestamp: result.request_timestamp,
    quotationUuid: quotationIdOf(result.request_uuid, market.seller.identification),
  };
}

/**
 * The market's seller's terms for a request: 0.9 quoted units per base unit, 1 to 1000 quoted units,
 * valid from the request's time for `OPEN_MS`, both legs on the seller's default account.
 */
export function quotationTerms(
  market: Market,
  requestedQuotation: Requested,
  overrides: Partial<QuotationInfo> = {},
): QuotationInfo {
  return {
    end_time: requestedQuotation.requestTimestamp + OPEN_MS,
    foreign_exchange_rate: 0.9,
    maximum_amount_limit: 1000,
    minimum_amount_limit: 1,
    quotation_uuid: requestedQuotation.quotationUuid,
    request_quotation: [requestedQuotation.request],
    seller_crediting_account_identification: market.sellerAccount,
    seller_debiting_account_identification: market.sellerAccount,
    seller_member_identification: market.seller.identification,
    start_time: requestedQuotation.requestTimestamp,
    ...overrides,
  };
}

/**
 * The quotationObject for `info`, signed by `signer` with the key of `account` (for a valid answer: the
 * seller and its debiting account). Requirement: SIGN-PAYLOAD.
 */
export async function signQuotation(
  signer: Party,
  info: QuotationInfo,
  account = info.seller_debiting_account_identification,
): Promise<QuotationObject> {
  const payload = encodeJson(info);
  return { quotation_payload: payload, member_signature: await signPayload(signer, account, payload) };
}

export function answerQuotation(
  seller: Party,
  quotationUuid: string,
  quotation: QuotationObject,
): Promise<DssResponse> {
  return seller.client.call('member.answerQuotation', { path: { quotation_uuid: quotationUuid }, body: quotation });
}

/** The seller signs `info` and answers its quotation with it. Requirements: QUO-ANSWER, SIGN-PAYLOAD. */
export async function answered(market: Market, info: QuotationInfo): Promise<QuotationInfo> {
  expectStatus(
    await answerQuotation(market.seller, info.quotation_uuid, await signQuotation(market.seller, info)),
    200,
    'QUO-ANSWER',
  );
  return info;
}

/**
 * A request and the seller's answer to it: what a buyer needs to exchange. Requirements: QUO-REQUEST,
 * QUO-ANSWER, SIGN-PAYLOAD, RES-EXCHANGE-SCHEMAS.
 */
export async function offer(
  market: Market,
  terms: { request?: Partial<RequestQuotation>; quotation?: Partial<QuotationInfo> } = {},
): Promise<{ requested: Requested; info: QuotationInfo }> {
  const request = await requested(market, terms.request);
  return { requested: request, info: await answered(market, quotationTerms(market, request, terms.quotation)) };
}

export function readQuotation(reader: Party, quotationUuid: string): Promise<DssResponse> {
  return reader.client.call('member.getQuotation', { path: { quotation_uuid: quotationUuid } });
}

export function readQuotationsOfRequest(reader: Party, requestUuid: string): Promise<DssResponse> {
  return reader.client.call('member.getQuotationsOfRequest', { path: { request_uuid: requestUuid } });
}

/** The filters: GET with a JSON body, or the POST for clients that cannot send one. */
export function findQuotations(
  reader: Party,
  parameters: QuotationParameters,
  method: 'GET' | 'POST',
): Promise<DssResponse> {
  return reader.client.call(method === 'GET' ? 'member.findQuotations' : 'member.searchQuotations', {
    body: parameters,
  });
}

/** The quotationState `reader` reads. Requirements: `requirement` (default QUO-READ), RES-EXCHANGE-SCHEMAS. */
export async function quotationStateOf(
  reader: Party,
  quotationUuid: string,
  requirement = 'QUO-READ',
): Promise<QuotationState> {
  const response = await readQuotation(reader, quotationUuid);
  const state = okBody<QuotationState>(response, schemaRef('quotationState'), requirement, 'RES-EXCHANGE-SCHEMAS');
  if (state.quotation_uuid !== quotationUuid)
    throw new CheckFailure('QUO-READ', `${describeCall(response)} answered the quotation ${state.quotation_uuid}`);
  return state;
}

/** A filter's answer as data. Requirements: QUO-FILTERS-MATCH, RES-EXCHANGE-SCHEMAS. */
export async function foundQuotations(
  reader: Party,
  parameters: QuotationParameters,
  method: 'GET' | 'POST',
): Promise<QuotationState[]> {
  return okBody<QuotationState[]>(
    await findQuotations(reader, parameters, method),
    quotationStateList,
    'QUO-FILTERS-MATCH',
    'RES-EXCHANGE-SCHEMAS',
  );
}

/** The quotations of a request, as its buyer reads them. Requirements: QUO-READ, RES-EXCHANGE-SCHEMAS. */
export async function quotationsOfRequest(reader: Party, requestUuid: string): Promise<QuotationState[]> {
  return okBody<QuotationState[]>(
    await readQuotationsOfRequest(reader, requestUuid),
    quotationStateList,
    'QUO-READ',
    'RES-EXCHANGE-SCHEMAS',
  );
}

/** Fails under `requirement` unless `reader` reads the quotation in `state`; answers what it read. */
export async function expectQuotationState(
  reader: Party,
  quotationUuid: string,
  state: number,
  requirement: string,
  when: string,
): Promise<QuotationState> {
  const read = await quotationStateOf(reader, quotationUuid);
  if (read.request_quotation_state !== state) {
    throw new CheckFailure(
      requirement,
      `${reader.identification} reads quotation ${quotationUuid} in state ${read.request_quotation_state} ${when}, expected ${state}`,
    );
  }
  return read;
}

/** Whether two JSON values are the same (canonical forms: key order and number spelling aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
