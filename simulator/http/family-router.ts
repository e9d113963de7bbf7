import { Hono, type Context } from 'hono';
import { familyPrefix, type Endpoint, type Family } from '../../schemas/catalogue-types.ts';
import { endpoints } from '../../schemas/endpoints.ts';
import { authorize } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { declaresBody, parseJsonBody, readRawBody } from './body.ts';
import type { Handler, Handlers } from './call.ts';
import { JsonAnswer } from './json-answer.ts';
import { clientIp } from './client-ip.ts';
import { queryParams } from './query-params.ts';
import { requestHeader } from './request-header.ts';
import { RouteFinder } from './route-finder.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorAnswer, jsonContent } from './send-error.ts';
import { compileTemplate } from '../../protocol/path-template.ts';
import { validateRequest } from './validate-request.ts';
import { asListedFailure } from './listed-status.ts';
import type { Simulator } from '../simulator.ts';
import type { SimState } from '../state.ts';
import { hasDotSegment } from './raw-path.ts';
import type { FaultSwitch } from '../faults/catalogue.ts';
import { withLenientFundingAmount } from '../funding/lenient-amount.ts';
import { endpointUnderReadings } from '../readings/request-forms.ts';

/**
 * One interface family, routed from the endpoint catalogue: the catalogue is the routing table, so an
 * endpoint cannot exist in the spec description without existing here. Every call goes through the
 * same steps, in this order: find the endpoint (404/405), authenticate and authorise (401), read and
 * validate the inputs (413/400), then the handler.
 *
 * The steps are chained with `proceed` rather than awaited, so that a call that waits for nothing (a
 * token verified before, no body, a synchronous handler: nearly every read) is answered synchronously,
 * which @hono/node-server writes out without the promise round trips of an async handler.
 */
export function familyRouter<F extends Family>(sim: Simulator, family: F, handlers: Handlers<F>): Hono {
  const routes = new RouteFinder(
    endpoints
      .filter((endpoint) => endpoint.family === family)
      .map((endpoint) => {
        // Every endpoint of the family has one (Handlers<F>); the check stays for a catalogue read at run time.
        const handler = (handlers as Readonly<Record<string, Handler>>)[endpoint.id];
        if (!handler) throw new Error(`no handler for ${endpoint.id}`);
        return { endpoint, compiled: compileTemplate(endpoint.path), handler };
      }),
  );
  const prefixLength = familyPrefix[family].length;

  const app = new Hono();
  app.all('*', (c) => {
    let caller: Principal | undefined;
    let inputs: CallInputs | undefined;
    // Every answer, a refusal too, is written as JSON text and recorded as the text sent: what c.json
    // sends (JSON.stringify's text, the same content type), with no copy of the response read back.
    const answered = (json: string, status: ContentfulStatusCode) => {
      recordCall(sim.state, c, status, caller, inputs, json);
      return c.body(json, status, jsonContent());
    };
    const refused = (error: unknown) => {
      const { status, json } = errorAnswer(c, sim.state, error, caller?.member.identification);
      return answered(json, status);
    };
    try {
      if (hasDotSegment(c))
        throw new DssError(
          'PATH-NOT-FOUND',
          `No endpoint ${c.req.method} ${c.req.path}: a path with a "." or ".." segment names none.`,
        );
      const found = routes.find(c.req.method, c.req.path.slice(prefixLength) || '/');
      if ('allowed' in found) {
        c.header('Allow', found.allowed.join(', '));
        throw new DssError(
          'METHOD-NOT-ALLOWED',
          `${c.req.method} is not served here; allowed: ${found.allowed.join(', ')}.`,
        );
      }
      const {
        route: { endpoint, handler },
        params,
      } = found;
      const tokens = sim.state.tokens;
      const authorization = requestHeader(c, 'authorization');
      const options = endpoint.id === 'member.refreshToken' ? RENEWAL : NOT_RENEWAL;
      const answer = proceed(
        tokens.authenticateVerified(authorization, options) ?? tokens.authenticate(authorization, options),
        (principal) => {
          caller = principal;
          const ip = clientIp(c);
          authorize(principal, endpoint, ip, sim.state.faults);
          // A body is read whole even where the endpoint takes none: Node hands a request over before its
          // body has arrived, and a request is acted on only once all of it arrived intact (a broken chunked
          // body on a POST that takes none would otherwise be refused by Node after the handler acted).
          return proceed(endpoint.body || declaresBody(c) ? readRawBody(c) : undefined, (raw) => {
            inputs = { endpoint: endpoint.id };
            const { query, body } = readInputs(
              c,
              endpointUnderReadings(endpoint, sim.state.readings),
              params,
              raw,
              sim.state.faults,
              sim.state.amounts.digits,
            );
            inputs = { endpoint: endpoint.id, query: isEmpty(query) ? NO_QUERY : query, body };
            const call = {
              state: sim.state,
              endpoint,
              caller: principal,
              path: params,
              query,
              body,
              header: headerReader(c),
              clientIp: ip,
            };
            return proceed(handler(call), (result) => {
              return answered(result instanceof JsonAnswer ? result.text : JSON.stringify(result ?? {}), 200);
            });
          });
        },
      );
      return answer instanceof Promise ? answer.catch(refused) : answer;
    } catch (error) {
      return refused(error);
    }
  });
  return app;
}

