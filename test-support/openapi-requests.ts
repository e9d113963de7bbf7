import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { request, type Agent } from 'node:http';
import { startSimulator, type RunningSimulator } from '../simulator/server.ts';
import { controlTag } from '../schemas/control.ts';

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
const DOCUMENT_ID = 'https://openapi-drift.invalid/document';

/**
 * Requests generated from an OpenAPI 3.1 document alone, as an OpenAPI-driven tool would build them:
 * valid ones (fast-check, from the parameter and body schemas, with the document's examples mixed in)
 * and, from one valid request, every request that breaks exactly one constraint the document
 * declares (a pattern, an enum, a bound, a length, a required field, a oneOf/anyOf, a type). The
 * openapi-drift test sends both kinds to the simulator. Only the JSON Schema keywords the document
 * uses are read; an unknown one fails loudly, so the generator cannot silently go blind.
 */

/** A simulator with the demo network, its published document, and a token of each interface's caller. */
export interface DocumentedSimulator {
  sim: RunningSimulator;
  document: Record<string, unknown>;
  tokens: Record<'tokenizer' | 'member', string>;
}

/** Starts a simulator and reads what the document tests need from it: /openapi.json and two members' tokens. */
export async function startDocumentedSimulator(): Promise<DocumentedSimulator> {
  const sim = await startSimulator({ port: 0 });
  const document = (await (await fetch(`${sim.url}/openapi.json`)).json()) as Record<string, unknown>;
  const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
    members: Array<{ identification: string; token: string }>;
  };
  const tokenOf = (id: string) => network.members.find((member) => member.identification === id)!.token;
  return { sim, document, tokens: { tokenizer: tokenOf('tokenizer-usd'), member: tokenOf('mm-london') } };
}

export type Schema = { [keyword: string]: unknown };

export interface DocParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
  example?: unknown;
}

export interface DocOperation {
  id: string;
  method: string;
  path: string;
  parameters: DocParameter[];
  body?: { required: boolean; schema: Schema; example?: unknown };
  statuses: Set<number>;
  inputRefusalStatus: number;
  refusalCodes: Set<string>;
}

export interface GeneratedRequest {
  params: Record<string, string>;
  /** `undefined`: no body is sent. */
  body: unknown;
  /** For a request that breaks the document: which constraint, where. */
  broken?: string;
}

export function documentOperations(document: Record<string, unknown>): DocOperation[] {
  const operations: DocOperation[] = [];
  for (const [path, item] of Object.entries(
    document.paths as Record<string, Record<string, Record<string, unknown>>>,
  )) {
    for (const [method, operation] of Object.entries(item)) {
      // The control plane's calls reset and reshape the network the requests run against: not the API's.
      if ((operation.tags as string[]).includes(controlTag)) continue;
      const body = operation.requestBody as
        { required: boolean; content: Record<string, { schema: Schema; example?: unknown }> } | undefined;
      const media = body?.content['application/json'];
      operations.push({
        id: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []) as DocParameter[],
        ...(body && media
          ? {
              body: {
                required: body.required,
                schema: media.schema,
                ...(Object.hasOwn(media, 'example') ? { example: media.example } : {}),
              },
            }
          : {}),
        statuses: new Set(Object.keys(operation.responses as object).map(Number)),
        inputRefusalStatus: operation['x-dss-input-refusal-status'] as number,
        refusalCodes: new Set((operation['x-dss-refusals'] as Array<{ code: string }>).map((refusal) => refusal.code)),
      });
    }
  }
  return operations;
}

