import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { readingsSchema } from '../../protocol/readings.ts';
import { checkIdPattern } from './check-id.ts';

/**
 * The JSON Schema of a target profile (before defaults are applied). Objects that list `properties`
 * and say nothing about `additionalProperties` are closed: `unknownFields` reports a stray key by
 * name with the valid choices, which a plain `additionalProperties: false` error cannot do.
 */

export const requiredRoles = ['tokenizer', 'mmA', 'mmB'] as const;

/**
 * Members some checks need besides the three required ones, each what a vendor's portal or onboarding
 * can provide (docs/profiles.md says what each must be); a check that needs one that is absent is not
 * verified here. On a simulator they are made per check through the control plane.
 */
export const optionalRoles = ['blank_maker', 'blank_tokenizer', 'second_tokenizer', 'blocked', 'line_holder'] as const;

/**
 * Extra tokens of one member, with the rights the portal gave them, each for the checks of one rule
 * (docs/profiles.md): read-only, limited to accounts, to endpoints, to addresses, a second session, a
 * token without the issuance account, one that gives access to no account, a fresh token left to expire and one
 * renewed once and then left to expire (--slow).
 */
export const credentialNames = [
  'viewer',
  'accounts',
  'endpoints',
  'ip_elsewhere',
  'ip_here',
  'session',
  'without_emission',
  'no_accounts',
  'expiry',
  'renewed_expiry',
] as const;
export const accessRights = ['viewer', 'manager', 'administrator'] as const;
export const controlKinds = ['simulator', 'none'] as const;

const nonEmpty = { type: 'string', minLength: 1 };
const checkIds = { type: 'array', uniqueItems: true, items: { type: 'string', pattern: checkIdPattern.source } };
const milliseconds = { type: 'integer', minimum: 1 };
const hostName = {
  type: 'string',
  maxLength: 253,
  pattern: '^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$',
};

const asset = {
  type: 'object',
  required: ['asset_code_identification', 'asset_issuer_identification'],
  properties: { asset_code_identification: nonEmpty, asset_issuer_identification: nonEmpty },
};

const names = { type: 'array', minItems: 1, uniqueItems: true, items: nonEmpty };

/**
 * A token and the rights it was issued with (spec, Authentication 3); absent rights mean "all". Its accounts
 * may be none (`accounts: []`): a token that gives access to no account (accounts.none-open).
 */
const credential = {
  type: 'object',
  required: ['token'],
  properties: {
    token: nonEmpty,
    role: { enum: [...accessRights] },
    accounts: { type: 'array', uniqueItems: true, items: nonEmpty },
    endpoints: names,
    allowed_ips: names,
  },
};

const member = {
  type: 'object',
  required: ['identification', 'token', 'accounts'],
  properties: {
    identification: nonEmpty,
    token: nonEmpty,
    // Operating accounts; the first is the member's default.
    accounts: names,
    assets: { type: 'array', items: asset },
    tokens: { type: 'object', properties: Object.fromEntries(credentialNames.map((name) => [name, credential])) },
  },
};

/** One set of members, keyed by role; more roles than the required ones are allowed. */
const memberSet = {
  type: 'object',
  required: [...requiredRoles],
  propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
  additionalProperties: member,
};

export const profileSchema: JsonSchema = {
  type: 'object',
  // `members` or `member_sets` (parseProfile says when both or neither are given).
  required: ['base_url'],
  properties: {
    base_url: { type: 'string', pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$' },
    // The {service_domain} that ends the target's addressing identifiers (GET /account-address).
    service_domain: hostName,
    members: memberSet,
    // Several sets of members, one per shard or parallel worker: two runs must never share a member.
    member_sets: { type: 'array', minItems: 1, items: memberSet },
    capabilities: {
      type: 'object',
      properties: {
        control: { enum: [...controlKinds] },
        areas: { type: 'array', uniqueItems: true, items: nonEmpty },
      },
    },
    timeouts: { type: 'object', properties: { request_ms: milliseconds, check_ms: milliseconds } },
    // How a 429 is waited out when it gives no Retry-After (suites/runtime/rate-limit.ts).
    rate_limit: {
      type: 'object',
      properties: {
        backoff_ms: milliseconds,
        max_backoff_ms: milliseconds,
        seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
      },
    },
    expected_failures: checkIds,
    quarantine: checkIds,
    // The target's readings of the open points one request cannot accept both ways (docs/readings.md).
    readings: readingsSchema,
    // How the target is reached (docs/profiles.md, "TLS" and "Proxies"); tls-material.ts and
    // proxy-choice.ts check what a schema cannot (files, the material itself, the proxy URL).
    tls: {
      type: 'object',
      properties: {
        ca: nonEmpty,
        cert: nonEmpty,
        key: nonEmpty,
        pfx: nonEmpty,
        passphrase: { type: 'string' },
        servername: hostName,
      },
    },
    proxy: {
      type: 'object',
      required: ['url'],
      properties: { url: nonEmpty, no_proxy: { type: 'array', items: nonEmpty } },
    },
  },
};

/** "/capabilities: unknown field "contrl" (valid: control, areas)" for every key a closed object does not list. */
export { unknownFields } from '../../schemas/unknown-fields.ts';
