import {
  familyPrefix,
  type Endpoint,
  type EndpointBody,
  type EndpointParam,
  type EndpointResponse,
  type Family,
  type JsonSchema,
} from './catalogue-types.ts';
import {
  gatewayMessageTypes,
  memberInstrumentKinds,
  paymentMethods,
  paymentPointTypes,
  transactionDataTypes,
} from './enumerations.ts';
import { cancellationConditions, financialMessageInput, fundingInput, requestQuotationInput } from './inputs.ts';
import type { MessageTypeName } from './iso20022/message-types.ts';
import { listOfRef, schemaRef, type FromSchema, type ResourceName, type ResourceRef, type Wire } from './resources.ts';
import {
  assetCode,
  byte,
  caseInsensitiveEnum,
  countryCode,
  countryCodeAnyCase,
  currencyCode,
  date,
  enumOf,
  listOf,
  nonEmpty,
  pattern,
  patterns,
  referencePatterns,
  text,
  uuidV4,
} from './spec-types.ts';

/**
 * The endpoint catalogue: every operation of the spec's "Endpoints" section, with its inputs, its
 * 200 response and the other statuses of its table, in the table's order. The simulator routes and
 * validates from it, the harness calls and checks from it, and the OpenAPI document is generated
 * from it. Ids are `<family>.<operation>` and never change.
 */

/** An entry as written below: id and family come from where it is written; access from the method. */
type Operation = Omit<Endpoint, 'id' | 'family' | 'access' | 'params'> & {
  params?: EndpointParam[];
  /** Only for the exception: a POST that only reads. */
  access?: Endpoint['access'];
};

function pathParam(name: string, description: string, schema: JsonSchema = nonEmpty): EndpointParam {
  return { name, in: 'path', required: true, schema, description };
}

/**
 * A query parameter, its name, whether it is required and its schema kept as types: QueryOf reads the
 * handlers' and the request builder's query off them.
 */
type QueryParam<N extends string, R extends boolean, S extends JsonSchema> = EndpointParam & {
  name: N;
  in: 'query';
  required: R;
  schema: S;
};

/** Query values are never empty: `?name=` is refused like any other value that breaks the schema (semantics §14). */
function query<N extends string, R extends boolean>(
  name: N,
  required: R,
  description: string,
): QueryParam<N, R, typeof nonEmpty>;
function query<N extends string, R extends boolean, S extends JsonSchema>(
  name: N,
  required: R,
  description: string,
  schema: S,
): QueryParam<N, R, S>;
function query(name: string, required: boolean, description: string, schema: JsonSchema = nonEmpty): EndpointParam {
  return { name, in: 'query', required, schema, description };
}

/** A body that is a resource of resources.ts: its type (BodyOf) is the resource's. */
function body<N extends ResourceName, Required extends boolean>(
  name: N,
  required: Required,
  description: string,
): EndpointBody & { required: Required; schema: ResourceRef<N> } {
  return { required, schema: schemaRef(name), description };
}

/** A request body in the reference's request form of a resource (inputs.ts). */
function inputBody(schema: JsonSchema, description: string): EndpointBody {
  return { required: true, schema, description };
}

/** The ISO 20022 message types each payment endpoint takes (semantics §11). */
export const messageRouteTypes = {
  send: ['pacs.008.001.08', 'SVC.002.001.01', 'camt.026.001.07', 'camt.056.001.08', 'camt.087.001.06'],
  reply: ['SVC.001.001.01', 'pacs.004.001.09', 'camt.029.001.09'],
  redeem: ['pacs.009.001.08'],
  redemptionAnswer: ['pacs.002.001.10'],
} as const satisfies Record<string, readonly MessageTypeName[]>;

function ok(description: string, schema: JsonSchema | null): EndpointResponse {
  return { status: 200, description, body: schema };
}

/** The general meaning of each status (spec, Errors), for statuses a table lists without words. */
const statusMeaning = {
  400: 'missing or invalid parameters',
  401: 'authorization problem, wrong token',
  403: 'access denied',
  404: 'object not found or the operation could not be completed',
  406: 'unacceptable header',
  409: 'malformed payload, listening cannot be restarted, or signing error',
  424: 'member’s secret key could not be obtained',
  500: 'internal error, retry later',
} as const;
type ErrorStatus = keyof typeof statusMeaning;

/** A listed status whose body is the error object. */
export function errorResponse(status: ErrorStatus, description: string = statusMeaning[status]): EndpointResponse {
  return { status, description, body: schemaRef('error') };
}

/** A listed status for which the spec gives no body type ("no body listed"). */
function bodilessResponse(status: ErrorStatus, description: string = statusMeaning[status]): EndpointResponse {
  return { status, description, body: null };
}

