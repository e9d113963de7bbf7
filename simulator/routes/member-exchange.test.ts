import { test, expect } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { schemaRef, type ResourceName } from '../../schemas/resources.ts';
import { validate } from '../../schemas/validators.ts';
import { EUR, fundLine } from '../../test-support/simulator/value-network.ts';
import { startSimulator, type RunningSimulator } from '../server.ts';
import type { SimState } from '../state.ts';
import { MEMBER_API, usdNetwork, type Answer } from '../../test-support/simulator/app-client.ts';

/**
 * The quotation and exchange endpoints through HTTP: in-process for the flow and the statuses of each
 * endpoint, over a real socket for a GET with a body and for concurrent exchanges. USD lines and
 * funding go through the real credit-line and funding endpoints (test-support/simulator/app-client's usdNetwork); the EUR
 * side is set up directly on the ledger (test-support/simulator/value-network's fundLine).
 */

type Call = <T = unknown>(method: string, path: string, token?: string, body?: unknown) => Promise<Answer<T>>;
type Json = Record<string, unknown>;
interface Tokens {
  buyer: string;
  seller: string;
}

const QUOTATIONS = `${MEMBER_API}/exchange/quotations`;
const usd = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-us',
};
const eur = {
  asset_code_identification: 'EUR',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-eu',
};

function conforms(resource: ResourceName, value: unknown, list = false): void {
  const items = list ? (value as unknown[]) : [value];
  for (const item of items) expect(validate(schemaRef(resource), item)).toEqual({ valid: true });
}

/** maker-aa (buyer, 1000 USD) and maker-bb (seller, 1000 EUR) with their lines and mutual allowlist. */
async function exchangeNetwork() {
  const network = await usdNetwork();
  const { call, tokens, addMember, allowedUsdLine, fund, sim } = network;
  await addMember('tokenizer-eu', 'MIS', 'TOKNDEFF');
  await call('POST', '/sim/assets', undefined, {
    tokenizer_identification: 'tokenizer-eu',
    asset_code_identification: 'EUR',
  });
  await allowedUsdLine('aa', 'main', 10_000);
  await allowedUsdLine('bb', 'main', 10_000);
  const funded = await fund({
    end_to_end_identification: 'fund-aa',
    funding_amount: 1000,
    issued_asset_code_identification: 'USD',
    member_identification: 'maker-aa',
    tokenizer_identification: 'tokenizer-us',
  });
  if (funded.status !== 200) throw new Error(`test setup: ${JSON.stringify(funded.body)}`);
  fundLine(sim.state, 'maker-aa', 'main', EUR, 10_000);
  fundLine(sim.state, 'maker-bb', 'main', EUR, 10_000, '1000');
  await allowMutually(call, tokens.aa, 'maker-aa', tokens.bb, 'maker-bb');
  return { ...network, pair: { buyer: tokens.aa, seller: tokens.bb } };
}

async function allowMutually(call: Call, tokenA: string, a: string, tokenB: string, b: string): Promise<void> {
  await call('POST', `${MEMBER_API}/members/allowlist`, tokenA, b);
  await call('POST', `${MEMBER_API}/members/allowlist`, tokenB, a);
}

