import { test, expect } from '@playwright/test';
import { FaultSwitch } from '../faults/catalogue.ts';
import { ReadingSwitch } from '../readings/catalogue.ts';
import { deliveredPayload, deliveryKinds, GATEWAY_READ_LIMIT, GatewayQueues } from './queues.ts';

test('a read returns the oldest messages in order, as streamMessages, and consumes them', () => {
  const gateway = new GatewayQueues();
  gateway.enqueue('maker-aa', 'charge', 'charge', { n: 1 }, 1_700_000_000_001);
  gateway.enqueue('maker-aa', 'charge', 'charge', { n: 2 }, 1_700_000_000_002);
  expect(gateway.read('maker-aa', 'charge')).toEqual([
    { response_data: [{ n: 1 }], timestamp: '1700000000001' },
    { response_data: [{ n: 2 }], timestamp: '1700000000002' },
  ]);
  expect(gateway.read('maker-aa', 'charge')).toEqual([]);
});

test('queues are per member and per type; an empty queue reads as []', () => {
  const gateway = new GatewayQueues();
  gateway.enqueue('maker-aa', 'payment', 'payment', { to: 'aa' }, 1);
  gateway.enqueue('maker-bb', 'payment', 'payment', { to: 'bb' }, 2);
  expect(gateway.read('maker-aa', 'quotations')).toEqual([]);
  expect(gateway.read('maker-bb', 'payment').map((message) => message.response_data[0])).toEqual([{ to: 'bb' }]);
  expect(gateway.read('maker-aa', 'payment').map((message) => message.response_data[0])).toEqual([{ to: 'aa' }]);
  expect(gateway.read('nobody-xx', 'transactions')).toEqual([]);
});

test('a read returns at most 100 messages; the rest wait for the next read', () => {
  const gateway = new GatewayQueues();
  for (let n = 0; n < GATEWAY_READ_LIMIT + 5; n += 1)
    gateway.enqueue('maker-aa', 'transactions', 'transaction', { n }, n);
  const first = gateway.read('maker-aa', 'transactions');
  expect(first).toHaveLength(GATEWAY_READ_LIMIT);
  expect(first[0]?.response_data[0]).toEqual({ n: 0 });
  expect(gateway.read('maker-aa', 'transactions').map((message) => message.response_data[0])).toEqual(
    [100, 101, 102, 103, 104].map((n) => ({ n })),
  );
});

test('fault gateway-read-does-not-consume: every read returns the same messages', () => {
  const gateway = new GatewayQueues(new FaultSwitch(['gateway-read-does-not-consume']));
  gateway.enqueue('maker-aa', 'transactions', 'transaction', { n: 1 }, 1);
  const first = gateway.read('maker-aa', 'transactions');
  expect(first).toHaveLength(1);
  expect(gateway.read('maker-aa', 'transactions')).toEqual(first);
});

test('reading nested-gateway-payloads: each payload sits under its kind; the reference puts it in response_data as it is', () => {
  const nested = new GatewayQueues(undefined, undefined, undefined, new ReadingSwitch(['nested-gateway-payloads']));
  const reference = new GatewayQueues();
  for (const kind of deliveryKinds) {
    nested.enqueue('maker-aa', 'charge', kind, { n: kind }, 1);
    reference.enqueue('maker-aa', 'charge', kind, { n: kind }, 1);
  }
  expect(nested.read('maker-aa', 'charge').map((message) => message.response_data[0])).toEqual(
    deliveryKinds.map((kind) => ({ [kind]: { n: kind } })),
  );
  expect(reference.read('maker-aa', 'charge').map((message) => message.response_data[0])).toEqual(
    deliveryKinds.map((kind) => ({ n: kind })),
  );
});

test('reading nested-gateway-payloads: enqueue listeners are told the payload as its producer made it', () => {
  const gateway = new GatewayQueues(undefined, undefined, undefined, new ReadingSwitch(['nested-gateway-payloads']));
  const told: object[] = [];
  gateway.onEnqueue((_member, _type, payload) => told.push(payload));
  gateway.enqueue('maker-aa', 'payment', 'payment', { financial_message_type: 'x' }, 1);
  expect(told).toEqual([{ financial_message_type: 'x' }]);
});

test('deliveredPayload opens what the simulator wrote under the reading, and leaves the reference form and anything else as it is', () => {
  const on = new ReadingSwitch(['nested-gateway-payloads']);
  expect(deliveredPayload(on, { quotation_request: { quotation_uuid: 'q' } })).toEqual({ quotation_uuid: 'q' });
  expect(deliveredPayload(on, { transaction: { n: 1 }, other: 2 })).toEqual({ transaction: { n: 1 }, other: 2 });
  expect(deliveredPayload(on, { unknown_kind: { n: 1 } })).toEqual({ unknown_kind: { n: 1 } });
  expect(deliveredPayload(new ReadingSwitch(), { charge: { fee_amount: 1 } })).toEqual({ charge: { fee_amount: 1 } });
});
