import fc from 'fast-check';
import type { Endpoint, EndpointParam, JsonSchema } from '../../schemas/catalogue-types.ts';
import { endpoints } from '../../schemas/endpoints.ts';
import { financialMessageType, messageTypeNames } from '../../schemas/iso20022/message-types.ts';
import { validate } from '../../schemas/validators.ts';
import { MAX_BODY_BYTES } from '../../protocol/limits.ts';
import {
  callerOf,
  draftOf,
  pathParams,
  plausiblePathValue,
  queryParams,
  toRequest,
  type Draft,
  type FuzzWorld,
} from './drafts.ts';
import {
  deepJson,
  hostileXml,
  hostileXmlNames,
  invalidUtf8Bodies,
  malformedJsonBodies,
  namesNothing,
  notBase64,
} from './hostile-payloads.ts';
import {
  isObject,
  objectsWithRequired,
  properties,
  requiredNames,
  resolved,
  slotsOf,
  valuesOf,
  write,
} from './schema-values.ts';
import { unsignedMessages } from './unsigned-messages.ts';
import { percentEncode, RawJson } from './wire.ts';

/**
 * The defects: each turns a plausible request into one the service must refuse, and each is certain to
 * be refused whatever else the request holds, because it breaks a rule checked for every call (routing,
 * HTTP framing, authentication, the catalogue's schemas, the body limits) or because it names only
 * things that do not exist. That certainty is what lets the test demand a 4xx of every answer.
 */
export interface Defective {
  defect: string;
  draft: Draft;
}

type DefectFactory = (endpoint: Endpoint, world: FuzzWorld) => fc.Arbitrary<Defective> | undefined;

const tagged =
  (defect: string) =>
  (draft: Draft): Defective => ({ defect, draft });

/** No CR or LF: a header value that ends the header early would test the client, not the server. */
const headerText = (text: string) => text.replace(/[\r\n]/g, '');