/** A member identifier as the reference forms them: 5 to 32 letters, digits or hyphens (semantics §1). */
const memberIdentification = pattern(referencePatterns.memberIdentification);
const dsoCode = pattern(referencePatterns.dsoCode);
const accountIdentification = pattern(referencePatterns.accountIdentification);
const accountPath = pathParam(
  'account_identification',
  'digital account identifier: 1 to 32 letters, digits, _ or -',
  accountIdentification,
);
const memberPath = pathParam('member_identification', 'member identifier', memberIdentification);
const tokenizerPath = pathParam('tokenizer_identification', 'tokenizer identifier', memberIdentification);
const quotationPath = pathParam(
  'quotation_uuid',
  '<request_uuid>-<member_identification> of the quotation',
  pattern(referencePatterns.quotationUuid),
);
const issuerQuery = query('asset_issuer_identification', false, 'identifier of the asset issuer');

/** The allowlist's body: a JSON string with the member identifier, or the object form (semantics §6). */
const allowlistMember: JsonSchema = {
  description: 'member identifier, as a JSON string or as {"member_identification": "..."}',
  anyOf: [
    nonEmpty,
    { type: 'object', required: ['member_identification'], properties: { member_identification: nonEmpty } },
  ],
};

/**
 * A query filter of a list: it selects the listed resources whose `field` (a field path into one of them)
 * has its value. Its name is kept as a literal type, so that the filters' names are a type too.
 */
function filter<const Name extends string>(
  name: Name,
  field: string,
  description: string,
): QueryParam<Name, false, typeof nonEmpty> & { filterField: string };
function filter<const Name extends string, S extends JsonSchema>(
  name: Name,
  field: string,
  description: string,
  schema: S,
): QueryParam<Name, false, S> & { filterField: string };
function filter(
  name: string,
  field: string,
  description: string,
  schema: JsonSchema = nonEmpty,
): EndpointParam & { filterField: string } {
  return { ...query(name, false, description, schema), filterField: field };
}

// The closed sets match in any case, as every filter does (semantics §12): `bank` is a point type.
// The fields are those of paymentPointInfo that the spec's names and meanings point at (spec, Payment point objects).
const paymentPointSelectors = [
  filter('uuid', 'payment_point_uuid', 'payment point identifier'),
  filter('identification', 'payment_point_identification', 'payment point name'),
  filter(
    'point_type',
    'payment_point_type',
    'Bank, Non-bank Financial Company, Mobile Operator or Other',
    caseInsensitiveEnum(paymentPointTypes),
  ),
  filter('logo_url', 'payment_point_logo_url', 'logo link'),
  filter('website_url', 'institution_website_url', 'website of the owning institution'),
  filter('phone_number', 'institution_phone_number', 'phone number without country code'),
  filter('currency_code', 'payment_point_currency[]', 'a supported currency'),
  filter('point_child_uuid', 'payment_point_child_uuids[]', 'identifier of a child payment point'),
  filter('point_parent_uuid', 'payment_point_parent_uuids[]', 'identifier of a parent location'),
  filter(
    'institution_identifications',
    'institution_identifications[]',
    'name of an institution with payout points at the location',
  ),
  filter(
    'method_identification',
    'payment_point_methods[].method_identification',
    'cashout-delivery, cashout-branch, cashout-agency, cashout-mobile-operators or bank-account',
    caseInsensitiveEnum(paymentMethods),
  ),
  filter('city_name', 'payment_point_address[].city_name', 'city or locality'),
  filter('region_name', 'payment_point_address[].region_name', 'first-level administrative division'),
  filter('street_name', 'payment_point_address[].street_name', 'street'),
  filter('country_code', 'payment_point_address[].country_code', 'ISO 3166-1 alpha-2 country code', countryCodeAnyCase),
  filter('postal_code', 'payment_point_address[].postal_code', 'postal code'),
];

/** The selecting filters, then the two that sort the points and select none. */
const paymentPointFilters = [
  ...paymentPointSelectors,
  query('address_filter', false, 'sorts points near the address'),
  query(
    'geo_coordinates',
    false,
    'sorts points near these coordinates: latitude,longitude in decimal degrees',
    pattern(referencePatterns.geoCoordinates),
  ),
];

/** The names of the query filters of `GET /payment-points` that select points. */
export type PaymentPointFilterName = (typeof paymentPointSelectors)[number]['name'];

/** Each query filter of `GET /payment-points` that selects points, with the paymentPointInfo field it looks in. */
export const paymentPointFilterFields: ReadonlyArray<{ name: PaymentPointFilterName; field: string }> =
  paymentPointSelectors.map(({ name, filterField }) => ({ name, field: filterField }));

/**
 * A family's table, its literal types kept (a const type parameter), so that each endpoint's path template
 * is a type: PathParamName reads the handlers' path parameters off it.
 */
function operations<const T extends Record<string, Operation>>(table: T): T {
  return table;
}

