import type { JsonSchema } from './catalogue-types.ts';
import {
  assetGroups,
  businessRoles,
  creditLineStates,
  exchangeStates,
  geoTypes,
  memberStates,
  paymentMethods,
  paymentPointTypes,
  relationalOperators,
  requestQuotationStates,
  tokenizerCreditLineStates,
} from './enumerations.ts';
import {
  amountOrZero,
  assetCode,
  boolean,
  byte,
  countryCode,
  currencyCode,
  decimal,
  describe,
  enumOf,
  float64,
  int64,
  integer,
  listOf,
  nonEmpty,
  pattern,
  patterns,
  positiveAmount,
  refine,
  text,
  uuidV4,
  type RequiredNames,
} from './spec-types.ts';

/**
 * JSON Schemas (2020-12) of every resource of the spec's "Resources and their fields", one per
 * object, with the Required column as `required` and the Meaning column as `description`. Arrays
 * are typed exactly as the spec declares them, even where a single object would be more natural
 * (`funding_payload: [ fundingInfo ]`). Unknown fields are allowed (no `additionalProperties:
 * false`): the service ignores them (semantics §14), and a vendor may return more than the spec lists.
 *
 * The resources that only ever travel in a request (credit line changes, charge requests and answers,
 * the consolidation instruction, quotation filters, signed quotation and exchange envelopes, payloads
 * to sign) also carry the reference simulator's own input rules (semantics.md: non-empty identifiers,
 * amounts above zero with 7 decimals, conditional fields): no answer holds them, so the harness never
 * judges a vendor by those rules, and the simulator validates requests with these very schemas.
 * Resources that answers carry too keep the spec's shape here; their request form is in inputs.ts.
 */

export type ResourceName =
  | 'error'
  | 'digitalAccount'
  | 'memberInfo'
  | 'settlementInstrumentInfo'
  | 'balanceInfo'
  | 'balanceSheetLiabilities'
  | 'creditLineTokenizer'
  | 'creditLineMember'
  | 'fundingInfo'
  | 'instruction'
  | 'fundingResult'
  | 'transactionState'
  | 'financialMessage'
  | 'unsignedPayload'
  | 'memberSignedPayload'
  | 'signedMessagePayload'
  | 'chargeRequest'
  | 'paymentCharge'
  | 'charge'
  | 'consolidateBalance'
  | 'consolidateBalanceInstruction'
  | 'consolidateBalanceResult'
  | 'compare'
  | 'quotationInfo'
  | 'quotationObject'
  | 'quotationParameters'
  | 'quotationState'
  | 'requestQuotation'
  | 'requestQuotationResult'
  | 'exchangeInfo'
  | 'exchangeObject'
  | 'exchangeResult'
  | 'transaction'
  | 'transactionInfo'
  | 'streamMessages'
  | 'paymentPointInfo'
  | 'paymentPointAddress'
  | 'paymentPointBusinessHours'
  | 'paymentPointGeoCoordinates'
  | 'geoCoordinates'
  | 'paymentPointMethods'
  | 'paymentPointTerms';

/** Identifiers only: nothing is fetched from this address (the reserved `.invalid` domain says so). */
const idBase = 'https://dss-conformance.invalid/schemas/1.0.0/';

export function resourceId(name: ResourceName): string {
  return `${idBase}${name}`;
}

/** The resource a `$ref` produced by `schemaRef` points at, or undefined for any other reference. */
export function resourceNameOfRef(ref: string): ResourceName | undefined {
  if (!ref.startsWith(idBase)) return undefined;
  const name = ref.slice(idBase.length);
  return isResourceName(name) ? name : undefined;
}

export function isResourceName(name: string): name is ResourceName {
  return Object.hasOwn(resourceSchemas, name);
}

// One frozen object per resource: the validator caches compiled schemas by object identity, so
// handing out a fresh `{ $ref }` on every call would compile (and keep) a new validator each time.
const refs = new Map<ResourceName, JsonSchema>();

