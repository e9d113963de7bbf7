import { expect, test } from '@playwright/test';
import type { DssResponse } from '../runtime/client.ts';
import { CheckFailure } from '../runtime/check-failure.ts';
import { drainMessages, MAX_DRAIN_READS, noticeOf, noticesOf, type StreamMessage } from './gateway.ts';
import { awaitDelivery, awaitPayload, hasPayload } from './mailbox.ts';
import { findPayload, payloadPlaces, withField } from './payload-places.ts';
import type { Party } from './party.ts';

/**
 * The gateway reader against scripted queues: two equal notices (a consolidation with two equal legs)
 * are two messages, not a message delivered twice; a notice delivered again is caught by counting
 * against what was caused; a queue that never empties still fails; a notice is found in its
 * response_data object or one level down (payload-places.ts).
 */

/** A member whose `transactions` reads answer the given batches in turn, then []. */
function memberReading(batches: StreamMessage[][]): Party & { reads: () => number } {
  let reads = 0;
  const answer = (body: unknown): DssResponse => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body,
    text: JSON.stringify(body),
    call: {} as DssResponse['call'],
  });
  return {
    identification: 'mm-test',
    accounts: ['main', 'second'],
    client: { call: async () => answer(batches[reads++] ?? []) },
    reads: () => reads,
  };
}

const leg = {
  transaction_identification: 'tx-1',
  transaction_reference_number: 7,
  account_identification: 'main',
  asset_code_identification: 'USD',
  asset_issuer_identification: 'tkn',
  amount: '1.0000000',
  direction: 'debit',
};
const debit: StreamMessage = { response_data: [leg], timestamp: '1700000000000' };
const credit: StreamMessage = {
  response_data: [{ ...leg, account_identification: 'second', direction: 'credit' }],
  timestamp: '1700000000000',
};

test('two byte-identical notices in one read are two messages (the old reader called this a delivery again)', async () => {
  const member = memberReading([[debit, debit, credit, credit]]);
  const messages = await drainMessages(member, 'transactions');
  expect(messages).toHaveLength(4);
  // Two equal legs: two debit and two credit notices, exactly what was caused.
  expect(noticeOf(messages, 'tx-1', member.identification, 4).transaction_reference_number).toBe(7);
});

test('two equal notices that arrive in two reads are both kept', async () => {
  const member = memberReading([
    [debit, credit],
    [debit, credit],
  ]);
  const messages = await drainMessages(member, 'transactions');
  expect(messages).toHaveLength(4);
  expect(member.reads()).toBe(3);
});

test('a notice delivered again is more notices than the operation caused: GW-READ-CONSUMES', async () => {
  const member = memberReading([[debit, credit], [debit]]);
  const messages = await drainMessages(member, 'transactions');
  const failure = (() => {
    try {
      noticeOf(messages, 'tx-1', member.identification, 2);
      return undefined;
    } catch (error) {
      return error;
    }
  })();
  expect(failure).toBeInstanceOf(CheckFailure);
  expect((failure as CheckFailure).requirement).toBe('GW-READ-CONSUMES');
  expect((failure as CheckFailure).message).toContain('delivered 3 notices of transaction tx-1, which caused 2');
});

test('a queue that a read never empties fails GW-READ-CONSUMES after a bounded number of reads', async () => {
  const member = memberReading(Array.from({ length: MAX_DRAIN_READS + 5 }, () => [debit]));
  await expect(drainMessages(member, 'transactions')).rejects.toThrow(/\[GW-READ-CONSUMES\].*not empty after 20 reads/);
  expect(member.reads()).toBe(MAX_DRAIN_READS);
});

test('a notice is found in its response_data object or one level down, never deeper; one per object', async () => {
  const nested: StreamMessage = {
    response_data: [{ transaction: { ...leg, transaction_reference_number: 8 } }],
    timestamp: '1700000000000',
  };
  const deeper: StreamMessage = { response_data: [{ notice: { inner: leg } }], timestamp: '1700000000000' };
  const member = memberReading([[nested, deeper]]);
  const messages = await drainMessages(member, 'transactions');
  expect(noticesOf(messages, 'tx-1')).toEqual([{ ...leg, transaction_reference_number: 8 }]);
  expect(noticeOf(messages, 'tx-1', member.identification, 1).transaction_reference_number).toBe(8);
  // The reference's flat notice that also holds an object: the notice is the object itself, counted once.
  expect(
    noticesOf([{ response_data: [{ ...leg, extra: { transaction_identification: 'tx-1' } }], timestamp: '1' }], 'tx-1'),
  ).toHaveLength(1);
});

test('payload places: the object, then each object directly inside it; lists and scalars are no places', () => {
  const inner = { request_uuid: 'r-1' };
  expect(payloadPlaces({ charge: inner, list: [inner], n: 1 })).toEqual([
    { charge: inner, list: [inner], n: 1 },
    inner,
  ]);
  expect(payloadPlaces('text')).toEqual([]);
  expect(findPayload({ charge: inner }, withField('request_uuid', 'r-1'))).toBe(inner);
  expect(findPayload({ charge: { wrapped: inner } }, withField('request_uuid', 'r-1'))).toBeUndefined();
});

test('the mailbox finds a payload one level down and tells the response_data object it came in', async () => {
  const answer = { request_uuid: 'r-2', fee_amount: 2.5 };
  const member = memberReading([[{ response_data: [{ charge: answer }], timestamp: '1' }]]);
  const { payload, data } = await awaitDelivery(
    member,
    'charge',
    withField('request_uuid', 'r-2'),
    'CHG-DELIVERY',
    'about r-2',
    0,
  );
  expect(payload).toBe(answer);
  expect(data).toEqual({ charge: answer });
  expect(await hasPayload(member, 'charge', (candidate) => candidate.fee_amount === 2.5)).toBe(true);
  await expect(
    awaitPayload(member, 'charge', withField('request_uuid', 'r-3'), 'CHG-DELIVERY', 'about r-3', 0),
  ).rejects.toThrow(/\[CHG-DELIVERY\] mm-test received no charge gateway message about r-3/);
});