const tokenizer = operations({
  getAccountAddress: {
    method: 'GET',
    refusals: ['ACCOUNT-ADDRESS-NOT-FOUND'],
    path: '/account-address',
    summary: 'Resolve an addressing identifier to a digital account',
    params: [
      // The spec marks it optional (line 414), but there is nothing to resolve without it: the reference requires it.
      {
        ...query(
          'addressing_identification',
          true,
          '<account_identification>*<country_code>.<member_identification>.{service_domain}',
          pattern(referencePatterns.addressingIdentification),
        ),
        specOptional: true,
      },
    ],
    success: ok('the digital account', schemaRef('digitalAccount')),
    errors: [errorResponse(400, 'invalid parameters'), errorResponse(404, 'address not found')],
  },
  listMembers: {
    method: 'GET',
    refusals: ['MEMBER-NONE-FOUND'],
    path: '/members',
    summary: 'List the active members',
    params: [
      query('country_code', false, 'ISO 3166-1 alpha-2 country code', countryCode),
      query('asset_code_identification', false, 'ISO 4217 code', currencyCode),
      issuerQuery,
    ],
    success: ok('active members', listOfRef('memberInfo')),
    errors: [errorResponse(404, 'no members')],
  },
  getMember: {
    method: 'GET',
    refusals: ['MEMBER-NOT-FOUND'],
    path: '/members/{member_identification}',
    summary: 'Read a member',
    params: [memberPath],
    success: ok('the member', schemaRef('memberInfo')),
    errors: [errorResponse(404, 'member not found')],
  },
  listAvailableInstruments: {
    method: 'GET',
    refusals: ['SETTLEMENT-INSTRUMENTS-NONE'],
    path: '/settlement-instruments/available/{tokenizer_identification}',
    summary: 'List the assets issued by the tokenizer and registered',
    params: [tokenizerPath],
    success: ok('assets issued by the tokenizer and registered', listOfRef('settlementInstrumentInfo')),
    errors: [errorResponse(401, 'token problem'), errorResponse(404, 'no issued assets')],
  },
  changeCreditLine: {
    method: 'POST',
    refusals: ['CREDIT-LINE-REFUSED', 'CREDIT-LINE-NOT-FOUND', 'CREDIT-LINE-LIMIT-INVALID'],
    path: '/settlement-instruments/credit-line/{tokenizer_identification}',
    summary: 'Allow or revoke a member’s DSA credit line',
    params: [tokenizerPath],
    body: body('creditLineTokenizer', true, 'the credit line decision (tokenizer variant)'),
    success: ok('credit line changed', null),
    errors: [
      errorResponse(400, 'missing or invalid parameters'),
      errorResponse(401),
      errorResponse(404, 'credit line could not be changed'),
    ],
  },
  createFundingInstruction: {
    method: 'POST',
    refusals: ['FUNDING-INSTRUCTION-REFUSED', 'FUNDING-E2E-REUSED'],
    path: '/transactions/instruction',
    summary: 'Create a funding instruction',
    body: inputBody(fundingInput, 'the funding to instruct'),
    success: ok('the instruction with the unsigned transaction', schemaRef('instruction')),
    errors: [errorResponse(400), errorResponse(401), errorResponse(404, 'instruction not created or invalid member')],
  },
  answerRedemption: {
    method: 'POST',
    refusals: ['REDEMPTION-ANSWER-REFUSED'],
    signing:
      '`financial_message_data` is the XML signed with `POST /client/v1/api/sign/message` (`unsigned_payload`: the unsigned XML in base64), then base64 of the signed XML (docs/messages.md).',
    path: '/transactions/message/redeem',
    summary: 'Answer a member’s redemption request',
    body: inputBody(financialMessageInput(messageRouteTypes.redemptionAnswer), 'signed pacs.002 XML, base64'),
    success: ok('service pacs.002 (subtype 01) received', schemaRef('financialMessage')),
    errors: [errorResponse(404, 'error while processing the answer')],
  },
  sendFunding: {
    method: 'POST',
    refusals: ['FUNDING-NOT-INSTRUCTED', 'FUNDING-SIGNATURE-INVALID', 'FUNDING-FAILED'],
    signing:
      'Both query signatures come from `POST /client/v1/api/sign/payload` with `account_identification: emission` (the tokenizer’s issuance account): `funding_payload_signature` over the canonical JSON of the fundingInfo (keys sorted, no blanks), `signed_funding_transaction` over the bytes that the instruction’s `unsigned_transaction_object` decodes to; give each `payload` answer as it is.',
    path: '/transactions/send',
    summary: 'Send a signed funding transaction',
    params: [
      // base64's pattern matches the empty string; a signature is never empty.
      query('funding_payload_signature', true, 'signature of the fundingInfo payload, base64', {
        ...byte,
        minLength: 1,
      }),
      query('signed_funding_transaction', true, 'signature of the funding transaction, base64', {
        ...byte,
        minLength: 1,
      }),
    ],
    body: inputBody(fundingInput, 'the instructed funding'),
    success: ok('the funding result', schemaRef('fundingResult')),
    errors: [
      errorResponse(400),
      errorResponse(401),
      errorResponse(404, 'tokenizer signature could not be obtained from the internal member registry'),
    ],
  },
});

