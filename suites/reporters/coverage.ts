import type { Endpoint } from '../../schemas/catalogue-types.ts';
import { fullPath } from '../../schemas/endpoints.ts';
import type { RecordedCall } from '../runtime/recorder.ts';
import type { CoverageReport, StatusCoverage } from './report-types.ts';

/** Every endpoint needs a bearer token (spec, Endpoints), so 401 belongs to every endpoint's list. */
const AUTH_STATUS = 401;

/**
 * The endpoint x status matrix: for every catalogue endpoint, each status the spec lists for it (plus
 * 401) and whether a recorded call got it, and any status observed that the spec does not list.
 */
export function coverageOf(endpoints: readonly Endpoint[], calls: readonly RecordedCall[], problems: string[]): CoverageReport {
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
  for (const id of observed.keys()) if (!known.has(id)) problems.push(`recorded calls name endpoint id ${id}, which is not in the catalogue`);

  const rows = endpoints.map((endpoint) => {
    const listed = new Set([endpoint.success.status, ...endpoint.errors.map((response) => response.status), AUTH_STATUS]);
    const counts = observed.get(endpoint.id) ?? new Map<number, number>();
    const statuses: StatusCoverage[] = [...new Set([...listed, ...counts.keys()])]
      .sort((a, b) => a - b)
      .map((status) => {
        const callCount = counts.get(status) ?? 0;
        return { status, listed: listed.has(status), exercised: callCount > 0, calls: callCount };
      });
    return { endpoint_id: endpoint.id, method: endpoint.method, path: fullPath(endpoint), statuses };
  });
  const all = rows.flatMap((row) => row.statuses);
  return {
    endpoints: rows,
    listed_statuses: all.filter((s) => s.listed).length,
    exercised_listed_statuses: all.filter((s) => s.listed && s.exercised).length,
    unlisted_statuses_observed: all.filter((s) => !s.listed).length,
    uncatalogued_calls: uncatalogued,
  };
}