/** A schema that is the named resource (typed as a reference to it, which FromSchema resolves). */
export function schemaRef<N extends ResourceName>(name: N): ResourceRef<N> {
  let ref = refs.get(name);
  if (!ref) {
    ref = Object.freeze({ $ref: resourceId(name) });
    refs.set(name, ref);
  }
  return ref as ResourceRef<N>;
}

interface Field<S extends JsonSchema = JsonSchema, Required extends boolean = boolean> {
  schema: S & { description: string };
  required: Required;
}

function required<S extends JsonSchema>(schema: S, description: string): Field<S, true> {
  return { schema: describe(schema, description), required: true };
}

function optional<S extends JsonSchema>(schema: S, description: string): Field<S, false> {
  return { schema: describe(schema, description), required: false };
}

/** `[ X ]` of the spec for a resource X. */
export function listOfRef<N extends ResourceName>(name: N): { type: 'array'; items: ResourceRef<N> } {
  return listOf(schemaRef(name));
}

type RequiredFields<F> = { [K in keyof F]: F[K] extends Field<JsonSchema, true> ? K : never }[keyof F] & string;
type ObjectSchema<F extends Record<string, Field>> = {
  description: string;
  type: 'object';
  required?: RequiredFields<F>[];
  properties: { [K in keyof F]: F[K]['schema'] };
};

function object<F extends Record<string, Field>, Rules extends JsonSchema = {}>(
  description: string,
  fields: F,
  rules: Rules = {} as Rules,
): ObjectSchema<F> & Rules {
  const names = Object.keys(fields);
  const requiredNames = names.filter((name) => fields[name]!.required);
  return {
    description,
    type: 'object',
    ...(requiredNames.length > 0 ? { required: requiredNames as RequiredFields<F>[] } : {}),
    properties: Object.fromEntries(names.map((name) => [name, fields[name]!.schema])) as ObjectSchema<F>['properties'],
    ...rules,
  };
}

const settlementInstrument = listOfRef('settlementInstrumentInfo');
const paymentPoints = listOfRef('paymentPointInfo');
const compareConditions = listOfRef('compare');
const textList = listOf(text);

// The spec's field names win over its crossed descriptions of code and group (semantics §2).
const settlementInstrumentInfo = object('A settlement asset (instrument), identified by code and issuer.', {
  asset_code_identification: required(
    assetCode,
    'asset code: ISO 4217 code for a DSA, ISO 4217 code followed by DSO for a DSO',
  ),
  asset_group_identification: required(enumOf(assetGroups), 'asset group: DSA or DSO'),
  asset_issuer_identification: optional(text, 'identifier of the asset issuer'),
});

const consolidateBalance = object('An amount of one asset in one source account.', {
  asset_info: required(settlementInstrument, 'asset'),
  consolidated_amount: required(decimal, 'amount of balances'),
  // Required "yes" with a default (line 207): the default says what a request without it means.
  source_account_identification: required({ ...text, default: 'main' }, 'source operating account; default main'),
});

/** An asset as the reference requires it in a request: one entry, with its issuer (an asset is its code and its issuer). */
export const instrumentWithIssuer = {
  ...listOf(
    refine(
      { title: 'settlementInstrumentInfo', ...settlementInstrumentInfo },
      { required: ['asset_issuer_identification'], properties: { asset_issuer_identification: nonEmpty } },
    ),
  ),
  minItems: 1,
};

