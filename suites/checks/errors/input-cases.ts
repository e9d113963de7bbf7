import type { Endpoint, JsonSchema } from '../../../schemas/catalogue-types.ts';
import { resourceNameOfRef, resourceSchemas } from '../../../schemas/resources.ts';
import { isSpecFormat } from '../../../schemas/spec-types.ts';

/**
 * The input columns of the spec's tables (Required, Type, the value sets and formats of its descriptions),
 * turned into requests that each break exactly one of them: a required field or query parameter left out,
 * a value of the wrong JSON type (a number given as a numeric string among them), a value outside its declared
 * set or format. Only the formats the spec
 * states count (an ISO code, a UUIDv4, base64, a listed set in any case: `isSpecFormat`), never the
 * reference's own input rules; likewise only what the spec's Required column requires is left out, never
 * an input the reference alone requires (a parameter marked `specOptional`, a field of the reference's
 * request form that the spec's resource leaves optional, lines 68, 271, 275, 414) nor one the spec gives
 * a default (line 207 "default main", 218 "eq (default)"), which a request may leave out. Read from the endpoint's request
 * schemas in schemas/ (the published description of the spec's tables), never written again here: a
 * check supplies one well-formed request per endpoint (`InputRequest`), and every case is that request
 * with one change. Fields nested one level down (the items of a list of objects, an object field) are
 * broken too, in the first item the request gives.
 */

