import { test, expect } from '@playwright/test';
import type { QuotationInfo } from '../../schemas/wire.ts';
import { refusal } from '../../test-support/simulator/value-network.ts';
import { answerQuotation } from './answer.ts';
import { cancelQuotation } from './cancellation.ts';
import { readQuotation } from './reading.ts';
import { MINUTE, quotationNetwork, quotationObject, signed } from '../../test-support/simulator/quotation-network.ts';

async function requested() {
  const network = await quotationNetwork();
  const { requestUuid, quotationUuid, request } = network.requestQuotation();
  network.state.gateway.read('maker-bb', 'quotations');
  const info = (overrides: Partial<QuotationInfo> = {}) => network.quotationInfo(quotationUuid, request, overrides);
  return { ...network, requestUuid, quotationUuid, request, info };
}

test.describe('quotation answer', () => {
  test('moves 1 -> 10, keeps the quotation, and sends the buyer the quotationState', async () => {
    const { state, seller, buyer, quotationUuid, requestUuid, info } = await requested();
    const quotation = info();
    answerQuotation(state, seller, quotationUuid, quotationObject(state, quotation));
    const expected = {
      quotation_uuid: quotationUuid,
      request_quotation_state: 10,
      request_quotation_time: expect.any(Number),
      request_uuid: requestUuid,
      seller_member_identification: 'maker-bb',
      response_data: [quotation],
      response_quotation_time: expect.any(Number),
    };
    expect(readQuotation(state, buyer, quotationUuid)).toEqual(expected);
    const messages = state.gateway.read('maker-aa', 'quotations');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.response_data).toEqual([expected]);
    expect(state.gateway.read('maker-bb', 'quotations')).toEqual([]);
  });

  test('re-quoting while updated replaces the quotation and tells the buyer again', async () => {
    const { state, seller, buyer, quotationUuid, info } = await requested();
    answerQuotation(state, seller, quotationUuid, quotationObject(state, info()));
    const better = info({ foreign_exchange_rate: 0.95 });
    answerQuotation(state, seller, quotationUuid, quotationObject(state, better));
    expect(readQuotation(state, buyer, quotationUuid)).toMatchObject({
      request_quotation_state: 10,
      response_data: [better],
    });
    expect(state.gateway.read('maker-aa', 'quotations').map((message) => message.response_data[0])).toMatchObject([
      { response_data: [{ foreign_exchange_rate: 0.9 }] },
      { response_data: [{ foreign_exchange_rate: 0.95 }] },
    ]);
  });

  test('signatures: verified now, with the registered key of the seller’s debiting account, over the bytes sent', async () => {
    const { state, seller, quotationUuid, info } = await requested();
    const quotation = info();
    const byBuyer = quotationObject(state, quotation, 'maker-aa', 'main');
    const tampered = {
      ...quotationObject(state, quotation),
      quotation_payload: Buffer.from(JSON.stringify({ ...quotation, foreign_exchange_rate: 2 })).toString('base64'),
    };
    const byOtherAccount = quotationObject(state, quotation, 'maker-bb', 'emission');
    for (const body of [byBuyer, tampered, byOtherAccount]) {
      expect(refusal(() => answerQuotation(state, seller, quotationUuid, body))).toMatchObject({
        status: 400,
        code: 'QUOTATION-SIGNATURE-INVALID',
      });
    }
    // The same JSON written differently is other bytes; the signature covers the bytes actually sent.
    const spaced = Buffer.from(JSON.stringify(quotation, null, 2));
    const key = state.members.get('maker-bb')!.accounts.get('main')!.key;
    expect(
      refusal(() =>
        answerQuotation(state, seller, quotationUuid, {
          quotation_payload: spaced.toString('base64'),
          member_signature: key.sign(spaced).toString('base64'),
        }),
      ),
    ).toBeUndefined();
  });

  test('the payload must be a quotationInfo for this request, quotation, seller and its operating accounts', async () => {
    const { state, seller, quotationUuid, request, info } = await requested();
    const key = state.members.get('maker-bb')!.accounts.get('main')!.key;
    const notJson = Buffer.from('{"quotation_uuid":');
    expect(
      refusal(() =>
        answerQuotation(state, seller, quotationUuid, {
          quotation_payload: notJson.toString('base64'),
          member_signature: key.sign(notJson).toString('base64'),
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'QUOTATION-ANSWER-INVALID',
      detail: expect.stringContaining('JSON'),
    });
    const cases: Array<[string, unknown]> = [
      ['a JSON string', 'not a quotation'],
      ['not a quotationInfo', { quotation_uuid: quotationUuid }],
      ['another request', info({ request_quotation: [{ ...request, maximum_amount_limit: 501 }] })],
      ['no request', info({ request_quotation: [] })],
      ['another quotation', info({ quotation_uuid: `${quotationUuid.slice(0, 36)}-maker-cc` })],
      ['another seller', info({ seller_member_identification: 'maker-aa' })],
      ['the issuance account', info({ seller_crediting_account_identification: 'emission' })],
      ['no such account', info({ seller_debiting_account_identification: 'third' })],
      [
        'start after end',
        info({ start_time: state.clock.now() + 10 * MINUTE, end_time: state.clock.now() + 5 * MINUTE }),
      ],
      ['end not in the future', info({ start_time: state.clock.now() - 10 * MINUTE, end_time: state.clock.now() - 1 })],
      ['maximum zero', info({ maximum_amount_limit: 0, minimum_amount_limit: 0 })],
      ['minimum above maximum', info({ minimum_amount_limit: 11, maximum_amount_limit: 10 })],
      ['rate zero', info({ foreign_exchange_rate: 0 })],
    ];
    for (const [name, value] of cases) {
      const { payload, signature } = signed(state, 'maker-bb', 'main', value);
      expect(
        refusal(() =>
          answerQuotation(state, seller, quotationUuid, { quotation_payload: payload, member_signature: signature }),
        ),
        name,
      ).toMatchObject({ status: 400, code: 'QUOTATION-ANSWER-INVALID' });
    }
    expect(state.quotations.quotation(quotationUuid, state.clock.now())?.state).toBe(1);
    expect(state.gateway.read('maker-aa', 'quotations')).toEqual([]);
  });

  test('only the seller of a quotation that is still there may answer: everything else is 400', async () => {
    const { state, seller, buyer, quotationUuid, requestUuid, info, principal } = await requested();
    const body = quotationObject(state, info());
    const third = await principal('tokenizer-us');
    expect(refusal(() => answerQuotation(state, buyer, quotationUuid, body))).toMatchObject({
      status: 400,
      code: 'QUOTATION-ANSWER-INVALID',
    });
    expect(refusal(() => answerQuotation(state, third, quotationUuid, body))).toMatchObject({
      status: 400,
      code: 'QUOTATION-ANSWER-INVALID',
    });
    expect(
      refusal(() =>
        answerQuotation(
          state,
          seller,
          `${requestUuid.slice(0, 35)}${requestUuid.endsWith(`0`) ? `1` : `0`}-maker-bb`,
          body,
        ),
      ),
    ).toMatchObject({ status: 400, code: 'QUOTATION-ANSWER-INVALID' });
    expect(refusal(() => answerQuotation(state, seller, 'not-a-quotation-id', body))).toMatchObject({
      status: 400,
      code: 'QUOTATION-ID-MALFORMED',
    });
  });

  test('a token without the seller’s account: 401', async () => {
    const { state, quotationUuid, info, principal } = await requested();
    const narrow = await principal('maker-bb', { accounts: ['emission'] });
    expect(refusal(() => answerQuotation(state, narrow, quotationUuid, quotationObject(state, info())))).toMatchObject({
      status: 401,
      code: 'AUTH-ACCOUNT-FORBIDDEN',
    });
  });

  test('after cancellation: 400 for the state; after the request ended: 400, also for a re-quote', async () => {
    const first = await requested();
    cancelQuotation(first.state, first.buyer, first.quotationUuid);
    expect(
      refusal(() =>
        answerQuotation(first.state, first.seller, first.quotationUuid, quotationObject(first.state, first.info())),
      ),
    ).toMatchObject({ status: 400, code: 'QUOTATION-INVALID-STATE' });

    const second = await requested();
    const { state, seller, quotationUuid, request, info } = second;
    const lasting = info({ end_time: request.time_end_request_quotation + 60 * MINUTE });
    answerQuotation(state, seller, quotationUuid, quotationObject(state, lasting));
    state.clock.set(request.time_end_request_quotation);
    expect(
      refusal(() =>
        answerQuotation(state, seller, quotationUuid, quotationObject(state, { ...lasting, foreign_exchange_rate: 1 })),
      ),
    ).toMatchObject({
      status: 400,
      code: 'QUOTATION-ANSWER-INVALID',
      detail: expect.stringContaining('has ended'),
    });
  });
});
