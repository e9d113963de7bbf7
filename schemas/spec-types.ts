import type { JsonSchema } from './catalogue-types.ts';

/**
 * The spec's type notation ("string, integer, number (int64), number (float64), number (decimal),
 * boolean, date, byte, [ X ]") and the formats it states, as JSON Schema fragments without
 * descriptions: resources and endpoint inputs add their own wording around the same fragment.
 * Only formats the spec itself states are here; the simulator's own choices (semantics.md) are
 * enforced by domain code, so that the harness never holds a vendor to them through a schema.
 */

export const patterns = {
  countryCode: '^[A-Z]{2}$', // ISO 3166-1 alpha-2
  currencyCode: '^[A-Z]{3}$', // ISO 4217; also the asset code of a DSA
  dsoCode: '^[A-Z]{3}DSO$', // ISO 4217 code followed by DSO
  assetCode: '^[A-Z]{3}(DSO)?$', // DSA or DSO code
  // Standard alphabet with padding, whole string (ajv-formats' `byte` matches per line, so not used).
  base64: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
  uuidV4: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$',
  // <request_uuid>-<member_identification of the answering member>
  quotationUuid: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}-.+$',
  hourMinute: '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$',
  digits: '^[0-9]+$',
  // <namespace>:<message>.<variant>.<version>, e.g. iso20022:pacs.008.001.08
  financialMessageType: '^[A-Za-z0-9]+:[A-Za-z]+\\.[0-9]+\\.[0-9]+\\.[0-9]+$',
  // <account_identification>*<country_code>.<member_identification>.{service_domain}; the account may be empty.
  addressingIdentification: '^[^*]*\\*[^.]+\\.[^.]+\\..+$',
  // The compact JWS form of a JWT: three base64url parts.
  jwt: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$',
} as const;

export const text: JsonSchema = { type: 'string' };
export const boolean: JsonSchema = { type: 'boolean' };
export const integer: JsonSchema = { type: 'integer' };
/** int64 values are milliseconds or counts: JSON integers. */
export const int64: JsonSchema = { type: 'integer', format: 'int64' };
export const float64: JsonSchema = { type: 'number', format: 'double' };
/** Decimals travel as JSON numbers; the simulator turns them into fixed-point values on arrival. */
export const decimal: JsonSchema = { type: 'number' };
export const byte: JsonSchema = { type: 'string', contentEncoding: 'base64', pattern: patterns.base64 };
export const date: JsonSchema = { type: 'string', format: 'date' };
export const uuidV4: JsonSchema = { type: 'string', format: 'uuid', pattern: patterns.uuidV4 };
export const countryCode: JsonSchema = { type: 'string', pattern: patterns.countryCode };
export const currencyCode: JsonSchema = { type: 'string', pattern: patterns.currencyCode };
export const dsoCode: JsonSchema = { type: 'string', pattern: patterns.dsoCode };
export const assetCode: JsonSchema = { type: 'string', pattern: patterns.assetCode };
/** Query values arrive as strings, so an integer query is a string of digits. */
export const digitString: JsonSchema = { type: 'string', pattern: patterns.digits };

export function pattern(source: string): JsonSchema {
  return { type: 'string', pattern: source };
}

export function enumOf(values: readonly (string | number)[]): JsonSchema {
  return typeof values[0] === 'number' ? { type: 'integer', enum: [...values] } : { type: 'string', enum: [...values] };
}

export function listOf(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

export function describe(schema: JsonSchema, description: string): JsonSchema {
  return { ...schema, description };
}
