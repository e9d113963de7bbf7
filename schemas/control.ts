import type { JsonSchema } from './catalogue-types.ts';
import type { ErrorCode } from './error-codes.ts';
import { businessRoles, creditLineStates, memberStates } from './enumerations.ts';
import { instrumentWithIssuer, type FromSchema } from './resources.ts';
import { boolean, currencyCode, enumOf, int64, listOf, nonEmpty, referencePatterns, text } from './spec-types.ts';

/**
 * The simulator's control plane (`/sim`, docs/control-plane.md), described once: what each call takes
 * and answers, as JSON Schemas with their TypeScript types derived (resources.ts `FromSchema`). The simulator
 * validates the bodies it takes with `controlRequests`, the harness validates the answers it reads with
 * `controlAnswers`, and the OpenAPI document lists `controlCalls` under a tag of their own, apart from
 * the spec's two interfaces: the control plane is the reference's, not the spec's (a vendor has none).
 */

/** Where the control plane lives. */
export const controlPrefix = '/sim';

/** The OpenAPI tag of the control plane's operations, apart from the spec's families (openapi.ts). */
export const controlTag = 'control-plane';

/** The named networks a reset (or `dss sim --network`) can start from (docs/network.md). */
export const networkKinds = ['demo', 'demo-static', 'vendor-standin', 'empty'] as const;
export type NetworkKind = (typeof networkKinds)[number];

const identification = { type: 'string', pattern: referencePatterns.memberIdentification } as const;
const accountName = { type: 'string', pattern: referencePatterns.accountIdentification } as const;
const instant = { type: 'integer', minimum: 0 } as const;
const names = { type: 'array', items: text } as const;
/** A snapshot's name: it is a path segment of the calls that name it. */
const snapshotName = { type: 'string', pattern: '^[a-zA-Z0-9_.-]{1,64}$' } as const;

/** The bodies the control plane takes; anything else is refused with CONTROL-INVALID-REQUEST (400). */
export const controlRequests = {
  reset: {
    type: 'object',
    properties: { network: enumOf(networkKinds), network_file: { type: 'string', minLength: 1 }, clock: instant },
    // The two names are declared again inside `not` so that a linter sees what its `required` names.
    not: {
      type: 'object',
      required: ['network', 'network_file'],
      properties: { network: {}, network_file: {} },
      description: 'give network or network_file, not both',
    },
  },
  member: {
    type: 'object',
    required: ['identification', 'bicfi', 'business_role', 'country_code'],
    properties: {
      identification,
      bicfi: text,
      business_role: enumOf(businessRoles),
      country_code: text,
      operating_accounts: { type: 'array', items: accountName, minItems: 1 },
      member_state: enumOf(memberStates),
    },
  },
  asset: {
    type: 'object',
    required: ['tokenizer_identification', 'asset_code_identification'],
    properties: { tokenizer_identification: identification, asset_code_identification: currencyCode },
  },
  token: {
    type: 'object',
    required: ['member_identification', 'role'],
    properties: {
      member_identification: identification,
      role: enumOf(['viewer', 'manager', 'administrator']),
      accounts: { type: 'array', items: accountName },
      allowed_ips: { type: 'array', items: nonEmpty },
      endpoints: { type: 'array', items: nonEmpty },
    },
  },
  clock: {
    type: 'object',
    properties: { now: instant, advance_ms: instant },
    oneOf: [{ required: ['now'] }, { required: ['advance_ms'] }],
  },
  /** `POST /sim/faults` and `POST /sim/readings`: names to switch on and off. */
  switches: { type: 'object', properties: { enable: names, disable: names } },
  snapshot: { type: 'object', required: ['name'], properties: { name: snapshotName } },
} as const satisfies Record<string, JsonSchema>;

/**
 * An object of the control plane's answers: every field required but those named `optional`, as the
 * simulator writes them all. Its `required` list is derived, so it cannot leave a field out by mistake.
 */
