import type { Endpoint } from '../../schemas/catalogue-types.ts';
import { BoundedMap } from '../bounded-map.ts';
import { DssError } from '../errors.ts';
import type { Handler } from './call.ts';
import { bySpecificity, matchSegments, pathSegments, type CompiledTemplate } from '../../protocol/path-template.ts';

export interface Route {
  endpoint: Endpoint;
  compiled: CompiledTemplate;
  handler: Handler;
}

/** A route that fits a path, with the path's parameters (shared by every call of the path: frozen). */
export interface RouteMatch {
  route: Route;
  params: Readonly<Record<string, string>>;
}

/** Far more paths than a network's clients call; with PATH_KEPT_LENGTH, a few MB at most. */
const PATHS_KEPT = 4096;
/** Longer paths (a client may send up to 16 KiB) are matched on every call instead. */
const PATH_KEPT_LENGTH = 256;

/**
 * Finds the endpoint a request names among the routes of one interface family. Only the most literal
 * templates that fit the path count: `GET /members/allowlist` is the allowlist, never a member called
 * "allowlist", whatever the method. Among those, the first with the request's method is the endpoint;
 * if none has it, their methods are the ones allowed (405); if there are none, the path names nothing
 * (404). What fits a path never changes, and clients call the same paths again and again, so each
 * path's fitting routes are remembered (bounded): matching a path against the catalogue cost more
 * than the rest of routing a read call.
 */
export class RouteFinder {
  /** The routes by number of path segments, each list most literal first. */
  private readonly byLength = new Map<number, Route[]>();
  private readonly fitting = new BoundedMap<string, readonly RouteMatch[]>(PATHS_KEPT);

  constructor(routes: readonly Route[]) {
    for (const route of [...routes].sort((a, b) => bySpecificity(a.compiled, b.compiled))) {
      const sameLength = this.byLength.get(route.compiled.segments.length) ?? [];
      sameLength.push(route);
      this.byLength.set(route.compiled.segments.length, sameLength);
    }
  }

  /** @param path the path inside the family's prefix */
  find(method: string, path: string): RouteMatch | { allowed: string[] } {
    const fitting =
      path.length > PATH_KEPT_LENGTH
        ? this.routesFitting(path)
        : (this.fitting.get(path) ?? this.fitting.set(path, this.routesFitting(path)));
    for (const match of fitting) if (match.route.endpoint.method === method) return match;
    if (fitting.length > 0) return { allowed: fitting.map((match) => match.route.endpoint.method) };
    throw new DssError('PATH-NOT-FOUND', `No endpoint ${method} ${path} in this interface (version 1).`);
  }

  /** The most literal routes whose template fits the path, most literal first (the catalogue's order among equals). */
  private routesFitting(path: string): readonly RouteMatch[] {
    const parts = pathSegments(path);
    const fitting: RouteMatch[] = [];
    for (const route of this.byLength.get(parts.length) ?? []) {
      if (fitting.length > 0 && route.compiled.literalCount < fitting[0]!.route.compiled.literalCount) break;
      const params = matchSegments(route.compiled, parts);
      if (params) fitting.push({ route, params: Object.freeze(params) });
    }
    return fitting;
  }
}
