import { test, expect } from '@playwright/test';
import { answerQuotation } from './answer.ts';
import { cancelQuotation } from './cancellation.ts';
import { move } from './state-machine.ts';
import { MINUTE, quotationNetwork, quotationObject } from '../../test-support/simulator/quotation-network.ts';

/**
 * Expiry at the exact instants. The book takes the time of each access as a parameter, so these
 * tests ask it about chosen instants instead of moving a clock that keeps running.
 */
async function network() {
  const quotations = await quotationNetwork();
  const first = quotations.requestQuotation();
  const end = first.request.time_end_request_quotation;
  return { ...quotations, first, end };
}

test('a request and its waiting quotations are there until the instant before time_end_request_quotation, gone from it', async () => {
  const { state, first, end } = await network();
  const { quotations } = state;
  expect(quotations.request(first.requestUuid, end - 1)).toBeDefined();
  expect(quotations.quotation(first.quotationUuid, end - 1)?.state).toBe(1);
  expect(quotations.ofRequest(first.requestUuid, end - 1)).toHaveLength(1);
  expect(quotations.involving('maker-aa', end - 1)).toHaveLength(1);

  expect(quotations.request(first.requestUuid, end)).toBeUndefined();
  expect(quotations.quotation(first.quotationUuid, end)).toBeUndefined();
  expect(quotations.ofRequest(first.requestUuid, end)).toEqual([]);
  expect(quotations.involving('maker-aa', end)).toEqual([]);
  expect(quotations.involving('maker-bb', end)).toEqual([]);
});

test('an answered quotation outlives its request and is gone from its own end_time', async () => {
  const { state, seller, first, end, quotationInfo } = await network();
  const quotationEnd = end + 30 * MINUTE;
  answerQuotation(
    state,
    seller,
    first.quotationUuid,
    quotationObject(state, quotationInfo(first.quotationUuid, first.request, { end_time: quotationEnd })),
  );
  const { quotations } = state;
  expect(quotations.request(first.requestUuid, end)).toBeUndefined();
  expect(quotations.quotation(first.quotationUuid, end)?.state).toBe(10);
  expect(quotations.quotation(first.quotationUuid, quotationEnd - 1)?.state).toBe(10);
  expect(quotations.involving('maker-bb', quotationEnd - 1)).toHaveLength(1);
  expect(quotations.quotation(first.quotationUuid, quotationEnd)).toBeUndefined();
  expect(quotations.involving('maker-bb', quotationEnd)).toEqual([]);
});

test('an answered quotation ending before its request is gone from its end_time, while the request stays', async () => {
  const { state, seller, first, end, quotationInfo } = await network();
  const quotationEnd = end - 30 * MINUTE;
  answerQuotation(
    state,
    seller,
    first.quotationUuid,
    quotationObject(state, quotationInfo(first.quotationUuid, first.request, { end_time: quotationEnd })),
  );
  expect(state.quotations.quotation(first.quotationUuid, quotationEnd)).toBeUndefined();
  expect(state.quotations.request(first.requestUuid, quotationEnd)).toBeDefined();
  expect(state.quotations.ofRequest(first.requestUuid, quotationEnd)).toEqual([]);
});

test('completed, failed and cancelled quotations stay readable for good', async () => {
  const { state, seller, buyer, requestQuotation, quotationInfo } = await quotationNetwork();
  const answered = () => {
    const { quotationUuid, request } = requestQuotation();
    answerQuotation(state, seller, quotationUuid, quotationObject(state, quotationInfo(quotationUuid, request)));
    return state.quotations.quotation(quotationUuid, state.clock.now())!;
  };
  const completed = answered();
  move(completed, 'claim');
  move(completed, 'complete');
  const failed = answered();
  move(failed, 'claim');
  move(failed, 'fail');
  const cancelled = answered();
  cancelQuotation(state, buyer, cancelled.quotation_uuid);
  const muchLater = state.clock.now() + 365 * 24 * 60 * MINUTE;
  for (const quotation of [completed, failed, cancelled])
    expect(state.quotations.quotation(quotation.quotation_uuid, muchLater)).toBe(quotation);
  expect(state.quotations.involving('maker-aa', muchLater).map((quotation) => quotation.state)).toEqual([21, 80, 90]);
});