const member = operations({
  getBalance: {
    method: 'GET',
    refusals: ['ACCOUNT-NOT-FOUND', 'BALANCE-NO-CREDIT-LINE', 'BALANCE-ASSET-AMBIGUOUS'],
    path: '/balances/digital-accounts/{account_identification}',
    summary: 'Read the balance of an asset in a digital account',
    params: [accountPath, query('asset_code_identification', false, 'asset code', assetCode), issuerQuery],
    success: ok('the balance', schemaRef('balanceInfo')),
    errors: [errorResponse(400), errorResponse(404, 'no credit line for the asset with its issuer')],
  },
  listDigitalAccounts: {
    method: 'GET',
    refusals: ['ACCOUNTS-NONE'],
    path: '/digital-accounts',
    summary: 'List the caller’s digital accounts',
    success: ok('the accounts', listOfRef('digitalAccount')),
    errors: [errorResponse(404, 'no open accounts')],
  },
  getDigitalAccount: {
    method: 'GET',
    refusals: ['ACCOUNT-NOT-FOUND'],
    path: '/digital-accounts/{account_identification}',
    summary: 'Read a digital account',
    params: [accountPath],
    success: ok('the account', schemaRef('digitalAccount')),
    errors: [errorResponse(404, 'address not found')],
  },
  consolidate: {
    method: 'POST',
    refusals: ['CONSOLIDATION-INVALID', 'CONSOLIDATION-DSO', 'CONSOLIDATION-FAILED'],
    path: '/digital-accounts/{account_identification}/consolidate',
    summary: 'Move balances of operating accounts into one operating account',
    params: [pathParam('account_identification', 'operating account receiving the balances', accountIdentification)],
    body: body('consolidateBalanceInstruction', true, 'the balances to move'),
    success: ok('the consolidation result', schemaRef('consolidateBalanceResult')),
    errors: [
      errorResponse(400),
      errorResponse(403, 'consolidation not possible for the DSO asset group'),
      bodilessResponse(500, 'internal error'),
    ],
  },
  restartListening: {
    method: 'POST',
    refusals: ['LISTENING-RESTART-REFUSED'],
    path: '/digital-accounts/{account_identification}/{reference}',
    summary: 'Restart the transaction listening service of a digital account',
    params: [
      accountPath,
      pathParam(
        'reference',
        'now, or the transaction_reference_number to resume from after a failure',
        pattern(referencePatterns.listeningReference),
      ),
    ],
    success: ok('listening restarted', null),
    errors: [errorResponse(400), errorResponse(409, 'cannot restart, check account identifier')],
  },
  requestCharge: {
    method: 'POST',
    refusals: ['CHARGE-REQUEST-INVALID'],
    path: '/charges/request/{member_identification}',
    summary: 'Ask the instructed member to calculate its fee',
    params: [pathParam('member_identification', 'instructed member', memberIdentification)],
    body: body('chargeRequest', true, 'the fee calculation request'),
    success: ok('request to calculate the fee sent', null),
    errors: [errorResponse(400)],
  },
  answerCharge: {
    method: 'POST',
    refusals: ['CHARGE-ANSWER-UNSOLICITED', 'CHARGE-ANSWER-MISMATCH'],
    path: '/charges/response/{member_identification}',
    summary: 'Answer a fee calculation request',
    params: [pathParam('member_identification', 'originating member', memberIdentification)],
    body: body('paymentCharge', true, 'the fee answer'),
    success: ok('fee answer sent', null),
    errors: [errorResponse(400), errorResponse(409, 'malformed payload')],
  },
  redeem: {
    method: 'POST',
    refusals: ['ISO-MESSAGE-UNREADABLE', 'ISO-MESSAGE-INVALID', 'PAYMENT-MESSAGE-REFUSED'],
    signing:
      '`financial_message_data` is the XML signed with `POST /client/v1/api/sign/message` (`unsigned_payload`: the unsigned XML in base64), then base64 of the signed XML (docs/messages.md).',
    path: '/payments/message/redeem',
    summary: 'Ask the tokenizer to redeem DSA (pacs.009)',
    body: inputBody(
      financialMessageInput(messageRouteTypes.redeem),
      'signed pacs.009, base64, with the original payment details',
    ),
    success: ok('the service’s answer', schemaRef('financialMessage')),
    errors: [errorResponse(400)],
  },
  replyPayment: {
    method: 'POST',
    refusals: ['ISO-MESSAGE-UNREADABLE', 'ISO-MESSAGE-INVALID', 'PAYMENT-MESSAGE-REFUSED'],
    signing:
      '`financial_message_data` is the XML signed with `POST /client/v1/api/sign/message` (`unsigned_payload`: the unsigned XML in base64), then base64 of the signed XML (docs/messages.md).',
    path: '/payments/message/reply',
    summary: 'Answer a payment message (SVC.001, pacs.004, camt.029)',
    body: inputBody(financialMessageInput(messageRouteTypes.reply), 'the answer: SVC.001, pacs.004 or camt.029'),
    success: ok('the service’s answer', schemaRef('financialMessage')),
    errors: [errorResponse(400)],
  },
  sendPayment: {
    method: 'POST',
    refusals: ['ISO-MESSAGE-UNREADABLE', 'ISO-MESSAGE-INVALID', 'PAYMENT-MESSAGE-REFUSED'],
    signing:
      '`financial_message_data` is the XML signed with `POST /client/v1/api/sign/message` (`unsigned_payload`: the unsigned XML in base64), then base64 of the signed XML (docs/messages.md).',
    path: '/payments/message/send',
    summary: 'Send a payment message (pacs.008, SVC.002, camt.026, camt.056, camt.087)',
    body: inputBody(
      financialMessageInput(messageRouteTypes.send),
      'the message: pacs.008, SVC.002, camt.026, camt.056 or camt.087',
    ),
    success: ok('payment request sent', schemaRef('financialMessage')),
    errors: [errorResponse(400)],
  },
  exchange: {
    method: 'POST',
    refusals: [
      'EXCHANGE-PAYLOAD-INVALID',
      'EXCHANGE-BUYER-MISMATCH',
      'QUOTATION-NOT-FOUND',
      'QUOTATION-INVALID-STATE',
      'EXCHANGE-OUTSIDE-VALIDITY',
      'EXCHANGE-SIGNATURE-INVALID',
      'EXCHANGE-SELLER-SIGNATURE-UNAVAILABLE',
      'EXCHANGE-AMOUNT-INVALID',
    ],
    signing:
      '`exchange_payload` is base64 of an exchangeInfo (JSON) that follows the quotation read with `GET /exchange/quotations/request/{request_uuid}`; `member_signature` is the `payload` that `POST /sign/payload` answers for `{account_identification: <buyer_debiting_account_identification>, unsigned_payload: <exchange_payload>}`.',
    path: '/exchange',
    summary: 'Accept a quotation: delivery-versus-payment exchange',
    body: body('exchangeObject', true, 'the signed exchange'),
    success: ok('the exchange result', schemaRef('exchangeResult')),
    errors: [
      errorResponse(400),
      errorResponse(403, 'originating member identifier does not match the requester’s token'),
      errorResponse(404, 'seller’s quotation signature could not be obtained'),
      errorResponse(500),
    ],
  },
  findQuotations: {
    method: 'GET',
    path: '/exchange/quotations',
    summary: 'Find quotations (conditions in the body)',
    body: body('quotationParameters', false, 'conditions'),
    success: ok('matching quotations', listOfRef('quotationState')),
    errors: [errorResponse(400)],
  },
  searchQuotations: {
    method: 'POST',
    path: '/exchange/quotations',
    summary: 'Find quotations, for clients that cannot send a body with GET',
    body: body('quotationParameters', false, 'conditions'),
    success: ok('matching quotations', listOfRef('quotationState')),
    errors: [errorResponse(400)],
    access: 'read',
  },
  cancelQuotations: {
    method: 'DELETE',
    path: '/exchange/quotations',
    summary: 'Cancel all quotations, or those matching the conditions',
    body: inputBody(cancellationConditions, 'conditions, or cancel_quotations: true for all'),
    success: ok('quotations cancelled', null),
    errors: [bodilessResponse(400)],
  },
  requestQuotations: {
    method: 'POST',
    refusals: ['QUOTATION-REQUEST-INVALID', 'QUOTATION-NO-COUNTERPARTS'],
    path: '/exchange/quotations/request',
    summary: 'Request quotations from allowlisted members',
    body: inputBody(requestQuotationInput, 'the quotation request'),
    success: ok('the request identifier', schemaRef('requestQuotationResult')),
    errors: [errorResponse(400), errorResponse(404, 'no members on the allowlist'), errorResponse(500)],
  },
  getQuotationsOfRequest: {
    method: 'GET',
    refusals: ['QUOTATION-NOT-FOUND'],
    path: '/exchange/quotations/request/{request_uuid}',
    summary: 'Read the quotations of a quotation request',
    params: [pathParam('request_uuid', 'quotation request identifier', uuidV4)],
    success: ok('the quotations', listOfRef('quotationState')),
    errors: [bodilessResponse(400), bodilessResponse(404, 'bad request_uuid')],
  },
  getQuotation: {
    method: 'GET',
    refusals: ['QUOTATION-NOT-FOUND'],
    path: '/exchange/quotations/{quotation_uuid}',
    summary: 'Read a quotation',
    params: [quotationPath],
    success: ok('the quotation', schemaRef('quotationState')),
    errors: [errorResponse(400), errorResponse(404, 'bad quotation_uuid')],
  },
  answerQuotation: {
    method: 'POST',
    refusals: ['QUOTATION-ANSWER-INVALID', 'QUOTATION-SIGNATURE-INVALID', 'QUOTATION-INVALID-STATE'],
    signing:
      '`quotation_payload` is base64 of a quotationInfo (JSON) whose `request_quotation` is the request read from the `quotations` gateway queue; `member_signature` is the `payload` that `POST /sign/payload` answers for `{account_identification: <seller_debiting_account_identification>, unsigned_payload: <quotation_payload>}`.',
    path: '/exchange/quotations/{quotation_uuid}',
    summary: 'Answer a quotation request with a signed quotation',
    params: [quotationPath],
    body: body('quotationObject', true, 'the signed quotation'),
    success: ok('quotation sent', null),
    errors: [bodilessResponse(400)],
  },
  cancelQuotation: {
    method: 'DELETE',
    refusals: ['QUOTATION-NOT-FOUND', 'QUOTATION-INVALID-STATE'],
    path: '/exchange/quotations/{quotation_uuid}',
    summary: 'Cancel a quotation that was not accepted',
    params: [quotationPath],
    success: ok('quotation cancelled', null),
    errors: [bodilessResponse(400), bodilessResponse(404)],
  },
  readGatewayMessages: {
    method: 'GET',
    path: '/gateway/messages',
    summary: 'Read (and consume) the pending gateway messages of one kind',
    params: [
      query('type', true, 'kind of message: charge, payment, transactions or quotations', enumOf(gatewayMessageTypes)),
    ],
    success: ok('the messages', listOfRef('streamMessages')),
    errors: [errorResponse(400), errorResponse(500)],
  },
  listMembers: {
    method: 'GET',
    refusals: ['MEMBER-NONE-FOUND', 'NOT-ACCEPTABLE'],
    path: '/members',
    summary: 'List members',
    params: [
      query('country_code', false, 'ISO 3166-1 alpha-2 country code', countryCode),
      query('asset_code_identification', false, 'asset code', assetCode),
      issuerQuery,
    ],
    success: ok('the members', listOfRef('memberInfo')),
    errors: [errorResponse(400), errorResponse(404, 'none found'), errorResponse(406, 'unacceptable header')],
  },
  getAllowlist: {
    method: 'GET',
    path: '/members/allowlist',
    summary: 'Read the caller’s allowlist',
    success: ok('member identifiers', listOf(text)),
    errors: [errorResponse(401), errorResponse(500)],
  },
  addToAllowlist: {
    method: 'POST',
    refusals: ['ALLOWLIST-UNKNOWN-MEMBER', 'ALLOWLIST-SELF'],
    path: '/members/allowlist',
    summary: 'Allow a member to deal with the caller',
    body: { required: true, schema: allowlistMember, description: 'the member to add' },
    success: ok('member added', null),
    errors: [errorResponse(400), errorResponse(401), errorResponse(500)],
  },
  removeFromAllowlist: {
    method: 'DELETE',
    refusals: ['ALLOWLIST-UNKNOWN-MEMBER', 'ALLOWLIST-SELF'],
    path: '/members/allowlist',
    summary: 'Revoke a member’s permission to deal with the caller',
    body: { required: true, schema: allowlistMember, description: 'the member to remove' },
    success: ok('member removed', null),
    errors: [errorResponse(401), errorResponse(500)],
    // No listed status fits a bad body, yourself or an unknown member (semantics §6, §14).
    beyondTable: [errorResponse(400, 'invalid body, the caller itself, or an unknown member')],
  },
  getMember: {
    method: 'GET',
    refusals: ['MEMBER-NOT-FOUND'],
    path: '/members/{member_identification}',
    summary: 'Read a member',
    params: [memberPath],
    success: ok('the member', schemaRef('memberInfo')),
    errors: [errorResponse(400), errorResponse(404)],
  },
  refreshToken: {
    method: 'GET',
    refusals: ['TOKEN-NOT-RENEWABLE'],
    path: '/oauth-token/refresh',
    summary: 'Renew the access token',
    // A plain string: an unusable token is "could not be renewed" (404), not a malformed request.
    body: { required: true, schema: text, description: 'the token to renew, as a JSON string' },
    success: ok('the renewed token, valid 15 minutes', pattern(patterns.jwt)),
    errors: [errorResponse(404, 'token could not be renewed'), errorResponse(500)],
  },
  listSettlementInstruments: {
    method: 'GET',
    refusals: ['SETTLEMENT-INSTRUMENTS-NONE'],
    path: '/settlement-instruments',
    summary: 'List every asset issued by market makers and tokenizers',
    success: ok('the assets', listOfRef('settlementInstrumentInfo')),
    errors: [errorResponse(404, 'none issued or marshalling error')],
  },
  issueSettlementInstrument: {
    method: 'POST',
    refusals: ['DSO-ISSUANCE-INVALID', 'DSO-ISSUANCE-ACCOUNT-MISMATCH'],
    path: '/settlement-instruments',
    summary: 'Issue a DSO',
    params: [
      query('asset_code_identification', true, 'six characters: ISO 4217 code then DSO', dsoCode),
      query('asset_group_identification', true, 'DSO', enumOf(['DSO'])),
    ],
    success: ok('the DSO issued', schemaRef('settlementInstrumentInfo')),
    errors: [
      errorResponse(400),
      errorResponse(401, 'issuance account does not match the access token'),
      errorResponse(404, 'issuance account could not be obtained'),
      errorResponse(409, 'signing error while preparing the ledger record'),
      errorResponse(500, 'ledger communication error'),
    ],
  },
  changeCreditLine: {
    method: 'POST',
    refusals: [
      'CREDIT-LINE-REFUSED',
      'CREDIT-LINE-NOT-FOUND',
      'CREDIT-LINE-LIMIT-INVALID',
      'CREDIT-LINE-ISSUER-ACCOUNT',
    ],
    path: '/settlement-instruments/credit-line',
    summary: 'Request, allow or revoke a credit line',
    body: body('creditLineMember', true, 'the credit line change (member variant)'),
    success: ok('credit line changed', null),
    errors: [errorResponse(401), errorResponse(404, 'credit line could not be changed')],
  },
  listAccountInstruments: {
    method: 'GET',
    refusals: ['ACCOUNT-NOT-FOUND', 'SETTLEMENT-INSTRUMENTS-NONE'],
    path: '/settlement-instruments/digital-accounts/{account_identification}',
    summary: 'List the assets a digital account may hold',
    params: [accountPath],
    success: ok('assets with an established credit line with the issuer', listOfRef('settlementInstrumentInfo')),
    errors: [errorResponse(404)],
  },
  listEmittedInstruments: {
    method: 'GET',
    refusals: ['SETTLEMENT-INSTRUMENTS-NONE'],
    path: '/settlement-instruments/emission',
    summary: 'List the DSO issued by the caller',
    success: ok('DSO issued by the caller', listOfRef('settlementInstrumentInfo')),
    errors: [errorResponse(404, 'none')],
  },
  listMemberInstruments: {
    method: 'GET',
    refusals: ['MEMBER-NOT-FOUND', 'SETTLEMENT-INSTRUMENTS-NONE'],
    path: '/settlement-instruments/members/{member_identification}',
    summary: 'List the assets a member issues or may hold',
    params: [memberPath, query('type', true, 'both, emission or authorized', enumOf(memberInstrumentKinds))],
    success: ok('the assets', listOfRef('settlementInstrumentInfo')),
    errors: [errorResponse(400), errorResponse(404)],
  },
  listObligations: {
    method: 'GET',
    refusals: ['OBLIGATIONS-NONE'],
    path: '/settlement-obligations',
    summary: 'List the outstanding totals of the DSO issued by the caller',
    params: [query('asset_code_identification', false, 'six-character DSO code', dsoCode)],
    success: ok('total off-service obligations per issued DSO', listOfRef('balanceInfo')),
    errors: [errorResponse(404, 'no obligations')],
  },
  getObligation: {
    method: 'GET',
    refusals: ['OBLIGATION-NOT-ISSUED'],
    path: '/settlement-obligations/{asset_code_identification}',
    summary: 'List the holders of a DSO issued by the caller',
    params: [pathParam('asset_code_identification', 'six-character DSO code', dsoCode)],
    success: ok('holdings per member', listOfRef('balanceSheetLiabilities')),
    errors: [errorResponse(400), errorResponse(404), errorResponse(500)],
  },
  signMessage: {
    method: 'POST',
    refusals: ['SIGN-MESSAGE-ACCOUNT-UNKNOWN', 'ISO-MESSAGE-UNREADABLE'],
    path: '/sign/message',
    summary: 'Sign an ISO 20022 XML message with the member’s electronic signature',
    body: body('unsignedPayload', true, 'the message to sign'),
    success: ok('the signed message', schemaRef('signedMessagePayload')),
    errors: [errorResponse(400), errorResponse(404, 'marshalling error')],
  },
  signPayload: {
    method: 'POST',
    refusals: ['SIGN-KEY-UNAVAILABLE'],
    path: '/sign/payload',
    summary: 'Sign a payload with the key of a digital account',
    body: body('unsignedPayload', true, 'the payload to sign'),
    success: ok('the signature', schemaRef('memberSignedPayload')),
    errors: [
      errorResponse(400),
      errorResponse(404, 'marshalling error'),
      errorResponse(424, 'member’s secret key could not be obtained'),
    ],
  },
  listTransactions: {
    method: 'GET',
    refusals: ['TRANSACTIONS-QUERY-INVALID', 'TRANSACTIONS-NONE'],
    path: '/transactions',
    summary: 'Find payment transactions',
    params: [
      query(
        'data_type',
        true,
        'INSTRUCTION_IDENTIFICATION, TRANSACTION_IDENTIFICATION or DATE_INTERVAL',
        enumOf(transactionDataTypes),
      ),
      query(
        'data_id',
        false,
        'instruction id or ledger transaction id; required by INSTRUCTION_IDENTIFICATION and TRANSACTION_IDENTIFICATION',
      ),
      query('start_date', false, 'first day, YYYY-MM-DD; required by DATE_INTERVAL', date),
      query('finish_date', false, 'last day, YYYY-MM-DD; required by DATE_INTERVAL', date),
      query('maximum_transaction_count', false, 'transactions per page (default 20)', {
        type: 'integer',
        minimum: 1,
        maximum: 100,
      }),
      query('target_page_number', false, 'requested page, from 1', { type: 'integer', minimum: 1 }),
    ],
    success: ok('the transactions', listOfRef('transaction')),
    errors: [errorResponse(400), errorResponse(404), errorResponse(500)],
  },
  listPaymentPoints: {
    method: 'GET',
    refusals: ['PAYMENT-POINT-ADDRESS-UNKNOWN'],
    path: '/payment-points',
    summary: 'Find payment points',
    params: paymentPointFilters,
    success: ok('the payment points', listOfRef('paymentPointInfo')),
    errors: [bodilessResponse(400), bodilessResponse(500)],
  },
});