interface CallInputs {
  endpoint: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
}

/** The query recorded for a call without one: one object for all of them (see ActivityLog.same). */
const NO_QUERY: Readonly<Record<string, string>> = Object.freeze({});

function isEmpty(query: Record<string, string>): boolean {
  for (const _ in query) return false;
  return true;
}

/** The options of a token check, the same two objects on every call. */
const RENEWAL = Object.freeze({ renewal: true });
const NOT_RENEWAL = Object.freeze({ renewal: false });

/**
 * One literal per case, each with its own fixed set of keys in one order: spreading the optional parts
 * into one literal gave V8 a new object shape to build on nearly every call (about 2 µs of a read).
 * The path and the answer's text are shared with the endpoint's last call when equal (ActivityLog.same).
 */
function recordCall(
  state: SimState,
  c: Context,
  status: number,
  caller: Principal | undefined,
  inputs: CallInputs | undefined,
  answerJson: string,
): void {
  const { activity } = state;
  const method = c.req.method;
  const member = caller?.member.identification;
  if (!inputs) {
    const path = c.req.path;
    activity.record(
      member !== undefined
        ? { kind: 'call', member, method, path, status, answerJson }
        : { kind: 'call', method, path, status, answerJson },
    );
    return;
  }
  const { endpoint, query, body } = inputs;
  const path = activity.same('path', endpoint, c.req.path);
  const json = activity.same('answer', endpoint, answerJson);
  activity.record(
    member !== undefined
      ? { kind: 'call', member, endpoint, query, request: body, method, path, status, answerJson: json }
      : { kind: 'call', endpoint, query, request: body, method, path, status, answerJson: json },
  );
}

/** `next(value)` at once when the value is at hand, once it settles when it is a promise. */
function proceed<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** The query and the JSON body, checked against the catalogue; refusals use the endpoint's listed status. */
function readInputs(
  c: Context,
  endpoint: Endpoint,
  path: Readonly<Record<string, string>>,
  raw: Buffer | undefined,
  faults: FaultSwitch,
  amountDigits: number,
): { query: Record<string, string>; body: unknown } {
  try {
    const params = queryParams(c.req.url);
    const query: Record<string, string> =
      params.size === 0 ? {} : Object.fromEntries([...params].map(([name, values]) => [name, values[0]!]));
    const repeated = params.size === 0 ? [] : Object.keys(query).filter((name) => params.get(name)!.length > 1);
    const parsed = endpoint.body && raw ? parseJsonBody(raw) : undefined;
    // Fault numeric-string-accepted: the funding instruction reads its amount leniently, "100" for 100.
    const body = faults.on('numeric-string-accepted') ? withLenientFundingAmount(endpoint.id, parsed) : parsed;
    validateRequest(endpoint, { path, query, body }, repeated, amountDigits);
    return { query, body };
  } catch (error) {
    throw asListedFailure(endpoint, error);
  }
}

/**
 * The handlers' header reader. Returned from here, not written inline: tsx names every arrow function
 * that is assigned to a name or a property, with an Object.defineProperty on each call.
 */
function headerReader(c: Context): (name: string) => string | undefined {
  return (name) => requestHeader(c, name);
}
