/** The spec's funding resources (resources.ts: fundingInfo, transactionState) as TypeScript shapes. */

export interface FundingInfo {
  /** The operating account funded; main when absent. */
  account_identification?: string;
  end_to_end_identification: string;
  funding_amount: number;
  issued_asset_code_identification: string;
  member_identification: string;
  memo_transaction?: string;
  tokenizer_identification: string;
}

export interface TransactionState {
  timestamp: number;
  transaction_flow_status: string;
  transaction_identification: string;
}
