/**
 * How an autopilot member acts: as any member does, through the API, with its own manager token and its
 * own keys (signatures come from `POST /sign/payload` and `POST /sign/message`, which sign with the
 * member's account keys). Calls go to the simulator's own Hono app in this process (`fetch` of the app),
 * so they pass every step a call over a socket passes (authentication, validation, the handler) and are
 * recorded in the activity log like any other; nothing here touches the ledger or the books directly.
 */
import type { EndpointId } from '../../schemas/endpoints.ts';
import { endpointRequest, type EndpointRequest, type RequestArgs } from '../../schemas/request.ts';
import type { SimState } from '../state.ts';

export type AppFetch = (request: Request) => Response | Promise<Response>;

/** What a call answered, with the request it made. */
export interface ApiAnswer {
  request: EndpointRequest;
  status: number;
  body: unknown;
}

/** A call that did not answer 200: what the autopilot logs as a failed action. */
export class CallRefused extends Error {
  constructor(readonly answer: ApiAnswer) {
    const { method, path } = answer.request;
    super(`${method} ${path.split('?')[0]} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`);
  }
}

/** Renew the token this long before it expires (by the simulator's clock). */
const RENEW_BEFORE_MS = 60_000;

export class MemberApi {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly state: SimState,
    private readonly fetch: AppFetch,
    readonly identification: string,
  ) {}

  /** A call to the catalogue endpoint `id` (schemas/request.ts builds it) that must answer 200; answers its body. */
  async request<Id extends EndpointId>(id: Id, ...inputs: RequestArgs<Id>): Promise<unknown> {
    const answer = await this.call(id, ...inputs);
    if (answer.status !== 200) throw new CallRefused(answer);
    return answer.body;
  }

  /** `POST /sign/payload`: this member's signature over `unsigned` (base64) with its `account`'s key. */
  async signPayload(account: string, unsigned: string): Promise<string> {
    return (
      (await this.request('member.signPayload', {
        body: { account_identification: account, unsigned_payload: unsigned },
      })) as { payload: string }
    ).payload;
  }

  /** `POST /sign/message`: the Message `xml` signed with this member's `account` key, as base64. */
  async signMessage(account: string, xml: string): Promise<string> {
    const unsigned = Buffer.from(xml, 'utf8').toString('base64');
    return (
      (await this.request('member.signMessage', {
        body: { account_identification: account, unsigned_payload: unsigned },
      })) as { payload: string }
    ).payload;
  }

  /** A call to the catalogue endpoint `id`, whatever it answers. */
  async call<Id extends EndpointId>(id: Id, ...inputs: RequestArgs<Id>): Promise<ApiAnswer> {
    const request = endpointRequest(id, ...inputs);
    const { method, path, body } = request;
    const headers: Record<string, string> = { authorization: `Bearer ${await this.currentToken()}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.fetch(
      new Request(`http://autopilot.local${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return { request, status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  }

  /** A manager token, as the member's portal would hand it out; a new one before the old one expires. */
  private async currentToken(): Promise<string> {
    const now = this.state.clock.now();
    if (!this.token || this.token.expiresAt - RENEW_BEFORE_MS <= now) {
      const issued = await this.state.tokens.issue({ member_identification: this.identification, role: 'manager' });
      this.token = { value: issued.token, expiresAt: issued.expires_at };
    }
    return this.token.value;
  }
}