function base64(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

/** Signs through `POST /sign/payload`, as a member's client does. */
async function sign(call: Call, token: string, account: string, payload: string): Promise<string> {
  const answer = await call<{ payload: string }>('POST', `${MEMBER_API}/sign/payload`, token, {
    account_identification: account,
    unsigned_payload: payload,
  });
  if (answer.status !== 200) throw new Error(`test setup: ${JSON.stringify(answer.body)}`);
  return answer.body.payload;
}

/** The buyer requests, the seller reads its gateway, signs and answers: 0.9 EUR per USD. */
async function quote(call: Call, tokens: Tokens, clockNow: number, quotationOverrides: Json = {}) {
  const requested = await call<{ request_uuid: string; request_timestamp: number }>(
    'POST',
    `${QUOTATIONS}/request`,
    tokens.buyer,
    {
      base_asset_info: [usd],
      buyer_member_identification: 'maker-aa',
      maximum_amount_limit: 500,
      quoted_asset_info: [eur],
      time_end_request_quotation: clockNow + 3_600_000,
    },
  );
  expect(requested.status).toBe(200);
  const messages = await call<Array<{ response_data: [{ quotation_uuid: string; request_quotation: [Json] }] }>>(
    'GET',
    `${MEMBER_API}/gateway/messages?type=quotations`,
    tokens.seller,
  );
  const { quotation_uuid, request_quotation } = messages.body.at(-1)!.response_data[0];
  const quotation = {
    end_time: clockNow + 1_800_000,
    foreign_exchange_rate: 0.9,
    maximum_amount_limit: 1000,
    quotation_uuid,
    request_quotation,
    seller_crediting_account_identification: 'main',
    seller_debiting_account_identification: 'main',
    seller_member_identification: 'maker-bb',
    start_time: clockNow,
    ...quotationOverrides,
  };
  const payload = base64(quotation);
  const answered = await call('POST', `${QUOTATIONS}/${quotation_uuid}`, tokens.seller, {
    quotation_payload: payload,
    member_signature: await sign(call, tokens.seller, 'main', payload),
  });
  expect(answered).toEqual({ status: 200, body: {} });
  return { requestUuid: requested.body.request_uuid, quotationUuid: quotation_uuid, quotation };
}

/** The buyer's exchangeObject for `amount` of USD, signed with its `main` key. */
async function exchangeObject(call: Call, buyerToken: string, quotation: Json, amount = 100): Promise<Json> {
  const payload = base64({
    amount_base_asset: amount,
    buyer_crediting_account_identification: 'main',
    buyer_debiting_account_identification: 'main',
    quotation_info: [quotation],
  });
  return { exchange_payload: payload, member_signature: await sign(call, buyerToken, 'main', payload) };
}

async function balance(call: Call, token: string, asset: Json): Promise<string> {
  const query = new URLSearchParams({
    asset_code_identification: String(asset.asset_code_identification),
    asset_issuer_identification: String(asset.asset_issuer_identification),
  });
  return (await call<{ balance: string }>('GET', `${MEMBER_API}/balances/digital-accounts/main?${query}`, token)).body
    .balance;
}

test.describe('quotations and exchange over HTTP', () => {
  test('the whole flow: request, gateway, signed answer, reading, filter, signed exchange, balances', async () => {
    const { call, sim, pair } = await exchangeNetwork();
    const { requestUuid, quotationUuid, quotation } = await quote(call, pair, sim.state.clock.now());

    const toBuyer = await call<Array<{ response_data: [Json] }>>(
      'GET',
      `${MEMBER_API}/gateway/messages?type=quotations`,
      pair.buyer,
    );
    expect(toBuyer.body).toHaveLength(1);
    conforms('streamMessages', toBuyer.body, true);
    conforms('quotationState', toBuyer.body[0]!.response_data[0]);
    expect(toBuyer.body[0]!.response_data[0]).toMatchObject({
      quotation_uuid: quotationUuid,
      request_quotation_state: 10,
      response_data: [quotation],
    });

    const ofRequest = await call<Json[]>('GET', `${QUOTATIONS}/request/${requestUuid}`, pair.buyer);
    expect(ofRequest.status).toBe(200);
    conforms('quotationState', ofRequest.body, true);
    expect((await call('GET', `${QUOTATIONS}/${quotationUuid}`, pair.seller)).body).toEqual(ofRequest.body[0]);
    expect(
      (
        await call<Json[]>('POST', QUOTATIONS, pair.buyer, {
          foreign_exchange_rate: [{ relational_operator: 'ge', comparison_value: 0.9 }],
        })
      ).body,
    ).toEqual(ofRequest.body);
    expect((await call('POST', QUOTATIONS, pair.buyer)).body).toEqual(ofRequest.body);

    const result = await call<Json>(
      'POST',
      `${MEMBER_API}/exchange`,
      pair.buyer,
      await exchangeObject(call, pair.buyer, quotation),
    );
    expect(result.status).toBe(200);
    conforms('exchangeResult', result.body);
    expect(result.body).toMatchObject({ exchange_state: 'Success', amount_base_asset: 100, amount_quoted_asset: 90 });
    expect([
      await balance(call, pair.buyer, usd),
      await balance(call, pair.buyer, eur),
      await balance(call, pair.seller, usd),
      await balance(call, pair.seller, eur),
    ]).toEqual(['900.0000000', '90.0000000', '100.0000000', '910.0000000']);
    expect((await call('GET', `${QUOTATIONS}/${quotationUuid}`, pair.buyer)).body).toMatchObject({
      request_quotation_state: 21,
    });
  });

  test('request: 400 for invalid input, 404 with no mutual allowlist', async () => {
    const { call, sim, pair, tokens, addMember } = await exchangeNetwork();
    const valid = {
      base_asset_info: [usd],
      buyer_member_identification: 'maker-aa',
      maximum_amount_limit: 5,
      quoted_asset_info: [eur],
      time_end_request_quotation: sim.state.clock.now() + 60_000,
    };
    expect(
      (await call('POST', `${QUOTATIONS}/request`, pair.buyer, { ...valid, maximum_amount_limit: 'five' })).status,
    ).toBe(400);
    expect(
      (await call('POST', `${QUOTATIONS}/request`, pair.buyer, { ...valid, buyer_member_identification: 'maker-bb' }))
        .body,
    ).toMatchObject({ code: 'QUOTATION-REQUEST-INVALID' });
    const loner = await addMember('maker-cc', 'MMM', 'MAKCKENA');
    expect(
      await call('POST', `${QUOTATIONS}/request`, loner, { ...valid, buyer_member_identification: 'maker-cc' }),
    ).toMatchObject({ status: 404, body: { code: 'QUOTATION-NO-COUNTERPARTS', timestamp: expect.any(Number) } });
    expect((await call('POST', `${QUOTATIONS}/request`, undefined, valid)).status).toBe(401);
    expect(
      (
        await call('POST', `${QUOTATIONS}/request`, tokens.tokenizer, {
          ...valid,
          buyer_member_identification: 'tokenizer-us',
        })
      ).status,
    ).toBe(404);
  });

  test('answer: every refusal is 400, including an unknown quotation and an invalid body', async () => {
    const { call, sim, pair } = await exchangeNetwork();
    const { quotationUuid, quotation } = await quote(call, pair, sim.state.clock.now());
    const payload = base64({ ...quotation, foreign_exchange_rate: 1 });
    const goodSignature = await sign(call, pair.seller, 'main', payload);
    const cases: Array<[string, string, Json]> = [
      ['body schema', quotationUuid, { quotation_payload: payload }],
      [
        'signature of other bytes',
        quotationUuid,
        { quotation_payload: payload, member_signature: await sign(call, pair.seller, 'main', base64(quotation)) },
      ],
      [
        'unknown quotation',
        `${quotationUuid.slice(0, 36)}-maker-zz`,
        { quotation_payload: payload, member_signature: goodSignature },
      ],
      ['malformed id', 'abc', { quotation_payload: payload, member_signature: goodSignature }],
    ];
    for (const [name, id, body] of cases)
      expect((await call('POST', `${QUOTATIONS}/${id}`, pair.seller, body)).status, name).toBe(400);
    expect(
      (
        await call('POST', `${QUOTATIONS}/${quotationUuid}`, pair.buyer, {
          quotation_payload: payload,
          member_signature: goodSignature,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `${QUOTATIONS}/${quotationUuid}`, pair.seller, {
          quotation_payload: payload,
          member_signature: goodSignature,
        })
      ).status,
    ).toBe(200);
  });

  test('reading and cancelling: 400 malformed, 404 unknown or not visible, 400 in a final state; DELETE of the collection', async () => {
    const { call, sim, pair, tokens } = await exchangeNetwork();
    const { requestUuid, quotationUuid } = await quote(call, pair, sim.state.clock.now());
    expect((await call('GET', `${QUOTATIONS}/nonsense`, pair.buyer)).status).toBe(400);
    expect((await call('GET', `${QUOTATIONS}/${quotationUuid}`, tokens.tokenizer)).status).toBe(404);
    expect((await call('GET', `${QUOTATIONS}/request/not-a-uuid`, pair.buyer)).status).toBe(400);
    expect((await call('GET', `${QUOTATIONS}/request/${requestUuid}`, pair.seller)).status).toBe(404);
    expect((await call('DELETE', `${QUOTATIONS}/${quotationUuid}`, tokens.tokenizer)).status).toBe(404);
    expect((await call('DELETE', QUOTATIONS, pair.buyer)).status).toBe(400);
    // No condition and no cancel_quotations: true breaks the body's anyOf (issue 11, example 8).
    expect(await call('DELETE', QUOTATIONS, pair.buyer, {})).toMatchObject({
      status: 400,
      body: { code: 'REQUEST-INVALID' },
    });
    expect(await call('DELETE', QUOTATIONS, pair.buyer, { cancel_quotations: false })).toMatchObject({
      status: 400,
      body: { code: 'REQUEST-INVALID' },
    });
    expect(await call('DELETE', QUOTATIONS, pair.seller, { seller_member_identification: 'maker-bb' })).toEqual({
      status: 200,
      body: {},
    });
    expect((await call('GET', `${QUOTATIONS}/${quotationUuid}`, pair.buyer)).body).toMatchObject({
      request_quotation_state: 90,
    });
    expect((await call('DELETE', `${QUOTATIONS}/${quotationUuid}`, pair.buyer)).body).toMatchObject({
      code: 'QUOTATION-INVALID-STATE',
    });

    const second = await quote(call, pair, sim.state.clock.now());
    expect(await call('DELETE', `${QUOTATIONS}/${second.quotationUuid}`, pair.buyer)).toEqual({
      status: 200,
      body: {},
    });
  });

  test('a viewer may filter with POST but not cancel', async () => {
    const { call, sim, pair } = await exchangeNetwork();
    await quote(call, pair, sim.state.clock.now());
    const viewer = (
      await call<{ token: string }>('POST', '/sim/tokens', undefined, {
        member_identification: 'maker-aa',
        role: 'viewer',
      })
    ).body.token;
    expect((await call<Json[]>('POST', QUOTATIONS, viewer, {})).body).toHaveLength(1);
    expect((await call('DELETE', QUOTATIONS, viewer, { cancel_quotations: true })).status).toBe(401);
  });

  test('exchange: 403 for a payload of another buyer, 404 for an unknown quotation, 400 for a replay', async () => {
    const { call, sim, pair } = await exchangeNetwork();
    const { quotation } = await quote(call, pair, sim.state.clock.now());
    const body = await exchangeObject(call, pair.buyer, quotation);
    expect((await call('POST', `${MEMBER_API}/exchange`, pair.seller, body)).body).toMatchObject({
      code: 'EXCHANGE-BUYER-MISMATCH',
      timestamp: expect.any(Number),
    });
    expect((await call('POST', `${MEMBER_API}/exchange`, pair.seller, body)).status).toBe(403);
    const unknown = await exchangeObject(call, pair.buyer, {
      ...quotation,
      quotation_uuid: `${String(quotation.quotation_uuid).slice(0, 36)}-maker-zz`,
    });
    expect((await call('POST', `${MEMBER_API}/exchange`, pair.buyer, unknown)).status).toBe(404);
    expect((await call('POST', `${MEMBER_API}/exchange`, pair.buyer, { exchange_payload: 'not base64!' })).status).toBe(
      400,
    );
    expect((await call('POST', `${MEMBER_API}/exchange`, pair.buyer, body)).status).toBe(200);
    expect((await call('POST', `${MEMBER_API}/exchange`, pair.buyer, body)).body).toMatchObject({
      code: 'QUOTATION-INVALID-STATE',
    });
  });

  test('the control-plane clock expires requests and quotations', async () => {
    const { call, sim, pair } = await exchangeNetwork();
    const now = sim.state.clock.now();
    const { requestUuid, quotationUuid } = await quote(call, pair, now, { end_time: now + 7_200_000 });
    // Tokens live 15 minutes, so each jump of the clock needs fresh ones.
    const token = async (member_identification: string) =>
      (await call<{ token: string }>('POST', '/sim/tokens', undefined, { member_identification, role: 'manager' })).body
        .token;
    await call('POST', '/sim/clock', undefined, { now: now + 3_600_000 });
    const buyer = await token('maker-aa');
    expect((await call('GET', `${QUOTATIONS}/request/${requestUuid}`, buyer)).status).toBe(404);
    expect((await call('GET', `${QUOTATIONS}/${quotationUuid}`, buyer)).status).toBe(200);
    await call('POST', '/sim/clock', undefined, { now: now + 7_200_000 });
    expect((await call('GET', `${QUOTATIONS}/${quotationUuid}`, await token('maker-aa'))).status).toBe(404);
    expect((await call('POST', QUOTATIONS, await token('maker-bb'))).body).toEqual([]);
  });
});

test.describe('over a real socket', () => {
  let running: RunningSimulator;
  test.beforeEach(async () => {
    running = await startSimulator({ network: 'empty' });
  });
  test.afterEach(async () => running.close());

  const socketCall: Call = async <T>(method: string, path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  /** Members through the control plane; lines and balances directly on the ledger; allowlists through the API. */
  async function socketNetwork(state: SimState): Promise<Tokens> {
    const member = async (identification: string, business_role: string, bicfi: string) =>
      (
        await socketCall<{ token: string }>('POST', '/sim/members', undefined, {
          identification,
          business_role,
          bicfi,
          country_code: bicfi.slice(4, 6),
        })
      ).body.token;
    await member('tokenizer-us', 'MIS', 'TOKNUS33');
    await member('tokenizer-eu', 'MIS', 'TOKNDEFF');
    const buyer = await member('maker-aa', 'MMM', 'MAKAGB2L');
    const seller = await member('maker-bb', 'MMM', 'MAKBSGSG');
    for (const [issuer, code] of [
      ['tokenizer-us', 'USD'],
      ['tokenizer-eu', 'EUR'],
    ]) {
      await socketCall('POST', '/sim/assets', undefined, {
        tokenizer_identification: issuer,
        asset_code_identification: code,
      });
    }
    const USD = { code: 'USD', issuer: 'tokenizer-us' };
    fundLine(state, 'maker-aa', 'main', USD, 100_000, '10000');
    fundLine(state, 'maker-aa', 'main', EUR, 100_000);
    fundLine(state, 'maker-bb', 'main', USD, 100_000);
    fundLine(state, 'maker-bb', 'main', EUR, 100_000, '10000');
    await allowMutually(socketCall, buyer, 'maker-aa', seller, 'maker-bb');
    return { buyer, seller };
  }

  test('GET /exchange/quotations reads its conditions from a JSON body', async () => {
    const tokens = await socketNetwork(running.simulator.state);
    const { quotationUuid } = await quote(socketCall, tokens, running.simulator.state.clock.now());
    await quote(socketCall, tokens, running.simulator.state.clock.now(), { foreign_exchange_rate: 1.2 });
    const get = (body: unknown) =>
      new Promise<{ status: number; body: Json[] }>((resolve, reject) => {
        const text = JSON.stringify(body);
        const outgoing = httpRequest(
          `${running.url}${QUOTATIONS}`,
          {
            method: 'GET',
            headers: {
              authorization: `Bearer ${tokens.buyer}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(text),
            },
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.on('end', () =>
              resolve({
                status: incoming.statusCode ?? 0,
                body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json[],
              }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.end(text);
      });
    const filtered = await get({ foreign_exchange_rate: [{ relational_operator: 'lt', comparison_value: 1 }] });
    expect([filtered.status, filtered.body.map((view) => view.quotation_uuid)]).toEqual([200, [quotationUuid]]);
    expect((await get({})).body).toHaveLength(2);
  });

  /** 20 simultaneous exchanges of each of `rounds` quotations; answers the statuses and the balances after. */
  async function concurrentExchanges(rounds: number) {
    const { state } = running.simulator;
    const tokens = await socketNetwork(state);
    const outcomes: string[][] = [];
    for (let round = 0; round < rounds; round += 1) {
      const { quotation } = await quote(socketCall, tokens, state.clock.now());
      const body = await exchangeObject(socketCall, tokens.buyer, quotation);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => socketCall<Json>('POST', `${MEMBER_API}/exchange`, tokens.buyer, body)),
      );
      outcomes.push(
        answers
          .map((answer) => (answer.status === 200 ? String(answer.body.exchange_state) : String(answer.body.code)))
          .sort(),
      );
    }
    return {
      outcomes,
      buyerUsd: await balance(socketCall, tokens.buyer, usd),
      sellerEur: await balance(socketCall, tokens.seller, eur),
    };
  }

  test('20 simultaneous exchanges of one quotation, 5 times over: exactly one Success each, balances moved once each', async () => {
    const { outcomes, buyerUsd, sellerEur } = await concurrentExchanges(5);
    const once = [...Array<string>(19).fill('QUOTATION-INVALID-STATE'), 'Success'].sort();
    for (const outcome of outcomes) expect(outcome).toEqual(once);
    expect([buyerUsd, sellerEur]).toEqual(['9500.0000000', '9550.0000000']);
  });

  test('with the fault quotation-exchangeable-twice, the same run settles more than once (the check above can fail)', async () => {
    running.simulator.state.faults.enable('quotation-exchangeable-twice');
    const { outcomes, buyerUsd } = await concurrentExchanges(1);
    expect(outcomes[0]!.filter((outcome) => outcome === 'Success').length).toBeGreaterThan(1);
    expect(buyerUsd).not.toBe('9900.0000000');
  });
});
