import fc from 'fast-check';
import { familyPrefix, type Endpoint, type EndpointParam } from '../../schemas/catalogue-types.ts';
import { namesNothing } from './hostile-payloads.ts';
import { valuesOf } from './schema-values.ts';
import { jsonText, percentEncode, type FuzzRequest } from './wire.ts';

/**
 * A request being built for one catalogue endpoint, before it becomes bytes: the defects and the noise
 * (defects.ts, noise.ts) change its parts. It starts plausible: the endpoint's method and path with
 * values a real caller would use, its query and body shaped by the catalogue, and a valid token of the
 * family's caller, so that each defect is met where it is meant to be, not at the first gate.
 */
export interface Draft {
  endpoint: Endpoint;
  method: string;
  /** Percent-encoded, family prefix included. */
  path: string;
  /** `name=value` items as sent (already encoded, or garbage on purpose). */
  query: string[];
  /** The Authorization header's value; null sends none. */
  authorization: string | null;
  headers: Array<[string, string]>;
  /** JSON values are written at the end (so noise can still add fields); bytes go as they are. */
  body?: { json: unknown } | { bytes: Buffer };
  /** Malformed HTTP: these exact bytes go instead of everything above. */
  wire?: Buffer;
}

export interface Caller {
  identification: string;
  bicfi: string;
  token: string;
}

/** Who the fuzz test calls as. */
export interface FuzzWorld {
  tokenizer: Caller;
  maker: Caller;
  /** The BIC of another market maker: where the unsigned messages are addressed. */
  partnerBicfi: string;
  /** A viewer token of the maker: it may read, never change anything. */
  makerViewer: string;
  /** A token of the maker that a refresh replaced. */
  revoked: string;
}

export function callerOf(endpoint: Endpoint, world: FuzzWorld): Caller {
  return endpoint.family === 'tokenizer' ? world.tokenizer : world.maker;
}

const mainAccount = fc.constant('main');

/** Values a real caller would put in a path parameter, by the parameter's name. */
export function plausiblePathValue(param: EndpointParam, world: FuzzWorld): fc.Arbitrary<string> {
  switch (param.name) {
    case 'member_identification':
      return fc.constant(world.maker.identification);
    case 'tokenizer_identification':
      return fc.constant(world.tokenizer.identification);
    case 'account_identification':
      return fc.constantFrom('main', 'second', 'emission');
    case 'quotation_uuid':
      return fc.uuid({ version: 4 }).map((uuid) => `${uuid}-${world.maker.identification}`);
    case 'reference':
      return fc.constantFrom('now', '1', '42');
    case 'asset_code_identification':
      return fc.constantFrom('USDDSO', 'EURDSO');
    default:
      return valuesOf(param.schema, mainAccount).map(String);
  }
}

function pathOf(endpoint: Endpoint, values: Record<string, string>): string {
  return (
    familyPrefix[endpoint.family] +
    endpoint.path.replace(/\{([a-z_]+)\}/g, (_match, name: string) => percentEncode(values[name] ?? ''))
  );
}

export function pathParams(endpoint: Endpoint): EndpointParam[] {
  return endpoint.params.filter((param) => param.in === 'path');
}

export function queryParams(endpoint: Endpoint): EndpointParam[] {
  return endpoint.params.filter((param) => param.in === 'query');
}

/** Query items: every required parameter, some optional ones, values from their schemas. */
function plausibleQuery(endpoint: Endpoint, text: fc.Arbitrary<string>): fc.Arbitrary<string[]> {
  const items = queryParams(endpoint).map((param) => {
    const item = valuesOf(param.schema, text).map((value) => `${param.name}=${percentEncode(String(value))}`);
    return param.required ? item.map((value): string | null => value) : fc.option(item);
  });
  return fc.tuple(...items).map((values) => values.filter((value): value is string => value !== null));
}

/** The plausible request for `endpoint`; `paths` and `text` say where path values and free text come from. */
export function draftOf(
  endpoint: Endpoint,
  world: FuzzWorld,
  options: {
    path?: (param: EndpointParam) => fc.Arbitrary<string>;
    text?: fc.Arbitrary<string>;
    body?: fc.Arbitrary<unknown>;
  } = {},
): fc.Arbitrary<Draft> {
  const text = options.text ?? namesNothing;
  const pathValue = options.path ?? ((param: EndpointParam) => plausiblePathValue(param, world));
  const path = fc
    .record(Object.fromEntries(pathParams(endpoint).map((param) => [param.name, pathValue(param)])))
    .map((values) => pathOf(endpoint, values));
  const body = options.body ?? (endpoint.body ? valuesOf(endpoint.body.schema, text) : fc.constant(undefined));
  return fc
    .record({ path, query: plausibleQuery(endpoint, text), body })
    .map(({ path: target, query, body: json }) => ({
      endpoint,
      method: endpoint.method,
      path: target,
      query,
      authorization: `Bearer ${callerOf(endpoint, world).token}`,
      headers: [['Content-Type', 'application/json']],
      body: json === undefined ? undefined : { json },
    }));
}

export function toRequest(draft: Draft): FuzzRequest {
  const headers: Array<[string, string]> =
    draft.authorization === null ? [...draft.headers] : [['Authorization', draft.authorization], ...draft.headers];
  const body =
    draft.body === undefined
      ? undefined
      : 'bytes' in draft.body
        ? draft.body.bytes
        : Buffer.from(jsonText(draft.body.json), 'utf8');
  const target = draft.query.length > 0 ? `${draft.path}?${draft.query.join('&')}` : draft.path;
  return { method: draft.method, target, headers, body, wire: draft.wire };
}
