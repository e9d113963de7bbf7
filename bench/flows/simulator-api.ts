/**
 * The simulator as the flow benchmarks' clients call it: Node's `fetch` (undici, keep-alive), each call
 * made as one member with its manager token, every answer required to be a 200. Deliberately not the
 * harness's client (suites/runtime/client.ts): its recording, schema checks and token keeping would
 * load the generator, which shares the cores with the simulator, with work that is not the flow's.
 */
import type { EndpointId } from '../../schemas/endpoints.ts';
import type { GatewayMessageType } from '../../schemas/enumerations.ts';
import { endpointRequest, type RequestArgs } from '../../schemas/request.ts';
import { formatUnits, readBalanceText } from '../../suites/runtime/money.ts';
import type { AssetId } from '../../suites/flows/assets.ts';
import type { StreamMessage } from '../../suites/flows/gateway.ts';
import { ControlClient, TargetClock } from '../../suites/runtime/control.ts';
import { RecordingChannel } from '../../suites/runtime/recorder.ts';
import { randomBic } from '../../suites/runtime/sim-members.ts';
import { issueToken } from '../servers/simulator-tokens.ts';
import { directTransport } from '../../suites/runtime/transport.ts';

/** A market maker made for one lane: its own gateway queues, so no other client consumes its messages. */
export interface MarketMaker {
  identification: string;
  bic: string;
  /** The operating account it pays from and is paid into. */
  account: string;
}

/** Manager tokens live 15 minutes by the simulator's clock: longer than a flow benchmark; the soak renews them (`renewTokens`). */
export class SimulatorApi {
  private readonly tokens = new Map<string, string>();
  // Set-up only (members made to order); its calls are never timed.
  private readonly control: ControlClient;

  constructor(readonly url: string) {
    this.control = new ControlClient({
      baseUrl: url,
      timeoutMs: 10_000,
      recording: new RecordingChannel(),
      clock: new TargetClock(),
      transport: directTransport,
    });
  }

  /** Takes a token for each member of the demo network named. */
  async signIn(members: readonly string[]): Promise<void> {
    for (const member of members) this.tokens.set(member, await issueToken(this.url, member));
  }

  /** New manager tokens for every member signed in or made so far. */
  async renewTokens(): Promise<void> {
    for (const member of [...this.tokens.keys()]) this.tokens.set(member, await issueToken(this.url, member));
  }

  /** The history bounds and what each store dropped so far (`GET /sim/retention`; the control plane needs no token). */
  async retention(): Promise<{ limits: Record<string, number>; dropped: Record<string, number> }> {
    const response = await fetch(`${this.url}/sim/retention`);
    if (response.status !== 200) throw new Error(`GET /sim/retention answered ${response.status}`);
    return (await response.json()) as { limits: Record<string, number>; dropped: Record<string, number> };
  }

  /** A new activated market maker with a `main` account, through the control plane (`POST /sim/members`). */
  async newMarketMaker(identification: string, countryCode: string): Promise<MarketMaker> {
    const member = await this.control.createMember({
      identification,
      bicfi: randomBic(countryCode),
      business_role: 'MMM',
      country_code: countryCode,
    });
    this.tokens.set(member.identification, member.token);
    return { identification: member.identification, bic: member.bicfi, account: 'main' };
  }

  /** A call as `member` to the catalogue endpoint `id` (schemas/request.ts builds it); answers the 200's body. */
  async request<Id extends EndpointId>(member: string, id: Id, ...inputs: RequestArgs<Id>): Promise<unknown> {
    const token = this.tokens.get(member);
    if (token === undefined) throw new Error(`no token for ${member}: sign it in or make it with newMarketMaker first`);
    const { method, path, body } = endpointRequest(id, ...inputs);
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer: unknown = await response.json();
    if (response.status !== 200)
      throw new Error(
        `${method} ${path.split('?')[0]} as ${member} answered ${response.status}: ${JSON.stringify(answer)}`,
      );
    return answer;
  }

  /** `POST /sign/payload`: `member`'s signature over `unsigned` (base64) with the key of its `account`. */
  async signPayload(member: string, account: string, unsigned: string): Promise<string> {
    return (
      (await this.request(member, 'member.signPayload', {
        body: { account_identification: account, unsigned_payload: unsigned },
      })) as { payload: string }
    ).payload;
  }

  /** `POST /sign/message`: the Message `xml` signed by `member` with the key of its `account`, as base64. */
  async signMessage(member: string, account: string, xml: string): Promise<string> {
    return (
      (await this.request(member, 'member.signMessage', {
        body: { account_identification: account, unsigned_payload: Buffer.from(xml, 'utf8').toString('base64') },
      })) as { payload: string }
    ).payload;
  }

  /** One read of `member`'s `type` queue: every payload it held, oldest first (the read consumes them). */
  async readQueue(member: string, type: GatewayMessageType): Promise<object[]> {
    const messages = (await this.request(member, 'member.readGatewayMessages', { query: { type } })) as StreamMessage[];
    return messages.flatMap((message) => message.response_data);
  }

  /**
   * The payload `wanted` accepts, from one read of `member`'s `type` queue. The simulator queues a
   * message before it answers the call that caused it, so one read finds it; nothing is waited for.
   */
  async readDelivered(
    member: string,
    type: GatewayMessageType,
    wanted: (payload: object) => boolean,
    what: string,
  ): Promise<object> {
    const payloads = await this.readQueue(member, type);
    const found = payloads.find(wanted);
    if (found === undefined)
      throw new Error(`${member}'s ${type} queue held no ${what}; it held ${JSON.stringify(payloads).slice(0, 300)}`);
    return found;
  }

  /** What `member` holds of `asset` on `account`, in units of 10^-7. */
  async balance(member: string, account: string, asset: AssetId): Promise<bigint> {
    const { balance } = (await this.request(member, 'member.getBalance', {
      path: { account_identification: account },
      query: { asset_code_identification: asset.code, asset_issuer_identification: asset.issuer },
    })) as { balance: string };
    const units = readBalanceText(balance);
    if (units === undefined)
      throw new Error(`${member}/${account} has the ${asset.code} balance "${balance}", which is no amount`);
    return units;
  }

  /**
   * Fails the run unless `member` holds exactly `expected` of `asset` on `account`: a benchmark that
   * counted failed or replayed flows as done would measure nothing.
   */
  async expectBalance(member: string, account: string, asset: AssetId, expected: bigint, why: string): Promise<void> {
    const actual = await this.balance(member, account, asset);
    if (actual !== expected)
      throw new Error(
        `${member}/${account} holds ${formatUnits(actual)} ${asset.code} ${why}; expected ${formatUnits(expected)}`,
      );
  }
}
