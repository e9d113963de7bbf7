import { test, expect } from '@playwright/test';
import { USD, fundLine, refusal } from '../../test-support/simulator/value-network.ts';
import { answerQuotation } from './answer.ts';
import { findQuotations, readQuotation, readQuotationsOfRequest } from './reading.ts';
import { requestQuotations } from './request.ts';
import { allowMutually, quotationNetwork, quotationObject } from '../../test-support/simulator/quotation-network.ts';

/**
 * maker-aa asks twice: maker-bb and maker-dd are asked each time, and maker-bb answers the first.
 * maker-bb asks once: maker-aa is asked. tokenizer-us is a bystander.
 */
async function busyNetwork() {
  const network = await quotationNetwork();
  const { state, seller } = network;
  state.members.add({ identification: 'maker-dd', bicfi: 'MAKDFRPP', business_role: 'MMM', country_code: 'FR' });
  allowMutually(state, 'maker-aa', 'maker-dd');
  fundLine(state, 'maker-dd', 'main', USD, 10);
  const first = network.requestQuotation();
  const second = network.requestQuotation({ maximum_amount_limit: 50 });
  answerQuotation(
    state,
    seller,
    first.quotationUuid,
    quotationObject(state, network.quotationInfo(first.quotationUuid, first.request)),
  );
  const bbRequest = requestQuotations(
    state,
    seller,
    network.requestBody({ buyer_member_identification: 'maker-bb' }),
  ).request_uuid;
  return {
    ...network,
    first,
    second,
    bbRequest,
    dd: await network.principal('maker-dd'),
    bystander: await network.principal('tokenizer-us'),
  };
}

test('a quotation is visible to its buyer and its seller only; a malformed id is 400', async () => {
  const { state, buyer, seller, dd, bystander, first } = await busyNetwork();
  expect(readQuotation(state, buyer, first.quotationUuid)).toMatchObject({
    quotation_uuid: first.quotationUuid,
    request_quotation_state: 10,
  });
  expect(readQuotation(state, seller, first.quotationUuid)).toMatchObject({
    quotation_uuid: first.quotationUuid,
    request_quotation_state: 10,
  });
  expect(readQuotation(state, dd, `${first.requestUuid}-maker-dd`)).toMatchObject({ request_quotation_state: 1 });
  for (const [caller, id] of [
    [dd, first.quotationUuid],
    [bystander, first.quotationUuid],
    [buyer, `${first.requestUuid}-maker-zz`],
  ] as const) {
    expect(refusal(() => readQuotation(state, caller, id))).toMatchObject({ status: 404, code: 'QUOTATION-NOT-FOUND' });
  }
  for (const id of [
    first.requestUuid,
    `${first.requestUuid}-x`,
    `${first.requestUuid.slice(1)}-maker-bb`,
    `${first.requestUuid}_maker-bb`,
  ]) {
    expect(
      refusal(() => readQuotation(state, buyer, id)),
      id,
    ).toMatchObject({ status: 400, code: 'QUOTATION-ID-MALFORMED' });
  }
});

test('the quotations of a request: for its buyer only, every one still there, in order', async () => {
  const { state, buyer, seller, dd, first, second } = await busyNetwork();
  expect(
    readQuotationsOfRequest(state, buyer, first.requestUuid).map((view) => [
      view.seller_member_identification,
      view.request_quotation_state,
    ]),
  ).toEqual([
    ['maker-bb', 10],
    ['maker-dd', 1],
  ]);
  expect(readQuotationsOfRequest(state, buyer, second.requestUuid)).toHaveLength(2);
  for (const caller of [seller, dd])
    expect(refusal(() => readQuotationsOfRequest(state, caller, first.requestUuid))).toMatchObject({
      status: 404,
      code: 'QUOTATION-NOT-FOUND',
    });
  expect(refusal(() => readQuotationsOfRequest(state, buyer, '00000000-0000-4000-8000-000000000000'))).toMatchObject({
    status: 404,
  });
  state.clock.set(first.request.time_end_request_quotation);
  expect(refusal(() => readQuotationsOfRequest(state, buyer, first.requestUuid))).toMatchObject({ status: 404 });
});

test('the filter endpoints: the caller’s quotations as buyer or seller, every condition applied, [] when none', async () => {
  const { state, buyer, seller, dd, bystander, first, second, bbRequest } = await busyNetwork();
  const ids = (caller: typeof buyer, parameters?: Parameters<typeof findQuotations>[2]) =>
    findQuotations(state, caller, parameters).map((view) => view.quotation_uuid);
  expect(ids(buyer)).toEqual([
    first.quotationUuid,
    `${first.requestUuid}-maker-dd`,
    second.quotationUuid,
    `${second.requestUuid}-maker-dd`,
    `${bbRequest}-maker-aa`,
  ]);
  expect(ids(seller)).toEqual([first.quotationUuid, second.quotationUuid, `${bbRequest}-maker-aa`]);
  expect(ids(dd)).toEqual([`${first.requestUuid}-maker-dd`, `${second.requestUuid}-maker-dd`]);
  expect(ids(bystander)).toEqual([]);
  expect(
    ids(buyer, {
      seller_member_identification: 'maker-bb',
      request_quotation_state: [{ relational_operator: 'eq', comparison_value: 1 }],
    }),
  ).toEqual([second.quotationUuid]);
  expect(ids(buyer, { buyer_member_identification: 'maker-bb' })).toEqual([`${bbRequest}-maker-aa`]);
  expect(ids(buyer, { foreign_exchange_rate: [{ relational_operator: 'lt', comparison_value: 1 }] })).toEqual([
    first.quotationUuid,
  ]);
  expect(
    ids(buyer, {
      time_end_request_quotation: [{ relational_operator: 'gt', comparison_value: state.clock.now() + 24 * 3_600_000 }],
    }),
  ).toEqual([]);
});