/** The document's validity, as an OpenAPI tool reads it: its own ajv, its own `amount` format. */
export function documentValidator(doc: Record<string, unknown>): (schema: Schema, value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  // "at most 7 fraction digits" of the number as written (its shortest decimal text).
  ajv.addFormat('amount', {
    type: 'number',
    validate: (value: number) => {
      const [mantissa = '', exponent = '0'] = String(value).split('e');
      return (mantissa.split('.')[1] ?? '').length - Number(exponent) <= 7;
    },
  });
  ajv.addSchema({ $id: DOCUMENT_ID, components: doc.components });
  const compiled = new Map<string, ValidateFunction>();
  return (schema, value) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`);
    let check = compiled.get(text);
    if (!check) compiled.set(text, (check = ajv.compile(JSON.parse(text) as Schema)));
    return check(value);
  };
}

/** A parameter's text, read as OpenAPI's simple style reads it: an integer schema takes integer text as a number. */
export function parameterValue(parameter: DocParameter, text: string): unknown {
  return parameter.schema.type === 'integer' && /^-?[0-9]+$/.test(text) ? Number(text) : text;
}

export function requestIsValid(
  operation: DocOperation,
  generated: GeneratedRequest,
  isValid: (schema: Schema, value: unknown) => boolean,
): boolean {
  for (const parameter of operation.parameters) {
    const text = generated.params[parameter.name];
    if (text === undefined) {
      if (parameter.required) return false;
    } else if (!isValid(parameter.schema, parameterValue(parameter, text))) return false;
  }
  if (!operation.body) return true;
  if (generated.body === undefined) return !operation.body.required;
  return isValid(operation.body.schema, generated.body);
}

/** Resolves the document's local `$ref`s (`#/components/schemas/x`). */
export class SchemaReader {
  constructor(private readonly document: Record<string, unknown>) {}

  resolve(schema: Schema): Schema {
    if (typeof schema.$ref !== 'string') return schema;
    let target: unknown = this.document;
    for (const part of schema.$ref.slice(2).split('/')) target = (target as Record<string, unknown>)[part];
    const { $ref: _ref, ...rest } = schema;
    return { ...(target as Schema), ...rest };
  }

  /** Valid values of a schema. */
  valid(raw: Schema, example?: unknown): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    const generated = this.generate(schema);
    return example === undefined
      ? generated
      : fc.oneof({ arbitrary: fc.constant(example), weight: 1 }, { arbitrary: generated, weight: 2 });
  }

  private generate(schema: Schema): fc.Arbitrary<unknown> {
    if (Object.hasOwn(schema, 'const')) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    if (Array.isArray(schema.anyOf) && schema.type === undefined)
      return fc.oneof(...(schema.anyOf as Schema[]).map((branch) => this.valid(branch)));
    switch (schema.type) {
      case 'string':
        return this.string(schema);
      case 'integer': {
        const min = BigInt(Math.ceil(bound(schema.minimum, schema.exclusiveMinimum, 1, -(2 ** 31))));
        const max = BigInt(Math.floor(bound(schema.maximum, schema.exclusiveMaximum, -1, Number.MAX_SAFE_INTEGER)));
        return fc.bigInt({ min, max }).map(Number);
      }
      case 'number':
        return schema.format === 'amount'
          ? amount(schema)
          : fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(this.valid(schema.items as Schema), {
          minLength: (schema.minItems as number) ?? 0,
          maxLength: Math.min((schema.maxItems as number) ?? 3, 3),
        });
      case 'object':
        return this.object(schema);
      default:
        throw new Error(`openapi-requests: no generator for ${JSON.stringify(schema).slice(0, 200)}`);
    }
  }

  private string(schema: Schema): fc.Arbitrary<string> {
    if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern as string, 'u'));
    if (schema.format === 'date')
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
        .map((day) => day.toISOString().slice(0, 10));
    const minLength = (schema.minLength as number) ?? 0;
    return fc.string({ unit: 'grapheme-ascii', minLength, maxLength: minLength + 12 });
  }

  /**
   * An object: its required properties, some optional ones. `if`/`then` adds the then's required
   * ones; a oneOf of single `required` keeps exactly one of them; an anyOf picks one branch.
   */
  private object(schema: Schema): fc.Arbitrary<unknown> {
    if (Array.isArray(schema.anyOf)) {
      const { anyOf, ...base } = schema;
      return fc.oneof(...(anyOf as Schema[]).map((branch) => this.object(mergeObjects(base, branch))));
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set([
      ...((schema.required ?? []) as string[]),
      ...(((schema.then as Schema | undefined)?.required ?? []) as string[]),
    ]);
    const exactlyOne = Array.isArray(schema.oneOf)
      ? (schema.oneOf as Schema[]).map((branch) => (branch.required as string[])[0]!)
      : [];
    for (const name of exactlyOne) required.add(name);
    const record = fc.record(
      Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, this.valid(property)])),
      { requiredKeys: [...required].filter((name) => Object.hasOwn(properties, name)) },
    );
    if (exactlyOne.length === 0) return record;
    return fc.tuple(record, fc.constantFrom(...exactlyOne)).map(([value, kept]) => {
      const object = { ...(value as Record<string, unknown>) };
      for (const name of exactlyOne) if (name !== kept) delete object[name];
      return object;
    });
  }

  /**
   * Every way to break exactly one declared constraint of `raw` at `value`, with where: each is a
   * candidate, which the caller keeps only if the document's schema indeed refuses it.
   */
  breaks(raw: Schema, value: unknown, where: string, asText = false): Array<{ value: unknown; broken: string }> {
    const schema = this.resolve(raw);
    const out: Array<{ value: unknown; broken: string }> = [];
    const add = (broken: unknown, what: string) => out.push({ value: broken, broken: `${where}: ${what}` });
    if (Object.hasOwn(schema, 'const')) add(schema.const === true ? false : `${String(schema.const)}-x`, 'const');
    if (Array.isArray(schema.enum)) add(`${String(schema.enum[0])}-not-listed`, 'enum');
    if (typeof schema.pattern === 'string') {
      for (const candidate of ['x', '!', `${String(value)}!`, `!${String(value)}`, ' ', '0'])
        add(candidate, `pattern ${schema.pattern.slice(0, 40)}`);
    }
    if (typeof schema.minLength === 'number' && schema.minLength > 0) add('', 'minLength');
    if (schema.type === 'integer' || schema.type === 'number') {
      if (typeof schema.minimum === 'number') add(show(schema.minimum - 1, asText), 'minimum');
      if (typeof schema.exclusiveMinimum === 'number') add(show(schema.exclusiveMinimum, asText), 'exclusiveMinimum');
      if (typeof schema.maximum === 'number') add(show(schema.maximum + 1, asText), 'maximum');
      if (schema.format === 'amount') add(show(0.12345678, asText), 'format amount (7 fraction digits)');
      if (schema.type === 'integer') add(show(1.5, asText), 'type integer');
    }
    if (!asText && schema.type !== undefined && schema.type !== 'string')
      add('a string', `type ${String(schema.type)}`);
    if (!asText && schema.type === 'string') add(12345, 'type string');
    if (schema.type === 'array' && Array.isArray(value)) {
      if (typeof schema.minItems === 'number' && schema.minItems > 0) add([], 'minItems');
      if (typeof schema.maxItems === 'number' && value.length > 0)
        add(
          Array.from({ length: schema.maxItems + 1 }, () => value[0]),
          'maxItems',
        );
      value.forEach((item, index) =>
        out.push(
          ...this.breaks(schema.items as Schema, item, `${where}/${index}`).map(({ value: broken, broken: what }) => ({
            value: value.map((v, i) => (i === index ? broken : v)),
            broken: what,
          })),
        ),
      );
    }
    if (schema.type === 'object' && isObject(value)) out.push(...this.objectBreaks(schema, value, where));
    return out;
  }

  private objectBreaks(
    schema: Schema,
    value: Record<string, unknown>,
    where: string,
  ): Array<{ value: unknown; broken: string }> {
    const out: Array<{ value: unknown; broken: string }> = [];
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required ?? []) as string[]) {
      const { [name]: _dropped, ...rest } = value;
      out.push({ value: rest, broken: `${where}: required ${name}` });
    }
    if (Array.isArray(schema.oneOf)) {
      const names = (schema.oneOf as Schema[]).map((branch) => (branch.required as string[])[0]!);
      const given = names.find((name) => Object.hasOwn(value, name));
      const other = names.find((name) => name !== given);
      if (given && other)
        out.push({
          value: { ...value, [other]: value[given] },
          broken: `${where}: oneOf (both ${given} and ${other})`,
        });
      out.push({
        value: Object.fromEntries(Object.entries(value).filter(([name]) => !names.includes(name))),
        broken: `${where}: oneOf (none of ${names.join(', ')})`,
      });
    }
    if (Array.isArray(schema.anyOf)) out.push({ value: {}, broken: `${where}: anyOf (no branch)` });
    for (const [name, property] of Object.entries(properties)) {
      if (!Object.hasOwn(value, name)) continue;
      out.push(
        ...this.breaks(property, value[name], `${where}/${name}`).map(({ value: broken, broken: what }) => ({
          value: { ...value, [name]: broken },
          broken: what,
        })),
      );
    }
    return out;
  }
}