function record<const P extends Record<string, JsonSchema>, const O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
): { type: 'object'; required: Exclude<keyof P & string, O>[]; properties: P } {
  const required = Object.keys(properties).filter((name) => !(optional as readonly string[]).includes(name));
  return { type: 'object', required: required as Exclude<keyof P & string, O>[], properties };
}

/** An account of a member: the control plane names every one (the spec's digitalAccount may leave the name out). */
const simAccount = record({ identification: text, distributed_ledger_account_address: text });

/** A registered asset: the control plane's assets always name their issuer (the spec's settlementInstrumentInfo may not). */
const simAsset = instrumentWithIssuer.items;

/** A member as the control plane shows it, with a fresh manager token: everything a harness needs to act as it. */
const simMember = record({
  identification: text,
  business_role: enumOf(businessRoles),
  country_code: text,
  bicfi: text,
  member_state: enumOf(memberStates),
  /** `emission` and the operating accounts. */
  accounts: listOf(simAccount),
  token: nonEmpty,
  token_expires_at: int64,
});

const ledgerAccount = record({ member: text, account: text });
/** An amount as the ledger writes it: a string with the ledger's fraction digits, `-` for a debt. */
const ledgerAmount = text;

const ledgerTransaction = record(
  {
    transaction_identification: text,
    transaction_reference_number: int64,
    timestamp: int64,
    status: enumOf(['success', 'failed']),
    memo: text,
    operations: listOf(
      record({
        from: ledgerAccount,
        to: ledgerAccount,
        asset: record({ code: text, issuer: text }),
        amount: ledgerAmount,
      }),
    ),
  },
  ['memo'],
);

/** A snapshot as the calls that take, list and delete one answer it: what it holds, counted. */
const snapshot = record({
  name: snapshotName,
  now: int64,
  members: int64,
  ledger_transactions: int64,
  quotations: int64,
  payments: int64,
});

/** What the control plane answers with 200. */
export const controlAnswers = {
  health: record({ status: text, version: text, spec_version: text }),
  network: record({ now: int64, members: listOf(simMember), assets: listOf(simAsset) }),
  member: simMember,
  asset: simAsset,
  token: record({ token: nonEmpty, expires_at: int64, session_expires_at: int64 }),
  clock: record({ now: int64 }),
  /** `GET`/`POST /sim/faults` and `/sim/readings`: every name of the catalogue, with its description and whether it is on. */
  switches: listOf(record({ name: text, description: text, enabled: boolean })),
  ledger: record({
    transactions: listOf(ledgerTransaction),
    balances: listOf(
      record({
        member_identification: text,
        account_identification: text,
        asset_code_identification: text,
        asset_issuer_identification: text,
        balance: ledgerAmount,
      }),
    ),
    credit_lines: listOf(
      record(
        {
          holderMember: text,
          holderAccount: text,
          assetCode: text,
          issuer: text,
          maximum_credit_limit: int64,
          state: enumOf(creditLineStates),
          end_to_end_identification: text,
        },
        ['end_to_end_identification'],
      ),
    ),
    issuance: listOf(
      record({
        asset_code_identification: text,
        asset_group_identification: text,
        asset_issuer_identification: text,
        minted: ledgerAmount,
        burned: ledgerAmount,
      }),
    ),
  }),
  retention: record({
    limits: { type: 'object', description: 'the most each store keeps (dss sim --retention)' },
    dropped: { type: 'object', description: 'entries each store dropped so far' },
  }),
  snapshot,
  snapshots: listOf(snapshot),
  /** `GET /sim/export`: a network file, YAML (docs/network.md). */
  export: {
    type: 'string',
    description: 'a network file (YAML) that --network and POST /sim/reset {network_file} read back',
  },
} as const satisfies Record<string, JsonSchema>;

