import type { SettlementInstrumentInfo } from './instruments.ts';

/** The spec's fee resources (resources.ts: chargeRequest, paymentCharge) as TypeScript shapes. */

/** From the originating member to the instructed one. */
export interface ChargeRequest {
  instructed_currency_code: string;
  instructed_net_amount?: number;
  interbank_settlement_amount?: number;
  interbank_settlement_gross_amount?: number;
  interbank_settlement_instrument: SettlementInstrumentInfo[];
  member_identification: string;
  payment_point_info?: object[];
  request_uuid: string;
}

/** The instructed member's answer. */
export interface PaymentCharge {
  fee_amount: number;
  instructed_amount: number;
  instructed_currency_code: string;
  interbank_settlement_amount_without_fee?: number;
  interbank_settlement_instrument: SettlementInstrumentInfo[];
  payment_point_info?: object[];
  request_uuid: string;
}
