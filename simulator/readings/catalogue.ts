import type { DeclaredReadings } from '../../protocol/readings.ts';
import { NamedSwitch, parseNames } from '../named-switch.ts';

/**
 * Reading variants: other behaviours the specification allows where it is silent or open, each a
 * reading an honest vendor may choose. Unlike a fault, a reading is never a defect: the readings
 * self-check (`dss self-check --readings`) runs the whole conformance run with each one on and passes
 * only when the specification layer fails none of them, while the reference profile shows each
 * difference. A reading is a contained switch at the places it changes, found by grepping for its name.
 */
export interface ReadingDefinition {
  description: string;
  /** Lines of the spec (suites/requirements/dss-api-spec-1.0.0.md) that allow this reading. */
  spec_lines: readonly number[];
  /** What a target playing this reading declares in its profile's `readings:` block (protocol/readings.ts); empty: nothing to declare. */
  declares: Partial<DeclaredReadings>;
  /**
   * Requirements of the reference profile a run under this reading alone must report failed: the
   * reference's own choice on the open point, which is where the difference shows (never the
   * specification layer).
   */
  differences: readonly string[];
}

const catalogue = {
  'named-string-bodies': {
    description:
      'The allowlist and token-renewal bodies are objects naming their one field, {"member_identification": …} and {"oauthBearerToken": …}; a bare JSON string is a malformed body, refused with 400 (on the renewal, with the 404 its table lists).',
    spec_lines: [470, 471, 473],
    declares: { string_bodies: 'named' },
    differences: ['STRING-BODY-BARE'],
  },
  'two-decimal-amounts': {
    description:
      'The ledger keeps 2 fraction digits (ledger/amount-scale.ts): an amount with more is refused with 400 (funding, consolidation, quotation limits, exchange, charges; a payment or redemption message whose settlement amount has more is refused as a message), every amount it writes has exactly 2 digits (balances, obligations, consolidation and exchange results, gateway payloads, the unsigned mint), and the exchange rounds its quoted leg down to 2 digits.',
    spec_lines: [79, 118, 206, 296],
    declares: { amount_scale: 2 },
    differences: ['LEDGER-SEVEN-DIGITS'],
  },
  'nine-decimal-amounts': {
    description:
      'The ledger keeps 9 fraction digits (ledger/amount-scale.ts): amounts with up to 9 are held exactly, every amount it writes has exactly 9 digits, and the exchange rounds its quoted leg down to 9 digits.',
    spec_lines: [79, 118, 206, 296],
    declares: { amount_scale: 9 },
    differences: ['LEDGER-SEVEN-DIGITS'],
  },
  'opaque-addresses': {
    description:
      'Ledger account addresses (distributed_ledger_account_address, distributed_ledger_emission_account_address) are UUIDs, one per account, not StrKeys; the service still signs and verifies with each account’s Ed25519 key.',
    spec_lines: [47],
    declares: {},
    differences: ['ACC-ADDRESS-STRKEY'],
  },
  'exchange-rejected': {
    description:
      'An exchange of a replayed, unanswered, cancelled, expired or not yet valid quotation answers 200 with exchange_state Rejected and moves nothing, the quotation keeping its state, instead of an error status.',
    spec_lines: [298, 375, 388, 453],
    declares: {},
    differences: ['EXC-REFUSAL-STATUS'],
  },
  'mismatch-401': {
    description:
      'A request naming another member than the token’s where the caller must be named (a fee request’s originator, a quotation request’s buyer, the answering seller) is refused 401, as requireSelf refuses it elsewhere (403 on POST /exchange), never 400.',
    spec_lines: [512, 543, 544],
    declares: {},
    differences: ['CALLER-MISMATCH-400'],
  },
  'any-member-key': {
    description:
      'Any of the member’s own account keys may sign a quotation or exchange payload, not only its debiting account’s.',
    spec_lines: [239, 294, 396, 397, 398],
    declares: {},
    differences: ['SIGN-DEBITING-ACCOUNT'],
  },
  'nested-gateway-payloads': {
    description:
      'Gateway messages carry what they deliver under a key of its kind inside each response_data object: {"charge_request": {…}} and {"charge": {…}} (fee requests and answers), {"quotation_request": {…}} and {"quotation": {…}}, {"payment": {…}} (financialMessages), {"transaction": {…}} (ledger notices).',
    spec_lines: [528, 531],
    declares: {},
    differences: ['CHG-GATEWAY-PAYLOAD'],
  },
  'holder-dso-on-operating-account': {
    description:
      'A holder’s credit line for another member’s DSO lives on its operating account, as a DSA line does (its emission account is refused), and the DSO it buys or is paid lands there; the issuer still mints and burns its DSO on its own emission. A revoked line may be allowed again, as in the reference.',
    spec_lines: [105, 378, 482],
    declares: { dso_line_account: 'operating' },
    differences: ['CL-DSO-LINE-EMISSION'],
  },
  'optional-inputs-defaulted': {
    description:
      'GET /account-address without addressing_identification answers the caller’s default account, its issuance account; a quotation request without base_asset_info or quoted_asset_info is taken, and asks no seller.',
    spec_lines: [271, 275, 414],
    declares: {},
    differences: ['DIR-ACCOUNT-ADDRESS-REQUIRED', 'QUO-REQUEST-ASSETS'],
  },
  'empty-lists-200': {
    description:
      'Listings whose 404 the spec gives no condition for answer 200 with an empty list when there is nothing to list.',
    spec_lines: [482, 484],
    declares: {},
    differences: ['INS-LIST-EMPTY-404'],
  },
} as const satisfies Record<string, ReadingDefinition>;

export type ReadingName = keyof typeof catalogue;
export const readingCatalogue: Readonly<Record<ReadingName, ReadingDefinition>> = catalogue;

export function isReadingName(name: string): name is ReadingName {
  return Object.hasOwn(catalogue, name);
}

/** Reading names as `dss sim --readings`, `dss self-check --readings`, startSimulator and `POST /sim/readings` take them (see parseFaultNames). */
export function parseReadingNames(given: string | readonly string[]): ReadingName[] {
  return parseNames('readings', catalogue, given);
}

/** What a target playing all of `names` declares in its profile (their declarations merged; they never disagree key by key). */
export function declaredBy(names: Iterable<ReadingName>): Partial<DeclaredReadings> {
  const declared: Partial<DeclaredReadings> = {};
  for (const name of names) Object.assign(declared, catalogue[name].declares);
  return declared;
}

/** Which readings are on. Lives in the simulator state; `dss sim --readings`, a network file's `readings:` and `POST /sim/readings` switch it. */
export class ReadingSwitch extends NamedSwitch<ReadingName> {}
