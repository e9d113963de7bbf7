import { controlAnswers, type ControlAnswer, type ControlRequest } from '../../schemas/control.ts';
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

/** A member as the control plane shows it (`GET /sim/network`, `POST /sim/members`), with a fresh manager token. */
export type SimMember = ControlAnswer<'member'>;
export type SimNetwork = ControlAnswer<'network'>;
export type NewSimMember = ControlRequest<'member'>;
export type IssuedToken = ControlAnswer<'token'>;
export type FaultState = ControlAnswer<'switches'>[number];
export type SimAsset = ControlAnswer<'asset'>;

export type { TokenRights } from './token-rights.ts';

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
    const network = await this.request('GET', '/sim/network', undefined, 'network');
    this.options.clock.observe(network.now);
    return network;
  }

  async createMember(input: NewSimMember): Promise<SimMember> {
    const member = await this.request('POST', '/sim/members', input, 'member');
    this.options.recording.credentials.minted(member.token, member.identification, { role: 'manager' });
    return member;
  }

  /** Registers (onboards) a DSA for a tokenizer. */
  registerAsset(tokenizerIdentification: string, assetCode: string): Promise<SimAsset> {
    return this.request(
      'POST',
      '/sim/assets',
      { tokenizer_identification: tokenizerIdentification, asset_code_identification: assetCode },
      'asset',
    );
  }

  /** A token with chosen rights, as the client portal's token management would issue it. */
  async createToken(memberIdentification: string, rights: TokenRights): Promise<IssuedToken> {
    const issued = await this.request(
      'POST',
      '/sim/tokens',
      { member_identification: memberIdentification, ...rights },
      'token',
    );
    // Named for reproductions: a later call carrying it says which member's token, with which rights.
    this.options.recording.credentials.minted(issued.token, memberIdentification, rights);
    return issued;
  }

  async clock(): Promise<number> {
    const { now } = await this.request('GET', '/sim/clock', undefined, 'clock');
    this.options.clock.observe(now);
    return now;
  }

  /**
   * Moves the simulator's clock forward. This worker's clients then judge their tokens by the new time
   * (and get new ones from the control plane once refreshing is impossible). The clock is shared by
   * every worker, which do not see the move: see suites/README.md, "Moving the clock".
   */
  async advanceClock(ms: number): Promise<number> {
    const { now } = await this.request('POST', '/sim/clock', { advance_ms: ms }, 'clock');
    this.options.clock.observe(now);
    return now;
  }

  /** Moves the simulator's clock to `instant`, or leaves it where it is if it is already past (see advanceClock). */
  async advanceTo(instant: number): Promise<void> {
    const now = await this.clock();
    if (instant > now) await this.advanceClock(instant - now);
  }

  setFaults(change: { enable?: string[]; disable?: string[] }): Promise<FaultState[]> {
    return this.request('POST', '/sim/faults', change, 'switches');
  }

  /** A control call whose 200 answer must be `answer` of schemas/control.ts, which is what gives it its type. */
  private async request<K extends keyof typeof controlAnswers>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    answer: K,
  ): Promise<ControlAnswer<K>> {
    const url = `${this.baseUrl}${path}`;
    const requestBody = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (requestBody !== undefined) headers['content-type'] = 'application/json';
    const exchange = send({
      method,
      url,
      headers,
      body: requestBody,
      timeoutMs: this.options.timeoutMs,
      transport: this.options.transport,
    }).then((result) => ({ endpointId: null, method, url, requestHeaders: headers, requestBody, result }));
    await this.options.recording.record(exchange);
    const { result } = await exchange;

    const what = `control plane ${method} ${path}`;
    if (result.kind === 'failure')
      throw new HarnessFault(`${what} gave no response: ${result.reason}: ${result.message}`);
    if (result.status !== 200)
      throw new HarnessFault(`${what} answered ${result.status}: ${result.bodyText.slice(0, 500)}`);
    let data: unknown;
    try {
      data = JSON.parse(result.bodyText);
    } catch {
      throw new HarnessFault(`${what} answered with a body that is not JSON`);
    }
    const check = validate(controlAnswers[answer], data);
    if (!check.valid) throw new HarnessFault(`${what} answered an unexpected shape: ${check.errors.join('; ')}`);
    return data as ControlAnswer<K>;
  }
}

/** Whether `baseUrl` serves the simulator's control plane (`GET /sim/health` answers 200). */
export async function hasControlPlane(baseUrl: string, timeoutMs: number, transport: Transport): Promise<boolean> {
  const result = await send({
    method: 'GET',
    url: `${baseUrl.replace(/\/+$/, '')}/sim/health`,
    headers: { accept: 'application/json' },
    timeoutMs,
    transport,
  });
  return result.kind === 'response' && result.status === 200;
}
