import { test, expect } from '@playwright/test';
import { parseAmount } from '../ledger/amount.ts';
import { MEMBER_API, testSimulator, usdNetwork } from '../../test-support/simulator/app-client.ts';

const creditLineUrl = `${MEMBER_API}/settlement-instruments/credit-line`;
const usdInfo = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-us',
};

function funding(end_to_end_identification: string, account_identification: string, funding_amount: number) {
  return {
    end_to_end_identification,
    account_identification,
    funding_amount,
    issued_asset_code_identification: 'USD',
    member_identification: 'maker-aa',
    tokenizer_identification: 'tokenizer-us',
  };
}

test.describe('member: credit lines', () => {
  test('request answers 200 {}; every refusal is 404, including invalid input; no token is 401', async () => {
    const { call, tokens } = await usdNetwork();
    const request = {
      account_identification: 'main',
      asset_code_identification: 'USD',
      credit_line_state: 'request',
      member_identification: 'tokenizer-us',
      maximum_credit_limit: 500,
    };
    expect(await call('POST', creditLineUrl, tokens.aa, request)).toEqual({ status: 200, body: {} });
    const refusals = [
      { ...request, member_identification: 'nobody-xx' },
      { ...request, account_identification: 'emission' },
      { ...request, maximum_credit_limit: undefined }, // invalid input: the table lists no 400
      { ...request, credit_line_state: 'allow', member_identification: 'maker-bb' }, // maker-aa issues nothing
    ];
    for (const body of refusals)
      expect((await call('POST', creditLineUrl, tokens.aa, body)).status, JSON.stringify(body)).toBe(404);
    expect(
      (await call('POST', creditLineUrl, tokens.aa, { ...request, member_identification: 'nobody-xx' })).body,
    ).toMatchObject({ code: 'CREDIT-LINE-REFUSED' });
    expect((await call('POST', creditLineUrl, undefined, request)).status).toBe(401);
  });

  test('a DSO line: issuance, allowlists both ways, request and allow through the member interface', async () => {
    const { call, tokens } = await usdNetwork();
    expect(
      (
        await call(
          'POST',
          `${MEMBER_API}/settlement-instruments?asset_code_identification=USDDSO&asset_group_identification=DSO`,
          tokens.aa,
        )
      ).status,
    ).toBe(200);
    const request = {
      account_identification: 'emission',
      asset_code_identification: 'USDDSO',
      credit_line_state: 'request',
      member_identification: 'maker-aa',
      maximum_credit_limit: 50,
    };
    const allow = {
      account_identification: 'emission',
      asset_code_identification: 'USDDSO',
      credit_line_state: 'allow',
      member_identification: 'maker-bb',
    };
    expect((await call('POST', creditLineUrl, tokens.bb, request)).status).toBe(404); // bb has not allowlisted aa
    await call('POST', `${MEMBER_API}/members/allowlist`, tokens.bb, 'maker-aa');
    expect((await call('POST', creditLineUrl, tokens.bb, request)).status).toBe(200);
    expect((await call('POST', creditLineUrl, tokens.aa, allow)).status).toBe(404); // aa has not allowlisted bb
    await call('POST', `${MEMBER_API}/members/allowlist`, tokens.aa, 'maker-bb');
    expect((await call('POST', creditLineUrl, tokens.aa, allow)).status).toBe(200);
    expect(
      (await call('GET', `${MEMBER_API}/settlement-instruments/digital-accounts/emission`, tokens.bb)).body,
    ).toEqual([
      {
        asset_code_identification: 'USDDSO',
        asset_group_identification: 'DSO',
        asset_issuer_identification: 'maker-aa',
      },
    ]);
  });
});

