/** The spec's settlementInstrumentInfo: an asset as quotations, charges and payment records name it. */
export interface SettlementInstrumentInfo {
  asset_code_identification: string;
  asset_group_identification: string;
  asset_issuer_identification?: string;
}
