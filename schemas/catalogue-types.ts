/**
 * The shape of the API description. `endpoints.ts` holds one `Endpoint` per operation of the spec;
 * the simulator routes and validates from it, the harness checks responses against it, and the
 * OpenAPI document is generated from it. Nothing about an endpoint is written anywhere else.
 */

import type { ErrorCode } from './error-codes.ts';

/** A JSON Schema (2020-12) object. */
export type JsonSchema = { [keyword: string]: unknown };

export type Family = 'tokenizer' | 'member';

/** Where each family lives; the version is part of the path (spec, Versioning). */
export const familyPrefix: Record<Family, string> = {
  tokenizer: '/tokenizer/v1/api',
  member: '/client/v1/api',
};

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** The nine parts of the specification, by its top-level headings. Reports score per part. */
export const specParts = [
  'overview', // What the service does
  'resources', // Resources and their fields
  'states', // States and transitions
  'endpoints', // Endpoints
  'authentication', // Authentication
  'events', // Events
  'errors', // Errors
  'limits', // Limits
  'versioning', // Versioning
] as const;
export type SpecPart = (typeof specParts)[number];

export interface EndpointParam {
  name: string;
  in: 'path' | 'query' | 'header';
  /** Whether the reference requires it: its simulator refuses a request without it, its OpenAPI document says so. */
  required: boolean;
  /**
   * Set where the spec's column reads optional though the reference requires the parameter: the
   * specification-layer input checks judge by the spec's column, and a reading may take it as optional.
   */
  specOptional?: true;
  schema: JsonSchema;
  description: string;
  /**
   * For a query parameter that selects from the list the endpoint answers: the field of a listed
   * resource it looks in, as a field path (field-path.ts), e.g. `payment_point_address[].city_name`.
   */
  filterField?: string;
}

export interface EndpointBody {
  required: boolean;
  schema: JsonSchema;
  description: string;
}

export interface EndpointResponse {
  status: number;
  description: string;
  /** Schema of the body, or null where the spec lists no body type ("no body listed" / "none listed"). */
  body: JsonSchema | null;
}

export interface Endpoint {
  /** Stable identifier, `<family>.<operation>`, used by handlers, checks and reports. */
  id: string;
  family: Family;
  method: HttpMethod;
  /** Path template relative to the family prefix, with `{name}` parameters as in the spec. */
  path: string;
  summary: string;
  params: EndpointParam[];
  body?: EndpointBody;
  /** The 200 response of the spec's table. */
  success: EndpointResponse;
  /** Every other status the spec's table lists for this endpoint, in the table's order. */
  errors: EndpointResponse[];
  /**
   * Statuses the reference answers on this endpoint although its table leaves them out, each with
   * why. The OpenAPI document lists them beside the table's; reports keep to the table's.
   */
  beyondTable?: EndpointResponse[];
  /**
   * The refusals of rules no schema can express (the caller's identity, the state of the ledger or of
   * a quotation, signatures, relations between fields), by error code: each code fixes its status
   * (error-codes.ts). The OpenAPI document lists them on the operation; a request that its schemas
   * accept is refused, if at all, with one of these (or an authentication code, on every endpoint).
   */
  refusals?: ErrorCode[];
  /** How to obtain the signatures the request carries (an operation that needs none has none). */
  signing?: string;
  /** `read` endpoints are open to the viewer role (every GET, and the quotation filter POST). */
  access: 'read' | 'write';
}
