import type { Endpoint } from '../../schemas/catalogue-types.ts';
import { fullPath } from '../../schemas/endpoints.ts';
import type { NotProvokable } from '../requirements/spec-index.ts';
import type { RecordedCall } from '../runtime/recorder.ts';
import type { CoverageReport, StatusCoverage, StatusCoverageState } from './report-types.ts';

/** Every endpoint needs a bearer token (spec, Endpoints), so 401 belongs to every endpoint's list. */
const AUTH_STATUS = 401;

/**
 * The endpoint x status matrix: for every catalogue endpoint, each status the spec lists for it (plus
 * 401) and whether a recorded call got it, whether no client can provoke it (`notProvokable`: the
 * internal failures of the spec index), and any status observed that the spec does not list.
 */
export function coverageOf(
  endpoints: readonly Endpoint[],
  calls: readonly RecordedCall[],
  notProvokable: readonly NotProvokable[],
  problems: string[],
): CoverageReport {
  const observed = new Map<string, Map<number, number>>();
  let uncatalogued = 0;
  for (const call of calls) {
    if (call.endpoint_id === null) {
      uncatalogued += 1;
      continue;
    }
    if (call.status === null) continue; // no answer came back: nothing was exercised
    const counts = observed.get(call.endpoint_id) ?? new Map<number, number>();
    counts.set(call.status, (counts.get(call.status) ?? 0) + 1);
    observed.set(call.endpoint_id, counts);
  }
  const known = new Set(endpoints.map((endpoint) => endpoint.id));
  for (const id of observed.keys())
    if (!known.has(id)) problems.push(`recorded calls name endpoint id ${id}, which is not in the catalogue`);
  const internal = notProvokableByEndpoint(endpoints, notProvokable, problems);

  const rows = endpoints.map((endpoint) => {
    const listed = new Set([
      endpoint.success.status,
      ...endpoint.errors.map((response) => response.status),
      AUTH_STATUS,
    ]);
    const counts = observed.get(endpoint.id) ?? new Map<number, number>();
    const reasons = internal.get(endpoint.id) ?? new Map<number, string>();
    const statuses: StatusCoverage[] = [...new Set([...listed, ...counts.keys()])]
      .sort((a, b) => a - b)
      .map((status) => {
        const callCount = counts.get(status) ?? 0;
        const isListed = listed.has(status);
        const reason = isListed ? (reasons.get(status) ?? null) : null;
        const state: StatusCoverageState = !isListed
          ? 'unlisted'
          : callCount > 0
            ? 'exercised'
            : reason !== null
              ? 'not-provokable'
              : 'not-exercised';
        return { status, listed: isListed, exercised: callCount > 0, calls: callCount, state, not_provokable: reason };
      });
    return { endpoint_id: endpoint.id, method: endpoint.method, path: fullPath(endpoint), statuses };
  });
  const all = rows.flatMap((row) => row.statuses);
  const inState = (state: StatusCoverageState) => all.filter((s) => s.state === state).length;
  return {
    endpoints: rows,
    listed_statuses: all.filter((s) => s.listed).length,
    exercised_listed_statuses: inState('exercised'),
    not_exercised_statuses: inState('not-exercised'),
    not_provokable_statuses: inState('not-provokable'),
    unlisted_statuses_observed: inState('unlisted'),
    uncatalogued_calls: uncatalogued,
  };
}

/** The not-provokable statuses by endpoint id; one the endpoint catalogue does not list is a problem of the index. */
function notProvokableByEndpoint(
  endpoints: readonly Endpoint[],
  notProvokable: readonly NotProvokable[],
  problems: string[],
): Map<string, Map<number, string>> {
  const byId = new Map<string, Map<number, string>>();
  for (const entry of notProvokable) {
    const endpoint = endpoints.find(
      (candidate) =>
        candidate.family === entry.family && candidate.method === entry.method && candidate.path === entry.path,
    );
    const listed =
      endpoint !== undefined &&
      [endpoint.success, ...endpoint.errors].some((response) => response.status === entry.status);
    if (!endpoint || !listed) {
      problems.push(
        `the spec index marks ${entry.family} ${entry.method} ${entry.path} ${entry.status} not provokable, but the endpoint catalogue lists no such status`,
      );
      continue;
    }
    const reasons = byId.get(endpoint.id) ?? new Map<number, string>();
    // One status may stand for several internal failures (404 on DSO issuance): all their reasons count.
    const earlier = reasons.get(entry.status);
    reasons.set(
      entry.status,
      earlier === undefined || earlier === entry.reason ? entry.reason : `${earlier}; ${entry.reason}`,
    );
    byId.set(endpoint.id, reasons);
  }
  return byId;
}
