import type { ExchangeState } from '../enumerations.ts';
import type { QuotationInfo } from './quotations.ts';

/** The spec's exchange resources (resources.ts: exchangeInfo, exchangeObject, exchangeResult) as TypeScript shapes. */

export interface ExchangeInfo {
  amount_base_asset: number;
  buyer_crediting_account_identification: string;
  buyer_debiting_account_identification: string;
  quotation_info: QuotationInfo[];
}

export interface ExchangeObject {
  exchange_payload: string;
  member_signature: string;
}

export interface ExchangeResult {
  amount_base_asset: number;
  amount_quoted_asset: number;
  exchange_info: ExchangeInfo[];
  exchange_state: ExchangeState;
  settlement_timestamp?: number;
  transaction_identification: string;
}
