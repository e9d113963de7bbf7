import { test, expect } from '@playwright/test';
import { USD, fundLine, refusal } from '../../test-support/simulator/value-network.ts';
import { readQuotation } from './reading.ts';
import { requestQuotations } from './request.ts';
import type { RequestQuotation, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import { MINUTE, allowMutually, quotationNetwork } from '../../test-support/simulator/quotation-network.ts';

const HOUR = 60 * MINUTE;

test.describe('quotation request', () => {
  test('answers a v4 request_uuid and the time; each candidate gets a waiting quotation and the request on its gateway', async () => {
    const { state, buyer, seller, requestBody } = await quotationNetwork();
    const before = state.clock.now();
    const body = { ...requestBody(), unknown_field: 'ignored' };
    const result = requestQuotations(state, buyer, body);
    expect(result.request_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.request_timestamp).toBeGreaterThanOrEqual(before);
    expect(result.request_timestamp).toBeLessThanOrEqual(state.clock.now());

    const quotationUuid = `${result.request_uuid}-maker-bb`;
    const { unknown_field: _ignored, ...stored } = body;
    const [message, ...more] = state.gateway.read('maker-bb', 'quotations');
    expect(more).toEqual([]);
    expect(message).toEqual({
      response_data: [{ quotation_uuid: quotationUuid, request_quotation: [stored] }],
      timestamp: String(result.request_timestamp),
    });
    expect(state.gateway.read('maker-aa', 'quotations')).toEqual([]);
    expect(readQuotation(state, seller, quotationUuid)).toEqual({
      quotation_uuid: quotationUuid,
      request_quotation_state: 1,
      request_quotation_time: result.request_timestamp,
      request_uuid: result.request_uuid,
      seller_member_identification: 'maker-bb',
    });
  });

  test('candidates: mutually allowlisted, activated, and holding an allowed line for the base asset', async () => {
    const { state, buyer, requestBody } = await quotationNetwork();
    const add = (identification: string, bicfi: string, member_state: 'activated' | 'created' = 'activated') =>
      state.members.add({ identification, bicfi, business_role: 'MMM', country_code: bicfi.slice(4, 6), member_state });
    add('maker-dd', 'MAKDFRPP'); // mutual, activated, no USD line
    add('maker-ee', 'MAKEJPJT'); // USD line, but only maker-aa lists it
    add('maker-ff', 'MAKFAUSS'); // mutual, USD line requested but never allowed
    add('maker-gg', 'MAKGCAMM'); // mutual, USD line revoked
    add('maker-hh', 'MAKHBRSP', 'created'); // mutual, USD line, not activated
    add('maker-ii', 'MAKICHZZ'); // mutual, USD line allowed on its emission account: some account is enough
    allowMutually(state, 'maker-aa', 'maker-dd');
    state.allowlists.add('maker-aa', 'maker-ee');
    fundLine(state, 'maker-ee', 'main', USD, 10);
    allowMutually(state, 'maker-aa', 'maker-ff');
    state.ledger.requestCreditLine('maker-ff', 'main', USD, 10);
    allowMutually(state, 'maker-aa', 'maker-gg');
    fundLine(state, 'maker-gg', 'main', USD, 10);
    state.ledger.revokeCreditLine('maker-gg', 'main', USD);
    allowMutually(state, 'maker-aa', 'maker-hh');
    fundLine(state, 'maker-hh', 'main', USD, 10);
    allowMutually(state, 'maker-aa', 'maker-ii');
    fundLine(state, 'maker-ii', 'emission', USD, 10);

    requestQuotations(state, buyer, requestBody());
    const reached = ['maker-bb', 'maker-dd', 'maker-ee', 'maker-ff', 'maker-gg', 'maker-hh', 'maker-ii'].filter(
      (member) => state.gateway.read(member, 'quotations').length > 0,
    );
    expect(reached).toEqual(['maker-bb', 'maker-ii']);
  });

  test('no mutually allowlisted member: 404, even when others list the buyer or the buyer lists them', async () => {
    const { state, buyer, requestBody } = await quotationNetwork();
    state.allowlists.remove('maker-bb', 'maker-aa');
    expect(refusal(() => requestQuotations(state, buyer, requestBody()))).toMatchObject({
      status: 404,
      code: 'QUOTATION-NO-COUNTERPARTS',
    });
    state.allowlists.add('maker-bb', 'maker-aa');
    state.allowlists.remove('maker-aa', 'maker-bb');
    expect(refusal(() => requestQuotations(state, buyer, requestBody()))).toMatchObject({
      status: 404,
      code: 'QUOTATION-NO-COUNTERPARTS',
    });
    expect(state.gateway.read('maker-bb', 'quotations')).toEqual([]);
  });

  test('a mutual partner that cannot quote still makes the request valid: 200 with no quotation', async () => {
    const { state, buyer, requestBody } = await quotationNetwork();
    state.ledger.revokeCreditLine('maker-bb', 'main', USD);
    const { request_uuid } = requestQuotations(state, buyer, requestBody());
    expect(state.quotations.ofRequest(request_uuid, state.clock.now())).toEqual([]);
  });

  test('the end time: in milliseconds, in the future, at most 24 hours ahead', async () => {
    const { state, buyer, requestBody } = await quotationNetwork();
    const now = state.clock.now();
    const refused = (time_end_request_quotation: number) =>
      refusal(() => requestQuotations(state, buyer, requestBody({ time_end_request_quotation })));
    expect(refused(Math.floor(now / 1000) + 3600)).toMatchObject({
      status: 400,
      code: 'QUOTATION-REQUEST-INVALID',
      detail: expect.stringContaining('seconds'),
    });
    expect(refused(now)).toMatchObject({ status: 400, detail: expect.stringContaining('not in the future') });
    expect(refused(now - 1)).toMatchObject({ status: 400 });
    expect(refused(now + 24 * HOUR + MINUTE)).toMatchObject({
      status: 400,
      detail: expect.stringContaining('24 hours'),
    });
    expect(refused(now + 24 * HOUR)).toBeUndefined();
    expect(refused(now + 1000)).toBeUndefined();
  });

  test('amount limits: maximum above zero and not below the minimum, at most 7 decimals', async () => {
    const { state, buyer, requestBody } = await quotationNetwork();
    const refused = (limits: { maximum_amount_limit: number; minimum_amount_limit?: number }) =>
      refusal(() => requestQuotations(state, buyer, requestBody(limits)));
    expect(refused({ maximum_amount_limit: 0, minimum_amount_limit: 0 })).toMatchObject({
      status: 400,
      code: 'QUOTATION-REQUEST-INVALID',
    });
    expect(refused({ maximum_amount_limit: 5, minimum_amount_limit: 5.0000001 })).toMatchObject({
      status: 400,
      code: 'QUOTATION-REQUEST-INVALID',
    });
    expect(refused({ maximum_amount_limit: 1.00000001 })).toMatchObject({ status: 400, code: 'AMOUNT-INVALID' });
    expect(refused({ maximum_amount_limit: -1 })).toMatchObject({ status: 400, code: 'AMOUNT-INVALID' });
    expect(refused({ maximum_amount_limit: 5, minimum_amount_limit: 5 })).toBeUndefined();
    const { minimum_amount_limit: _none, ...withoutMinimum } = requestBody();
    expect(refusal(() => requestQuotations(state, buyer, withoutMinimum))).toBeUndefined();
  });

  test('assets: both required, by code and issuer, registered, in their group, and different', async () => {
    const { state, buyer, requestBody } = await quotationNetwork();
    const usd: SettlementInstrumentInfo = {
      asset_code_identification: 'USD',
      asset_group_identification: 'DSA',
      asset_issuer_identification: 'tokenizer-us',
    };
    const cases: Partial<RequestQuotation>[] = [
      { base_asset_info: undefined },
      { quoted_asset_info: [] },
      { base_asset_info: [{ asset_code_identification: 'USD', asset_group_identification: 'DSA' }] },
      { base_asset_info: [{ ...usd, asset_issuer_identification: 'tokenizer-eu' }] },
      { base_asset_info: [{ ...usd, asset_code_identification: 'GBP' }] },
      { base_asset_info: [{ ...usd, asset_group_identification: 'DSO' }] },
      { quoted_asset_info: [usd] },
    ];
    for (const overrides of cases) {
      expect(
        refusal(() => requestQuotations(state, buyer, requestBody(overrides))),
        JSON.stringify(overrides),
      ).toMatchObject({ status: 400, code: 'QUOTATION-REQUEST-INVALID' });
    }
  });

  test('the buyer must be the caller: 400', async () => {
    const { state, seller, requestBody } = await quotationNetwork();
    expect(refusal(() => requestQuotations(state, seller, requestBody()))).toMatchObject({
      status: 400,
      code: 'QUOTATION-REQUEST-INVALID',
      detail: expect.stringContaining('caller'),
    });
  });
});

test('fault quotation-request-not-delivered: the seller’s quotation is opened, but its gateway stays empty', async () => {
  const { state, buyer, seller, requestBody } = await quotationNetwork();
  state.faults.enable('quotation-request-not-delivered');
  const { request_uuid } = requestQuotations(state, buyer, requestBody());
  expect(readQuotation(state, seller, `${request_uuid}-maker-bb`)).toMatchObject({ request_quotation_state: 1 });
  expect(state.gateway.read('maker-bb', 'quotations')).toEqual([]);
});

test('reading optional-inputs-defaulted: a request without an asset is taken and asks no seller; its other terms are still checked', async () => {
  const { state, buyer, requestBody } = await quotationNetwork();
  state.readings.enable('optional-inputs-defaulted');
  for (const missing of [{ base_asset_info: undefined }, { quoted_asset_info: undefined }]) {
    const result = requestQuotations(state, buyer, requestBody(missing));
    expect(result.request_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(state.gateway.read('maker-bb', 'quotations')).toEqual([]);
  }
  expect(
    refusal(() =>
      requestQuotations(state, buyer, requestBody({ base_asset_info: undefined, maximum_amount_limit: 0 })),
    ),
  ).toMatchObject({ status: 400, code: 'QUOTATION-REQUEST-INVALID' });
  // With both assets the request is judged as the reference judges it.
  expect(
    refusal(() =>
      requestQuotations(
        state,
        buyer,
        requestBody({
          quoted_asset_info: [
            {
              asset_code_identification: 'GBP',
              asset_group_identification: 'DSA',
              asset_issuer_identification: 'tokenizer-us',
            },
          ],
        }),
      ),
    ),
  ).toMatchObject({ status: 400 });
  requestQuotations(state, buyer, requestBody());
  expect(state.gateway.read('maker-bb', 'quotations')).toHaveLength(1);
});
