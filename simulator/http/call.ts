import type { Endpoint, Family } from '../../schemas/catalogue-types.ts';
import type { EndpointId } from '../../schemas/endpoints.ts';
import type { Principal } from '../auth/principal.ts';
import type { SimState } from '../state.ts';

/**
 * What a route handler gets: the authenticated caller and the request's inputs, already validated
 * against the endpoint catalogue. Handlers are a few lines that call the domain and return the 200
 * body; refusals are thrown as DssError.
 */
export interface Call {
  state: SimState;
  endpoint: Endpoint;
  caller: Principal;
  path: Readonly<Record<string, string>>;
  query: Record<string, string>;
  /** The parsed JSON body; undefined when none was sent. */
  body: unknown;
  header(name: string): string | undefined;
  clientIp: string;
}

/**
 * Returns the 200 body. `undefined` means the spec lists no success body ("none listed"): the
 * service then answers 200 with an empty JSON object, so that every response stays JSON.
 */
export type Handler = (call: Call) => unknown | Promise<unknown>;

/**
 * A family's handlers, one per catalogue endpoint, keyed by its EndpointId: a misspelt key or a missing
 * endpoint does not compile. A file of one area of the family is a `Partial` of it.
 */
export type Handlers<F extends Family> = { [Id in Extract<EndpointId, `${F}.${string}`>]: Handler };
