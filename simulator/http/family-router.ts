import { Hono, type Context } from 'hono';
import { familyPrefix, type Endpoint, type Family } from '../../schemas/catalogue-types.ts';
import { endpoints } from '../../schemas/endpoints.ts';
import { authorize } from '../auth/authorize.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import { declaresBody, parseJsonBody, readRawBody } from './body.ts';
import type { Handler } from './call.ts';
import { clientIp } from './client-ip.ts';
import { sendError } from './send-error.ts';
import { bySpecificity, compileTemplate, matchSegments, pathSegments, type CompiledTemplate } from './path-template.ts';
import { validateRequest } from './validate-request.ts';
import { asListedFailure } from './listed-status.ts';
import type { Simulator } from '../simulator.ts';

interface Route {
  endpoint: Endpoint;
  compiled: CompiledTemplate;
  handler: Handler;
}

/**
 * One interface family, routed from the endpoint catalogue: the catalogue is the routing table, so an
 * endpoint cannot exist in the spec description without existing here. Every call goes through the
 * same steps, in this order: find the endpoint (404/405), authenticate and authorise (401), read and
 * validate the inputs (413/400), then the handler.
 */
export function familyRouter(sim: Simulator, family: Family, handlers: Record<string, Handler>): Hono {
  const routes: Route[] = endpoints
    .filter((endpoint) => endpoint.family === family)
    .map((endpoint) => {
      const handler = handlers[endpoint.id];
      if (!handler) throw new Error(`no handler for ${endpoint.id}`);
      return { endpoint, compiled: compileTemplate(endpoint.path), handler };
    })
    .sort((a, b) => bySpecificity(a.compiled, b.compiled));

  const app = new Hono();
  app.all('*', async (c) => {
    const path = c.req.path.slice(familyPrefix[family].length) || '/';
    let caller: Principal | undefined;
    try {
      const match = findRoute(routes, c.req.method, path);
      if ('allowed' in match) {
        c.header('Allow', match.allowed.join(', '));
        throw new DssError('METHOD-NOT-ALLOWED', `${c.req.method} is not served here; allowed: ${match.allowed.join(', ')}.`);
      }
      const { endpoint, handler } = match.route;
      const renewal = endpoint.id === 'member.refreshToken';
      caller = await sim.state.tokens.authenticate(c.req.header('authorization'), { renewal });
      const ip = clientIp(c);
      authorize(caller, endpoint, ip, sim.state.faults);
      const inputs = await readInputs(c, endpoint, match.params);
      const result = await handler({ state: sim.state, endpoint, caller, path: match.params, ...inputs, header: (name) => c.req.header(name), clientIp: ip });
      return c.json((result ?? {}) as object, 200);
    } catch (error) {
      return sendError(c, sim.state, error, caller?.member.identification);
    }
  });
  return app;
}

/** The query and the JSON body, checked against the catalogue; refusals use the endpoint's listed status. */
async function readInputs(c: Context, endpoint: Endpoint, path: Record<string, string>): Promise<{ query: Record<string, string>; body: unknown }> {
  try {
    const queries = c.req.queries();
    const query = Object.fromEntries(Object.entries(queries).map(([name, values]) => [name, values[0] ?? '']));
    const repeated = Object.entries(queries).filter(([, values]) => values.length > 1).map(([name]) => name);
    // A body is read whole even where the endpoint takes none: Node hands a request over before its
    // body has arrived, and a request is acted on only once all of it arrived intact (a broken chunked
    // body on a POST that takes none would otherwise be refused by Node after the handler acted).
    const raw = endpoint.body || declaresBody(c) ? await readRawBody(c) : undefined;
    const body = endpoint.body && raw ? parseJsonBody(raw) : undefined;
    validateRequest(endpoint, { path, query, body }, repeated);
    return { query, body };
  } catch (error) {
    throw asListedFailure(endpoint, error);
  }
}

function findRoute(routes: Route[], method: string, path: string): { route: Route; params: Record<string, string> } | { allowed: string[] } {
  const parts = pathSegments(path);
  const matches = routes.flatMap((route) => {
    const params = matchSegments(route.compiled, parts);
    return params ? [{ route, params }] : [];
  });
  // Only the most literal templates that fit the path count: `GET /members/allowlist` is the
  // allowlist, never a member called "allowlist", whatever the method.
  const best = Math.max(...matches.map((match) => match.route.compiled.literalCount));
  const candidates = matches.filter((match) => match.route.compiled.literalCount === best);
  const found = candidates.find((match) => match.route.endpoint.method === method);
  if (found) return found;
  if (candidates.length > 0) return { allowed: candidates.map((match) => match.route.endpoint.method) };
  throw new DssError('PATH-NOT-FOUND', `No endpoint ${method} ${path} in this interface (version 1).`);
}
