import { test, expect } from '@playwright/test';
import type { ChargeRequest, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import { refusal } from '../../test-support/simulator/value-network.ts';
import { quotationNetwork, quotationObject } from '../../test-support/simulator/quotation-network.ts';
import { requestCharge } from '../charges/request.ts';
import { answerQuotation } from '../quotations/answer.ts';
import { requestQuotations } from '../quotations/request.ts';

/**
 * The reading `mismatch-401`: a member identifier that must name the caller but names another member is
 * 401 AUTH-IDENTITY-MISMATCH on the endpoints whose only listed refusal is 400 (a fee request's
 * originator, a quotation request's buyer, the answering seller); with the reading off, the reference's 400.
 */

const usd: SettlementInstrumentInfo = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-us',
};

async function mismatches(reading: boolean) {
  const network = await quotationNetwork();
  const { state, buyer, seller } = network;
  if (reading) state.readings.enable('mismatch-401');
  const { quotationUuid, request } = network.requestQuotation();
  const info = network.quotationInfo(quotationUuid, request);
  const charge: ChargeRequest = {
    instructed_currency_code: 'USD',
    interbank_settlement_gross_amount: 100,
    interbank_settlement_instrument: [usd],
    member_identification: 'maker-bb',
    request_uuid: '5d1c3f55-2b7e-4a8f-9e61-0c4b2a7d8e90',
  };
  return [
    refusal(() => requestCharge(state, buyer, 'maker-bb', charge)),
    refusal(() => requestQuotations(state, buyer, network.requestBody({ buyer_member_identification: 'maker-bb' }))),
    // The seller's own valid answer, sent by the buyer.
    refusal(() => answerQuotation(state, buyer, quotationUuid, quotationObject(state, info))),
    // The seller answering with a quotationInfo that names another seller.
    refusal(() =>
      answerQuotation(
        state,
        seller,
        quotationUuid,
        quotationObject(state, { ...info, seller_member_identification: 'maker-aa' }, 'maker-bb', 'main'),
      ),
    ),
  ];
}

test('off: every identifier mismatch is the endpoint’s 400', async () => {
  expect((await mismatches(false)).map((refused) => [refused?.status, refused?.code])).toEqual([
    [400, 'CHARGE-REQUEST-INVALID'],
    [400, 'QUOTATION-REQUEST-INVALID'],
    [400, 'QUOTATION-ANSWER-INVALID'],
    [400, 'QUOTATION-ANSWER-INVALID'],
  ]);
});

test('mismatch-401: every identifier mismatch is 401 AUTH-IDENTITY-MISMATCH', async () => {
  expect((await mismatches(true)).map((refused) => [refused?.status, refused?.code])).toEqual(
    Array.from({ length: 4 }, () => [401, 'AUTH-IDENTITY-MISMATCH']),
  );
});

test('mismatch-401: an unknown quotation is still 400, not an identity question', async () => {
  const network = await quotationNetwork();
  network.state.readings.enable('mismatch-401');
  const { quotationUuid, request } = network.requestQuotation();
  const info = network.quotationInfo(quotationUuid, request);
  const unknown = `${quotationUuid.slice(0, 36)}-maker-zz`;
  expect(
    refusal(() => answerQuotation(network.state, network.seller, unknown, quotationObject(network.state, info))),
  ).toMatchObject({ status: 400, code: 'QUOTATION-ANSWER-INVALID' });
});
