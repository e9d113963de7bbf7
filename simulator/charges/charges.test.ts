import { test, expect } from '@playwright/test';
import type { ChargeRequest, PaymentCharge, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import { refusal, valueNetwork } from '../../test-support/simulator/value-network.ts';
import { answerCharge } from './answer.ts';
import { requestCharge } from './request.ts';

const usd: SettlementInstrumentInfo = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-us',
};
const eur: SettlementInstrumentInfo = {
  asset_code_identification: 'EUR',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-eu',
};
const request: ChargeRequest = {
  instructed_currency_code: 'USD',
  interbank_settlement_gross_amount: 100.1,
  interbank_settlement_instrument: [usd],
  member_identification: 'maker-aa',
  request_uuid: '5d1c3f55-2b7e-4a8f-9e61-0c4b2a7d8e90',
};
const answer: PaymentCharge = {
  fee_amount: 0.2,
  instructed_amount: 99.9,
  instructed_currency_code: 'USD',
  interbank_settlement_instrument: [usd],
  request_uuid: request.request_uuid,
};

async function charges() {
  const network = await valueNetwork();
  return { ...network, aa: await network.principal('maker-aa'), bb: await network.principal('maker-bb') };
}

test('no exchange: gross = instructed amount + fee, exactly (0.2 + 99.9 is 100.1, not a float’s 100.10000000000001)', async () => {
  const { state, aa, bb } = await charges();
  requestCharge(state, aa, 'maker-bb', request);
  expect(refusal(() => answerCharge(state, bb, 'maker-aa', { ...answer, instructed_amount: 99.8 }))).toMatchObject({
    status: 409,
    code: 'CHARGE-ANSWER-MISMATCH',
  });
  expect(
    refusal(() => answerCharge(state, bb, 'maker-aa', { ...answer, interbank_settlement_amount_without_fee: 100 })),
  ).toMatchObject({ code: 'CHARGE-ANSWER-MISMATCH' });
  expect(
    refusal(() => answerCharge(state, bb, 'maker-aa', { ...answer, instructed_currency_code: 'EUR' })),
  ).toMatchObject({ code: 'CHARGE-ANSWER-MISMATCH' });
  answerCharge(state, bb, 'maker-aa', answer);
  expect(state.gateway.read('maker-aa', 'charge').map((message) => message.response_data[0])).toEqual([
    { ...answer, sender: 'maker-bb' },
  ]);
});

test('with an exchange (settled in EUR, paid out in USD) the service leaves the amounts to the members', async () => {
  const { state, aa, bb } = await charges();
  requestCharge(state, aa, 'maker-bb', { ...request, interbank_settlement_instrument: [eur] });
  answerCharge(state, bb, 'maker-aa', { ...answer, instructed_amount: 108.7, interbank_settlement_instrument: [eur] });
  expect(state.gateway.read('maker-aa', 'charge')).toHaveLength(1);
});

test('a request: from the caller, to another activated member, one amount above zero, a fresh request_uuid', async () => {
  const { state, aa } = await charges();
  const refused = (body: ChargeRequest, to = 'maker-bb') => refusal(() => requestCharge(state, aa, to, body))?.code;
  expect(refused(request, 'maker-cc')).toBe('CHARGE-REQUEST-INVALID');
  expect(refused(request, 'maker-aa')).toBe('CHARGE-REQUEST-INVALID');
  expect(refused({ ...request, interbank_settlement_gross_amount: 0 })).toBe('CHARGE-REQUEST-INVALID');
  expect(refused({ ...request, interbank_settlement_gross_amount: undefined })).toBe('CHARGE-REQUEST-INVALID');
  expect(refused(request)).toBeUndefined();
  expect(state.gateway.read('maker-bb', 'charge').map((message) => message.response_data[0])).toEqual([
    { ...request, sender: 'maker-aa' },
  ]);
  expect(refused({ ...request, instructed_currency_code: 'EUR' })).toBe('CHARGE-REQUEST-INVALID');
});

test('fault charge-answer-unsolicited-accepted: an answer to no request is relayed instead of refused with 409', async () => {
  const { state, bb } = await charges();
  expect(refusal(() => answerCharge(state, bb, 'maker-aa', answer))).toMatchObject({
    status: 409,
    code: 'CHARGE-ANSWER-UNSOLICITED',
  });
  state.faults.enable('charge-answer-unsolicited-accepted');
  answerCharge(state, bb, 'maker-aa', answer);
  expect(state.gateway.read('maker-aa', 'charge')).toHaveLength(1);
});
