import fc from 'fast-check';
import { endpoints } from '../../schemas/endpoints.ts';
import { defectsOf } from './defects.ts';
import { toRequest, type FuzzWorld } from './drafts.ts';
import { noiseChoice, withNoise } from './noise.ts';
import type { FuzzRequest } from './wire.ts';

/** One generated request: which endpoint it aims at, the defect that must get it refused, and its noise. */
export interface FuzzCase {
  endpoint: string;
  defect: string;
  noise: string[];
  request: FuzzRequest;
}

/** Every catalogue endpoint alike, then one of its defects, then noise. */
export function fuzzCases(world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const perEndpoint = endpoints.map((endpoint) => fc.oneof(...defectsOf(endpoint, world)));
  return fc.tuple(fc.oneof(...perEndpoint), noiseChoice).map(([{ defect, draft }, choice]) => {
    const { draft: noisy, noise } = withNoise(draft, choice);
    return { endpoint: draft.endpoint.id, defect, noise, request: toRequest(noisy) };
  });
}

/** A case as a failure report shows it: long values cut, so that a 10^5-character path stays readable. */
export function describeCase(fuzzCase: FuzzCase): string {
  const { request } = fuzzCase;
  const cut = (text: string, max = 200) =>
    text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;
  const head = request.wire
    ? `wire ${JSON.stringify(cut(request.wire.toString('latin1')))}`
    : `${cut(request.method, 40)} ${cut(request.target)}`;
  const headers = request.headers.map(([name, value]) => `${name}: ${cut(value, 60)}`).join('; ');
  const body = request.body ? ` body ${JSON.stringify(cut(request.body.toString('utf8')))}` : '';
  return `[${fuzzCase.endpoint} / ${fuzzCase.defect}${fuzzCase.noise.length > 0 ? ` + ${fuzzCase.noise.join(', ')}` : ''}] ${head}${headers ? ` {${headers}}` : ''}${body}`;
}
