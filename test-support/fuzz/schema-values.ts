import fc from 'fast-check';
import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { resourceNameOfRef, resourceSchemas } from '../../schemas/resources.ts';

/**
 * Values shaped by the catalogue's JSON Schemas, for the fuzz test's bodies and parameters: every
 * declared field with a value of its declared type, patterns and enums honoured, free text from the
 * arbitrary the caller gives (so identifiers can be made to name nothing). Cross-field rules (`if`,
 * `not`) are not followed: callers that need a valid value filter with the validator. Also the walk
 * over a value and its schema that the mutations use to break one field on purpose.
 */

/** A schema with its `$ref` followed (the catalogue refers to resources by `$ref` only). */
export function resolved(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = resourceNameOfRef(ref);
  if (!name) throw new Error(`the fuzz test cannot follow $ref ${ref}`);
  return resolved(resourceSchemas[name]);
}

export function properties(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>;
}

export function requiredNames(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? (schema.required as string[]) : [];
}

const cache = new WeakMap<JsonSchema, WeakMap<fc.Arbitrary<string>, fc.Arbitrary<unknown>>>();

/** Values of `schema`, with `text` for strings that have no pattern, format or enum. */
export function valuesOf(schema: JsonSchema, text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const byText = cache.get(schema) ?? new WeakMap();
  cache.set(schema, byText);
  let arbitrary = byText.get(text);
  if (!arbitrary) {
    arbitrary = build(resolved(schema), text);
    byText.set(text, arbitrary);
  }
  return arbitrary;
}

function build(schema: JsonSchema, text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...base } = schema;
    return fc.oneof(...(branches as JsonSchema[]).map((branch) => valuesOf(withBranch(base, branch), text)));
  }
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string':
      return stringsOf(schema, text);
    case 'integer':
      return fc.oneof(fc.integer(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, 1e21));
    case 'number':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, 1e-7, 1e-8, 0.1, 1e308, -1),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valuesOf(schema.items as JsonSchema, text), { maxLength: 3 });
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(properties(schema)).map(([name, field]) => [name, valuesOf(field, text)]),
      );
      return fc.record(fields, { requiredKeys: requiredNames(schema) });
    }
    default:
      throw new Error(`the fuzz test has no values for schema ${JSON.stringify(schema)}`);
  }
}

/**
 * A branch of `anyOf`/`oneOf` read together with the schema around it: a branch often only adds
 * `required` to the properties its parent declares.
 */
function withBranch(base: JsonSchema, branch: JsonSchema): JsonSchema {
  if (Object.keys(base).length === 0) return branch;
  return {
    ...base,
    ...branch,
    properties: mergedProperties(properties(base), properties(branch)),
    required: [...new Set([...requiredNames(base), ...requiredNames(branch)])],
  };
}

/** A branch's property narrows the parent's (a `minItems`, say) without repeating its `items` or type. */
function mergedProperties(
  base: Record<string, JsonSchema>,
  branch: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const merged = { ...base };
  for (const [name, schema] of Object.entries(branch)) merged[name] = { ...(base[name] ?? {}), ...schema };
  return merged;
}

function stringsOf(schema: JsonSchema, text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  if (schema.contentEncoding === 'base64')
    return fc.uint8Array({ maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString('base64'));
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  return text;
}

/** A place in a value: the object or array holding it, its key, and the schema the value must follow. */
export interface Slot {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  schema: JsonSchema;
}

/** Every declared field present in `value` (nested ones too), with its schema. */
export function slotsOf(value: unknown, schema: JsonSchema): Slot[] {
  const shape = resolved(schema);
  if (Array.isArray(value) && shape.type === 'array') {
    const items = shape.items as JsonSchema;
    return value.flatMap((item, index) => [{ holder: value, key: index, schema: items }, ...slotsOf(item, items)]);
  }
  if (isObject(value) && shape.type === 'object') {
    return Object.entries(properties(shape)).flatMap(([name, field]) =>
      Object.hasOwn(value, name) ? [{ holder: value, key: name, schema: field }, ...slotsOf(value[name], field)] : [],
    );
  }
  return [];
}

/** Every object in `value` (itself included) whose schema requires fields, with that schema. */
export function objectsWithRequired(
  value: unknown,
  schema: JsonSchema,
): Array<{ object: Record<string, unknown>; schema: JsonSchema }> {
  const candidates = [
    { value, schema },
    ...slotsOf(value, schema).map((slot) => ({ value: read(slot), schema: slot.schema })),
  ];
  return candidates.flatMap((candidate) => {
    const shape = resolved(candidate.schema);
    return isObject(candidate.value) && shape.type === 'object' && requiredNames(shape).length > 0
      ? [{ object: candidate.value, schema: shape }]
      : [];
  });
}

export function read(slot: Slot): unknown {
  return Array.isArray(slot.holder) ? slot.holder[slot.key as number] : slot.holder[slot.key as string];
}

export function write(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.holder)) slot.holder[slot.key as number] = value;
  else slot.holder[slot.key as string] = value;
}

/** A plain JSON object (not an array, nor a RawJson or other class instance). */
export function isObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
