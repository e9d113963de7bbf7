import { test, expect } from '@playwright/test';
import type { Principal } from '../auth/principal.ts';
import { refusal } from '../../test-support/simulator/value-network.ts';
import { replyRoute, sendRoute } from '../payments/message-routes.ts';
import { complianceAnswer, creditTransfer, type PaymentStory } from '../../schemas/iso20022/message-builders.ts';
import { paymentDomain } from '../../test-support/simulator/payment-network.ts';
import { findTransactions, type TransactionsQuery } from './query.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Five settled payments from maker-aa to maker-bb, one a day from 2026-03-01, and one left unanswered. */
async function fivePayments() {
  const network = await paymentDomain();
  const { state, callers, signed, handle } = network;
  const stories: PaymentStory[] = [];
  for (let day = 1; day <= 6; day += 1) {
    const story = {
      ...network.story,
      amount: String(day),
      messageIdentification: `PAY-${day}`,
      instruction: `INSTR-${day}`,
      endToEnd: `E2E-${day}`,
    };
    stories.push(story);
    handle(
      callers.aa,
      sendRoute,
      signed('pacs.008.001.08', creditTransfer(story), story.ofi, story.rfi, story.messageIdentification),
    );
    if (day < 6)
      handle(
        callers.bb,
        replyRoute,
        signed(
          'SVC.001.001.01',
          complianceAnswer(story, { messageIdentification: `CMP-${day}` }),
          story.rfi,
          story.ofi,
          `CMP-${day}`,
        ),
      );
    state.clock.advance(DAY);
  }
  const query = (caller: Principal, changes: Partial<TransactionsQuery>) =>
    findTransactions(state, caller, {
      data_type: 'DATE_INTERVAL',
      start_date: '2026-03-01',
      finish_date: '2026-03-31',
      ...changes,
    });
  const amounts = (caller: Principal, changes: Partial<TransactionsQuery>) =>
    query(caller, changes).map((record) => record.transaction_info[0].interbank_settlement_amount);
  return { ...network, stories, query, amounts };
}

test('dates are UTC days, both ends included; only payments that moved value, oldest first', async () => {
  const { callers, amounts } = await fivePayments();
  expect(amounts(callers.aa, {})).toEqual([1, 2, 3, 4, 5]);
  expect(amounts(callers.bb, { start_date: '2026-03-02', finish_date: '2026-03-04' })).toEqual([2, 3, 4]);
  expect(amounts(callers.aa, { start_date: '2026-03-05', finish_date: '2026-03-05' })).toEqual([5]);
  expect(refusal(() => amounts(callers.aa, { start_date: '2026-03-06' }))).toMatchObject({
    status: 404,
    code: 'TRANSACTIONS-NONE',
  });
});

test('pages of maximum_transaction_count (default 20, at most 100) from page 1; past the end is 404', async () => {
  const { callers, amounts } = await fivePayments();
  expect(amounts(callers.aa, { maximum_transaction_count: '2' })).toEqual([1, 2]);
  expect(amounts(callers.aa, { maximum_transaction_count: '2', target_page_number: '3' })).toEqual([5]);
  expect(refusal(() => amounts(callers.aa, { maximum_transaction_count: '2', target_page_number: '4' }))).toMatchObject(
    { code: 'TRANSACTIONS-NONE' },
  );
  expect(amounts(callers.aa, { maximum_transaction_count: '100' })).toHaveLength(5);
  for (const changes of [
    { maximum_transaction_count: '101' },
    { maximum_transaction_count: '0' },
    { target_page_number: '0' },
    { start_date: '2026-03-05', finish_date: '2026-03-04' },
    { finish_date: undefined },
  ]) {
    expect(
      refusal(() => amounts(callers.aa, changes)),
      JSON.stringify(changes),
    ).toMatchObject({ status: 400, code: 'TRANSACTIONS-QUERY-INVALID' });
  }
});

test('by instruction and by ledger hash; a member sees only its own payments', async () => {
  const { state, callers, query, stories } = await fivePayments();
  const [record] = query(callers.aa, { data_type: 'INSTRUCTION_IDENTIFICATION', data_id: stories[2]!.instruction });
  expect(record?.transaction_info[0].interbank_settlement_amount).toBe(3);
  const hash = record!.transaction_state[0]!.transaction_identification;
  expect(state.ledger.transaction(hash)?.status).toBe('success');
  expect(query(callers.bb, { data_type: 'TRANSACTION_IDENTIFICATION', data_id: hash })).toEqual([record]);
  expect(
    refusal(() => query(callers.tokenizer, { data_type: 'TRANSACTION_IDENTIFICATION', data_id: hash })),
  ).toMatchObject({ code: 'TRANSACTIONS-NONE' });
  expect(
    refusal(() => query(callers.aa, { data_type: 'INSTRUCTION_IDENTIFICATION', data_id: stories[5]!.instruction })),
  ).toMatchObject({ code: 'TRANSACTIONS-NONE' });
  expect(refusal(() => query(callers.aa, { data_type: 'TRANSACTION_IDENTIFICATION' }))).toMatchObject({
    code: 'TRANSACTIONS-QUERY-INVALID',
  });
});