test.describe('member: settlement instruments', () => {
  test('DSO issuance is idempotent; invalid 400; tokenizer 400; a token without emission 401', async () => {
    const { call, tokens, tokenFor } = await usdNetwork();
    const issue = (code: string, group: string, token: string) =>
      call(
        'POST',
        `${MEMBER_API}/settlement-instruments?asset_code_identification=${code}&asset_group_identification=${group}`,
        token,
      );
    const dso = {
      asset_code_identification: 'GBPDSO',
      asset_group_identification: 'DSO',
      asset_issuer_identification: 'maker-aa',
    };
    expect(await issue('GBPDSO', 'DSO', tokens.aa)).toEqual({ status: 200, body: dso });
    expect(await issue('GBPDSO', 'DSO', tokens.aa)).toEqual({ status: 200, body: dso });
    // Not a live ISO 4217 code: refused by the parameter's schema (the document's pattern), before the domain.
    expect(await issue('QQQDSO', 'DSO', tokens.aa)).toMatchObject({ status: 400, body: { code: 'REQUEST-INVALID' } });
    expect((await issue('GBPDSO', 'DSA', tokens.aa)).status).toBe(400);
    expect((await issue('GBP', 'DSO', tokens.aa)).status).toBe(400);
    expect((await issue('USDDSO', 'DSO', tokens.tokenizer)).status).toBe(400);
    expect(await issue('USDDSO', 'DSO', await tokenFor('maker-aa', ['main']))).toMatchObject({
      status: 401,
      body: { code: 'DSO-ISSUANCE-ACCOUNT-MISMATCH' },
    });
    expect((await call('GET', `${MEMBER_API}/settlement-instruments/emission`, tokens.aa)).body).toEqual([dso]);
    expect((await call('GET', `${MEMBER_API}/settlement-instruments/emission`, tokens.bb)).status).toBe(404);
  });

  test('listings: all, by account, by member and kind; empty and unknown are 404, a bad kind 400', async () => {
    const { call, tokens, allowedUsdLine } = await usdNetwork();
    await allowedUsdLine('aa', 'second', 10);
    expect((await call('GET', `${MEMBER_API}/settlement-instruments`, tokens.bb)).body).toEqual([usdInfo]);
    expect((await call('GET', `${MEMBER_API}/settlement-instruments/digital-accounts/second`, tokens.aa)).body).toEqual(
      [usdInfo],
    );
    expect((await call('GET', `${MEMBER_API}/settlement-instruments/digital-accounts/main`, tokens.aa)).status).toBe(
      404,
    );
    expect((await call('GET', `${MEMBER_API}/settlement-instruments/digital-accounts/third`, tokens.aa)).status).toBe(
      404,
    );
    expect(
      (await call('GET', `${MEMBER_API}/settlement-instruments/members/maker-aa?type=authorized`, tokens.bb)).body,
    ).toEqual([usdInfo]);
    expect(
      (await call('GET', `${MEMBER_API}/settlement-instruments/members/tokenizer-us?type=both`, tokens.bb)).body,
    ).toEqual([usdInfo]);
    expect(
      (await call('GET', `${MEMBER_API}/settlement-instruments/members/maker-aa?type=emission`, tokens.bb)).status,
    ).toBe(404);
    expect(
      (await call('GET', `${MEMBER_API}/settlement-instruments/members/nobody-xx?type=both`, tokens.bb)).status,
    ).toBe(404);
    expect(
      (await call('GET', `${MEMBER_API}/settlement-instruments/members/maker-aa?type=everything`, tokens.bb)).status,
    ).toBe(400);
  });

  test('no instrument at all: 404', async () => {
    const { call, addMember } = await testSimulator();
    const token = await addMember('maker-zz', 'MMM', 'MAKZFRPP');
    expect(await call('GET', `${MEMBER_API}/settlement-instruments`, token)).toMatchObject({
      status: 404,
      body: { code: 'SETTLEMENT-INSTRUMENTS-NONE' },
    });
  });
});

