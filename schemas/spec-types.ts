import type { JsonSchema } from './catalogue-types.ts';
import { iso4217Codes } from './iso4217.ts';

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
  // <namespace>:<message>.<variant>.<version>, e.g. iso20022:pacs.008.001.08 (whose <message> is pacs.008): a
  // namespace, a colon, then at least three non-empty parts between dots. The spec gives no alphabet for any
  // part, so none is demanded; iso20022 and the ISO 20022 numbering are the reference's (PRE-MESSAGE-ENVELOPE).
  financialMessageType: '^[^:.]+:[^:.]+(?:\\.[^:.]+){2,}$',
  // <account_identification>*<country_code>.<member_identification>.{service_domain}; the account may be empty.
  addressingIdentification: '^[^*]*\\*[^.]+\\.[^.]+\\..+$',
  // The compact JWS form of a JWT: three base64url parts.
  jwt: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$',
} as const;

/**
 * The reference simulator's own input rules (semantics.md), stricter than the spec. They shape what the
 * simulator accepts in requests only (inputs.ts, the request bodies of resources.ts that no answer
 * carries, the catalogue's parameters), never the answers the harness judges a vendor by.
 */
export const referencePatterns = {
  memberIdentification: '^[A-Za-z0-9-]{5,32}$', // semantics §1
  accountIdentification: '^[A-Za-z0-9_-]{1,32}$', // semantics §1
  // <request_uuid>-<member_identification>: any UUID, then a member identifier (semantics §7)
  quotationUuid: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}-[A-Za-z0-9-]{5,32}$',
  // now, or a transaction_reference_number: a positive integer of at most 15 digits (always exact in a double)
  listeningReference: '^(?:now|[1-9][0-9]{0,14})$',
  // <account>*<country>.<member>.<domain>: one `*`, a two-letter country, a member, a domain of non-empty labels
  addressingIdentification: '^[^*]*\\*[A-Za-z]{2}\\.[^.*]+(?:\\.[^.*]+)+$',
  // "latitude,longitude" in plain decimal degrees within [-90, 90] and [-180, 180], blanks around each
  geoCoordinates:
    '^\\s*[+-]?(?:0*(?:[0-8]?[0-9](?:\\.[0-9]*)?|90(?:\\.0*)?)|\\.[0-9]+)\\s*,\\s*[+-]?(?:0*(?:1[0-7][0-9]|[0-9]?[0-9])(?:\\.[0-9]*)?|0*180(?:\\.0*)?|\\.[0-9]+)\\s*$',
  // A DSO code whose first three letters are a live ISO 4217 code (semantics §2)
  dsoCode: `^(?:${iso4217Codes.join('|')})DSO$`,
} as const;

/**
 * What `patterns.base64` accepts, said as a length that is a multiple of 4 and the alphabet followed by at
 * most two `=`: the same strings (validators.test.ts compares the two), at a fraction of the cost on a
 * few kilobytes, since the pattern's group per four characters makes V8 keep a backtracking entry for each.
 */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && base64Alphabet.test(text);
}
const base64Alphabet = /^[A-Za-z0-9+/]*={0,2}$/;

// Each fragment keeps its literal type (`as const`) so that resources.ts `FromSchema` can derive the TypeScript type
// of every resource built from them; `satisfies` still holds each to the JSON Schema shape.
export const text = { type: 'string' } as const satisfies JsonSchema;
export const boolean = { type: 'boolean' } as const satisfies JsonSchema;
export const integer = { type: 'integer' } as const satisfies JsonSchema;
/** int64 values are milliseconds or counts: JSON integers. */
export const int64 = { type: 'integer', format: 'int64' } as const satisfies JsonSchema;
export const float64 = { type: 'number', format: 'double' } as const satisfies JsonSchema;
/** Decimals travel as JSON numbers; the simulator turns them into fixed-point values on arrival. */
export const decimal = { type: 'number' } as const satisfies JsonSchema;
export const byte = {
  type: 'string',
  contentEncoding: 'base64',
  pattern: patterns.base64,
} as const satisfies JsonSchema;
export const date = { type: 'string', format: 'date' } as const satisfies JsonSchema;
export const uuidV4 = { type: 'string', format: 'uuid', pattern: patterns.uuidV4 } as const satisfies JsonSchema;
export const countryCode = { type: 'string', pattern: patterns.countryCode } as const satisfies JsonSchema;
export const currencyCode = { type: 'string', pattern: patterns.currencyCode } as const satisfies JsonSchema;
export const dsoCode = { type: 'string', pattern: patterns.dsoCode } as const satisfies JsonSchema;
export const assetCode = { type: 'string', pattern: patterns.assetCode } as const satisfies JsonSchema;

/** A string the reference requires to be non-empty (an identifier, a name). */
export const nonEmpty = { type: 'string', minLength: 1 } as const satisfies JsonSchema;