export type EndpointId = `tokenizer.${keyof typeof tokenizer & string}` | `member.${keyof typeof member & string}`;

/** An endpoint's entry of its family's table, with its literal types. */
type OperationOf<Id extends EndpointId> = Id extends `tokenizer.${infer Name extends keyof typeof tokenizer}`
  ? (typeof tokenizer)[Name]
  : Id extends `member.${infer Name extends keyof typeof member}`
    ? (typeof member)[Name]
    : never;

/** The path template of an endpoint, relative to its family's prefix, as a type. */
type EndpointPath<Id extends EndpointId> = OperationOf<Id> extends { path: infer Path } ? Path : never;

type TemplateNames<Path> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | TemplateNames<Rest> : never;

/** The names of an endpoint's path parameters, read off its template: `{account_identification}` gives account_identification. */
export type PathParamName<Id extends EndpointId> = TemplateNames<EndpointPath<Id>>;

/** An endpoint's query parameters, as its entry declares them (query() keeps their literal types). */
type QueryParamOf<Id extends EndpointId> =
  OperationOf<Id> extends { params: readonly (infer Param)[] } ? Extract<Param, { in: 'query' }> : never;

/**
 * A query parameter a validated request always carries: required, and not one the spec's column leaves
 * optional (a reading lets those be left out, simulator/readings/request-forms.ts).
 */