test.describe('member: balances and consolidation', () => {
  test('balance: one line 200, several 400 until filtered, none 404', async () => {
    const { call, tokens, allowedUsdLine, addMember } = await usdNetwork();
    await addMember('tokenizer-eu', 'MIS', 'TOKNDEFF');
    await call('POST', '/sim/assets', undefined, {
      tokenizer_identification: 'tokenizer-eu',
      asset_code_identification: 'EUR',
    });
    await allowedUsdLine('aa', 'main', 10);
    const balance = (query: string) => call('GET', `${MEMBER_API}/balances/digital-accounts/main${query}`, tokens.aa);
    expect(await balance('')).toEqual({
      status: 200,
      body: {
        account_identification: 'main',
        asset_code_identification: 'USD',
        asset_issuer_identification: 'tokenizer-us',
        balance: '0.0000000',
      },
    });
    await call('POST', creditLineUrl, tokens.aa, {
      account_identification: 'main',
      asset_code_identification: 'EUR',
      credit_line_state: 'request',
      member_identification: 'tokenizer-eu',
      maximum_credit_limit: 5,
    });
    expect(await balance('')).toMatchObject({ status: 400, body: { code: 'BALANCE-ASSET-AMBIGUOUS' } });
    expect(await balance('?asset_code_identification=EUR&asset_issuer_identification=tokenizer-eu')).toMatchObject({
      status: 200,
      body: { balance: '0.0000000' },
    });
    expect(await balance('?asset_code_identification=GBP')).toMatchObject({
      status: 404,
      body: { code: 'BALANCE-NO-CREDIT-LINE' },
    });
    expect((await call('GET', `${MEMBER_API}/balances/digital-accounts/third`, tokens.aa)).status).toBe(404);
  });

  test('consolidation moves all entries atomically; a failing entry moves nothing; DSO 403', async () => {
    const { call, tokens, allowedUsdLine, fund } = await usdNetwork();
    await allowedUsdLine('aa', 'main', 1000);
    await allowedUsdLine('aa', 'second', 1000);
    expect((await fund(funding('fund-c1', 'second', 80))).status).toBe(200);
    const usd = (amount: number) => ({
      asset_info: [usdInfo],
      consolidated_amount: amount,
      source_account_identification: 'second',
    });
    const consolidate = (body: unknown) =>
      call<{ code?: string }>('POST', `${MEMBER_API}/digital-accounts/main/consolidate`, tokens.aa, body);
    const mainBalance = async () =>
      (await call<{ balance: string }>('GET', `${MEMBER_API}/balances/digital-accounts/main`, tokens.aa)).body.balance;

    const failed = await consolidate({ instruction: [usd(50), usd(30.0000001)] });
    expect(failed).toMatchObject({ status: 400, body: { code: 'CONSOLIDATION-FAILED' } });
    expect(await mainBalance()).toBe('0.0000000');

    const done = await consolidate({ instruction: [usd(50), usd(25.5)] });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      account_balances: [
        { asset_info: [usdInfo], consolidated_amount: 4.5, source_account_identification: 'second' },
        { asset_info: [usdInfo], consolidated_amount: 4.5, source_account_identification: 'second' },
      ],
      consolidate_timestamp: expect.any(Number),
      transaction_identification: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await mainBalance()).toBe('75.5000000');

    const dso = {
      asset_code_identification: 'USDDSO',
      asset_group_identification: 'DSO',
      asset_issuer_identification: 'maker-bb',
    };
    expect(await consolidate({ instruction: [{ ...usd(1), asset_info: [dso] }] })).toMatchObject({
      status: 403,
      body: { code: 'CONSOLIDATION-DSO' },
    });
    expect((await consolidate({ instruction: [{ ...usd(1), source_account_identification: 'main' }] })).status).toBe(
      400,
    );
    expect((await consolidate({ instruction: 'all' })).status).toBe(400);
  });
});

