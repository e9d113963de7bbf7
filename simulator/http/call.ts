import type { Endpoint, Family } from '../../schemas/catalogue-types.ts';
import type { BodyOf, EndpointId, PathParamName, QueryOf } from '../../schemas/endpoints.ts';
import type { Principal } from '../auth/principal.ts';
import type { SimState } from '../state.ts';

/**
 * What a route handler gets: the authenticated caller and the request's inputs, already validated
 * against the endpoint catalogue. Handlers are a few lines that call the domain and return the 200
 * body; refusals are thrown as DssError.
 */
export interface Call<Id extends EndpointId = EndpointId> {
  state: SimState;
  endpoint: Endpoint;
  caller: Principal;
  /** The path parameters of the endpoint's template, each matched (a template cannot match without them). */
  path: Readonly<Record<PathParamName<Id>, string>>;
  /** The query parameters of the endpoint's entry, validated (QueryOf); unknown ones are left out of the type. */
  query: QueryOf<Id>;
  /** The parsed JSON body, validated against the endpoint's schema (BodyOf); undefined when none was sent. */
  body: BodyOf<Id>;
  header(name: string): string | undefined;
  clientIp: string;
}

/**
 * Returns the 200 body. `undefined` means the spec lists no success body ("none listed"): the
 * service then answers 200 with an empty JSON object, so that every response stays JSON.
 */
export type Handler<Id extends EndpointId = EndpointId> = (call: Call<Id>) => unknown | Promise<unknown>;

/**
 * A family's handlers, one per catalogue endpoint, keyed by its EndpointId: a misspelt key or a missing
 * endpoint does not compile. A file of one area of the family is a `Partial` of it.
 */
export type Handlers<F extends Family> = { [Id in Extract<EndpointId, `${F}.${string}`>]: Handler<Id> };
