/**
 * A developer's member on a running simulator, as the tests of the living network drive it: a new
 * member made through the control plane, then every step through the spec's endpoints with its own
 * manager token, over a real socket. Waiting is done by moving the simulator's clock (the autopilot
 * members answer after a delay on that clock) and polling for the condition, never by fixed sleeps.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { canonicalJson } from '../protocol/canonical-json.ts';

export const MEMBER_API = '/client/v1/api';

export interface Answer {
  status: number;
  body: any;
}

export class DeveloperMember {
  private constructor(
    readonly baseUrl: string,
    readonly identification: string,
    readonly bic: string,
    private readonly token: string,
  ) {}

  /** A new market maker with a `main` account, made as the network operator would (`POST /sim/members`). */
  static async create(baseUrl: string, country = 'GB'): Promise<DeveloperMember> {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const bic = `${Array.from({ length: 4 }, () => letters[randomInt(26)]).join('')}${country}2L`;
    const response = await fetch(`${baseUrl}/sim/members`, {
      method: 'POST',
      body: JSON.stringify({
        identification: `dev-${randomBytes(5).toString('hex')}`,
        bicfi: bic,
        business_role: 'MMM',
        country_code: country,
      }),
    });
    const member = (await response.json()) as { identification: string; token: string };
    if (response.status !== 200)
      throw new Error(`POST /sim/members answered ${response.status}: ${JSON.stringify(member)}`);
    return new DeveloperMember(baseUrl, member.identification, bic, member.token);
  }

  /** The same member, with the same token, on a simulator at another address (one restarted on its store). */
  at(baseUrl: string): DeveloperMember {
    return new DeveloperMember(baseUrl, this.identification, this.bic, this.token);
  }

  /** A member of the network file driven by hand: its token as `GET /sim/network` hands it out. */
  static async adopt(baseUrl: string, identification: string): Promise<DeveloperMember> {
    const network = (await (await fetch(`${baseUrl}/sim/network`)).json()) as {
      members: Array<{ identification: string; bicfi: string; token: string }>;
    };
    const member = network.members.find((entry) => entry.identification === identification);
    if (!member) throw new Error(`no member ${identification} in GET /sim/network`);
    return new DeveloperMember(baseUrl, member.identification, member.bicfi, member.token);
  }

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.baseUrl}${MEMBER_API}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  }

  /** A call that must answer 200; answers its body. */
  async ok(method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.call(method, path, body);
    if (answer.status !== 200)
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async balance(code: string, issuer: string, account = 'main'): Promise<string> {
    const query = new URLSearchParams({ asset_code_identification: code, asset_issuer_identification: issuer });
    const answer = await this.call('GET', `/balances/digital-accounts/${account}?${query}`);
    return answer.status === 200 ? (answer.body as { balance: string }).balance : 'none';
  }

  /** `POST /sign/payload` with `account`'s key over base64 of the value's canonical JSON: the payload and its signature. */
  async signJson(value: unknown, account = 'main'): Promise<{ payload: string; signature: string }> {
    const payload = Buffer.from(canonicalJson(value), 'utf8').toString('base64');
    const signed = await this.ok('POST', '/sign/payload', {
      account_identification: account,
      unsigned_payload: payload,
    });
    return { payload, signature: signed.payload as string };
  }

  /** `POST /sign/message`: the Message XML signed with `account`'s key, as base64. */
  async signMessage(xml: string, account = 'main'): Promise<string> {
    const signed = await this.ok('POST', '/sign/message', {
      account_identification: account,
      unsigned_payload: Buffer.from(xml, 'utf8').toString('base64'),
    });
    return signed.payload as string;
  }

  /** Reads (and so consumes) one gateway queue: its payloads, oldest first. */
  async readQueue(type: string): Promise<any[]> {
    const messages = (await this.ok('GET', `/gateway/messages?type=${type}`)) as Array<{ response_data: unknown[] }>;
    return messages.flatMap((message) => message.response_data);
  }

  /** The simulator's time. */
  async now(): Promise<number> {
    return ((await (await fetch(`${this.baseUrl}/sim/clock`)).json()) as { now: number }).now;
  }

  newIdentification(kind: string): string {
    return `${this.bic.slice(0, 8)}-${kind}-${randomUUID().slice(0, 8)}`;
  }
}

/**
 * Checks `condition` until it answers a value. Between checks it moves the simulator's clock by
 * `stepMs` (the autopilot members answer after a delay on that clock), at most `maxAdvanceMs` in all
 * so that tokens never expire for it; the short real pause only lets the autopilot's timer run. The
 * real-time limit is a safety net for a loaded machine, not a measure.
 */
export async function eventually<T>(
  baseUrl: string,
  what: string,
  condition: () => Promise<T | undefined>,
  limitMs = 90_000,
  stepMs = 250,
  maxAdvanceMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  let advanced = 0;
  for (;;) {
    const value = await condition();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still not so after ${limitMs} ms`);
    if (advanced < maxAdvanceMs) {
      await fetch(`${baseUrl}/sim/clock`, { method: 'POST', body: JSON.stringify({ advance_ms: stepMs }) });
      advanced += stepMs;
    }
    await sleep(60);
  }
}
