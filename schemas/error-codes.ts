/**
 * The error-code catalogue. Every error the simulator returns carries one of these codes; the code
 * fixes the HTTP status and the short message, the thrower adds the long message. The spec leaves the
 * `code` values open ("not shown"), so these are the reference's own, stable across versions: a code is
 * never renamed or reused. Domain modules add their codes here, grouped by concern.
 */
export interface ErrorCodeEntry {
  status: number;
  short_message: string;
  /** When it happens, for the docs. */
  when: string;
  /**
   * Why no HTTP request gets this code, where that is so: the request schemas (issue 11) refuse every
   * input that would reach it first, with the code named. The simulator's domain keeps the rule for its
   * direct callers; the docs list the code apart.
   */
  shadowed?: string;
}

/** Said of a code whose every trigger breaks the endpoint's request schema. */
const SCHEMA_FIRST =
  'the request schema refuses the same inputs first, with REQUEST-INVALID (REQUEST-NOT-PROCESSABLE where the endpoint lists 404 and no 400)';

const catalogue = {
  // Service-wide: routing, parsing, limits
  'PATH-NOT-FOUND': { status: 404, short_message: 'Not found', when: 'The path or version is not part of the API.' },
  'METHOD-NOT-ALLOWED': {
    status: 405,
    short_message: 'Method not allowed',
    when: 'The path exists but does not serve this method.',
  },
  'BODY-TOO-LARGE': { status: 413, short_message: 'Payload too large', when: 'The request body is larger than 1 MiB.' },
  'BODY-MALFORMED-JSON': {
    status: 400,
    short_message: 'Malformed JSON',
    when: 'The request body is not valid JSON (or not UTF-8), or nests arrays and objects more than 64 levels deep.',
  },
  'REQUEST-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A path, query or body input breaks the endpoint’s schema.',
  },
  'REQUEST-NOT-PROCESSABLE': {
    status: 404,
    short_message: 'The request could not be processed',
    when: 'Invalid input on an endpoint whose table lists 404 but no 400 (semantics §14: the listed failure status is used).',
  },
  'NOT-ACCEPTABLE': {
    status: 406,
    short_message: 'Unacceptable header',
    when: 'The Accept header excludes JSON (member listing).',
  },
  'INTERNAL-ERROR': {
    status: 500,
    short_message: 'Internal error',
    when: 'A defect of the service; retry later. Never caused by client input.',
  },

  // HTTP edge: requests refused before routing, by the HTTP parser or the server adapter (robustness, issue 6)
  'HTTP-MALFORMED': {
    status: 400,
    short_message: 'Malformed HTTP request',
    when: 'The request is not valid HTTP/1.1 (unknown method, broken request line or header, bad chunked framing, an unusable request target such as `*`), or it did not arrive completely in time.',
  },
  'HTTP-HEADERS-TOO-LARGE': {
    status: 400,
    short_message: 'Request headers too large',
    when: 'The request line and headers together exceed 16 KiB (for example a path of 10^5 characters).',
  },

  // Control plane (/sim, simulator only)
  'CONTROL-INVALID-REQUEST': {
    status: 400,
    short_message: 'Invalid control request',
    when: 'A control-plane call has missing or invalid inputs.',
  },
  'CONTROL-FORBIDDEN': {
    status: 403,
    short_message: 'Control plane is loopback only',
    when: 'A non-loopback client called /sim on a simulator started without --control-remote.',
  },
  'CONTROL-SNAPSHOT-NOT-FOUND': {
    status: 404,
    short_message: 'No such snapshot',
    when: 'A snapshot call names a snapshot that was never taken, or was deleted.',
  },
  'CONTROL-SNAPSHOT-EXISTS': {
    status: 409,
    short_message: 'Snapshot exists',
    when: 'A snapshot is taken under the name of one kept already (delete it first), or past the number kept at most.',
  },

  // Members, accounts, allowlist, signing (semantics §1, §4a, §6)
  'MEMBER-NOT-FOUND': { status: 404, short_message: 'Member not found', when: 'No member has this identifier.' },
  'MEMBER-ID-MALFORMED': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A member identifier in the path cannot name a member (not 5 to 32 letters, digits or hyphens), on an endpoint whose table lists 400.',
    shadowed: SCHEMA_FIRST,
  },
  'MEMBER-NONE-FOUND': { status: 404, short_message: 'No members', when: 'No member matches the listing filters.' },
  'ACCOUNT-NOT-FOUND': {
    status: 404,
    short_message: 'Address not found',
    when: 'The caller has no digital account with this identifier.',
  },
  'ACCOUNTS-NONE': {
    status: 404,
    short_message: 'No open accounts',
    when: 'The token gives access to none of the caller’s accounts.',
  },
  'ACCOUNT-ADDRESS-MALFORMED': {
    status: 400,
    short_message: 'Invalid parameters',
    when: 'addressing_identification is not <account>*<country>.<member>.<domain>.',
    shadowed: SCHEMA_FIRST,
  },
  'ACCOUNT-ADDRESS-NOT-FOUND': {
    status: 404,
    short_message: 'Address not found',
    when: 'The member, its country or the account of the address does not exist.',
  },
  'ALLOWLIST-UNKNOWN-MEMBER': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'The member to add to or remove from the allowlist does not exist.',
  },
  'ALLOWLIST-SELF': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A member tried to put itself on its own allowlist.',
  },
  'SIGN-KEY-UNAVAILABLE': {
    status: 424,
    short_message: 'Member secret key could not be obtained',
    when: 'The caller has no account (hence no key) with the given identifier.',
  },

  // Authentication and authorisation (semantics §13)
  'AUTH-MISSING-TOKEN': { status: 401, short_message: 'Unauthorized', when: 'No `Authorization: Bearer` header.' },
  'AUTH-INVALID-TOKEN': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'The token is malformed, not signed by this service, or its claims are incomplete.',
  },
  'AUTH-EXPIRED-TOKEN': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'The token is older than 15 minutes, or its 24-hour session has ended.',
  },
  'AUTH-REVOKED-TOKEN': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'The token was replaced by a refresh, or its session was removed.',
  },
  'AUTH-MEMBER-BLOCKED': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'The token’s member is blocked or unknown.',
  },
  'AUTH-FAMILY-FORBIDDEN': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'A market maker calls the tokenizer interface.',
  },
  'AUTH-ROLE-FORBIDDEN': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'A viewer token calls an endpoint that changes state.',
  },
  'AUTH-ENDPOINT-FORBIDDEN': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'The endpoint is not among the token’s permitted endpoints.',
  },
  'AUTH-ACCOUNT-FORBIDDEN': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'A digital account named in the request is not among the token’s accounts.',
  },
  'AUTH-IP-FORBIDDEN': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'The client address is not among the token’s allowed IP addresses.',
  },
  'AUTH-IDENTITY-MISMATCH': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'A member identifier in the request that must be the caller is another member.',
  },
  'AUTH-MEMBER-NOT-ACTIVE': {
    status: 401,
    short_message: 'Unauthorized',
    when: 'The token’s member is not activated yet, and the endpoint changes state.',
  },
  'TOKEN-NOT-RENEWABLE': {
    status: 404,
    short_message: 'Token could not be renewed',
    when: 'The token to renew is not the caller’s current token, or the 24-hour session has ended.',
  },

  // Ledger: amounts, credit lines, transfers (semantics §3, §4). Credit-line refusals are 404, the member
  // endpoint's only failure status; transfer failures are mostly recorded on a failed transaction, and
  // a caller whose endpoint fixes another status (exchange `Rejected`, funding 404) answers with its own.
  'AMOUNT-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'An amount or rate is not a non-negative decimal readable exactly (amounts: at most 7 fraction digits), or a transfer amount is not above zero.',
  },
  'CREDIT-LINE-LIMIT-INVALID': {
    status: 404,
    short_message: 'Credit line could not be changed',
    when: 'maximum_credit_limit is not a positive integer, or is below the balance already held.',
  },
  'CREDIT-LINE-NOT-FOUND': {
    status: 404,
    short_message: 'Credit line could not be changed',
    when: 'allow or revoke names a credit line that was never requested.',
  },
  'CREDIT-LINE-ISSUER-ACCOUNT': {
    status: 404,
    short_message: 'Credit line could not be changed',
    when: 'The issuance account of the issuer cannot hold a credit line for its own asset.',
  },
  'LEDGER-OPERATION-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A transaction has no operation, or an operation pays an account to itself.',
  },
  'LEDGER-CREDIT-LINE-NOT-ALLOWED': {
    status: 400,
    short_message: 'Transfer refused',
    when: 'The sender or receiver has no credit line for the asset, or it is not yet allowed, or it is revoked.',
  },
  'LEDGER-INSUFFICIENT-BALANCE': {
    status: 400,
    short_message: 'Transfer refused',
    when: 'The sender holds less than the amount.',
  },
  'LEDGER-CEILING-EXCEEDED': {
    status: 400,
    short_message: 'Transfer refused',
    when: 'The receiver would hold more than its credit line’s maximum_credit_limit.',
  },

  // Value layer: credit line changes, settlement instruments, balances, consolidation, obligations
  // (semantics §2, §3, §12). Each endpoint answers with the failure status its table lists.
  'CREDIT-LINE-REFUSED': {
    status: 404,
    short_message: 'Credit line could not be changed',
    when: 'A credit line request, allow or revoke that the service cannot carry out: unknown issuer, holder or asset, wrong account for the asset group, missing allowlist entry, no such line, or a ceiling below the balance held.',
  },
  'SETTLEMENT-INSTRUMENTS-NONE': {
    status: 404,
    short_message: 'No settlement instruments',
    when: 'A listing of settlement instruments (all, by account, by member, issued by the caller, available to a tokenizer) found none.',
  },
  'DSO-ISSUANCE-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A DSO issuance asked by a tokenizer: only market makers issue DSO. (A code that is not an ISO 4217 code followed by DSO, or a group other than DSO, breaks the request schema: REQUEST-INVALID.)',
  },
  'DSO-ISSUANCE-ACCOUNT-MISMATCH': {
    status: 401,
    short_message: 'Issuance account does not match the access token',
    when: 'The token used to issue a DSO does not give access to the caller’s issuance account (emission).',
  },
  'BALANCE-NO-CREDIT-LINE': {
    status: 404,
    short_message: 'No credit line for the asset with its issuer',
    when: 'The account holds no credit line matching the asset code and issuer asked for.',
  },
  'BALANCE-ASSET-AMBIGUOUS': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'The account holds several credit lines matching the given filters; the asset code and issuer are needed to pick one.',
  },
  'CONSOLIDATION-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A consolidation names an account that is not an operating account of the caller, a source equal to the target, an asset without code and issuer, an invalid amount, or no entries or more than 100.',
  },
  'CONSOLIDATION-DSO': {
    status: 403,
    short_message: 'Consolidation not possible for the DSO asset group',
    when: 'A consolidation entry names a DSO.',
  },
  'CONSOLIDATION-FAILED': {
    status: 400,
    short_message: 'Consolidation failed',
    when: 'The ledger refused the consolidation transaction (balance, credit line or ceiling); nothing moved.',
  },
  'OBLIGATIONS-NONE': {
    status: 404,
    short_message: 'No obligations',
    when: 'The caller has issued no DSO (or none with the asked code).',
  },
  'OBLIGATION-NOT-ISSUED': {
    status: 404,
    short_message: 'Not found',
    when: 'The caller has not issued the DSO whose holders it asked for.',
  },

  // Funding by a tokenizer (semantics §5)
  'FUNDING-INSTRUCTION-REFUSED': {
    status: 404,
    short_message: 'Instruction not created or invalid member',
    when: 'The DSA is not registered for the tokenizer, the member is unknown or not activated, or the target account has no allowed credit line with enough headroom.',
  },
  'FUNDING-E2E-REUSED': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'An end_to_end_identification already names an instruction with a different fundingInfo.',
  },
  'FUNDING-NOT-INSTRUCTED': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A funding is sent with no instruction for its end_to_end_identification, or with a fundingInfo that differs from the instructed one.',
  },
  'FUNDING-SIGNATURE-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'funding_payload_signature or signed_funding_transaction does not verify with the key of the tokenizer’s issuance account.',
  },
  'FUNDING-FAILED': {
    status: 400,
    short_message: 'Funding failed',
    when: 'The ledger refused the mint (credit line revoked, headroom gone); the instruction stays unsent.',
  },

  // Gateway messages and transaction listening (semantics §9)
  'LISTENING-RESTART-REFUSED': {
    status: 409,
    short_message: 'Cannot restart, check account identifier',
    when: 'The listening restart names an account the caller does not have.',
  },
  'LISTENING-REFERENCE-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'The listening restart reference is neither `now` nor a positive transaction_reference_number.',
    shadowed: SCHEMA_FIRST,
  },

  // Quotations and exchange (semantics §6-§8). A quotation answer lists only 400, so every refusal of an
  // answer is a 400; reading and cancelling answer 404 for a quotation the caller cannot see.
  'QUOTATION-REQUEST-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A quotation request whose buyer is not the caller, whose end time is not in the next 24 hours (or is in seconds), whose amount limits are invalid, or whose base or quoted asset is missing, unknown or the same as the other.',
  },
  'QUOTATION-NO-COUNTERPARTS': {
    status: 404,
    short_message: 'No members on the allowlist',
    when: 'The buyer has no mutually allowlisted member to send a quotation request to.',
  },
  'QUOTATION-ID-MALFORMED': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A quotation_uuid is not <request_uuid>-<member_identification>.',
    shadowed: SCHEMA_FIRST,
  },
  'QUOTATION-NOT-FOUND': {
    status: 404,
    short_message: 'Quotation not found',
    when: 'No quotation or quotation request with this identifier is visible to the caller: unknown, expired, or neither bought nor sold by the caller.',
  },
  'QUOTATION-ANSWER-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A quotation answer for a quotation that is unknown, expired or not addressed to the caller, for a request that has ended, or whose payload is not a valid quotationInfo matching the request, the quotation and the seller’s accounts (operating accounts for a DSA leg, emission for a DSO leg), with valid times, limits and rate.',
  },
  'QUOTATION-SIGNATURE-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'member_signature does not verify with the key of the seller’s debiting account over the quotation payload.',
  },
  'QUOTATION-INVALID-STATE': {
    status: 400,
    short_message: 'Quotation state does not allow this',
    when: 'An answer, cancellation or exchange of a quotation whose state does not allow it (for example an exchange of a waiting or completed quotation, a cancellation after completion).',
  },
  'QUOTATION-CANCEL-UNSPECIFIED': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A cancellation of the quotation collection gives no condition and not `cancel_quotations: true`.',
    shadowed: SCHEMA_FIRST,
  },
  'EXCHANGE-PAYLOAD-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'exchange_payload is not a valid exchangeInfo, its quotation differs from the stored one, or its buyer accounts cannot carry their legs (operating accounts for a DSA, emission for a DSO).',
  },
  'EXCHANGE-BUYER-MISMATCH': {
    status: 403,
    short_message: 'Originating member does not match the token',
    when: 'The buyer of the request inside the exchange payload is not the caller.',
  },
  'EXCHANGE-OUTSIDE-VALIDITY': {
    status: 400,
    short_message: 'Quotation not valid now',
    when: 'The exchange comes before the quotation’s start_time or after its end_time.',
  },
  'EXCHANGE-SIGNATURE-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'member_signature does not verify with the key of the buyer’s debiting account over the exchange payload.',
  },
  'EXCHANGE-SELLER-SIGNATURE-UNAVAILABLE': {
    status: 404,
    short_message: 'Seller’s quotation signature could not be obtained',
    when: 'The seller’s stored signature no longer verifies with the key of the seller’s debiting account.',
  },
  'EXCHANGE-ALLOWLIST-GONE': {
    status: 400,
    short_message: 'Members no longer allowlisted',
    when: 'Recorded as the reason of a Rejected exchange’s failed ledger transaction when buyer and seller no longer list each other (the answer itself is 200 Rejected).',
  },
  'EXCHANGE-AMOUNT-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'amount_base_asset is not above zero, or the quoted amount (rounded down to 7 decimals) is zero or outside the quotation’s or the request’s minimum and maximum.',
  },

  // ISO 20022 messages (semantics §11). A message the service could read but refuses is answered with a
  // pacs.002 RJCT where the route allows it; these codes are for the plain error bodies.
  'ISO-MESSAGE-UNREADABLE': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'The financial message cannot be read: its type is not iso20022 with a supported version (MT formats, other namespaces and versions are refused), or its data is not base64 of a UTF-8 XML Message envelope (urn:dss:message:1) holding an AppHdr and one Document of that type, is larger than 256 KiB, or has a DTD.',
  },
  'ISO-MESSAGE-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'The financial message was read but refused: its AppHdr or Document breaks the XSD, its header names no member, its signature is missing or does not verify with the sender’s keys, or it breaks a business rule (transaction count, currency, decimals, agents, duplicate identifiers, settlement method). The long message lists every problem.',
  },
  'SIGN-MESSAGE-ACCOUNT-UNKNOWN': {
    status: 404,
    short_message: 'Marshalling error',
    when: 'POST /sign/message names an account the caller does not have (the endpoint lists 404 and no 424).',
  },

  // Payments: ISO 20022 messages on their routes, redemption, charges, the transactions query (semantics
  // §10-§12). A refused message that could be read also carries the service's pacs.002 RJCT in the body.
  'PAYMENT-MESSAGE-REFUSED': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A valid ISO 20022 message the service cannot act on: its type does not go to this endpoint, AppHdr/Fr is not the caller, AppHdr/To is not an activated member, the two members do not have each other on their allowlists, its settlement instrument is not registered, it names no payment or redemption of the right members, the payment is not in a state that allows it (an SVC.001 twice, a pacs.004 with no cancellation request or paid obligation, a camt.087 before a camt.026, ...), its amount differs from the original’s, the balance to redeem is missing, or the ledger refused the return it asks. The long message lists every problem.',
  },
  'REDEMPTION-ANSWER-REFUSED': {
    status: 404,
    short_message: 'Error while processing the answer',
    when: 'The tokenizer’s answer to a redemption is unreadable or invalid, is not a pacs.002 from the caller to the member that asked, names no open redemption asked of the caller, is not ACSC, ACCP or RJCT, states another amount than the pacs.009, or the ledger refused the burn (the endpoint lists only 404).',
  },
  'CHARGE-REQUEST-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'A charge request whose member_identification is not the caller, whose instructed member is unknown, not activated or the caller, or which reuses one of the caller’s request_uuid. (Neither or both of instructed_net_amount and interbank_settlement_gross_amount, or an amount not above zero, breaks the request schema: REQUEST-INVALID.)',
  },
  'CHARGE-ANSWER-UNSOLICITED': {
    status: 409,
    short_message: 'Malformed payload',
    when: 'A charge answer for which the originating member of the path has no open request with that request_uuid to the caller.',
  },
  'CHARGE-ANSWER-MISMATCH': {
    status: 409,
    short_message: 'Malformed payload',
    when: 'A charge answer that does not answer its request: another payout currency or settlement instrument, or, with no exchange (the instrument is in the payout currency), amounts that disagree with the request (net amount, or gross = amount without fee + fee).',
  },
  'TRANSACTIONS-QUERY-INVALID': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: 'GET /transactions without the data_id its data_type needs, or a DATE_INTERVAL without both dates or with start_date after finish_date. (A maximum_transaction_count outside 1 to 100 or a target_page_number 0 breaks the request schema: REQUEST-INVALID.)',
  },
  'TRANSACTIONS-NONE': {
    status: 404,
    short_message: 'No transactions',
    when: 'No payment of the caller matches the query, or the page asked for is past the last one.',
  },

  // Payment points (semantics §12). The endpoint lists only 400 and 500, so an empty result is a 200 with [].
  'PAYMENT-POINT-BAD-FILTER': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: '`point_type` or `method_identification` is not one of the values the spec lists.',
    shadowed: SCHEMA_FIRST,
  },
  'PAYMENT-POINT-BAD-COORDINATES': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: '`geo_coordinates` is not "latitude,longitude" in decimal degrees within [-90, 90] and [-180, 180].',
    shadowed: SCHEMA_FIRST,
  },
  'PAYMENT-POINT-ADDRESS-UNKNOWN': {
    status: 400,
    short_message: 'Missing or invalid parameters',
    when: '`address_filter` matches no address of the payment point directory.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof catalogue;
export const errorCodes: Readonly<Record<ErrorCode, ErrorCodeEntry>> = catalogue;