type AlwaysGiven<Param> = Param extends { required: true }
  ? Param extends { specOptional: true }
    ? never
    : Param
  : never;

/** A query value is text; a closed set's schema narrows it to the set (FromSchema reads the `enum`). */
type QueryValue<Param> = Param extends { schema: infer Schema }
  ? FromSchema<Schema> extends infer Value extends string
    ? Value
    : string
  : string;

/**
 * The type of an endpoint's validated query: each parameter of its entry by name, the ones every
 * validated request carries required, the others optional; unknown parameters (ignored, semantics §14)
 * are not in it. `{}` for an endpoint without query parameters.
 */
export type QueryOf<Id extends EndpointId> = Id extends EndpointId // distributes, as BodyOf does
  ? Flat<
      { [Param in AlwaysGiven<QueryParamOf<Id>> as Param['name']]: QueryValue<Param> } & {
        [Param in Exclude<QueryParamOf<Id>, AlwaysGiven<QueryParamOf<Id>>> as Param['name']]?: QueryValue<Param>;
      }
    >
  : never;

type Flat<T> = T extends infer O ? { [K in keyof O]: O[K] } : never;

/**
 * The type of an endpoint's validated body: the resource's (Wire) where the body is one, with undefined
 * where the body is optional, and unknown for the other forms (the reference's request forms of inputs.ts,
 * string bodies, which the readings may change: their handlers still read them with care).
 */
