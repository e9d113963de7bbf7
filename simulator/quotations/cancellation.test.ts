import { test, expect } from '@playwright/test';
import { refusal } from '../../test-support/simulator/value-network.ts';
import { answerQuotation } from './answer.ts';
import { cancelQuotation, cancelQuotations } from './cancellation.ts';
import { move } from './state-machine.ts';
import { quotationNetwork, quotationObject } from '../../test-support/simulator/quotation-network.ts';

async function withQuotations() {
  const network = await quotationNetwork();
  const { state, seller } = network;
  const waiting = network.requestQuotation();
  const answered = network.requestQuotation();
  answerQuotation(
    state,
    seller,
    answered.quotationUuid,
    quotationObject(state, network.quotationInfo(answered.quotationUuid, answered.request)),
  );
  const stateOf = (id: string) => state.quotations.quotation(id, state.clock.now())?.state;
  return { ...network, waiting: waiting.quotationUuid, answered: answered.quotationUuid, stateOf };
}

test('one quotation: the buyer or the seller cancels it while waiting or updated', async () => {
  const { state, buyer, seller, waiting, answered, stateOf } = await withQuotations();
  cancelQuotation(state, buyer, waiting);
  cancelQuotation(state, seller, answered);
  expect([stateOf(waiting), stateOf(answered)]).toEqual([90, 90]);
  expect(state.gateway.read('maker-aa', 'quotations')).toHaveLength(1); // the answer only; cancelling tells no one
});

test('one quotation: a final or in-progress one is 400; unknown, malformed or someone else’s is 404 / 400', async () => {
  const { state, buyer, seller, waiting, answered, stateOf, principal } = await withQuotations();
  cancelQuotation(state, buyer, waiting);
  expect(refusal(() => cancelQuotation(state, seller, waiting))).toMatchObject({
    status: 400,
    code: 'QUOTATION-INVALID-STATE',
  });
  const quotation = state.quotations.quotation(answered, state.clock.now())!;
  move(quotation, 'claim');
  expect(refusal(() => cancelQuotation(state, buyer, answered))).toMatchObject({
    status: 400,
    code: 'QUOTATION-INVALID-STATE',
  });
  move(quotation, 'complete');
  expect(refusal(() => cancelQuotation(state, buyer, answered))).toMatchObject({
    status: 400,
    code: 'QUOTATION-INVALID-STATE',
  });
  expect(stateOf(answered)).toBe(21);
  const bystander = await principal('tokenizer-us');
  expect(refusal(() => cancelQuotation(state, bystander, answered))).toMatchObject({
    status: 404,
    code: 'QUOTATION-NOT-FOUND',
  });
  expect(refusal(() => cancelQuotation(state, buyer, `${waiting.slice(0, 36)}-maker-cc`))).toMatchObject({
    status: 404,
  });
  expect(refusal(() => cancelQuotation(state, buyer, 'bad'))).toMatchObject({
    status: 400,
    code: 'QUOTATION-ID-MALFORMED',
  });
});

test('the collection: no condition and no cancel_quotations: true is 400 and cancels nothing', async () => {
  const { state, buyer, waiting, answered, stateOf } = await withQuotations();
  for (const parameters of [{}, { cancel_quotations: false }, { foreign_exchange_rate: [] }]) {
    expect(
      refusal(() => cancelQuotations(state, buyer, parameters)),
      JSON.stringify(parameters),
    ).toMatchObject({ status: 400, code: 'QUOTATION-CANCEL-UNSPECIFIED' });
  }
  expect([stateOf(waiting), stateOf(answered)]).toEqual([1, 10]);
});

test('the collection: conditions cancel the open ones that match; cancel_quotations: true alone cancels all the caller’s open ones', async () => {
  const { state, buyer, seller, waiting, answered, stateOf, requestQuotation, principal } = await withQuotations();
  cancelQuotations(state, seller, {
    request_quotation_state: [{ relational_operator: 'eq', comparison_value: 10 }],
    cancel_quotations: false,
  });
  expect([stateOf(waiting), stateOf(answered)]).toEqual([1, 90]);

  const other = requestQuotation().quotationUuid;
  cancelQuotations(state, await principal('tokenizer-us'), { cancel_quotations: true }); // sees none of them
  expect([stateOf(waiting), stateOf(other)]).toEqual([1, 1]);
  cancelQuotations(state, buyer, { cancel_quotations: true });
  expect([stateOf(waiting), stateOf(answered), stateOf(other)]).toEqual([90, 90, 90]);
});

test('fault quotation-cancel-after-completion: a completed quotation is cancelled and reads 90', async () => {
  const { state, buyer, answered, stateOf } = await withQuotations();
  const quotation = state.quotations.quotation(answered, state.clock.now())!;
  move(quotation, 'claim');
  move(quotation, 'complete');
  state.faults.enable('quotation-cancel-after-completion');
  cancelQuotation(state, buyer, answered);
  expect(stateOf(answered)).toBe(90);
});
