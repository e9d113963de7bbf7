import { randomUUID } from 'node:crypto';
import type { Endpoint } from '../../../schemas/catalogue-types.ts';
import { endpoints, isEndpointId } from '../../../schemas/endpoints.ts';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import type { DssClient, DssResponse, RequestInit } from '../../runtime/client.ts';
import type { Actor, Actors } from '../../runtime/fixtures.ts';

/**
 * One request per catalogue endpoint, for rules that hold on every endpoint whatever the input (a bad
 * token is refused before anything is read). Path parameters get plausible values, so the request
 * reaches the endpoint and not a 404; query and body stay empty, as the rule must not depend on them.
 */

/** Who the request is about: the caller's own account, another member, a tokenizer. */
export interface PathSubjects {
  account: string;
  member: string;
  tokenizer: string;
}

/** The subjects of a request by `caller`: its default account, and another of this worker's members. */
export function subjectsOf(actors: Actors, caller: Actor): PathSubjects {
  const account = caller.accounts[0];
  if (account === undefined) throw new HarnessFault(`member ${caller.identification} has no operating account`);
  const other = caller === actors.mmA ? actors.mmB : actors.mmA;
  return { account, member: other.identification, tokenizer: actors.tokenizer.identification };
}

function plausiblePath(endpoint: Endpoint, subjects: PathSubjects): Record<string, string> {
  const values: Record<string, () => string> = {
    account_identification: () => subjects.account,
    member_identification: () => subjects.member,
    tokenizer_identification: () => subjects.tokenizer,
    reference: () => 'now',
    request_uuid: () => randomUUID(),
    quotation_uuid: () => `${randomUUID()}-${subjects.member}`,
    asset_code_identification: () => 'USDDSO',
  };
  const path: Record<string, string> = {};
  for (const param of endpoint.params.filter((p) => p.in === 'path')) {
    const value = values[param.name];
    if (!value) throw new HarnessFault(`no plausible value for path parameter ${param.name} of ${endpoint.id}`);
    path[param.name] = value();
  }
  return path;
}

/** Calls each of `only` (default: the whole catalogue) at once with the same `init`; answers in that order. */
export function callEndpoints(
  client: DssClient,
  subjects: PathSubjects,
  init: RequestInit,
  only: readonly Endpoint[] = endpoints,
): Promise<DssResponse[]> {
  return Promise.all(
    only.map((endpoint) => {
      if (!isEndpointId(endpoint.id)) throw new HarnessFault(`${endpoint.id} is not a catalogue endpoint id`);
      return client.call(endpoint.id, { ...init, path: plausiblePath(endpoint, subjects) });
    }),
  );
}
