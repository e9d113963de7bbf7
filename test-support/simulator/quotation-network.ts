import type { QuotationInfo, QuotationObject, RequestQuotation } from '../../schemas/wire.ts';
import { EUR, USD, fundLine, valueNetwork } from './value-network.ts';
import type { SimState } from '../../simulator/state.ts';
import { requestQuotations } from '../../simulator/quotations/request.ts';

/**
 * The quotation tests' network (test support only), on top of the value layer's: the buyer `maker-aa`
 * holds 1000 USD and can receive EUR on `main`; the seller `maker-bb` holds 1000 EUR and can receive
 * USD on `main`; the two have each other on their allowlists. USD is the base asset, EUR the quoted one.
 */
export const MINUTE = 60_000;

export async function quotationNetwork() {
  const network = await valueNetwork();
  const { state } = network;
  fundLine(state, 'maker-aa', 'main', USD, 10_000, '1000');
  fundLine(state, 'maker-aa', 'main', EUR, 10_000);
  fundLine(state, 'maker-bb', 'main', USD, 10_000);
  fundLine(state, 'maker-bb', 'main', EUR, 10_000, '1000');
  allowMutually(state, 'maker-aa', 'maker-bb');
  const buyer = await network.principal('maker-aa');
  const seller = await network.principal('maker-bb');

  /** A valid request by maker-aa: USD for EUR, 1 to 500 EUR, open for an hour. */
  function requestBody(overrides: Partial<RequestQuotation> = {}): RequestQuotation {
    return {
      base_asset_info: [
        {
          asset_code_identification: 'USD',
          asset_group_identification: 'DSA',
          asset_issuer_identification: 'tokenizer-us',
        },
      ],
      buyer_member_identification: 'maker-aa',
      maximum_amount_limit: 500,
      minimum_amount_limit: 1,
      quoted_asset_info: [
        {
          asset_code_identification: 'EUR',
          asset_group_identification: 'DSA',
          asset_issuer_identification: 'tokenizer-eu',
        },
      ],
      time_end_request_quotation: state.clock.now() + 60 * MINUTE,
      ...overrides,
    };
  }

  /** Sends a request and answers the id of maker-bb's quotation for it. */
  function requestQuotation(overrides: Partial<RequestQuotation> = {}): {
    requestUuid: string;
    quotationUuid: string;
    request: RequestQuotation;
  } {
    const request = requestBody(overrides);
    const { request_uuid } = requestQuotations(state, buyer, request);
    return { requestUuid: request_uuid, quotationUuid: `${request_uuid}-maker-bb`, request };
  }

  /** maker-bb's quotation: 0.9 EUR per USD, 1 to 1000 EUR, valid from now for 30 minutes. */
  function quotationInfo(
    quotationUuid: string,
    request: RequestQuotation,
    overrides: Partial<QuotationInfo> = {},
  ): QuotationInfo {
    const now = state.clock.now();
    return {
      end_time: now + 30 * MINUTE,
      foreign_exchange_rate: 0.9,
      maximum_amount_limit: 1000,
      minimum_amount_limit: 1,
      quotation_uuid: quotationUuid,
      request_quotation: [request],
      seller_crediting_account_identification: 'main',
      seller_debiting_account_identification: 'main',
      seller_member_identification: 'maker-bb',
      start_time: now,
      ...overrides,
    };
  }

  return { ...network, buyer, seller, requestBody, requestQuotation, quotationInfo };
}

export function allowMutually(state: SimState, a: string, b: string): void {
  state.allowlists.add(a, b);
  state.allowlists.add(b, a);
}

/** The JSON bytes of `value` in base64, and their signature by `member`'s `account`, as `POST /sign/payload` makes it. */
export function signed(
  state: SimState,
  member: string,
  account: string,
  value: unknown,
): { payload: string; signature: string } {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  const key = state.members.get(member)!.accounts.get(account)!.key;
  return { payload: bytes.toString('base64'), signature: key.sign(bytes).toString('base64') };
}

/** A quotationObject for `info`, signed by `member`'s `account` (the seller's debiting account unless told). */
export function quotationObject(
  state: SimState,
  info: QuotationInfo,
  member = info.seller_member_identification,
  account = info.seller_debiting_account_identification,
): QuotationObject {
  const { payload, signature } = signed(state, member, account, info);
  return { quotation_payload: payload, member_signature: signature };
}
