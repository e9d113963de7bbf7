import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { checkIdPattern } from './check-id.ts';

/**
 * The JSON Schema of a target profile (before defaults are applied). Objects that list `properties`
 * and say nothing about `additionalProperties` are closed: `unknownFields` reports a stray key by
 * name with the valid choices, which a plain `additionalProperties: false` error cannot do.
 */

export const requiredRoles = ['tokenizer', 'mmA', 'mmB'] as const;
export const controlKinds = ['simulator', 'none'] as const;

const nonEmpty = { type: 'string', minLength: 1 };
const checkIds = { type: 'array', uniqueItems: true, items: { type: 'string', pattern: checkIdPattern.source } };
const milliseconds = { type: 'integer', minimum: 1 };
const hostName = { type: 'string', maxLength: 253, pattern: '^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$' };

const asset = {
  type: 'object',
  required: ['asset_code_identification', 'asset_issuer_identification'],
  properties: { asset_code_identification: nonEmpty, asset_issuer_identification: nonEmpty },
};

const member = {
  type: 'object',
  required: ['identification', 'token', 'accounts'],
  properties: {
    identification: nonEmpty,
    token: nonEmpty,
    // Operating accounts; the first is the member's default.
    accounts: { type: 'array', minItems: 1, uniqueItems: true, items: nonEmpty },
    assets: { type: 'array', items: asset },
  },
};

export const profileSchema: JsonSchema = {
  type: 'object',
  required: ['base_url', 'members'],
  properties: {
    base_url: { type: 'string', pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$' },
    // The {service_domain} that ends the target's addressing identifiers (GET /account-address).
    service_domain: hostName,
    // Keyed by role; more roles than the three required ones are allowed.
    members: {
      type: 'object',
      required: [...requiredRoles],
      propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
      additionalProperties: member,
    },
    capabilities: {
      type: 'object',
      properties: {
        control: { enum: [...controlKinds] },
        areas: { type: 'array', uniqueItems: true, items: nonEmpty },
      },
    },
    timeouts: { type: 'object', properties: { request_ms: milliseconds, check_ms: milliseconds } },
    expected_failures: checkIds,
    quarantine: checkIds,
  },
};

/** "/capabilities: unknown field "contrl" (valid: control, areas)" for every key a closed object does not list. */
export { unknownFields } from '../../schemas/unknown-fields.ts';
