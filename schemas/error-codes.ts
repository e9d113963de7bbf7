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
}

const catalogue = {
  // Service-wide: routing, parsing, limits
  'PATH-NOT-FOUND': { status: 404, short_message: 'Not found', when: 'The path or version is not part of the API.' },
  'METHOD-NOT-ALLOWED': { status: 405, short_message: 'Method not allowed', when: 'The path exists but does not serve this method.' },
  'BODY-TOO-LARGE': { status: 413, short_message: 'Payload too large', when: 'The request body is larger than 1 MiB.' },
  'BODY-MALFORMED-JSON': { status: 400, short_message: 'Malformed JSON', when: 'The request body is not valid JSON (or not UTF-8).' },
  'REQUEST-INVALID': { status: 400, short_message: 'Missing or invalid parameters', when: 'A path, query or body input breaks the endpoint’s schema.' },
  'REQUEST-NOT-PROCESSABLE': { status: 404, short_message: 'The request could not be processed', when: 'Invalid input on an endpoint whose table lists 404 but no 400 (semantics §14: the listed failure status is used).' },
  'NOT-ACCEPTABLE': { status: 406, short_message: 'Unacceptable header', when: 'The Accept header excludes JSON (member listing).' },
  'FEATURE-NOT-AVAILABLE': { status: 501, short_message: 'Not implemented', when: 'The endpoint is routed, authenticated and validated, but this build of the simulator does not implement its domain yet.' },
  'INTERNAL-ERROR': { status: 500, short_message: 'Internal error', when: 'A defect of the service; retry later. Never caused by client input.' },

  // Control plane (/sim, simulator only)
  'CONTROL-INVALID-REQUEST': { status: 400, short_message: 'Invalid control request', when: 'A control-plane call has missing or invalid inputs.' },
  'CONTROL-FORBIDDEN': { status: 403, short_message: 'Control plane is loopback only', when: 'A non-loopback client called /sim on a simulator started without --control-remote.' },

  // Members, accounts, allowlist, signing (semantics §1, §4a, §6)
  'MEMBER-NOT-FOUND': { status: 404, short_message: 'Member not found', when: 'No member has this identifier.' },
  'MEMBER-NONE-FOUND': { status: 404, short_message: 'No members', when: 'No member matches the listing filters.' },
  'ACCOUNT-NOT-FOUND': { status: 404, short_message: 'Address not found', when: 'The caller has no digital account with this identifier.' },
  'ACCOUNTS-NONE': { status: 404, short_message: 'No open accounts', when: 'The token gives access to none of the caller’s accounts.' },
  'ACCOUNT-ADDRESS-MALFORMED': { status: 400, short_message: 'Invalid parameters', when: 'addressing_identification is not <account>*<country>.<member>.<domain>.' },
  'ACCOUNT-ADDRESS-NOT-FOUND': { status: 404, short_message: 'Address not found', when: 'The member, its country or the account of the address does not exist.' },
  'ALLOWLIST-UNKNOWN-MEMBER': { status: 400, short_message: 'Missing or invalid parameters', when: 'The member to add to or remove from the allowlist does not exist.' },
  'ALLOWLIST-SELF': { status: 400, short_message: 'Missing or invalid parameters', when: 'A member tried to put itself on its own allowlist.' },
  'SIGN-KEY-UNAVAILABLE': { status: 424, short_message: 'Member secret key could not be obtained', when: 'The caller has no account (hence no key) with the given identifier.' },

  // Authentication and authorisation (semantics §13)
  'AUTH-MISSING-TOKEN': { status: 401, short_message: 'Unauthorized', when: 'No `Authorization: Bearer` header.' },
  'AUTH-INVALID-TOKEN': { status: 401, short_message: 'Unauthorized', when: 'The token is malformed, not signed by this service, or its claims are incomplete.' },
  'AUTH-EXPIRED-TOKEN': { status: 401, short_message: 'Unauthorized', when: 'The token is older than 15 minutes, or its 24-hour session has ended.' },
  'AUTH-REVOKED-TOKEN': { status: 401, short_message: 'Unauthorized', when: 'The token was replaced by a refresh, or its session was removed.' },
  'AUTH-MEMBER-BLOCKED': { status: 401, short_message: 'Unauthorized', when: 'The token’s member is blocked or unknown.' },
  'AUTH-FAMILY-FORBIDDEN': { status: 401, short_message: 'Unauthorized', when: 'A market maker calls the tokenizer interface.' },
  'AUTH-ROLE-FORBIDDEN': { status: 401, short_message: 'Unauthorized', when: 'A viewer token calls an endpoint that changes state.' },
  'AUTH-ENDPOINT-FORBIDDEN': { status: 401, short_message: 'Unauthorized', when: 'The endpoint is not among the token’s permitted endpoints.' },
  'AUTH-ACCOUNT-FORBIDDEN': { status: 401, short_message: 'Unauthorized', when: 'A digital account named in the request is not among the token’s accounts.' },
  'AUTH-IP-FORBIDDEN': { status: 401, short_message: 'Unauthorized', when: 'The client address is not among the token’s allowed IP addresses.' },
  'AUTH-IDENTITY-MISMATCH': { status: 401, short_message: 'Unauthorized', when: 'A member identifier in the request that must be the caller is another member.' },
  'AUTH-MEMBER-NOT-ACTIVE': { status: 401, short_message: 'Unauthorized', when: 'The token’s member is not activated yet, and the endpoint changes state.' },
  'TOKEN-NOT-RENEWABLE': { status: 404, short_message: 'Token could not be renewed', when: 'The token to renew is not the caller’s current token, or the 24-hour session has ended.' },

  // Ledger: amounts, credit lines, transfers (semantics §3, §4). Credit-line refusals are 404, the member
  // endpoint's only failure status; transfer failures are mostly recorded on a failed transaction, and
  // a caller whose endpoint fixes another status (exchange `Rejected`, funding 404) answers with its own.
  'AMOUNT-INVALID': { status: 400, short_message: 'Missing or invalid parameters', when: 'An amount or rate is not a non-negative decimal readable exactly (amounts: at most 7 fraction digits), or a transfer amount is not above zero.' },
  'CREDIT-LINE-LIMIT-INVALID': { status: 404, short_message: 'Credit line could not be changed', when: 'maximum_credit_limit is not a positive integer, or is below the balance already held.' },
  'CREDIT-LINE-NOT-FOUND': { status: 404, short_message: 'Credit line could not be changed', when: 'allow or revoke names a credit line that was never requested.' },
  'CREDIT-LINE-ISSUER-ACCOUNT': { status: 404, short_message: 'Credit line could not be changed', when: 'The issuance account of the issuer cannot hold a credit line for its own asset.' },
  'LEDGER-OPERATION-INVALID': { status: 400, short_message: 'Missing or invalid parameters', when: 'A transaction has no operation, or an operation pays an account to itself.' },
  'LEDGER-CREDIT-LINE-NOT-ALLOWED': { status: 400, short_message: 'Transfer refused', when: 'The sender or receiver has no credit line for the asset, or it is not yet allowed, or it is revoked.' },
  'LEDGER-INSUFFICIENT-BALANCE': { status: 400, short_message: 'Transfer refused', when: 'The sender holds less than the amount.' },
  'LEDGER-CEILING-EXCEEDED': { status: 400, short_message: 'Transfer refused', when: 'The receiver would hold more than its credit line’s maximum_credit_limit.' },

  // Payment points (semantics §12). The endpoint lists only 400 and 500, so an empty result is a 200 with [].
  'PAYMENT-POINT-BAD-FILTER': { status: 400, short_message: 'Missing or invalid parameters', when: '`point_type` or `method_identification` is not one of the values the spec lists.' },
  'PAYMENT-POINT-BAD-COORDINATES': { status: 400, short_message: 'Missing or invalid parameters', when: '`geo_coordinates` is not "latitude,longitude" in decimal degrees within [-90, 90] and [-180, 180].' },
  'PAYMENT-POINT-ADDRESS-UNKNOWN': { status: 400, short_message: 'Missing or invalid parameters', when: '`address_filter` matches no address of the payment point directory.' },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof catalogue;
export const errorCodes: Readonly<Record<ErrorCode, ErrorCodeEntry>> = catalogue;