const definitions = {
  error: object('Body of every error response.', {
    build_version: optional(text, 'service build version'),
    code: optional(text, 'error code'),
    endpoint_url: optional(text, 'URL of the endpoint that failed'),
    long_message: required(text, 'detailed error description'),
    member_identification: optional(text, 'member identifier'),
    service_name: optional(text, 'service name'),
    short_message: required(text, 'short error description'),
    timestamp: required(int64, 'event timestamp in milliseconds since the epoch'),
    troubleshooting_id: optional(text, 'identifier pointing at the error source'),
  }),

  digitalAccount: object('A digital account of a member in the ledger.', {
    distributed_ledger_account_address: required(text, 'account address in the ledger'),
    identification: optional(
      text,
      'digital account identifier: emission for the issuance account; main or another string for an operating account',
    ),
  }),

  memberInfo: object('A member of the network.', {
    bicfi: required(text, 'bank identification code of the member'),
    business_role: required(enumOf(businessRoles), 'MMM for a market maker, MIS for a tokenizer'),
    country_code: required(countryCode, 'two-letter ISO 3166-1 country code'),
    distributed_ledger_emission_account_address: optional(text, 'ledger address of the issuance account'),
    identification: required(text, 'member identifier'),
    member_state: optional(enumOf(memberStates), 'created, activated or blocked'),
    operating_digital_accounts: optional(listOfRef('digitalAccount'), 'operating accounts'),
  }),

  settlementInstrumentInfo,

  balanceInfo: object('Balance of one asset in one digital account.', {
    account_identification: required(text, 'digital account identifier'),
    asset_code_identification: required(assetCode, 'ISO 4217 code (DSA) or six-letter code (DSO)'),
    asset_issuer_identification: optional(text, 'issuer identifier'),
    balance: required(text, 'account balance'),
  }),

  balanceSheetLiabilities: object('Holdings of a DSO by one member.', {
    member_identification: optional(text, 'identifier of the member that owns the DSO'),
    outstanding_balance: optional(listOfRef('balanceInfo'), 'outstanding balance'),
  }),

  creditLineTokenizer: object('A tokenizer answering a member’s DSA credit line request (tokenizer interface).', {
    account_identification: required(nonEmpty, 'operating account of the member on which the DSA credit line is set'),
    asset_code_identification: required(currencyCode, 'three-letter ISO 4217 code'),
    credit_line_state: required(enumOf(tokenizerCreditLineStates), 'allow or revoke'),
    end_to_end_identification: optional(text, 'unique identifier assigned by the member for the credit line request'),
    maximum_credit_limit: optional(integer, 'ceiling of DSA the member may hold; not filled by the tokenizer'),
    member_identification: required(nonEmpty, 'identifier of the member that asked for the credit line'),
  }),

  creditLineMember: object(
    'A credit line request, authorisation or revocation (member interface).',
    {
      account_identification: required(
        nonEmpty,
        'digital account the credit line is set against: emission for DSO; an operating account for DSA',
      ),
      asset_code_identification: required(assetCode, 'ISO 4217 code (DSA) or six-letter code (DSO)'),
      credit_line_state: required(enumOf(creditLineStates), 'request, allow or revoke'),
      end_to_end_identification: optional(text, 'unique identifier assigned by the member'),
      maximum_credit_limit: optional(
        { ...integer, minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        'ceiling of DSO or DSA the member may hold, above zero; required when credit_line_state is request',
      ),
      member_identification: required(
        nonEmpty,
        'for request: the issuing member; for allow or revoke: the member that initiated the request',
      ),
    },
    // The spec's "required when credit_line_state is request", as an anyOf rather than if/then: linters
    // and example checkers read an anyOf of `required` against the object's own properties.
    {
      anyOf: [
        { type: 'object', required: ['maximum_credit_limit'] },
        { type: 'object', properties: { credit_line_state: { type: 'string', enum: ['allow', 'revoke'] } } },
      ],
    },
  ),

  fundingInfo: object('A tokenizer funding a member with DSA.', {
    account_identification: optional(text, 'operating account; default main'),
    end_to_end_identification: required(text, 'unique identifier assigned by the tokenizer for the funding request'),
    funding_amount: required(float64, 'amount the tokenizer funds the member with'),
    issued_asset_code_identification: required(currencyCode, 'DSA asset identifier (ISO 4217 code)'),
    member_identification: required(text, 'member receiving the funding'),
    memo_transaction: optional(text, 'transaction note set by the tokenizer'),
    tokenizer_identification: required(text, 'tokenizer identifier'),
  }),

  instruction: object('A funding instruction with the transaction the tokenizer must sign.', {
    funding_payload: required(listOfRef('fundingInfo'), 'funding details'),
    unsigned_transaction_object: required(byte, 'unsigned funding transaction, base64'),
  }),

  fundingResult: object('Result of a funding transaction.', {
    funding_payload: required(listOfRef('fundingInfo'), 'funding details'),
    funding_state: required(listOfRef('transactionState'), 'completion receipt of the funding transaction'),
  }),

  transactionState: object('Receipt of a ledger transaction.', {
    timestamp: required(int64, 'transaction timestamp in milliseconds'),
    transaction_flow_status: required(
      text,
      'status in the payment life cycle, for example Payment cleared, Payment settled',
    ),
    transaction_identification: required(text, 'unique transaction identifier (a hash value in the ledger)'),
  }),

  financialMessage: object('An ISO 20022 message (MT formats are unsupported).', {
    financial_message_data: optional(byte, 'XML message, base64'),
    financial_message_type: required(
      pattern(patterns.financialMessageType),
      'XML message type, <namespace>:<message>.<variant>.<version>',
    ),
  }),

  unsignedPayload: object('A payload for the member’s key to sign.', {
    account_identification: required(nonEmpty, 'digital account whose key signs the payload'),
    unsigned_payload: required(byte, 'unsigned payload, base64'),
  }),

  memberSignedPayload: object('Signature of a payload.', {
    payload: required(byte, 'signature of the payload'),
  }),

  signedMessagePayload: object('An ISO 20022 message carrying the member’s electronic signature.', {
    payload: required(byte, 'ISO 20022 XML message signed with the member’s electronic signature, base64'),
  }),

  chargeRequest: object(
    'A request to the instructed member to calculate its fee.',
    {
      instructed_currency_code: required(
        currencyCode,
        'ISO 4217 code of the currency paid out to the final beneficiary',
      ),
      instructed_net_amount: optional(
        positiveAmount,
        'net amount credited to the beneficiary; excludes interbank_settlement_gross_amount',
      ),
      interbank_settlement_amount: optional(
        positiveAmount,
        'total interbank settlement amount before deduction of the instructed member’s fee',
      ),
      interbank_settlement_gross_amount: optional(
        positiveAmount,
        'total interbank amount the originating member transfers; excludes instructed_net_amount',
      ),
      interbank_settlement_instrument: required(settlementInstrument, 'settlement asset used to transfer value'),
      member_identification: required(nonEmpty, 'originating member identifier'),
      payment_point_info: optional(paymentPoints, 'payment point details'),
      request_uuid: required(uuidV4, 'unique identifier of the charge request'),
    },
    // The spec: when one of the two amounts is set, the other is not filled; the reference needs one
    // of them (semantics §10). A oneOf of two `required`, not a `not`, which renders as type "never".
    // Untyped branches: typed ones would be two `object`s that Redocly's no-illogical-composition-keywords
    // reads as overlapping. Swagger UI shows the schema as "object | (any | any)": an object, with its oneOf.
    { oneOf: [{ required: ['instructed_net_amount'] }, { required: ['interbank_settlement_gross_amount'] }] },
  ),

  paymentCharge: object('The instructed member’s fee answer.', {
    fee_amount: required(amountOrZero, 'fee in the settlement asset'),
    instructed_amount: required(amountOrZero, 'amount credited to the beneficiary in the payout currency'),
    instructed_currency_code: required(currencyCode, 'ISO 4217 payout currency code'),
    interbank_settlement_amount_without_fee: optional(
      amountOrZero,
      'interbank amount excluding the fee; the total is this plus fee_amount',
    ),
    interbank_settlement_instrument: required(settlementInstrument, 'settlement asset'),
    payment_point_info: optional(paymentPoints, 'payment point details'),
    request_uuid: required(uuidV4, 'unique identifier of the fee calculation'),
  }),

  charge: object('A fee and the asset it is calculated in.', {
    fee_amount: required(float64, 'fee amount'),
    fee_asset: required(settlementInstrument, 'asset in which the fee is calculated'),
  }),

  consolidateBalance,

  consolidateBalanceInstruction: object('Balances to move into one operating account.', {
    instruction: required(
      {
        ...listOf(
          refine(
            { title: 'consolidateBalance', ...consolidateBalance },
            {
              properties: {
                asset_info: instrumentWithIssuer,
                consolidated_amount: positiveAmount,
                source_account_identification: nonEmpty,
              },
            },
          ),
        ),
        minItems: 1,
        maxItems: 100,
      },
      'source accounts to consolidate from: 1 to 100 entries',
    ),
  }),

  consolidateBalanceResult: object('Result of a consolidation.', {
    account_balances: optional(listOfRef('consolidateBalance'), 'balances of source accounts after consolidation'),
    consolidate_timestamp: optional(int64, 'time of consolidation'),
    transaction_identification: required(text, 'ledger transaction hash'),
  }),

  compare: object('A condition of a quotation filter.', {
    comparison_value: required(decimal, 'number to compare with'),
    relational_operator: required({ ...enumOf(relationalOperators), default: 'eq' }, 'eq (default), gt, lt, ge or le'),
  }),

  quotationInfo: object('A seller’s quotation for a quotation request.', {
    end_time: required(int64, 'end of validity, milliseconds'),
    foreign_exchange_rate: required(decimal, 'rate between base asset and quoted asset'),
    maximum_amount_limit: required(decimal, 'maximum units of quoted asset the seller will sell'),
    minimum_amount_limit: optional(decimal, 'minimum units of quoted asset the seller will sell'),
    quotation_uuid: required(
      pattern(patterns.quotationUuid),
      '<request_uuid>-<member_identification of the answering member>',
    ),
    request_quotation: required(listOfRef('requestQuotation'), 'the quotation request'),
    seller_crediting_account_identification: required(text, 'seller’s digital account credited with the base asset'),
    seller_debiting_account_identification: required(text, 'seller’s digital account debited of the quoted asset'),
    seller_member_identification: required(text, 'instructed (seller) member'),
    start_time: required(int64, 'start of validity, milliseconds'),
  }),

  quotationObject: object('A signed quotation, as the seller submits it.', {
    member_signature: required(byte, 'base64 signature of the quotationInfo payload'),
    quotation_payload: required(byte, 'quotationInfo payload, base64'),
  }),

  quotationParameters: object('Conditions that select quotations (filter and cancellation).', {
    base_asset_info: optional(settlementInstrument, 'base asset'),
    buyer_member_identification: optional(text, 'originating member that sent the request'),
    cancel_quotations: optional(boolean, 'when true, cancels all quotations; used only for cancellation'),
    foreign_exchange_rate: optional(compareConditions, 'rate condition'),
    quoted_asset_info: optional(settlementInstrument, 'quoted asset'),
    request_quotation_state: optional(compareConditions, 'request state condition'),
    seller_member_identification: optional(text, 'member that answered'),
    time_end_request_quotation: optional(compareConditions, 'request end-time condition'),
  }),

  quotationState: object('A quotation and its state.', {
    quotation_uuid: required(pattern(patterns.quotationUuid), 'quotation identifier'),
    request_quotation_state: required(
      enumOf(Object.values(requestQuotationStates)),
      'state code: 1 waiting, 10 updated, 20 in progress, 21 completed, 80 failed, 90 cancelled',
    ),
    request_quotation_time: optional(int64, 'request timestamp, milliseconds'),
    request_uuid: optional(uuidV4, 'quotation request identifier'),
    response_data: optional(listOfRef('quotationInfo'), 'quotation details'),
    response_quotation_time: optional(int64, 'time of the seller’s answer'),
    seller_member_identification: required(text, 'member that answered'),
  }),

  requestQuotation: object('A buyer’s request for quotations.', {
    base_asset_info: optional(settlementInstrument, 'base asset'),
    buyer_member_identification: required(text, 'originating member'),
    maximum_amount_limit: required(decimal, 'maximum units of quoted asset the buyer will buy'),
    minimum_amount_limit: optional(decimal, 'minimum units of quoted asset the buyer will buy'),
    quoted_asset_info: optional(settlementInstrument, 'quoted asset'),
    time_end_request_quotation: required(int64, 'end of validity of the request, milliseconds'),
  }),

  requestQuotationResult: object('Acknowledgement of a quotation request.', {
    request_timestamp: required(int64, 'request time, milliseconds'),
    request_uuid: required(uuidV4, 'identifier to track quotations'),
  }),

  exchangeInfo: object('The buyer’s acceptance of a quotation.', {
    amount_base_asset: required(decimal, 'base asset amount to exchange'),
    buyer_crediting_account_identification: required(text, 'buyer account credited with the quoted asset'),
    buyer_debiting_account_identification: required(text, 'buyer account debited of the base asset'),
    quotation_info: required(listOfRef('quotationInfo'), 'quotation'),
  }),

  exchangeObject: object('A signed exchange, as the buyer submits it.', {
    exchange_payload: required(byte, 'exchangeInfo payload, base64'),
    member_signature: required(byte, 'base64 signature of that payload'),
  }),

  exchangeResult: object('Result of a delivery-versus-payment exchange.', {
    amount_base_asset: required(decimal, 'base asset amount'),
    amount_quoted_asset: required(decimal, 'quoted asset amount'),
    exchange_info: required(listOfRef('exchangeInfo'), 'exchange details'),
    exchange_state: required(enumOf(exchangeStates), 'Success or Rejected'),
    settlement_timestamp: optional(int64, 'settlement time, milliseconds'),
    transaction_identification: required(text, 'ledger transaction hash'),
  }),

  transaction: object('A payment transaction and its receipt.', {
    transaction_info: required(listOfRef('transactionInfo'), 'details'),
    transaction_state: required(listOfRef('transactionState'), 'receipt'),
  }),

  transactionInfo: object('Details of a payment transaction.', {
    creditor_fee: required(listOfRef('charge'), 'fee charged by the instructed member'),
    instructed_amount: required(float64, 'amount credited to the beneficiary'),
    instructed_currency_code: optional(currencyCode, 'ISO 4217 payout currency'),
    instructed_member_identification: required(text, 'instructed member'),
    instructing_member_identification: required(text, 'originating member'),
    interbank_settlement_amount: required(float64, 'total interbank amount transferred'),
    interbank_settlement_asset: required(settlementInstrument, 'settlement asset'),
    interbank_settlement_method: required(enumOf(assetGroups), 'DSO or DSA'),
  }),

  streamMessages: object('A gateway message.', {
    response_data: required(listOf({ type: 'object' }), 'payload'),
    timestamp: required(pattern(patterns.digits), 'timestamp as a string of digits'),
  }),

  paymentPointInfo: object('A place where beneficiaries are paid out.', {
    institution_identifications: required(textList, 'names of institutions whose payout points are at the location'),
    institution_phone_number: required(text, 'phone number without country code'),
    institution_routing_number: optional(text, 'unique bank identifier (routing number)'),
    institution_website_url: required(text, 'website of the owning institution'),
    payment_point_address: optional(listOfRef('paymentPointAddress'), 'physical address'),
    payment_point_business_hours: required(listOfRef('paymentPointBusinessHours'), 'working hours'),
    payment_point_child_uuids: required(textList, 'identifiers of child payment points (points or areas)'),
    payment_point_currency: required(textList, 'supported currencies'),
    payment_point_geo_coordinates: required(listOfRef('paymentPointGeoCoordinates'), 'coordinates'),
    payment_point_identification: required(text, 'name of the payment point'),
    payment_point_logo_url: required(text, 'logo link'),
    payment_point_methods: required(listOfRef('paymentPointMethods'), 'payout methods served'),
    payment_point_parent_uuids: required(textList, 'identifiers of parent locations (areas only)'),
    payment_point_type: required(
      enumOf(paymentPointTypes),
      'Bank, Non-bank Financial Company, Mobile Operator or Other',
    ),
    payment_point_uuid: optional(text, 'unique identifier'),
  }),

  paymentPointAddress: object('Physical address of a payment point.', {
    bin_or_building_number: required(text, 'building number or BIN'),
    city_name: required(text, 'city or locality'),
    country_code: required(countryCode, 'ISO 3166-1 alpha-2'),
    postal_code: required(text, 'postal code'),
    region_name: required(text, 'first-level administrative division name'),
    street_name: required(text, 'street'),
  }),

  paymentPointBusinessHours: object('Working hours of a payment point.', {
    close_time: required(pattern(patterns.hourMinute), 'closing time, HH:MM'),
    open_time: required(pattern(patterns.hourMinute), 'opening time, HH:MM'),
    work_days: required(textList, 'working weekday names'),
  }),

  paymentPointGeoCoordinates: object('Where a payment point (or area) is.', {
    geo_coordinates: required(listOfRef('geoCoordinates'), 'coordinates of the object'),
    geo_type: required(enumOf(geoTypes), 'point or area'),
  }),

  geoCoordinates: object('A position.', {
    latitude: required(float64, 'latitude'),
    longitude: required(float64, 'longitude'),
  }),

  paymentPointMethods: object('A payout method served by a payment point.', {
    method_identification: required(
      enumOf(paymentMethods),
      'cashout-delivery, cashout-branch, cashout-agency, cashout-mobile-operators or bank-account',
    ),
    payment_point_terms: required(listOfRef('paymentPointTerms'), 'terms'),
  }),

  paymentPointTerms: object('Terms of a payout method.', {
    service_description: required(text, 'description of terms'),
    service_title: required(text, 'short service description'),
  }),
} satisfies Record<ResourceName, JsonSchema>;

/** The TypeScript type of the named resource, derived from its schema above (`FromSchema`, below). */
export type Wire<N extends ResourceName> = FromSchema<(typeof definitions)[N]>;

/** Every resource schema, each with its `$id` (the target of `schemaRef`) and its name as `title`. */
export const resourceSchemas: Readonly<Record<ResourceName, JsonSchema>> = withIdentity(definitions);

export const resourceNames = Object.keys(resourceSchemas) as ResourceName[];

function withIdentity(schemas: Record<ResourceName, JsonSchema>): Readonly<Record<ResourceName, JsonSchema>> {
  const identified = { ...schemas };
  for (const name of Object.keys(schemas) as ResourceName[]) {
    identified[name] = Object.freeze({ $id: resourceId(name), title: name, ...schemas[name] });
  }
  return Object.freeze(identified);
}

/**
 * The TypeScript type of a value that a JSON Schema of this catalogue accepts, read off the schema's own
 * literal type: the builders of spec-types.ts and resources.ts keep their keywords' literal types, so a
 * resource's shape is written once, as a schema, and its type follows it. A schema change then breaks
 * compilation wherever a value of the old shape is built or read (resource-types.test.ts shows it). It lives here, beside the catalogue its `$ref`s resolve to, so that no module cycle joins them.
 *
 * Only the keywords that decide a value's shape are read: `enum`, `$ref` to a resource, `type`, `items`,
 * `properties` and `required`. Refinements no type can say (patterns, bounds, the `oneOf` and `anyOf` of
 * conditional fields) are left to the validator; a value gets its type once it has passed the schema.
 */
export type FromSchema<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly $ref: string; readonly [resourceKey]?: infer N }
    ? N extends ResourceName
      ? Wire<N>
      : unknown
    : S extends { readonly type: 'string' }
      ? string
      : S extends { readonly type: 'integer' | 'number' }
        ? number
        : S extends { readonly type: 'boolean' }
          ? boolean
          : S extends { readonly type: 'array'; readonly items: infer I }
            ? FromSchema<I>[]
            : S extends { readonly type: 'object'; readonly properties: infer P }
              ? ObjectOf<P, RequiredNames<S>>
              : S extends { readonly type: 'object' }
                ? Record<string, unknown>
                : unknown;

/**
 * Where a `$ref` schema names its resource for the type checker alone (schemaRef gives it the type; no
 * value carries the key), so that FromSchema resolves the reference without the catalogue resolving itself.
 */
declare const resourceKey: unique symbol;
export type ResourceRef<N extends ResourceName> = { readonly $ref: string; readonly [resourceKey]?: N };

type ObjectOf<P, R extends string> = Flat<
  { -readonly [K in keyof P & R]: FromSchema<P[K]> } & { -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K]> }
>;

/** One object type instead of an intersection, so that a hover or an error shows the fields. */
type Flat<T> = T extends infer O ? { [K in keyof O]: O[K] } : never;
