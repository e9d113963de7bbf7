import { NamedSwitch, parseNames } from '../named-switch.ts';
import type { SpecPart } from '../../schemas/catalogue-types.ts';

/**
 * Named defects the simulator can switch on, each a realistic vendor bug. The fault self-check runs
 * the suites with each one on and expects a failing check naming `requirement`. A fault is a small,
 * contained deviation at one place in the simulator, found by grepping for its name.
 */
export interface FaultDefinition {
  description: string;
  part: SpecPart;
  /** The requirement ID (suites/requirements/1.0.0.yaml) a check must report as broken. */
  requirement: string;
}

const catalogue = {
  'error-body-without-timestamp': {
    description: 'Error bodies leave out the required `timestamp` field.',
    part: 'errors',
    requirement: 'ERR-BODY-SHAPE',
  },
  'error-timestamp-in-seconds': {
    description: 'Error bodies give their `timestamp` in seconds since the epoch instead of milliseconds.',
    part: 'errors',
    requirement: 'ERR-BODY-SHAPE',
  },
  'accounts-list-without-emission': {
    description:
      'GET /digital-accounts lists the caller’s operating accounts only: the issuance account (emission) is left out, whatever the token gives access to.',
    part: 'endpoints',
    requirement: 'ACC-LIST',
  },
  'emission-address-of-operating-account': {
    description:
      'memberInfo gives the address of the member’s first operating account as distributed_ledger_emission_account_address, the ledger address of its issuance account.',
    part: 'endpoints',
    requirement: 'ACC-LIST',
  },
  'unknown-member-wrong-status': {
    description: 'GET /members/{id} answers 400 instead of 404 for an unknown member.',
    part: 'endpoints',
    requirement: 'DIR-MEMBER-NOT-FOUND',
  },
  'refresh-keeps-old-token': {
    description: 'A token refresh issues a new token but leaves the previous one valid.',
    part: 'authentication',
    requirement: 'AUTH-REFRESH-INVALIDATES',
  },
  'viewer-can-write': {
    description: 'Viewer tokens are accepted on endpoints that change state.',
    part: 'authentication',
    requirement: 'AUTH-VIEWER-READ-ONLY',
  },
  'allowlist-not-idempotent': {
    description: 'Adding a member already on the allowlist is refused (400) instead of succeeding.',
    part: 'endpoints',
    requirement: 'ALLOWLIST-IDEMPOTENT',
  },
  // Quotations and exchange (semantics §7, §8)
  'quotation-exchangeable-twice': {
    description:
      'POST /exchange skips the quotation state guard: a completed quotation settles again, and concurrent exchanges of one quotation all settle.',
    part: 'states',
    requirement: 'EXC-ONCE',
  },
  'expired-quotation-accepted': {
    description:
      'POST /exchange judges the quotation’s validity at its start_time instead of now: an exchange before the start or after the end of the quotation settles.',
    part: 'states',
    requirement: 'EXC-VALIDITY-WINDOW',
  },
  'exchange-ignores-allowlist': {
    description: 'POST /exchange settles although one side has removed the other from its allowlist.',
    part: 'states',
    requirement: 'EXC-ALLOWLIST',
  },
  // Value layer: credit lines, funding, balances, consolidation, gateway (semantics §3-§5, §9, §12)
  'credit-ceiling-not-enforced': {
    description:
      'The ledger does not check the receiver’s credit ceiling: a transfer that takes a holding above its maximum_credit_limit goes through (a consolidation, or a funding instructed while there was room).',
    part: 'limits',
    requirement: 'CL-CEILING',
  },
  'revoked-line-still-usable': {
    description:
      'The ledger treats a revoked credit line as allowed: value still moves into and out of it (a consolidation, or a funding instructed before the revocation).',
    part: 'states',
    requirement: 'CL-REVOKED-BLOCKS',
  },
  'account-listing-member-wide': {
    description:
      'GET /settlement-instruments/digital-accounts/{account} lists the assets of every allowed credit line of the member, whatever operating account the line is set on.',
    part: 'endpoints',
    requirement: 'INS-LIST',
  },
  'funding-replay-mints-again': {
    description: 'Sending an already settled funding instruction again mints its amount a second time.',
    part: 'endpoints',
    requirement: 'FUND-REPLAY-ONCE',
  },
  'funding-signature-not-checked': {
    description: 'POST /transactions/send does not verify the two signatures: any base64 values are accepted.',
    part: 'endpoints',
    requirement: 'FUND-SIGNATURES',
  },
  'transaction-id-reused': {
    description:
      'The ledger hashes a transaction’s transfers alone, without its reference number and time: two identical transfers (two fundings of the same amount to the same account) get the same transaction_identification.',
    part: 'resources',
    requirement: 'TXN-ID-UNIQUE',
  },
  'signed-payload-misnamed': {
    description:
      'POST /sign/payload answers the signature as `{"signature": ...}`: the memberSignedPayload’s required `payload` field is missing.',
    part: 'resources',
    requirement: 'RES-SIGNING-SCHEMAS',
  },
  'consolidation-not-atomic': {
    description:
      'A consolidation applies its entries one transaction at a time: the entries before a failing one stay moved.',
    part: 'endpoints',
    requirement: 'CONS-ATOMIC',
  },
  'dso-consolidation-allowed': {
    description: 'A consolidation entry in a DSO is not refused with 403; it goes to the ledger like a DSA entry.',
    part: 'endpoints',
    requirement: 'CONS-DSO-FORBIDDEN',
  },
  'gateway-read-does-not-consume': {
    description:
      'GET /gateway/messages returns the pending messages but leaves them in the queue, so every read returns them again.',
    part: 'events',
    requirement: 'GW-READ-CONSUMES',
  },
  'balance-missing-line-zero': {
    description:
      'GET /balances/digital-accounts/{account} answers 200 with a zero balance, instead of 404, for an asset the account has no credit line for.',
    part: 'endpoints',
    requirement: 'BAL-NO-LINE',
  },
  // Payments and ISO 20022 messages, redemption, charges (semantics §10, §11)
  'message-signature-not-checked': {
    description:
      'Incoming ISO 20022 messages are not verified against the sender’s registered keys: an unsigned message, one altered after signing or one signed with another member’s key is accepted.',
    part: 'endpoints',
    requirement: 'MSG-SIGNATURE',
  },
  'payment-settles-on-reject': {
    description:
      'The status of the RFI’s SVC.001 is not read: a payment the RFI rejects (RJCT) settles as if accepted.',
    part: 'states',
    requirement: 'PAY-REJECT-NOTHING-MOVES',
  },
  'redemption-amount-not-checked': {
    description:
      'The tokenizer’s answer to a redemption is not compared with the pacs.009: an acceptance stating another amount (or none) is taken, and the requested amount is burned.',
    part: 'endpoints',
    requirement: 'RED-AMOUNT-MATCH',
  },
  'duplicate-message-id-accepted': {
    description:
      'Message and instruction identifiers are not compared with those of earlier messages: a member may send a message whose GrpHdr/MsgId or InstrId it already used.',
    part: 'endpoints',
    requirement: 'MSG-UNIQUE-IDS',
  },
  'redemption-request-not-relayed': {
    description:
      'A member’s pacs.009 on POST /payments/message/redeem is taken and answered, but not relayed: the tokenizer is never sent the redemption request it must answer.',
    part: 'events',
    requirement: 'MSG-DELIVERY',
  },
  'case-messages-not-relayed': {
    description:
      'The camt messages of a payment’s cases (camt.026, camt.029, camt.056, camt.087) are taken and answered, but relayed to nobody: the other member never learns of the cancellation request, its rejection or the investigation.',
    part: 'events',
    requirement: 'MSG-DELIVERY',
  },
  'cancellation-rejection-refused': {
    description:
      'POST /payments/message/reply does not take camt.029: the RFI’s rejection (RJCR) of a cancellation request is refused with 400 as a type the endpoint does not take.',
    part: 'endpoints',
    requirement: 'MSG-ANSWERS-ACCEPTED',
  },
  'redemption-answer-not-reported': {
    description:
      'POST /tokenizer/v1/api/transactions/message/redeem acts on the tokenizer’s answer but answers 200 with a bare acknowledgement ({"status": "received"}) instead of the service’s pacs.002.',
    part: 'endpoints',
    requirement: 'RED-ANSWER-RECEIVED',
  },
  'creditor-fee-dropped': {
    description:
      'A payment’s record is written without its fees: creditor_fee is [] although the pacs.008 states the charge the RFI takes (ChrgsInf).',
    part: 'resources',
    requirement: 'TXN-CREDITOR-FEE',
  },
  'charge-answer-unsolicited-accepted': {
    description:
      'POST /charges/response relays an answer that answers no open charge request of the originating member to the caller, instead of refusing it with 409.',
    part: 'endpoints',
    requirement: 'CHG-ANSWER-OPEN-REQUEST',
  },
  // Spread over the remaining areas (auth, errors, versioning, directories, credit lines, funding,
  // quotations, gateway) so that the self-check covers every part the suites check.
  'expired-token-accepted': {
    description:
      'A token is checked for expiry only the first time it is seen (a validation cache): once used, it keeps working after its 15 minutes.',
    part: 'authentication',
    requirement: 'AUTH-TOKEN-EXPIRY',
  },
  'renewed-token-lives-with-session': {
    description:
      'GET /oauth-token/refresh signs the renewed token to expire with its 24-hour session instead of 15 minutes after the renewal: a renewed token is never revoked for want of renewal.',
    part: 'authentication',
    requirement: 'AUTH-TOKEN-LIFETIME',
  },
  'ip-allowlist-ignored': {
    description:
      'The allowed IP addresses of a token are not compared with the caller’s address: a token restricted to other addresses is served from anywhere.',
    part: 'authentication',
    requirement: 'AUTH-TOKEN-RIGHTS',
  },
  'restricted-token-renewable': {
    description:
      'A token limited to some endpoints is let through to GET /oauth-token/refresh although the renewal is not among them: it renews itself.',
    part: 'authentication',
    requirement: 'AUTH-ENDPOINT-PERMISSION',
  },
  'dso-issuance-ignores-token-accounts': {
    description:
      'POST /settlement-instruments issues a DSO with a token that does not grant the issuance account, instead of refusing it with 401.',
    part: 'authentication',
    requirement: 'INS-DSO-ACCOUNT-MISMATCH',
  },
  'numeric-string-accepted': {
    description:
      'POST /transactions/instruction reads funding_amount leniently: a numeric string ("100") is taken for the number the spec declares.',
    part: 'errors',
    requirement: 'ERR-INVALID-INPUT',
  },
  'funding-by-other-tokenizer': {
    description:
      'POST /transactions/instruction does not compare the caller with the fundingInfo’s tokenizer: a tokenizer may instruct the funding of another tokenizer’s asset.',
    part: 'authentication',
    requirement: 'FUND-CALLER-TOKENIZER',
  },
  'unknown-path-500': {
    description: 'A path that matches no route fails inside the service: 500 instead of 404.',
    part: 'errors',
    requirement: 'ERR-UNKNOWN-PATH',
  },
  'v2-path-served': {
    description:
      'The version segment of the path is not checked: /client/v2/api/... and /tokenizer/v0/api/... are served as version 1.',
    part: 'versioning',
    requirement: 'VER-PATH-PREFIX',
  },
  'members-country-filter-ignored': {
    description: 'GET /members ignores its country_code filter and lists the members of every country.',
    part: 'endpoints',
    requirement: 'DIR-MEMBER-FILTERS',
  },
  'payment-points-sort-ignored': {
    description:
      'GET /payment-points ignores geo_coordinates and address_filter: the points come in directory order instead of nearest first.',
    part: 'endpoints',
    requirement: 'PP-SORT',
  },
  'allowlist-unknown-member-accepted': {
    description:
      'POST /members/allowlist does not look the member up: an identifier that names no member is added to the allowlist.',
    part: 'endpoints',
    requirement: 'ALLOWLIST-UNKNOWN-MEMBER',
  },
  'credit-line-allow-by-non-issuer': {
    description:
      'A credit-line allow or revoke on the member interface finds the asset by its code alone, not by code and caller: any member may allow or revoke lines of an asset it does not issue.',
    part: 'endpoints',
    requirement: 'CL-ALLOW-ISSUER-ONLY',
  },
  'holder-revokes-own-line': {
    description:
      'A credit-line revoke on the member interface reads member_identification as a request does, as the issuer: the holder revokes its own line by naming the issuer.',
    part: 'endpoints',
    requirement: 'CL-ALLOW-ISSUER-ONLY',
  },
  'quotation-cancel-after-completion': {
    description:
      'DELETE /exchange/quotations/{quotation_uuid} skips the state guard: an exchanged (completed) quotation is cancelled and reads 90.',
    part: 'states',
    requirement: 'QUO-CANCEL',
  },
  'quotation-request-not-delivered': {
    description:
      'A quotation request opens the sellers’ waiting quotations but sends them no gateway message, so no seller learns of it.',
    part: 'events',
    requirement: 'QUO-GATEWAY-DELIVERY',
  },
  'listening-restart-no-replay': {
    description: 'A listening restart with a transaction reference number is answered 200 but delivers nothing again.',
    part: 'events',
    requirement: 'GW-LISTENING-REPLAY',
  },
} as const satisfies Record<string, FaultDefinition>;

export type FaultName = keyof typeof catalogue;
export const faultCatalogue: Readonly<Record<FaultName, FaultDefinition>> = catalogue;

export function isFaultName(name: string): name is FaultName {
  return Object.hasOwn(catalogue, name);
}

/**
 * Fault names as `dss sim --faults`, `dss self-check --faults`, startSimulator and `POST /sim/faults`
 * take them: `a,b` or a list, each once; an unknown one throws UnknownNames (named-switch.ts parseNames).
 */
export function parseFaultNames(given: string | readonly string[]): FaultName[] {
  return parseNames('faults', catalogue, given);
}

/** Which faults are on. Lives in the simulator state; `POST /sim/faults` and `dss sim --faults` switch it. */
export class FaultSwitch extends NamedSwitch<FaultName> {}
