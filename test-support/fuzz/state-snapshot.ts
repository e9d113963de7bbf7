import { familyPrefix } from '../../schemas/catalogue-types.ts';
import { gatewayMessageTypes } from '../../schemas/enumerations.ts';

/**
 * Everything of a simulator's state that can be read without changing it, for the fuzz test's "the
 * state is unchanged" check: the whole ledger and the network from the control plane (tokens and the
 * clock left out: reading the network mints tokens, and time passes), the faults, and what each member
 * reads of its allowlist, its quotations, the settlement instruments and its payment transactions.
 * Gateway queues are read by consuming them, so they are drained instead (`drainGateway`).
 */

interface NetworkMember {
  identification: string;
  bicfi: string;
  token: string;
}

export async function readJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** The members with a fresh manager token each (GET /sim/network). */
export async function membersOf(baseUrl: string): Promise<NetworkMember[]> {
  const { body } = await readJson(`${baseUrl}/sim/network`);
  return (body as { members: NetworkMember[] }).members;
}

export async function stateSnapshot(baseUrl: string): Promise<Record<string, unknown>> {
  const members = await membersOf(baseUrl);
  const network = (await readJson(`${baseUrl}/sim/network`)).body as {
    members: Array<Record<string, unknown>>;
    assets: unknown;
  };
  const now = ((await readJson(`${baseUrl}/sim/clock`)).body as { now: number }).now;
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  const api = familyPrefix.member;
  const perMember: Record<string, unknown> = {};
  for (const member of members) {
    const headers = { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' };
    const read = async (path: string, init: RequestInit = {}) =>
      stable(await readJson(`${baseUrl}${api}${path}`, { headers, ...init }));
    perMember[member.identification] = {
      allowlist: await read('/members/allowlist'),
      quotations: await read('/exchange/quotations', { method: 'POST', body: '{}' }),
      instruments: await read('/settlement-instruments'),
      transactions: await read(`/transactions?data_type=DATE_INTERVAL&start_date=${day(-1)}&finish_date=${day(1)}`),
    };
  }
  return {
    ledger: (await readJson(`${baseUrl}/sim/ledger`)).body,
    network: {
      assets: network.assets,
      members: network.members.map(({ token: _token, token_expires_at: _expiry, ...member }) => member),
    },
    faults: (await readJson(`${baseUrl}/sim/faults`)).body,
    members: perMember,
  };
}

/** An error answer by its status and code: its timestamp and troubleshooting id change on every call. */
function stable(answer: { status: number; body: unknown }): { status: number; body: unknown } {
  return answer.status < 400
    ? answer
    : { status: answer.status, body: (answer.body as { code?: unknown } | undefined)?.code };
}

/** Reads (and so empties) every gateway queue of every member; answers what was in them. */
export async function drainGateway(
  baseUrl: string,
): Promise<Array<{ member: string; type: string; messages: unknown }>> {
  const drained = [];
  for (const member of await membersOf(baseUrl)) {
    for (const type of gatewayMessageTypes) {
      const headers = { authorization: `Bearer ${member.token}` };
      // A read answers at most a page; read until a page comes back empty.
      for (;;) {
        const { status, body } = await readJson(`${baseUrl}${familyPrefix.member}/gateway/messages?type=${type}`, {
          headers,
        });
        if (status !== 200 || !Array.isArray(body) || body.length === 0) break;
        drained.push({ member: member.identification, type, messages: body });
      }
    }
  }
  return drained;
}