export type ControlRequest<K extends keyof typeof controlRequests> = FromSchema<(typeof controlRequests)[K]>;
export type ControlAnswer<K extends keyof typeof controlAnswers> = FromSchema<(typeof controlAnswers)[K]>;

export interface ControlCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to `controlPrefix`; `{name}` is a snapshot's name. */
  path: string;
  summary: string;
  request?: keyof typeof controlRequests;
  answer: keyof typeof controlAnswers;
  /** The answer's media type when it is not JSON. */
  media?: 'application/yaml';
  /** Refusals of the call beyond a body its schema refuses and a client that is not on loopback. */
  refusals?: ReadonlyArray<{ status: 404 | 409; code: ErrorCode }>;
}

/** Every call of the control plane, in the order of docs/control-plane.md's table. */
export const controlCalls: readonly ControlCall[] = [
  {
    method: 'GET',
    path: '/health',
    summary: 'whether a simulator answers, with its version and the spec version',
    answer: 'health',
  },
  {
    method: 'POST',
    path: '/reset',
    summary: 'fresh state from a named network or a network file (faults and readings stay)',
    request: 'reset',
    answer: 'network',
  },
  {
    method: 'GET',
    path: '/network',
    summary: 'the clock, the members each with a fresh manager token, and the registered assets',
    answer: 'network',
  },
  {
    method: 'POST',
    path: '/members',
    summary: 'creates a member with emission and its operating accounts, answered with a manager token',
    request: 'member',
    answer: 'member',
  },
  {
    method: 'POST',
    path: '/assets',
    summary: 'registers a DSA (an ISO 4217 code) for a tokenizer',
    request: 'asset',
    answer: 'asset',
  },
  {
    method: 'POST',
    path: '/tokens',
    summary: 'starts a token session with chosen rights',
    request: 'token',
    answer: 'token',
  },
  { method: 'GET', path: '/clock', summary: 'the simulator clock', answer: 'clock' },
  {
    method: 'POST',
    path: '/clock',
    summary: 'moves the clock forward, by advance_ms or to now',
    request: 'clock',
    answer: 'clock',
  },
  {
    method: 'GET',
    path: '/ledger',
    summary: 'every ledger transaction kept, every balance and credit line, minted and burned per asset',
    answer: 'ledger',
  },
  {
    method: 'GET',
    path: '/retention',
    summary: 'the history bounds of each store and how many entries each dropped',
    answer: 'retention',
  },
  {
    method: 'GET',
    path: '/export',
    summary: 'the network as a network file that --network reads back',
    answer: 'export',
    media: 'application/yaml',
  },
  {
    method: 'POST',
    path: '/snapshots',
    summary: 'keeps a copy of the whole network under a name',
    request: 'snapshot',
    answer: 'snapshot',
    refusals: [{ status: 409, code: 'CONTROL-SNAPSHOT-EXISTS' }],
  },
  { method: 'GET', path: '/snapshots', summary: 'the snapshots kept, oldest first', answer: 'snapshots' },
  {
    method: 'POST',
    path: '/snapshots/{name}/restore',
    summary: 'replaces the network by a copy of the snapshot',
    answer: 'network',
    refusals: [{ status: 404, code: 'CONTROL-SNAPSHOT-NOT-FOUND' }],
  },
  {
    method: 'DELETE',
    path: '/snapshots/{name}',
    summary: 'forgets the snapshot',
    answer: 'snapshot',
    refusals: [{ status: 404, code: 'CONTROL-SNAPSHOT-NOT-FOUND' }],
  },
  { method: 'GET', path: '/faults', summary: 'every named fault and whether it is on', answer: 'switches' },
  { method: 'POST', path: '/faults', summary: 'switches faults on and off', request: 'switches', answer: 'switches' },
  { method: 'GET', path: '/readings', summary: 'every reading variant and whether it is played', answer: 'switches' },
  {
    method: 'POST',
    path: '/readings',
    summary: 'switches reading variants on and off',
    request: 'switches',
    answer: 'switches',
  },
];