/** An amount with at most 7 fraction digits within the schema's bounds. */
function amount(schema: Schema): fc.Arbitrary<number> {
  const floor = typeof schema.exclusiveMinimum === 'number' ? 1n : 0n;
  return fc
    .tuple(fc.bigInt({ min: floor, max: 10n ** 12n }), fc.integer({ min: 0, max: 7 }))
    .map(([units, scale]) => Number(`${units}e-${scale}`));
}

function bound(inclusive: unknown, exclusive: unknown, step: number, otherwise: number): number {
  if (typeof inclusive === 'number') return inclusive;
  if (typeof exclusive === 'number') return exclusive + step;
  return otherwise;
}

function show(value: number, asText: boolean): unknown {
  return asText ? String(value) : value;
}

function mergeObjects(base: Schema, branch: Schema): Schema {
  const properties = { ...((base.properties ?? {}) as Record<string, Schema>) };
  for (const [name, extra] of Object.entries((branch.properties ?? {}) as Record<string, Schema>))
    properties[name] = { ...properties[name], ...extra };
  return {
    ...base,
    properties,
    required: [...new Set([...((base.required ?? []) as string[]), ...((branch.required ?? []) as string[])])],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface Answer {
  status: number;
  code: string | undefined;
}

/** One request over the socket; node:http, because fetch refuses a body on GET. */
export function sendRequest(
  agent: Agent,
  baseUrl: string,
  token: string,
  operation: DocOperation,
  generated: GeneratedRequest,
): Promise<Answer> {
  let path = operation.path;
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    const value = generated.params[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`);
  }
  const target = new URL(baseUrl);
  const body = generated.body === undefined ? undefined : Buffer.from(JSON.stringify(generated.body));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: operation.method,
        path: query.length > 0 ? `${path}?${query.join('&')}` : path,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
        },
        timeout: 60_000,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code;
          } catch {
            code = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, code });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 60 s')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