export type BodyOf<Id extends EndpointId> = Id extends EndpointId // distributes: the body of any endpoint is unknown
  ? OperationOf<Id> extends { body: { required: infer Required; schema: infer Schema } }
    ? Schema extends ResourceRef<infer Name extends ResourceName>
      ? Wire<Name> | (Required extends true ? never : undefined)
      : unknown
    : undefined
  : never;

function catalogue(family: Family, operations: Record<string, Operation>): Endpoint[] {
  return Object.entries(operations).map(([name, { params = [], access, ...operation }]) => ({
    id: `${family}.${name}`,
    family,
    ...operation,
    params,
    // Viewers may call every GET (semantics §13); the one read-only POST says so itself.
    access: access ?? (operation.method === 'GET' ? 'read' : 'write'),
  }));
}

export const endpoints: readonly Endpoint[] = Object.freeze([
  ...catalogue('tokenizer', tokenizer),
  ...catalogue('member', member),
]);

const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));

export function isEndpointId(id: string): id is EndpointId {
  return byId.has(id);
}

export function endpointById(id: EndpointId): Endpoint {
  const endpoint = byId.get(id);
  if (!endpoint) throw new Error(`endpoint ${id} is not in the catalogue`); // unreachable while EndpointId follows the catalogue
  return endpoint;
}

/**
 * The status of a request whose inputs break the endpoint's schemas: 400, or, where the endpoint's
 * table lists 404 and no 400, the 404 it lists (semantics §14). Where neither is listed (for example
 * `DELETE /members/allowlist`), 400 stays, since no listed status fits.
 */
export function inputRefusalStatus(endpoint: Endpoint): 400 | 404 {
  const listed = new Set(endpoint.errors.map((response) => response.status));
  return listed.has(400) || !listed.has(404) ? 400 : 404;
}

/** The path template with its family prefix, e.g. `/client/v1/api/members/{member_identification}`. */
export function fullPath(endpoint: Endpoint): string {
  return familyPrefix[endpoint.family] + endpoint.path;
}
