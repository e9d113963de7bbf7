import type { Endpoint, JsonSchema } from '../../schemas/catalogue-types.ts';
import { nonEmpty } from '../../schemas/spec-types.ts';
import { isStringBodyEndpoint, stringBodyFields, type StringBodyEndpoint } from '../../protocol/readings.ts';
import type { ReadingSwitch } from './catalogue.ts';

/**
 * The request forms two readings change, as the endpoint catalogue's schemas validate them (the
 * reference's forms are the catalogue's own):
 *
 * - named-string-bodies: the allowlist and token-renewal bodies (spec lines 470, 471, 473: "body
 *   member_identification (string, required)", "body oauthBearerToken (string, required)") are objects
 *   naming their one field, and a bare JSON string is a malformed body, refused as every malformed body
 *   is (400, or the renewal's listed 404). The reference takes the bare string (and, on the allowlist,
 *   the object form too).
 * - optional-inputs-defaulted: what the spec's columns leave optional and the reference requires
 *   (addressing_identification, line 414; base_asset_info and quoted_asset_info, lines 271, 275) may be
 *   left out; the handlers say what a request without them means.
 */
const changed = new Map<string, Endpoint>();

/** The endpoint as the playing readings validate its request: its own, or in the reading's form. */
export function endpointUnderReadings(endpoint: Endpoint, readings: ReadingSwitch): Endpoint {
  const named = readings.on('named-string-bodies') && isStringBodyEndpoint(endpoint.id);
  if (!named && !(readings.on('optional-inputs-defaulted') && hasSpecOptionalInputs(endpoint))) return endpoint;
  let form = changed.get(endpoint.id);
  if (!form) {
    form = named ? withNamedBody(endpoint) : withSpecOptionalInputs(endpoint);
    changed.set(endpoint.id, form);
  }
  return form;
}

/** The one string of a validated string body, bare or named. */
export function stringOfBody(endpointId: StringBodyEndpoint, body: unknown): string {
  return typeof body === 'string' ? body : (body as Record<string, string>)[stringBodyFields[endpointId]]!;
}

function withNamedBody(endpoint: Endpoint): Endpoint {
  const field = stringBodyFields[endpoint.id as StringBodyEndpoint];
  const schema = { type: 'object', required: [field], properties: { [field]: nonEmpty } };
  return {
    ...endpoint,
    body: { ...endpoint.body!, schema, description: `${endpoint.body!.description}, as {"${field}": "..."}` },
  };
}

/** The body fields the reference's request form requires though the spec's columns leave them optional. */
const specOptionalBodyFields: Readonly<Record<string, readonly string[]>> = {
  'member.requestQuotations': ['base_asset_info', 'quoted_asset_info'],
};

function hasSpecOptionalInputs(endpoint: Endpoint): boolean {
  return Object.hasOwn(specOptionalBodyFields, endpoint.id) || endpoint.params.some((param) => param.specOptional);
}

function withSpecOptionalInputs(endpoint: Endpoint): Endpoint {
  const params = endpoint.params.map((param) => (param.specOptional ? { ...param, required: false } : param));
  const fields = specOptionalBodyFields[endpoint.id];
  if (fields === undefined || !endpoint.body) return { ...endpoint, params };
  const schema: JsonSchema = {
    ...endpoint.body.schema,
    required: (endpoint.body.schema.required as string[]).filter((name) => !fields.includes(name)),
  };
  return { ...endpoint, params, body: { ...endpoint.body, schema } };
}
