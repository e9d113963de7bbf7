import type { JsonSchema } from '../../schemas/catalogue-types.ts';
import { schemaRef } from '../../schemas/resources.ts';
import { validate } from '../../schemas/validators.ts';
import { HarnessFault } from './harness-fault.ts';
import { send } from './http.ts';
import type { RecordingChannel } from './recorder.ts';
import type { TokenRights } from './token-rights.ts';
import type { Transport } from './transport.ts';

/**
 * A client of the simulator's control plane (`/sim`): what only a simulator offers (members made to
 * order, tokens with chosen rights, the clock, fault switches). Everything here is harness plumbing,
 * so any unexpected answer is a HarnessFault, never a failure of the target's API.
 */

export interface SimAccount {
  identification: string;
  distributed_ledger_account_address: string;
}

/** A member as the control plane shows it (`GET /sim/network`, `POST /sim/members`). */
export interface SimMember {
  identification: string;
  business_role: 'MIS' | 'MMM';
  country_code: string;
  bicfi: string;
  member_state: string;
  /** `emission` and the operating accounts. */
  accounts: SimAccount[];
  /** A fresh manager token. */
  token: string;
}

export interface SimAsset {
  asset_code_identification: string;
  asset_group_identification: string;
  asset_issuer_identification: string;
}

export interface SimNetwork {
  now: number;
  members: SimMember[];
  assets: SimAsset[];
}

export interface NewSimMember {
  identification: string;
  bicfi: string;
  business_role: 'MIS' | 'MMM';
  country_code: string;
  operating_accounts?: string[];
  member_state?: 'created' | 'activated' | 'blocked';
}

export type { TokenRights } from './token-rights.ts';

export interface IssuedToken {
  token: string;
  expires_at: number;
  session_expires_at: number;
}

export interface FaultState {
  name: string;
  enabled: boolean;
}

const simMemberSchema: JsonSchema = {
  type: 'object',
  required: ['identification', 'business_role', 'country_code', 'bicfi', 'member_state', 'accounts', 'token'],
  properties: {
    identification: { type: 'string' },
    business_role: { enum: ['MIS', 'MMM'] },
    country_code: { type: 'string' },
    bicfi: { type: 'string' },
    member_state: { type: 'string' },
    accounts: { type: 'array', items: schemaRef('digitalAccount') },
    token: { type: 'string', minLength: 1 },
  },
};

const schemas = {
  network: {
    type: 'object',
    required: ['now', 'members', 'assets'],
    properties: { now: { type: 'integer' }, members: { type: 'array', items: simMemberSchema }, assets: { type: 'array', items: schemaRef('settlementInstrumentInfo') } },
  },
  member: simMemberSchema,
  asset: schemaRef('settlementInstrumentInfo'),
  token: {
    type: 'object',
    required: ['token', 'expires_at', 'session_expires_at'],
    properties: { token: { type: 'string', minLength: 1 }, expires_at: { type: 'integer' }, session_expires_at: { type: 'integer' } },
  },
  clock: { type: 'object', required: ['now'], properties: { now: { type: 'integer' } } },
  faults: {
    type: 'array',
    items: { type: 'object', required: ['name', 'enabled'], properties: { name: { type: 'string' }, enabled: { type: 'boolean' } } },
  },
} satisfies Record<string, JsonSchema>;

/**
 * The target's time as the harness best knows it. The simulator's clock can run ahead of the wall
 * clock once moved; each clock reading through the control plane updates the estimate, so that token
 * expiry is judged by the target's time, not the harness's.
 */
export class TargetClock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  observe(targetNow: number): void {
    this.offset = targetNow - Date.now();
  }
}

export interface ControlClientOptions {
  baseUrl: string;
  timeoutMs: number;
  recording: RecordingChannel;
  clock: TargetClock;
  /** How the target is reached: the run's (transport.ts). */
  transport: Transport;
}

export class ControlClient {
  private readonly baseUrl: string;