test.describe('member: obligations', () => {
  test('totals per DSO and holders per member; a member that issued nothing gets 404', async () => {
    const { sim, call, tokens } = await usdNetwork();
    await call(
      'POST',
      `${MEMBER_API}/settlement-instruments?asset_code_identification=USDDSO&asset_group_identification=DSO`,
      tokens.aa,
    );
    await call('POST', `${MEMBER_API}/members/allowlist`, tokens.bb, 'maker-aa');
    await call('POST', `${MEMBER_API}/members/allowlist`, tokens.aa, 'maker-bb');
    const line = { account_identification: 'emission', asset_code_identification: 'USDDSO' };
    await call('POST', creditLineUrl, tokens.bb, {
      ...line,
      credit_line_state: 'request',
      member_identification: 'maker-aa',
      maximum_credit_limit: 100,
    });
    await call('POST', creditLineUrl, tokens.aa, {
      ...line,
      credit_line_state: 'allow',
      member_identification: 'maker-bb',
    });
    // No endpoint of this build pays a DSO out yet (payments do); the ledger does it directly.
    const USDDSO = { code: 'USDDSO', issuer: 'maker-aa' };
    const paid = sim.state.ledger.submit([
      {
        from: { member: 'maker-aa', account: 'emission' },
        to: { member: 'maker-bb', account: 'emission' },
        asset: USDDSO,
        amount: parseAmount('42.5'),
      },
    ]);
    expect(paid.status).toBe('success');

    const held = {
      account_identification: 'emission',
      asset_code_identification: 'USDDSO',
      asset_issuer_identification: 'maker-aa',
    };
    expect(await call('GET', `${MEMBER_API}/settlement-obligations`, tokens.aa)).toEqual({
      status: 200,
      body: [{ ...held, balance: '42.5000000' }],
    });
    expect(
      (await call('GET', `${MEMBER_API}/settlement-obligations?asset_code_identification=EURDSO`, tokens.aa)).status,
    ).toBe(404);
    expect(await call('GET', `${MEMBER_API}/settlement-obligations/USDDSO`, tokens.aa)).toEqual({
      status: 200,
      body: [{ member_identification: 'maker-bb', outstanding_balance: [{ ...held, balance: '42.5000000' }] }],
    });
    expect((await call('GET', `${MEMBER_API}/settlement-obligations`, tokens.bb)).status).toBe(404);
    expect((await call('GET', `${MEMBER_API}/settlement-obligations/USDDSO`, tokens.bb)).status).toBe(404);
    expect((await call('GET', `${MEMBER_API}/settlement-obligations/USD`, tokens.aa)).status).toBe(400);
  });
});

test.describe('member: gateway and listening', () => {
  test('an unknown message type is 400; an empty queue is []', async () => {
    const { call, tokens } = await usdNetwork();
    expect((await call('GET', `${MEMBER_API}/gateway/messages?type=everything`, tokens.aa)).status).toBe(400);
    expect(await call('GET', `${MEMBER_API}/gateway/messages?type=charge`, tokens.aa)).toEqual({
      status: 200,
      body: [],
    });
  });

  test('listening restart: now 200 {} with nothing replayed; a reference replays what followed it; 409 and 400 refusals', async () => {
    const { call, tokens, allowedUsdLine, fund } = await usdNetwork();
    await allowedUsdLine('aa', 'main', 1000);
    await fund(funding('fund-l1', 'main', 1));
    await fund(funding('fund-l2', 'main', 2));
    type Messages = { response_data: { transaction_reference_number: number; amount: string }[] }[];
    const read = async () =>
      (await call<Messages>('GET', `${MEMBER_API}/gateway/messages?type=transactions`, tokens.aa)).body.map(
        (message) => message.response_data[0]!,
      );
    const [first, second] = await read();
    expect([first?.amount, second?.amount]).toEqual(['1.0000000', '2.0000000']);

    expect(await call('POST', `${MEMBER_API}/digital-accounts/main/now`, tokens.aa)).toEqual({ status: 200, body: {} });
    expect(await read()).toEqual([]);
    expect(
      (await call('POST', `${MEMBER_API}/digital-accounts/main/${first!.transaction_reference_number}`, tokens.aa))
        .status,
    ).toBe(200);
    expect(await read()).toEqual([second]);

    expect(await call('POST', `${MEMBER_API}/digital-accounts/third/now`, tokens.aa)).toMatchObject({
      status: 409,
      body: { code: 'LISTENING-RESTART-REFUSED' },
    });
    // The reference's pattern is the path parameter's schema (now, or 1 to 15 digits).
    expect(await call('POST', `${MEMBER_API}/digital-accounts/main/yesterday`, tokens.aa)).toMatchObject({
      status: 400,
      body: { code: 'REQUEST-INVALID' },
    });
  });
});
