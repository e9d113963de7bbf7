import type { RelationalOperator, RequestQuotationState } from '../enumerations.ts';
import type { SettlementInstrumentInfo } from './instruments.ts';

/** The spec's quotation resources (resources.ts: requestQuotation, quotationInfo, ...) as TypeScript shapes. */

export interface RequestQuotation {
  base_asset_info?: SettlementInstrumentInfo[];
  buyer_member_identification: string;
  maximum_amount_limit: number;
  minimum_amount_limit?: number;
  quoted_asset_info?: SettlementInstrumentInfo[];
  time_end_request_quotation: number;
}

export interface QuotationInfo {
  end_time: number;
  foreign_exchange_rate: number;
  maximum_amount_limit: number;
  minimum_amount_limit?: number;
  quotation_uuid: string;
  request_quotation: RequestQuotation[];
  seller_crediting_account_identification: string;
  seller_debiting_account_identification: string;
  seller_member_identification: string;
  start_time: number;
}

export interface QuotationObject {
  member_signature: string;
  quotation_payload: string;
}

export interface QuotationState {
  quotation_uuid: string;
  request_quotation_state: RequestQuotationState;
  request_quotation_time?: number;
  request_uuid?: string;
  response_data?: QuotationInfo[];
  response_quotation_time?: number;
  seller_member_identification: string;
}

export interface Compare {
  comparison_value: number;
  relational_operator: RelationalOperator;
}

export interface QuotationParameters {
  base_asset_info?: SettlementInstrumentInfo[];
  buyer_member_identification?: string;
  cancel_quotations?: boolean;
  foreign_exchange_rate?: Compare[];
  quoted_asset_info?: SettlementInstrumentInfo[];
  request_quotation_state?: Compare[];
  seller_member_identification?: string;
  time_end_request_quotation?: Compare[];
}