  constructor(private readonly options: ControlClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async network(): Promise<SimNetwork> {
    const network = await this.request<SimNetwork>('GET', '/sim/network', undefined, schemas.network);
    this.options.clock.observe(network.now);
    return network;
  }

  async createMember(input: NewSimMember): Promise<SimMember> {
    const member = await this.request<SimMember>('POST', '/sim/members', input, schemas.member);
    this.options.recording.credentials.minted(member.token, member.identification, { role: 'manager' });
    return member;
  }

  /** Registers (onboards) a DSA for a tokenizer. */
  registerAsset(tokenizerIdentification: string, assetCode: string): Promise<SimAsset> {
    return this.request('POST', '/sim/assets', { tokenizer_identification: tokenizerIdentification, asset_code_identification: assetCode }, schemas.asset);
  }

  /** A token with chosen rights, as the client portal's token management would issue it. */
  async createToken(memberIdentification: string, rights: TokenRights): Promise<IssuedToken> {
    const issued = await this.request<IssuedToken>('POST', '/sim/tokens', { member_identification: memberIdentification, ...rights }, schemas.token);
    // Named for reproductions: a later call carrying it says which member's token, with which rights.
    this.options.recording.credentials.minted(issued.token, memberIdentification, rights);
    return issued;
  }

  async clock(): Promise<number> {
    const { now } = await this.request<{ now: number }>('GET', '/sim/clock', undefined, schemas.clock);
    this.options.clock.observe(now);
    return now;
  }

  /**
   * Moves the simulator's clock forward. This worker's clients then judge their tokens by the new time
   * (and get new ones from the control plane once refreshing is impossible). The clock is shared by
   * every worker, which do not see the move: see suites/README.md, "Moving the clock".
   */
  async advanceClock(ms: number): Promise<number> {
    const { now } = await this.request<{ now: number }>('POST', '/sim/clock', { advance_ms: ms }, schemas.clock);
    this.options.clock.observe(now);
    return now;
  }

  /** Moves the simulator's clock to `instant`, or leaves it where it is if it is already past (see advanceClock). */
  async advanceTo(instant: number): Promise<void> {
    const now = await this.clock();
    if (instant > now) await this.advanceClock(instant - now);
  }

  setFaults(change: { enable?: string[]; disable?: string[] }): Promise<FaultState[]> {
    return this.request('POST', '/sim/faults', change, schemas.faults);
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body: unknown, schema: JsonSchema): Promise<T> {
    const url = `${this.baseUrl}${path}`;
    const requestBody = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (requestBody !== undefined) headers['content-type'] = 'application/json';
    const exchange = send({ method, url, headers, body: requestBody, timeoutMs: this.options.timeoutMs, transport: this.options.transport }).then((result) => ({ endpointId: null, method, url, requestHeaders: headers, requestBody, result }));
    await this.options.recording.record(exchange);
    const { result } = await exchange;

    const what = `control plane ${method} ${path}`;
    if (result.kind === 'failure') throw new HarnessFault(`${what} gave no response: ${result.reason}: ${result.message}`);
    if (result.status !== 200) throw new HarnessFault(`${what} answered ${result.status}: ${result.bodyText.slice(0, 500)}`);
    let data: unknown;
    try {
      data = JSON.parse(result.bodyText);
    } catch {
      throw new HarnessFault(`${what} answered with a body that is not JSON`);
    }
    const check = validate(schema, data);
    if (!check.valid) throw new HarnessFault(`${what} answered an unexpected shape: ${check.errors.join('; ')}`);
    return data as T;
  }
}

/** Whether `baseUrl` serves the simulator's control plane (`GET /sim/health` answers 200). */
export async function hasControlPlane(baseUrl: string, timeoutMs: number, transport: Transport): Promise<boolean> {
  const result = await send({ method: 'GET', url: `${baseUrl.replace(/\/+$/, '')}/sim/health`, headers: { accept: 'application/json' }, timeoutMs, transport });
  return result.kind === 'response' && result.status === 200;
}
