import type { Hono } from 'hono';
import { createApp } from '../../simulator/http/app.ts';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { Simulator } from '../../simulator/simulator.ts';

/**
 * Route-level test support (test support only): an in-process simulator with an empty network, driven
 * through Hono's `app.request`, and the control-plane calls that set a network up. Answers are
 * `{status, body}` with the JSON body parsed.
 */
export interface Answer<T> {
  status: number;
  /** Typed by the test that reads into it; the shape is what the test asserts. */
  body: T;
}

export const MEMBER_API = '/client/v1/api';
export const TOKENIZER_API = '/tokenizer/v1/api';

export async function testSimulator() {
  const sim = await Simulator.create({ network: 'empty' });
  const app: Hono = createApp(sim);

  async function call<T = unknown>(method: string, path: string, token?: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** Creates a member through the control plane and answers its manager token. */
  async function addMember(
    identification: string,
    business_role: 'MIS' | 'MMM',
    bicfi: string,
    operating_accounts?: string[],
  ): Promise<string> {
    const created = await call<{ token: string }>('POST', '/sim/members', undefined, {
      identification,
      bicfi,
      business_role,
      country_code: bicfi.slice(4, 6),
      operating_accounts,
    });
    if (created.status !== 200) throw new Error(`test setup: ${JSON.stringify(created.body)}`);
    return created.body.token;
  }

  /** A token narrowed to some accounts. */
  async function tokenFor(member_identification: string, accounts: string[]): Promise<string> {
    return (
      await call<{ token: string }>('POST', '/sim/tokens', undefined, {
        member_identification,
        role: 'manager',
        accounts,
      })
    ).body.token;
  }

  return { sim, call, addMember, tokenFor };
}

/**
 * A simulator with `tokenizer-us` (USD registered), `maker-aa` (main, second) and `maker-bb` (main),
 * plus the API steps most value tests need: an allowed USD line, and a signed funding.
 */
export async function usdNetwork() {
  const simulator = await testSimulator();
  const { call, addMember } = simulator;
  const tokens = {
    tokenizer: await addMember('tokenizer-us', 'MIS', 'TOKNUS33'),
    aa: await addMember('maker-aa', 'MMM', 'MAKAGB2L', ['main', 'second']),
    bb: await addMember('maker-bb', 'MMM', 'MAKBSGSG'),
  };
  await call('POST', '/sim/assets', undefined, {
    tokenizer_identification: 'tokenizer-us',
    asset_code_identification: 'USD',
  });

  /** The holder requests a USD line, the tokenizer allows it through its own interface. */
  async function allowedUsdLine(member: 'aa' | 'bb', account: string, ceiling: number): Promise<void> {
    const member_identification = `maker-${member}`;
    const requested = await call('POST', `${MEMBER_API}/settlement-instruments/credit-line`, tokens[member], {
      account_identification: account,
      asset_code_identification: 'USD',
      credit_line_state: 'request',
      member_identification: 'tokenizer-us',
      maximum_credit_limit: ceiling,
    });
    const allowed = await call(
      'POST',
      `${TOKENIZER_API}/settlement-instruments/credit-line/tokenizer-us`,
      tokens.tokenizer,
      {
        account_identification: account,
        asset_code_identification: 'USD',
        credit_line_state: 'allow',
        member_identification,
      },
    );
    if (requested.status !== 200 || allowed.status !== 200)
      throw new Error(`test setup: ${JSON.stringify([requested.body, allowed.body])}`);
  }

  /** Signs with the tokenizer's emission key through `POST /sign/payload`, as a tokenizer client does. */
  async function signAsTokenizer(
    unsignedPayload: string,
    token = tokens.tokenizer,
  ): Promise<Answer<{ payload: string }>> {
    return call<{ payload: string }>('POST', `${MEMBER_API}/sign/payload`, token, {
      account_identification: 'emission',
      unsigned_payload: unsignedPayload,
    });
  }

  /** Instruction and both signatures: answers the send's query string. */
  async function instructAndSign(info: Record<string, unknown>): Promise<URLSearchParams> {
    const instruction = await call<{ unsigned_transaction_object: string }>(
      'POST',
      `${TOKENIZER_API}/transactions/instruction`,
      tokens.tokenizer,
      info,
    );
    if (instruction.status !== 200) throw new Error(`test setup: ${JSON.stringify(instruction.body)}`);
    return new URLSearchParams({
      funding_payload_signature: (await signAsTokenizer(Buffer.from(canonicalJson(info), 'utf8').toString('base64')))
        .body.payload,
      signed_funding_transaction: (await signAsTokenizer(instruction.body.unsigned_transaction_object)).body.payload,
    });
  }

  function send(info: Record<string, unknown>, signatures: URLSearchParams): Promise<Answer<unknown>> {
    return call('POST', `${TOKENIZER_API}/transactions/send?${signatures}`, tokens.tokenizer, info);
  }

  /** The whole funding flow: instruction, both signatures, send. */
  async function fund(info: Record<string, unknown>): Promise<Answer<unknown>> {
    return send(info, await instructAndSign(info));
  }

  return { ...simulator, tokens, allowedUsdLine, signAsTokenizer, instructAndSign, send, fund };
}
