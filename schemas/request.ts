import { fillTemplate } from '../protocol/path-template.ts';
import type { HttpMethod } from './catalogue-types.ts';
import { endpointById, fullPath, type BodyOf, type EndpointId, type PathParamName, type QueryOf } from './endpoints.ts';

/**
 * One request to a catalogue endpoint, built from the catalogue alone: the callers that act as members
 * (the simulator's autopilot, the benchmarks) name the endpoint and give its inputs, typed from its
 * entry, and never write a path. A misspelt endpoint id, a missing or unknown path parameter, a missing
 * required query parameter or a body of the wrong shape does not compile (request.test.ts).
 *
 * Only well-formed requests are built here: a caller that means to send a broken one (the harness's
 * hostile checks, the fuzzer) writes its bytes itself.
 */
export interface EndpointRequest {
  method: HttpMethod;
  /** The full path: the family's prefix, the template filled (each parameter percent-encoded), the query. */
  path: string;
  /** The JSON body, when the endpoint takes one and one was given. */
  body?: unknown;
}

/** The inputs of a request to the endpoint: its path parameters, its query and its body, each as its entry types them. */
export type RequestInputs<Id extends EndpointId> = PathInput<Id> & QueryInput<Id> & BodyInput<Id>;

/** The inputs argument of endpointRequest: left out where the endpoint requires none. */
export type RequestArgs<Id extends EndpointId> =
  {} extends RequestInputs<Id> ? [inputs?: RequestInputs<Id>] : [inputs: RequestInputs<Id>];

type PathInput<Id extends EndpointId> = [PathParamName<Id>] extends [never]
  ? { path?: never }
  : { path: Readonly<Record<PathParamName<Id>, string>> };

type QueryInput<Id extends EndpointId> = {} extends QueryOf<Id> ? { query?: QueryOf<Id> } : { query: QueryOf<Id> };

/**
 * The body as the endpoint validates it (BodyOf): none where it takes none, optional where its body is,
 * and any value for the request forms BodyOf leaves unknown (inputs.ts), which their callers build.
 */
type BodyInput<Id extends EndpointId> = [BodyOf<Id>] extends [undefined]
  ? { body?: never }
  : unknown extends BodyOf<Id>
    ? { body: unknown }
    : undefined extends BodyOf<Id>
      ? { body?: BodyOf<Id> }
      : { body: BodyOf<Id> };

/** The untyped view of any endpoint's inputs, which is all the building below needs. */
interface AnyInputs {
  path?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | undefined>>;
  body?: unknown;
}

export function endpointRequest<Id extends EndpointId>(id: Id, ...[inputs]: RequestArgs<Id>): EndpointRequest {
  const endpoint = endpointById(id);
  const { path = {}, query = {}, body }: AnyInputs = inputs ?? {};
  const request: EndpointRequest = {
    method: endpoint.method,
    path: fillTemplate(fullPath(endpoint), path) + queryString(query),
  };
  if (body !== undefined) request.body = body;
  return request;
}

/** `?name=value&...` in the given order, each part form-encoded; empty when no value is given. */
function queryString(query: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
