import { test, expect } from '@playwright/test';
import { endpoints } from '../../schemas/endpoints.ts';
import { DssError } from '../errors.ts';
import { compileTemplate } from '../../protocol/path-template.ts';
import { RouteFinder, type RouteMatch } from './route-finder.ts';

/** The member interface's catalogue, with handlers that are never called. */
function memberRoutes(): RouteFinder {
  return new RouteFinder(
    endpoints
      .filter((endpoint) => endpoint.family === 'member')
      .map((endpoint) => ({ endpoint, compiled: compileTemplate(endpoint.path), handler: () => undefined })),
  );
}

function found(result: RouteMatch | { allowed: string[] }): RouteMatch {
  if ('allowed' in result) throw new Error(`405, allowed ${result.allowed.join(', ')}`);
  return result;
}

test('the most literal template wins, whatever the method', () => {
  const routes = memberRoutes();
  expect(found(routes.find('GET', '/members/allowlist')).route.endpoint.id).toBe('member.getAllowlist');
  expect(found(routes.find('GET', '/members/mm-london')).route.endpoint.id).toBe('member.getMember');
  expect(found(routes.find('GET', '/members/mm-london')).params).toEqual({ member_identification: 'mm-london' });
  // Only POST serves the quotation-request path; the parameter template below it does not count.
  expect(routes.find('GET', '/exchange/quotations/request')).toEqual({ allowed: ['POST'] });
  expect(routes.find('PUT', '/members/allowlist')).toEqual({ allowed: ['GET', 'POST', 'DELETE'] });
});

test('a path that fits no template is a 404', () => {
  const thrown = (() => {
    try {
      memberRoutes().find('GET', '/members/a/b/c');
    } catch (error) {
      return error;
    }
    return undefined;
  })();
  expect(thrown).toBeInstanceOf(DssError);
  expect((thrown as DssError).code).toBe('PATH-NOT-FOUND');
});

test('a path is matched once and remembered; its parameters are shared, so frozen', () => {
  const routes = memberRoutes();
  const first = found(routes.find('GET', '/members/mm-london'));
  expect(found(routes.find('GET', '/members/mm-london'))).toBe(first);
  expect(Object.isFrozen(first.params)).toBe(true);
  // Percent-decoding happens once, when the path is first matched.
  expect(found(routes.find('GET', '/members/mm%2Dparis')).params).toEqual({ member_identification: 'mm-paris' });
  // Very long paths are not kept (they are matched again, to the same result).
  const long = `/members/${'x'.repeat(300)}`;
  expect(found(routes.find('GET', long))).not.toBe(found(routes.find('GET', long)));
  expect(found(routes.find('GET', long)).params.member_identification).toHaveLength(300);
});