/**
 * An amount the reference accepts: above zero, with at most 7 fraction digits (semantics §3). The
 * `amount` format is this project's (validators.ts defines it); a tool that does not know it still
 * reads the type and the bound, and the description says the rest.
 */
export const positiveAmount = {
  type: 'number',
  exclusiveMinimum: 0,
  format: 'amount',
  description: 'above zero, at most 7 fraction digits',
} as const satisfies JsonSchema;
/** An amount that may be zero (a missing minimum is zero). */
export const amountOrZero = {
  type: 'number',
  minimum: 0,
  format: 'amount',
  description: 'zero or more, at most 7 fraction digits',
} as const satisfies JsonSchema;

/**
 * The spec's formats and value sets written for the reference's case-insensitive filters (semantics §12):
 * they accept more than the spec's own form, never less, so a value they refuse breaks the spec too.
 */
const anyCasePatterns = new Set<string>();

/** One of `values`, compared case-insensitively as the simulator's filters compare (semantics §12). */
export function caseInsensitiveEnum(values: readonly string[]): JsonSchema {
  const letters = (value: string) =>
    [...value]
      .map((c) =>
        c.toLowerCase() !== c.toUpperCase()
          ? `[${c.toUpperCase()}${c.toLowerCase()}]`
          : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
  const source = `^(?:${values.map(letters).join('|')})$`;
  anyCasePatterns.add(source);
  return { type: 'string', pattern: source, description: `one of ${values.join(', ')} (any case)` };
}

/** An ISO 3166-1 alpha-2 code in any case, for a filter (semantics §12): two letters. */
export const countryCodeAnyCase: JsonSchema = {
  type: 'string',
  pattern: '^[A-Za-z]{2}$',
  description: 'ISO 3166-1 alpha-2, any case',
};
anyCasePatterns.add(countryCodeAnyCase.pattern as string);

/**
 * Whether a pattern is a format or value set the spec states (`patterns`, or one of them in any case),
 * not one of the reference's own input rules (`referencePatterns`): a value it refuses is an invalid
 * parameter in every reading of the spec.
 */
export function isSpecFormat(source: string): boolean {
  return (Object.values(patterns) as string[]).includes(source) || anyCasePatterns.has(source);
}

export function pattern(source: string): { type: 'string'; pattern: string } {
  return { type: 'string', pattern: source };
}

/** A closed value set; its type is the union of the values (resources.ts `FromSchema`). */
export function enumOf<const V extends string | number>(
  values: readonly V[],
): { type: V extends number ? 'integer' : 'string'; enum: V[] } {
  const type = typeof values[0] === 'number' ? 'integer' : 'string';
  return { type: type as V extends number ? 'integer' : 'string', enum: [...values] };
}

export function listOf<const I extends JsonSchema>(items: I): { type: 'array'; items: I } {
  return { type: 'array', items };
}

export function describe<S extends JsonSchema>(schema: S, description: string): S & { description: string } {
  return { ...schema, description };
}

export interface Refinement<R extends string = string> {
  /** Per property, keywords added to (or replacing those of) its schema. */
  properties?: Record<string, JsonSchema>;
  /** Properties that become required. */
  required?: readonly R[];
  /** Keywords added to the object schema itself (oneOf, anyOf, ...). */
  rules?: JsonSchema;
}

/**
 * An object schema made stricter: the reference's request form of a spec resource, written inline
 * (no `$id`), with the resource's name as its title so a reader still sees which resource it is.
 */
export function refine<B extends JsonSchema, R extends string = never>(
  base: B,
  { properties = {}, required = [], rules = {} }: Refinement<R>,
): Refined<B, R> {
  const { $id: _id, ...rest } = base;
  const baseProperties = (base.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of [...Object.keys(properties), ...required]) {
    if (!Object.hasOwn(baseProperties, name)) throw new Error(`refine: ${String(base.title)} has no property ${name}`);
  }
  const baseRequired = (base.required ?? []) as string[];
  const refined: JsonSchema = {
    ...rest,
    required: [...new Set([...baseRequired, ...required])],
    properties: Object.fromEntries(
      Object.entries(baseProperties).map(([name, schema]) => [name, stricter(schema, properties[name])]),
    ),
    ...rules,
  };
  return refined as Refined<B, R>;
}

/**
 * The type of a refined schema: the base's properties with more of them required. A property keeps the
 * base's type, since a refinement only narrows its values (bounds, patterns), which the validator checks.
 */
export type Refined<B, R extends string> = Omit<B, '$id' | 'required'> & { required: (RequiredNames<B> | R)[] };

/** A property's schema with the refinement's keywords; both descriptions are kept, the field's first. */
function stricter(schema: JsonSchema, change: JsonSchema | undefined): JsonSchema {
  if (!change) return schema;
  const description = [schema.description, change.description].filter((part) => typeof part === 'string').join('; ');
  return { ...schema, ...change, ...(description ? { description } : {}) };
}

/** The names an object schema lists as `required`. */
export type RequiredNames<S> = S extends { readonly required?: readonly (infer R)[] } ? Extract<R, string> : never;
