import { test, expect } from '@playwright/test';
import { FaultSwitch } from '../faults/catalogue.ts';
import { GATEWAY_READ_LIMIT, GatewayQueues } from './queues.ts';

test('a read returns the oldest messages in order, as streamMessages, and consumes them', () => {
  const gateway = new GatewayQueues();
  gateway.enqueue('maker-aa', 'charge', { n: 1 }, 1_700_000_000_001);
  gateway.enqueue('maker-aa', 'charge', { n: 2 }, 1_700_000_000_002);
  expect(gateway.read('maker-aa', 'charge')).toEqual([
    { response_data: [{ n: 1 }], timestamp: '1700000000001' },
    { response_data: [{ n: 2 }], timestamp: '1700000000002' },
  ]);
  expect(gateway.read('maker-aa', 'charge')).toEqual([]);
});

test('queues are per member and per type; an empty queue reads as []', () => {
  const gateway = new GatewayQueues();
  gateway.enqueue('maker-aa', 'payment', { to: 'aa' }, 1);
  gateway.enqueue('maker-bb', 'payment', { to: 'bb' }, 2);
  expect(gateway.read('maker-aa', 'quotations')).toEqual([]);
  expect(gateway.read('maker-bb', 'payment').map((message) => message.response_data[0])).toEqual([{ to: 'bb' }]);
  expect(gateway.read('maker-aa', 'payment').map((message) => message.response_data[0])).toEqual([{ to: 'aa' }]);
  expect(gateway.read('nobody-xx', 'transactions')).toEqual([]);
});

test('a read returns at most 100 messages; the rest wait for the next read', () => {
  const gateway = new GatewayQueues();
  for (let n = 0; n < GATEWAY_READ_LIMIT + 5; n += 1) gateway.enqueue('maker-aa', 'transactions', { n }, n);
  const first = gateway.read('maker-aa', 'transactions');
  expect(first).toHaveLength(GATEWAY_READ_LIMIT);
  expect(first[0]?.response_data[0]).toEqual({ n: 0 });
  expect(gateway.read('maker-aa', 'transactions').map((message) => message.response_data[0])).toEqual([100, 101, 102, 103, 104].map((n) => ({ n })));
});

test('fault gateway-read-does-not-consume: every read returns the same messages', () => {
  const gateway = new GatewayQueues(new FaultSwitch(['gateway-read-does-not-consume']));
  gateway.enqueue('maker-aa', 'transactions', { n: 1 }, 1);
  const first = gateway.read('maker-aa', 'transactions');
  expect(first).toHaveLength(1);
  expect(gateway.read('maker-aa', 'transactions')).toEqual(first);
});