export interface InputRequest {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

export interface InputCase {
  /** What is broken, as a failure message leads with it: `body funding_amount of the wrong type (number declared)`. */
  label: string;
  request: InputRequest;
}

/** A value that no declared set or spec-stated format of this API holds. */
export const OUTSIDE_ITS_SET = 'NOT-IN-ITS-SET';

/** Every request breaking one declared input rule of `endpoint`, from the well-formed `base`. */
export function inputCases(endpoint: Endpoint, base: InputRequest): InputCase[] {
  return [...queryCases(endpoint, base), ...bodyCases(endpoint, base)];
}

/** Whether the endpoint's tables declare any rule of the kinds above: a required query parameter, a typed or enumerated input, a body object. */
export function declaresInputRules(endpoint: Endpoint): boolean {
  const query = endpoint.params.filter((param) => param.in === 'query');
  if (
    query.some(
      (param) =>
        (param.required && !param.specOptional) ||
        enumOf(param.schema) !== null ||
        specFormat(param.schema) ||
        typedQuery(param.schema),
    )
  )
    return true;
  return endpoint.body !== undefined && propertiesOf(resolved(endpoint.body.schema)) !== null;
}

function queryCases(endpoint: Endpoint, base: InputRequest): InputCase[] {
  const cases: InputCase[] = [];
  const query = base.query ?? {};
  const withQuery = (change: Record<string, string | undefined>): InputRequest => ({
    ...base,
    query: definedOnly({ ...query, ...change }),
  });
  for (const param of endpoint.params.filter((candidate) => candidate.in === 'query')) {
    if (param.required && !param.specOptional && param.name in query)
      cases.push({ label: `query ${param.name} missing (required)`, request: withQuery({ [param.name]: undefined }) });
    if (enumOf(param.schema) !== null)
      cases.push({
        label: `query ${param.name} outside its set`,
        request: withQuery({ [param.name]: OUTSIDE_ITS_SET }),
      });
    if (specFormat(param.schema))
      cases.push({
        label: `query ${param.name} outside its format`,
        request: withQuery({ [param.name]: OUTSIDE_ITS_SET }),
      });
    if (typedQuery(param.schema))
      cases.push({
        label: `query ${param.name} not of type ${String(param.schema.type)}`,
        request: withQuery({ [param.name]: 'twelve' }),
      });
  }
  return cases;
}

function bodyCases(endpoint: Endpoint, base: InputRequest): InputCase[] {
  const body = base.body;
  if (endpoint.body === undefined || body === undefined) return [];
  const withBody = (value: Record<string, unknown>): InputRequest => ({ ...base, body: value });
  return objectCases(resolved(endpoint.body.schema), body, 'body').map(({ label, value }) => ({
    label,
    request: withBody(value),
  }));
}

/** The cases of one object: its own fields, then (one level down) the first item of each list of objects and each object field. */
function objectCases(
  schema: JsonSchema,
  value: Record<string, unknown>,
  where: string,
  depth = 0,
): Array<{ label: string; value: Record<string, unknown> }> {
  const properties = propertiesOf(schema);
  if (properties === null) return [];
  const cases: Array<{ label: string; value: Record<string, unknown> }> = [];
  const changed = (name: string, field: unknown) => ({ ...value, [name]: field });
  for (const name of specRequiredOf(schema)) {
    if (!(name in value)) continue;
    const { [name]: _left, ...rest } = value;
    cases.push({ label: `${where} ${name} missing (required)`, value: rest });
  }
  for (const [name, declared] of Object.entries(properties)) {
    const field = resolved(declared);
    const wrong = wrongTypeOf(field);
    if (wrong !== undefined)
      cases.push({
        label: `${where} ${name} of the wrong type (${String(field.type)} declared)`,
        value: changed(name, wrong),
      });
    const numeric = numericStringOf(field, value[name]);
    if (numeric !== undefined)
      cases.push({
        label: `${where} ${name} as a numeric string (${String(field.type)} declared)`,
        value: changed(name, numeric),
      });
    if (enumOf(field) !== null)
      cases.push({ label: `${where} ${name} outside its set`, value: changed(name, OUTSIDE_ITS_SET) });
    if (specFormat(field))
      cases.push({ label: `${where} ${name} outside its format`, value: changed(name, OUTSIDE_ITS_SET) });
    if (depth > 0) continue;
    const given = value[name];
    const items = field.type === 'array' && isSchema(field.items) ? resolved(field.items) : null;
    if (items !== null && Array.isArray(given) && isRecord(given[0])) {
      for (const inner of objectCases(items, given[0], `${where} ${name}[0]`, depth + 1))
        cases.push({ label: inner.label, value: changed(name, [inner.value, ...given.slice(1)]) });
    } else if (field.type === 'object' && isRecord(given)) {
      for (const inner of objectCases(field, given, `${where} ${name}.`, depth + 1))
        cases.push({ label: inner.label, value: changed(name, inner.value) });
    }
  }
  return cases;
}

/** A query string is text: only a number's or a boolean's column can be broken by its type. */
function typedQuery(schema: JsonSchema): boolean {
  return schema.type === 'integer' || schema.type === 'number' || schema.type === 'boolean';
}

/** A value of another JSON type than the one declared; undefined where no single type is declared. */
function wrongTypeOf(schema: JsonSchema): unknown {
  switch (schema.type) {
    case 'string':
      return 42;
    case 'number':
    case 'integer':
      return 'twelve';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return 'not an object';
    default:
      return undefined;
  }
}

/**
 * The request's own number written as a JSON string ("1" for 1), where the spec declares a number: the value
 * is right, its type is not, and a lenient parser would take it. Only where the request gives a number, so
 * that the type is the one thing changed.
 */
function numericStringOf(schema: JsonSchema, given: unknown): string | undefined {
  return (schema.type === 'number' || schema.type === 'integer') && typeof given === 'number' && Number.isFinite(given)
    ? String(given)
    : undefined;
}

/** A text column whose pattern is a format or value set the spec states. */
function specFormat(schema: JsonSchema): boolean {
  return schema.type === 'string' && typeof schema.pattern === 'string' && isSpecFormat(schema.pattern);
}

function enumOf(schema: JsonSchema): unknown[] | null {
  const values = schema.enum;
  return Array.isArray(values) && values.every((entry) => typeof entry === 'string') ? values : null;
}

/** A resource `$ref` replaced by the resource's schema; any other schema as it is. */
function resolved(schema: JsonSchema): JsonSchema {
  const name = typeof schema.$ref === 'string' ? resourceNameOfRef(schema.$ref) : undefined;
  return name === undefined ? schema : resourceSchemas[name];
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> | null {
  return schema.type === 'object' && isRecord(schema.properties)
    ? (schema.properties as Record<string, JsonSchema>)
    : null;
}

function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];
}

/**
 * The fields the spec requires of an object: those of the spec's resource where the schema is the
 * reference's request form of one (refined, named by its `title`), less those with a stated default.
 */
function specRequiredOf(schema: JsonSchema): string[] {
  const resource =
    typeof schema.title === 'string' && Object.hasOwn(resourceSchemas, schema.title)
      ? resourceSchemas[schema.title as keyof typeof resourceSchemas]
      : schema;
  const properties = propertiesOf(schema) ?? {};
  return requiredOf(resource).filter(
    (name) => properties[name] === undefined || !('default' in resolved(properties[name]!)),
  );
}

function definedOnly(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchema(value: unknown): value is JsonSchema {
  return isRecord(value);
}
