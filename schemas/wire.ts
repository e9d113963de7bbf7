import type { Wire } from './resources.ts';

/**
 * The JSON shapes of the API as TypeScript types, one per resource of resources.ts, derived from its
 * schema (resources.ts `FromSchema`): the simulator reads them in its handlers and builds them in its answers, the
 * harness builds them in its flows and reads them in its checks, and neither declares them again. A
 * value gets its type only once it has passed the resource's JSON Schema, which is what makes the type true.
 *
 * What must not live here: the simulator's records and views (what its books keep, narrower shapes it
 * guarantees), and the harness's own bookkeeping; those stay with the code that owns them.
 */

export type ErrorBody = Wire<'error'>;
export type DigitalAccount = Wire<'digitalAccount'>;
export type MemberInfo = Wire<'memberInfo'>;
export type SettlementInstrumentInfo = Wire<'settlementInstrumentInfo'>;
export type BalanceInfo = Wire<'balanceInfo'>;
export type BalanceSheetLiabilities = Wire<'balanceSheetLiabilities'>;
export type CreditLineTokenizer = Wire<'creditLineTokenizer'>;
export type CreditLineMember = Wire<'creditLineMember'>;
export type FundingInfo = Wire<'fundingInfo'>;
export type Instruction = Wire<'instruction'>;
export type FundingResult = Wire<'fundingResult'>;
export type TransactionState = Wire<'transactionState'>;
export type FinancialMessage = Wire<'financialMessage'>;
export type UnsignedPayload = Wire<'unsignedPayload'>;
export type MemberSignedPayload = Wire<'memberSignedPayload'>;
export type SignedMessagePayload = Wire<'signedMessagePayload'>;
export type ChargeRequest = Wire<'chargeRequest'>;
export type PaymentCharge = Wire<'paymentCharge'>;
export type Charge = Wire<'charge'>;
export type ConsolidateBalance = Wire<'consolidateBalance'>;
export type ConsolidateBalanceInstruction = Wire<'consolidateBalanceInstruction'>;
export type ConsolidateBalanceResult = Wire<'consolidateBalanceResult'>;
export type Compare = Wire<'compare'>;
export type QuotationInfo = Wire<'quotationInfo'>;
export type QuotationObject = Wire<'quotationObject'>;
export type QuotationParameters = Wire<'quotationParameters'>;
export type QuotationState = Wire<'quotationState'>;
export type RequestQuotation = Wire<'requestQuotation'>;
export type RequestQuotationResult = Wire<'requestQuotationResult'>;
export type ExchangeInfo = Wire<'exchangeInfo'>;
export type ExchangeObject = Wire<'exchangeObject'>;
export type ExchangeResult = Wire<'exchangeResult'>;
export type Transaction = Wire<'transaction'>;
export type TransactionInfo = Wire<'transactionInfo'>;
export type StreamMessages = Wire<'streamMessages'>;
export type PaymentPointInfo = Wire<'paymentPointInfo'>;
export type PaymentPointAddress = Wire<'paymentPointAddress'>;
export type PaymentPointBusinessHours = Wire<'paymentPointBusinessHours'>;
export type PaymentPointGeoCoordinates = Wire<'paymentPointGeoCoordinates'>;
export type GeoCoordinates = Wire<'geoCoordinates'>;
export type PaymentPointMethods = Wire<'paymentPointMethods'>;
export type PaymentPointTerms = Wire<'paymentPointTerms'>;
