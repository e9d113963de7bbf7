/**
 * The closed value sets of the spec ("States and transitions", and the enumerations written in the
 * Resources and Endpoints tables). The JSON Schemas are built from these lists, and domain code can
 * import the same lists and their types, so a value set is written once.
 */

export const memberStates = ['created', 'activated', 'blocked'] as const;
export type MemberState = (typeof memberStates)[number];

export const businessRoles = ['MMM', 'MIS'] as const;
export type BusinessRole = (typeof businessRoles)[number];

/** The member-interface credit line; `request` is opened by the holder, `allow`/`revoke` by the issuer. */
export const creditLineStates = ['request', 'allow', 'revoke'] as const;
export type CreditLineState = (typeof creditLineStates)[number];

/** The tokenizer only answers requests, so its variant has no `request`. */
export const tokenizerCreditLineStates = ['allow', 'revoke'] as const satisfies readonly CreditLineState[];

/** Quotation state codes, by the spec's names for them. */
export const requestQuotationStates = {
  waiting: 1,
  updated: 10,
  inProgress: 20,
  completed: 21,
  failed: 80,
  cancelled: 90,
} as const;
export type RequestQuotationState = (typeof requestQuotationStates)[keyof typeof requestQuotationStates];

export const exchangeStates = ['Success', 'Rejected'] as const;
export type ExchangeState = (typeof exchangeStates)[number];

/** Field names win over the spec's crossed descriptions: the group is DSA or DSO (semantics §2). */
export const assetGroups = ['DSA', 'DSO'] as const;
export type AssetGroup = (typeof assetGroups)[number];

export const relationalOperators = ['eq', 'gt', 'lt', 'ge', 'le'] as const;
export type RelationalOperator = (typeof relationalOperators)[number];

export const paymentPointTypes = ['Bank', 'Non-bank Financial Company', 'Mobile Operator', 'Other'] as const;
export type PaymentPointType = (typeof paymentPointTypes)[number];

export const paymentMethods = [
  'cashout-delivery',
  'cashout-branch',
  'cashout-agency',
  'cashout-mobile-operators',
  'bank-account',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const geoTypes = ['point', 'area'] as const;
export type GeoType = (typeof geoTypes)[number];

/** The `type` query of GET /gateway/messages: one queue per kind (spec, Events). */
export const gatewayMessageTypes = ['charge', 'payment', 'transactions', 'quotations'] as const;
export type GatewayMessageType = (typeof gatewayMessageTypes)[number];

/** The `data_type` query of GET /transactions. */
export const transactionDataTypes = [
  'INSTRUCTION_IDENTIFICATION',
  'TRANSACTION_IDENTIFICATION',
  'DATE_INTERVAL',
] as const;
export type TransactionDataType = (typeof transactionDataTypes)[number];

/** The `type` query of GET /settlement-instruments/members/{member_identification}. */
export const memberInstrumentKinds = ['both', 'emission', 'authorized'] as const;
export type MemberInstrumentKind = (typeof memberInstrumentKinds)[number];
