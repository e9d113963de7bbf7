import { test, expect } from '@playwright/test';
import { canonicalJson } from '../../protocol/canonical-json.ts';
import { MEMBER_API, TOKENIZER_API, usdNetwork } from '../../test-support/simulator/app-client.ts';

const fundingInfo = {
  end_to_end_identification: 'fund-route-1',
  funding_amount: 250.75,
  issued_asset_code_identification: 'USD',
  member_identification: 'maker-aa',
  tokenizer_identification: 'tokenizer-us',
};

function base64Of(value: unknown): string {
  return Buffer.from(canonicalJson(value), 'utf8').toString('base64');
}

test.describe('tokenizer: credit lines and available instruments', () => {
  test('the tokenizer allows a requested line (200 {}); path of another tokenizer 401; invalid input 400; refused change 404', async () => {
    const { call, tokens, addMember } = await usdNetwork();
    await addMember('tokenizer-eu', 'MIS', 'TOKNDEFF');
    const url = `${TOKENIZER_API}/settlement-instruments/credit-line`;
    const decision = {
      account_identification: 'main',
      asset_code_identification: 'USD',
      credit_line_state: 'allow',
      member_identification: 'maker-aa',
    };
    const request = {
      account_identification: 'main',
      asset_code_identification: 'USD',
      credit_line_state: 'request',
      member_identification: 'tokenizer-us',
      maximum_credit_limit: 10,
    };

    expect((await call('POST', `${url}/tokenizer-us`, tokens.tokenizer, decision)).body).toMatchObject({
      code: 'CREDIT-LINE-REFUSED',
    });
    expect((await call('POST', `${MEMBER_API}/settlement-instruments/credit-line`, tokens.aa, request)).status).toBe(
      200,
    );
    expect(await call('POST', `${url}/tokenizer-us`, tokens.tokenizer, decision)).toEqual({ status: 200, body: {} });
    expect((await call('POST', `${url}/tokenizer-eu`, tokens.tokenizer, decision)).status).toBe(401);
    expect(
      (await call('POST', `${url}/tokenizer-us`, tokens.tokenizer, { ...decision, credit_line_state: 'request' }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', `${url}/tokenizer-us`, tokens.tokenizer, { ...decision, asset_code_identification: 'EUR' }))
        .status,
    ).toBe(404);
    expect((await call('POST', `${url}/tokenizer-us`, tokens.aa, decision)).status).toBe(401); // a market maker on the tokenizer interface
  });

  test('available instruments: the registered DSA; another tokenizer’s id 401; none 404', async () => {
    const { call, tokens, addMember } = await usdNetwork();
    const eu = await addMember('tokenizer-eu', 'MIS', 'TOKNDEFF');
    expect(
      await call('GET', `${TOKENIZER_API}/settlement-instruments/available/tokenizer-us`, tokens.tokenizer),
    ).toEqual({
      status: 200,
      body: [
        {
          asset_code_identification: 'USD',
          asset_group_identification: 'DSA',
          asset_issuer_identification: 'tokenizer-us',
        },
      ],
    });
    expect((await call('GET', `${TOKENIZER_API}/settlement-instruments/available/tokenizer-us`, eu)).status).toBe(401);
    expect(
      (await call('GET', `${TOKENIZER_API}/settlement-instruments/available/tokenizer-eu`, eu)).body,
    ).toMatchObject({ code: 'SETTLEMENT-INSTRUMENTS-NONE' });
  });
});

test.describe('tokenizer: funding', () => {
  test('instruction, signatures through the member interface, send: the member is funded and told through its gateway once', async () => {
    const { call, tokens, allowedUsdLine, signAsTokenizer } = await usdNetwork();
    await allowedUsdLine('aa', 'main', 1000);

    const instruction = await call<{ funding_payload: unknown[]; unsigned_transaction_object: string }>(
      'POST',
      `${TOKENIZER_API}/transactions/instruction`,
      tokens.tokenizer,
      fundingInfo,
    );
    expect(instruction.status).toBe(200);
    expect(instruction.body.funding_payload).toEqual([fundingInfo]);
    const signatures = new URLSearchParams({
      funding_payload_signature: (await signAsTokenizer(base64Of(fundingInfo))).body.payload,
      signed_funding_transaction: (await signAsTokenizer(instruction.body.unsigned_transaction_object)).body.payload,
    });
    const sent = await call<{ funding_state: { transaction_identification: string }[] }>(
      'POST',
      `${TOKENIZER_API}/transactions/send?${signatures}`,
      tokens.tokenizer,
      fundingInfo,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      funding_payload: [fundingInfo],
      funding_state: [{ transaction_flow_status: 'Payment settled' }],
    });
    const hash = sent.body.funding_state[0]!.transaction_identification;

    expect((await call('GET', `${MEMBER_API}/balances/digital-accounts/main`, tokens.aa)).body).toMatchObject({
      balance: '250.7500000',
    });
    const messages = await call('GET', `${MEMBER_API}/gateway/messages?type=transactions`, tokens.aa);
    expect(messages.body).toEqual([
      {
        response_data: [
          expect.objectContaining({
            transaction_identification: hash,
            account_identification: 'main',
            amount: '250.7500000',
            direction: 'credit',
          }),
        ],
        timestamp: expect.stringMatching(/^\d+$/),
      },
    ]);
    expect(await call('GET', `${MEMBER_API}/gateway/messages?type=transactions`, tokens.aa)).toEqual({
      status: 200,
      body: [],
    });

    // Replaying the send: same answer, no second mint, no second message.
    expect(
      await call('POST', `${TOKENIZER_API}/transactions/send?${signatures}`, tokens.tokenizer, fundingInfo),
    ).toEqual(sent);
    expect((await call('GET', `${MEMBER_API}/balances/digital-accounts/main`, tokens.aa)).body).toMatchObject({
      balance: '250.7500000',
    });
    expect((await call('GET', `${MEMBER_API}/gateway/messages?type=transactions`, tokens.aa)).body).toEqual([]);

    const ledger = await call<{ transactions: { status: string }[]; issuance: { minted: string }[] }>(
      'GET',
      '/sim/ledger',
    );
    expect(ledger.body.transactions.map((transaction) => transaction.status)).toEqual(['success']);
    expect(ledger.body.issuance).toEqual([
      expect.objectContaining({ asset_code_identification: 'USD', minted: '250.7500000', burned: '0.0000000' }),
    ]);
  });

  test('tampered fundingInfo, wrong key and unknown instruction are 400; nothing is minted', async () => {
    const { call, tokens, allowedUsdLine, signAsTokenizer } = await usdNetwork();
    await allowedUsdLine('aa', 'main', 1000);
    const instruction = await call<{ unsigned_transaction_object: string }>(
      'POST',
      `${TOKENIZER_API}/transactions/instruction`,
      tokens.tokenizer,
      fundingInfo,
    );
    const good = {
      funding_payload_signature: (await signAsTokenizer(base64Of(fundingInfo))).body.payload,
      signed_funding_transaction: (await signAsTokenizer(instruction.body.unsigned_transaction_object)).body.payload,
    };
    const send = (body: unknown, signatures: Record<string, string>) =>
      call<{ code: string }>(
        'POST',
        `${TOKENIZER_API}/transactions/send?${new URLSearchParams(signatures)}`,
        tokens.tokenizer,
        body,
      );

    const tampered = { ...fundingInfo, funding_amount: 2507.5 };
    expect(
      await send(tampered, {
        ...good,
        funding_payload_signature: (await signAsTokenizer(base64Of(tampered))).body.payload,
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'FUNDING-NOT-INSTRUCTED' },
    });
    // maker-aa signs with its own emission key: a valid signature, by the wrong account.
    const wrongKey = (await signAsTokenizer(instruction.body.unsigned_transaction_object, tokens.aa)).body.payload;
    expect(await send(fundingInfo, { ...good, signed_funding_transaction: wrongKey })).toMatchObject({
      status: 400,
      body: { code: 'FUNDING-SIGNATURE-INVALID' },
    });
    expect(await send({ ...fundingInfo, end_to_end_identification: 'never-instructed' }, good)).toMatchObject({
      status: 400,
      body: { code: 'FUNDING-NOT-INSTRUCTED' },
    });
    expect((await call('POST', `${TOKENIZER_API}/transactions/send`, tokens.tokenizer, fundingInfo)).status).toBe(400); // signatures missing

    const ledger = await call<{ transactions: unknown[] }>('GET', '/sim/ledger');
    expect(ledger.body.transactions).toEqual([]);
  });

  test('instruction refusals: 401 for another tokenizer, 400 for a malformed amount or a reused e2e id, 404 for what cannot be funded', async () => {
    const { call, tokens, allowedUsdLine } = await usdNetwork();
    await allowedUsdLine('aa', 'main', 100);
    const instruct = (body: unknown) =>
      call<{ code: string }>('POST', `${TOKENIZER_API}/transactions/instruction`, tokens.tokenizer, body);
    expect((await instruct({ ...fundingInfo, tokenizer_identification: 'tokenizer-eu' })).status).toBe(401);
    expect((await instruct({ ...fundingInfo, funding_amount: 0.123456789 })).body).toMatchObject({
      code: 'REQUEST-INVALID',
    });
    expect((await instruct({ ...fundingInfo, funding_amount: '10' })).status).toBe(400);
    expect(await instruct({ ...fundingInfo, funding_amount: 100.5 })).toMatchObject({
      status: 404,
      body: { code: 'FUNDING-INSTRUCTION-REFUSED' },
    });
    expect(await instruct({ ...fundingInfo, member_identification: 'maker-bb' })).toMatchObject({
      status: 404,
      body: { code: 'FUNDING-INSTRUCTION-REFUSED' },
    });
    expect((await instruct({ ...fundingInfo, funding_amount: 100 })).status).toBe(200);
    expect((await instruct({ ...fundingInfo, funding_amount: 100 })).status).toBe(200);
    expect(await instruct({ ...fundingInfo, funding_amount: 99 })).toMatchObject({
      status: 400,
      body: { code: 'FUNDING-E2E-REUSED' },
    });
  });

  test('a mint the ledger refuses at send time is 400 FUNDING-FAILED, and the instruction can be sent later', async () => {
    const { call, tokens, allowedUsdLine, instructAndSign, send } = await usdNetwork();
    await allowedUsdLine('aa', 'main', 1000);
    // Each instruction fits the headroom on its own; once the first is sent the second no longer does.
    const first = { ...fundingInfo, funding_amount: 600 };
    const second = { ...fundingInfo, end_to_end_identification: 'fund-route-2', funding_amount: 400.5 };
    const firstSignatures = await instructAndSign(first);
    const secondSignatures = await instructAndSign(second);
    expect((await send(first, firstSignatures)).status).toBe(200);
    const failed = await send(second, secondSignatures);
    expect(failed).toMatchObject({ status: 400, body: { code: 'FUNDING-FAILED' } });
    expect((await call('GET', `${MEMBER_API}/balances/digital-accounts/main`, tokens.aa)).body).toMatchObject({
      balance: '600.0000000',
    });

    await call('POST', `${MEMBER_API}/settlement-instruments/credit-line`, tokens.aa, {
      account_identification: 'main',
      asset_code_identification: 'USD',
      credit_line_state: 'request',
      member_identification: 'tokenizer-us',
      maximum_credit_limit: 2000,
    });
    expect((await send(second, secondSignatures)).status).toBe(200);
    expect((await call('GET', `${MEMBER_API}/balances/digital-accounts/main`, tokens.aa)).body).toMatchObject({
      balance: '1000.5000000',
    });
  });
});