/** A character changed in the middle of the signature (the last one may only carry padding bits). */
function tampered(token: string): fc.Arbitrary<string> {
  const start = token.lastIndexOf('.') + 1;
  const end = start + Math.floor((token.length - start) * 0.8);
  return fc
    .integer({ min: start, max: Math.max(start, end - 1) })
    .map((at) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`);
}

const token: DefectFactory = (endpoint, world) => {
  const valid = callerOf(endpoint, world).token;
  const authorizations: Array<fc.Arbitrary<[string, string | null]>> = [
    fc.constant(['token:missing', null]),
    fc
      .oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'x'.repeat(10_000), '🦄'),
      )
      .map((garbage): [string, string | null] => ['token:garbage', headerText(`Bearer ${garbage}`)]),
    fc.constantFrom<[string, string | null]>(
      ['token:scheme', `Basic ${valid}`],
      ['token:scheme', `Token ${valid}`],
      ['token:scheme', valid],
      ['token:scheme', `Bearer${valid}`],
    ),
    tampered(valid).map((forged): [string, string | null] => ['token:tampered', `Bearer ${forged}`]),
    fc.constant(['token:revoked', `Bearer ${world.revoked}`]),
  ];
  if (endpoint.family === 'tokenizer')
    authorizations.push(fc.constant(['token:wrong-family', `Bearer ${world.maker.token}`]));
  if (endpoint.access === 'write')
    authorizations.push(fc.constant(['token:viewer-writes', `Bearer ${world.makerViewer}`]));
  return fc
    .tuple(draftOf(endpoint, world), fc.oneof(...authorizations))
    .map(([draft, [defect, authorization]]) => ({ defect, draft: { ...draft, authorization } }));
};

const segment = fc.string({
  minLength: 1,
  maxLength: 12,
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'),
});

const route: DefectFactory = (endpoint, world) => {
  const prefixes = [
    '',
    '/client/v1/api',
    '/tokenizer/v1/api',
    '/client/v2/api',
    '/tokenizer/v1',
    '/client/v1/apiX',
    '/sim/zz',
  ];
  const unknown = fc
    .tuple(fc.constantFrom(...prefixes), fc.array(segment, { minLength: 1, maxLength: 4 }))
    .map(([prefix, parts]) => `${prefix}/zz${parts.join('/')}`);
  const long = fc.constantFrom(`/client/v1/api/zz${'z'.repeat(10_000)}`, `/client/v1/api/zz${'z'.repeat(100_000)}`);
  const version = fc.constantFrom('/v2/', '/V1/', '/v1.0/', '/v01/');
  const garbage = fc.constantFrom('%zz', '%', '%E0%A4%A', '%00', 'Z', '%2F..');
  // The literal segments of the template after the family prefix (`/members/{id}`: `members`).
  const literals = endpoint.path
    .split('/')
    .flatMap((part, index) => (part !== '' && !part.startsWith('{') ? [index + 3] : []));
  const kinds = literals.length > 0 ? 4 : 3;
  return fc
    .tuple(draftOf(endpoint, world), fc.nat({ max: kinds - 1 }), unknown, long, version, garbage, fc.nat())
    .map(([draft, kind, unknownPath, longPath, badVersion, junk, which]) => {
      if (kind === 0) return { defect: 'route:unknown-path', draft: { ...draft, path: unknownPath } };
      if (kind === 1) return { defect: 'route:long-path', draft: { ...draft, path: longPath } };
      if (kind === 2)
        return { defect: 'route:bad-version', draft: { ...draft, path: draft.path.replace('/v1/', badVersion) } };
      const parts = draft.path.split('/');
      const index = literals[which % literals.length]!;
      parts[index] = `${parts[index]}${junk}`;
      return { defect: 'route:garbled-segment', draft: { ...draft, path: parts.join('/') } };
    });
};

const knownMethods = [
  'GET',
  'POST',
  'DELETE',
  'PUT',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'HEAD',
  'CONNECT',
  'PROPFIND',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'PURGE',
  'REPORT',
  'LINK',
  'NOTIFY',
  'M-SEARCH',
];
const unknownMethods = ['FOO', 'get', 'Post', 'G3T', 'BREW', 'POSTX', 'DELETE2', 'X'.repeat(300)];

const method: DefectFactory = (endpoint, world) => {
  const served = new Set(
    endpoints
      .filter((other) => other.family === endpoint.family && other.path === endpoint.path)
      .map((other) => other.method as string),
  );
  const methods = [...knownMethods.filter((name) => !served.has(name)), ...unknownMethods];
  return fc.tuple(draftOf(endpoint, world), fc.constantFrom(...methods)).map(([draft, name]) => ({
    defect: name === 'HEAD' ? 'method:head' : 'method:unserved',
    draft: { ...draft, method: name },
  }));
};

const longHeader = `X-Zz: ${'a'.repeat(20_000)}\r\n`;

/**
 * Ways to break HTTP/1.1: each gives the request line and the headers to add (and what follows the
 * head), or whole bytes. Some are found only once the request is handed over (a Transfer-Encoding not
 * ending with chunked, broken chunks): the service must still not act on them.
 */
const brokenFraming: Array<
  (method: string, target: string) => { line: string; extra?: string; tail?: string } | { whole: string }
> = [
  (_method, target) => ({ line: `G\u0001T ${target} HTTP/1.1` }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1x` }),
  (method, target) => ({ line: `${method} ${target} HTTP/9.9` }),
  (method, target) => ({ line: `${method} ${target} zz HTTP/1.1` }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1`, extra: 'Bad Header: x\r\n' }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1`, extra: 'X-Zz: a\u0000b\r\n' }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1`, extra: 'no-colon-here\r\n' }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1`, extra: ' folded: x\r\n' }),
  (method, target) => ({ whole: `${method} ${target} HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n` }),
  (method, target) => ({
    line: `${method} ${target} HTTP/1.1`,
    extra: 'Transfer-Encoding: chunked\r\n',
    tail: 'zz\r\nabc\r\n0\r\n\r\n',
  }),
  (method, target) => ({
    line: `${method} ${target} HTTP/1.1`,
    extra: 'Transfer-Encoding: chunked\r\nContent-Length: 3\r\n',
    tail: 'abc',
  }),
  (method, target) => ({
    line: `${method} ${target} HTTP/1.1`,
    extra: 'Content-Length: 3\r\nContent-Length: 4\r\n',
    tail: 'abcd',
  }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1`, extra: 'Content-Length: -1\r\n', tail: 'abcd' }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1`, extra: 'Content-Length: zz\r\n', tail: 'abcd' }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1`, extra: 'Transfer-Encoding: gzip\r\n' }),
  (method, target) => ({
    line: `${method} ${target} HTTP/1.1`,
    extra: 'Transfer-Encoding: identity\r\n',
    tail: 'abcd',
  }),
  (method, target) => ({ line: `${method} ${target} HTTP/1.1`, extra: longHeader }),
  () => ({ whole: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' }),
  () => ({ whole: '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000' }),
];

/** Bytes that no HTTP/1.1 parser may take, around an otherwise plausible request. */
const http: DefectFactory = (endpoint, world) =>
  fc.tuple(draftOf(endpoint, world), fc.nat({ max: brokenFraming.length - 1 })).map(([draft, which]) => {
    const broken = brokenFraming[which]!(draft.method, toRequest(draft).target);
    const auth = draft.authorization === null ? '' : `Authorization: ${draft.authorization}\r\n`;
    const wire =
      'whole' in broken
        ? broken.whole
        : `${broken.line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${auth}${broken.extra ?? ''}\r\n${broken.tail ?? ''}`;
    return { defect: 'http:malformed', draft: { ...draft, wire: Buffer.from(wire, 'latin1') } };
  });

const duplicateQuery: DefectFactory = (endpoint, world) => {
  const names = [...queryParams(endpoint).map((param) => param.name), 'zz', '__proto__', 'constructor'];
  return fc
    .tuple(
      draftOf(endpoint, world),
      fc.constantFrom(...names),
      fc.array(fc.oneof(fc.string({ maxLength: 8 }).map(percentEncode), fc.constantFrom('', '%zz')), {
        minLength: 2,
        maxLength: 3,
      }),
      fc.boolean(),
    )
    .map(([draft, name, values, bare]) => ({
      defect: 'query:duplicate',
      draft: { ...draft, query: [...draft.query, ...values.map((value) => (bare ? name : `${name}=${value}`))] },
    }));
};

/** Query values as the server decodes them (`+` is a space; broken escapes stay as they are). */
function decodedQueryValue(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** A non-empty value the schema refuses (an empty one counts as absent). */
function invalidValueFor(schema: JsonSchema): fc.Arbitrary<{ raw: string; value: string }> {
  const encoded = fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 16 }),
      fc.constantFrom(
        'zz',
        '-1',
        '1.5',
        'null',
        '[]',
        '{}',
        'x'.repeat(10_000),
        '🦄',
        'us',
        'USDDSOX',
        '2020-02-31',
        '12345678-1234-1234-1234-123456789012',
      ),
    )
    .map((value) => ({ raw: percentEncode(value), value }));
  const garbage = fc
    .constantFrom('%zz', '%', '%E0%A4%A', '%ZZ%', '%%41')
    .map((raw) => ({ raw, value: decodedQueryValue(raw) }));
  return fc
    .oneof(encoded, garbage)
    .filter(
      ({ raw, value }) =>
        value !== '' && !validate(schema, value).valid && !validate(schema, decodedQueryValue(raw)).valid,
    );
}

const constrained = (param: EndpointParam) => ['pattern', 'enum', 'format'].some((keyword) => keyword in param.schema);

const queryValue: DefectFactory = (endpoint, world) => {
  const params = queryParams(endpoint);
  const invalid = params
    .filter(constrained)
    .map((param) => invalidValueFor(param.schema).map(({ raw }) => ({ param, raw })));
  const required = params.filter((param) => param.required);
  const without = (draft: Draft, name: string) => draft.query.filter((item) => item.split('=')[0] !== name);
  const variants: Array<fc.Arbitrary<Defective>> = [];
  if (invalid.length > 0) {
    variants.push(
      fc.tuple(draftOf(endpoint, world), fc.oneof(...invalid)).map(([draft, { param, raw }]) => ({
        defect: 'query:invalid-value',
        draft: { ...draft, query: [...without(draft, param.name), `${param.name}=${raw}`] },
      })),
    );
  }
  if (required.length > 0) {
    variants.push(
      fc.tuple(draftOf(endpoint, world), fc.constantFrom(...required)).map(([draft, param]) => ({
        defect: 'query:missing-required',
        draft: { ...draft, query: without(draft, param.name) },
      })),
    );
  }
  return variants.length > 0 ? fc.oneof(...variants) : undefined;
};

const pathValue: DefectFactory = (endpoint, world) => {
  const checked = pathParams(endpoint).filter(constrained);
  if (checked.length === 0) return undefined;
  const brokenAt = (broken: EndpointParam) =>
    draftOf(endpoint, world, {
      path: (param) =>
        param === broken ? invalidValueFor(param.schema).map(({ value }) => value) : plausiblePathValue(param, world),
    });
  return fc.oneof(...checked.map(brokenAt)).map(tagged('path:invalid-value'));
};

/** Values of the JSON types a schema does not admit. */
function wrongTypedValues(schema: JsonSchema): unknown[] {
  const shape = resolved(schema);
  const branches = Array.isArray(shape.anyOf) ? (shape.anyOf as JsonSchema[]).map(resolved) : [shape];
  const admitted = new Set(branches.map((branch) => String(branch.type)));
  const candidates: Array<[string, unknown[]]> = [
    ['string', ['1', 'true', '', 'null']],
    ['number', [1.5, -7, 1e308]],
    ['integer', [3]],
    ['boolean', [true, false]],
    ['null', [null]],
    ['array', [[], ['a'], [[]]]],
    ['object', [{}, { zz: 1 }]],
  ];
  return candidates
    .filter(([type]) => !admitted.has(type) && !(type === 'integer' && admitted.has('number')))
    .flatMap(([type, list]) =>
      type === 'number' && admitted.has('integer') ? list.filter((value) => !Number.isInteger(value)) : list,
    );
}

/** Invalid by the schema, or nested past the service's limit (which the validator never sees). */
function refusedBody(endpoint: Endpoint, json: unknown): boolean {
  return containsRaw(json) || !validate(endpoint.body!.schema, json).valid;
}

function containsRaw(value: unknown): boolean {
  if (value instanceof RawJson) return true;
  if (Array.isArray(value)) return value.some(containsRaw);
  return isObject(value) && Object.values(value).some(containsRaw);
}

const body: DefectFactory = (endpoint, world) => {
  const declared = endpoint.body;
  if (!declared) return undefined;
  const schema = declared.schema;
  const bytes = (defect: string, list: fc.Arbitrary<Buffer>) =>
    fc
      .tuple(draftOf(endpoint, world), list)
      .map(([draft, raw]) => ({ defect, draft: { ...draft, body: { bytes: raw } } }));
  const json = (defect: string, values: fc.Arbitrary<unknown>) =>
    fc
      .tuple(draftOf(endpoint, world), values)
      .map(([draft, value]) => ({ defect, draft: { ...draft, body: { json: value } } }));
  // A megabyte per request: rarer than the others, which cost a few hundred bytes.
  const variants: Array<{ arbitrary: fc.Arbitrary<Defective>; weight: number }> = [
    { weight: 2, arbitrary: bytes('body:malformed-json', fc.constantFrom(...malformedJsonBodies)) },
    { weight: 2, arbitrary: bytes('body:invalid-utf8', fc.constantFrom(...invalidUtf8Bodies)) },
    { weight: 1, arbitrary: bytes('body:oversize', fc.constant(Buffer.alloc(MAX_BODY_BYTES + 1, 0x20))) },
    {
      weight: 2,
      arbitrary: draftOf(endpoint, world).map((draft) => ({
        defect: 'body:declared-oversize',
        draft: {
          ...draft,
          headers: [...draft.headers, ['Content-Length', String(MAX_BODY_BYTES * 4)]],
          body: { bytes: Buffer.from('{}') },
        },
      })),
    },
    { weight: 2, arbitrary: json('body:wrong-top-type', fc.constantFrom(...wrongTypedValues(schema))) },
    { weight: 2, arbitrary: json('body:deep-nesting', deepJson) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(draftOf(endpoint, world), valuesOf(schema, namesNothing), mutationChoice)
        .map(([draft, value, choice]) => {
          const broken = mutate(value, schema, choice);
          return { defect: broken.defect, draft: { ...draft, body: { json: broken.json } } };
        })
        .filter(
          ({ draft }) => draft.body !== undefined && 'json' in draft.body && refusedBody(endpoint, draft.body.json),
        ),
    },
  ];
  if (declared.required)
    variants.push({
      weight: 2,
      arbitrary: draftOf(endpoint, world).map((draft) => ({
        defect: 'body:missing',
        draft: { ...draft, body: undefined },
      })),
    });
  return fc.oneof(...variants);
};

/** The random choices of one mutation, drawn before the value is known (cheaper than a chain). */
const mutationChoice = fc.record({ kind: fc.nat(), slot: fc.nat(), value: fc.nat(), text: notBase64, deep: deepJson });
type MutationChoice = typeof mutationChoice extends fc.Arbitrary<infer T> ? T : never;

/** One field of a body broken on purpose: a required one dropped, a wrong type, bad base64, or too deep. */
function mutate(json: unknown, schema: JsonSchema, choice: MutationChoice): { defect: string; json: unknown } {
  const copy = structuredClone(json);
  const slots = slotsOf(copy, schema);
  const holders = objectsWithRequired(copy, schema);
  const bytes = slots.filter((slot) => resolved(slot.schema).contentEncoding === 'base64');
  const kinds = [
    holders.length > 0 ? 'drop-required' : '',
    slots.length > 0 ? 'wrong-type' : '',
    slots.length > 0 ? 'deep-field' : '',
    bytes.length > 0 ? 'bad-base64' : '',
  ].filter(Boolean);
  const kind = kinds[choice.kind % Math.max(kinds.length, 1)];
  switch (kind) {
    case 'drop-required': {
      const holder = holders[choice.slot % holders.length]!;
      const names = requiredNames(holder.schema);
      delete holder.object[names[choice.value % names.length]!];
      break;
    }
    case 'wrong-type': {
      const slot = slots[choice.slot % slots.length]!;
      const values = wrongTypedValues(slot.schema);
      write(slot, values[choice.value % values.length]);
      break;
    }
    case 'deep-field':
      write(slots[choice.slot % slots.length]!, choice.deep);
      break;
    case 'bad-base64':
      write(bytes[choice.slot % bytes.length]!, choice.text);
      break;
    default:
      // Nothing present to break (an empty filter, a plain string): an unknown field nested too deep.
      return { defect: 'body:deep-field', json: isObject(copy) ? { ...copy, zz: choice.deep } : choice.deep };
  }
  return { defect: `body:${kind}`, json: copy };
}

/**
 * Every identifier names nothing (`zz...`, random UUIDs, DSO codes nobody issued) and every other
 * input is valid by the schema, so the request reaches the handler, which must refuse it for what it
 * names. Only where something is named: endpoints with path parameters, or with a body that requires
 * fields (a filter with nothing required may rightly answer 200).
 */
const namesNothingAtAll: DefectFactory = (endpoint, world) => {
  const bodySchema = endpoint.body ? resolved(endpoint.body.schema) : undefined;
  const bodyNames = bodySchema !== undefined && (bodySchema.type !== 'object' || requiredNames(bodySchema).length > 0);
  if (pathParams(endpoint).length === 0 && !bodyNames) return undefined;
  const nothing = (param: EndpointParam) =>
    'pattern' in param.schema ? valuesOf(param.schema, namesNothing).map(String) : namesNothing;
  const validBody = endpoint.body
    ? valuesOf(endpoint.body.schema, namesNothing).filter((json) => validate(endpoint.body!.schema, json).valid)
    : undefined;
  return draftOf(endpoint, world, { path: nothing, body: validBody }).map(tagged('semantic:names-nothing'));
};

/**
 * Where a financial message goes: base64 of XML that attacks its parser, or a real message changed and
 * left unsigned (unsigned-messages.ts). Where a message to sign goes: the hostile XML only (a real
 * message would rightly be signed).
 */
const hostileMessage: DefectFactory = (endpoint, world) => {
  if (!endpoint.body) return undefined;
  const fields = properties(resolved(endpoint.body.schema));
  const xml = fc.constantFrom(...hostileXmlNames).map((name) => ({ name, data: hostileXml[name]!.toString('base64') }));
  if ('financial_message_data' in fields) {
    const hostile = fc.tuple(xml, fc.constantFrom(...messageTypeNames)).map(([{ name, data }, type]) => ({
      defect: `semantic:hostile-xml (${name})`,
      json: { financial_message_type: financialMessageType(type), financial_message_data: data },
    }));
    const unsigned = unsignedMessages(callerOf(endpoint, world).bicfi, world.partnerBicfi).map(({ change, body }) => ({
      defect: `semantic:unsigned-message (${change})`,
      json: body,
    }));
    return fc
      .tuple(draftOf(endpoint, world), fc.oneof(hostile, unsigned))
      .map(([draft, { defect, json }]) => ({ defect, draft: { ...draft, body: { json } } }));
  }
  if (endpoint.id !== 'member.signMessage') return undefined;
  return fc.tuple(draftOf(endpoint, world), xml).map(([draft, { name, data }]) => ({
    defect: `semantic:hostile-xml (${name})`,
    draft: { ...draft, body: { json: { account_identification: 'main', unsigned_payload: data } } },
  }));
};

/**
 * Weights: the defects that reach deeper (past routing and authentication, into validation and the
 * handlers) get more of the runs than the ones every endpoint answers at its first gate.
 */
const factories: Array<[DefectFactory, number]> = [
  [token, 2],
  [route, 1],
  [method, 1],
  [http, 1],
  [duplicateQuery, 1],
  [queryValue, 2],
  [pathValue, 2],
  [body, 5],
  [namesNothingAtAll, 4],
  [hostileMessage, 3],
];

/** The defects that apply to `endpoint`, each certain to be refused, with their weights. */
export function defectsOf(
  endpoint: Endpoint,
  world: FuzzWorld,
): Array<{ arbitrary: fc.Arbitrary<Defective>; weight: number }> {
  return factories.flatMap(([factory, weight]) => {
    const arbitrary = factory(endpoint, world);
    return arbitrary ? [{ arbitrary, weight }] : [];
  });
}
