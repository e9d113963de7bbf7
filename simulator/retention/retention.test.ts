import { test, expect } from '@playwright/test';
import { GatewayQueues } from '../gateway/queues.ts';
import { MessageIdentifiers } from '../iso20022/identifiers.ts';
import type { MessageContent } from '../iso20022/message-content.ts';
import { parseAmount } from '../ledger/amount.ts';
import { Ledger, type AssetRef } from '../ledger/ledger.ts';
import { PaymentBook, type Payment } from '../payments/payment.ts';
import { QuotationBook } from '../quotations/book.ts';
import type { QuotationRequest } from '../quotations/quotation.ts';
import { CANCELLED, COMPLETED } from '../quotations/state-machine.ts';
import { startSimulator } from '../server.ts';
import { ChargeBook } from '../charges/charge-book.ts';
import { FundingBook, type FundingInstruction } from '../funding/funding-book.ts';
import { RedemptionBook, type Redemption } from '../redemption/redemption.ts';
import { Fifo } from './fifo.ts';
import { FinishedFirst } from './finished-first.ts';
import { ownBytes, ownString } from './own.ts';
import { defaultRetention, DroppedCounts, parseRetention, retentionOptions } from './retention.ts';

/** Every store that grows with traffic keeps at most its bound, drops what docs/semantics.md says first, and counts it. */

test('Fifo: newest reads from the newest end, never past the oldest kept', () => {
  const fifo = new Fifo<number>();
  for (let n = 1; n <= 3000; n += 1) fifo.push(n);
  fifo.take(2000);
  expect(fifo.newest(3)).toEqual([3000, 2999, 2998]);
  expect(fifo.newest(5000)).toHaveLength(1000);
  expect(fifo.newest(5000).at(-1)).toBe(2001);
  expect(new Fifo<number>().newest(3)).toEqual([]);
});

test('Fifo: push, take, peek and shift in order, across compactions', () => {
  const fifo = new Fifo<number>();
  for (let n = 0; n < 5000; n += 1) fifo.push(n);
  expect(fifo.shift()).toBe(0);
  expect(fifo.take(3)).toEqual([1, 2, 3]);
  expect(fifo.peek(2)).toEqual([4, 5]);
  const rest = fifo.take(3000);
  expect(rest[0]).toBe(4);
  expect(fifo.length).toBe(5000 - 4 - 3000);
  expect([...fifo][0]).toBe(3004);
  expect(fifo.take(10_000)).toHaveLength(1996);
  expect(fifo.shift()).toBeUndefined();
});

test('--retention parses name=count pairs and refuses unknown names and bad counts', () => {
  expect(parseRetention('quotations=10, gatewayMessages=2')).toEqual({ quotations: 10, gatewayMessages: 2 });
  expect(parseRetention('')).toEqual({});
  expect(() => parseRetention('quotes=1')).toThrow('unknown retention "quotes"');
  expect(() => parseRetention('payments=0')).toThrow('whole number of at least 1');
  expect(() => parseRetention('payments=1e3')).toThrow('whole number of at least 1');
  expect(() => retentionOptions({ payments: 1.5 })).toThrow('whole number');
});

test('a gateway queue keeps the newest unread messages and counts what it dropped', () => {
  const dropped = new DroppedCounts();
  const gateway = new GatewayQueues(undefined, 3, dropped);
  for (let n = 1; n <= 5; n += 1) gateway.enqueue('mm-a', 'transactions', 'transaction', { n }, n);
  gateway.enqueue('mm-b', 'transactions', 'transaction', { n: 1 }, 1);
  expect(gateway.read('mm-a', 'transactions').map((message) => message.response_data[0])).toEqual([
    { n: 3 },
    { n: 4 },
    { n: 5 },
  ]);
  expect(gateway.read('mm-b', 'transactions')).toHaveLength(1);
  expect(dropped.toJSON()).toEqual({ 'gateway:mm-a|transactions': 2 });
});

test('the quotation book drops finished quotations before open ones; a dropped one is unknown; listings use the member index', () => {
  const dropped = new DroppedCounts();
  const book = new QuotationBook(3, dropped);
  const request = (uuid: string, buyer = 'mm-buyer'): QuotationRequest =>
    ({
      request_uuid: uuid,
      request_timestamp: 1000,
      requestQuotation: { time_end_request_quotation: 10_000 },
      buyer,
    }) as unknown as QuotationRequest;
  const [open] = book.open(request('r1'), ['mm-seller']);
  const [finished] = book.open(request('r2'), ['mm-seller']);
  book.open(request('r3', 'mm-other'), ['mm-third']);
  finished!.state = COMPLETED;
  book.open(request('r4'), ['mm-seller']);
  expect(book.size).toBe(3);
  expect(book.quotation(finished!.quotation_uuid, 1000)).toBeUndefined();
  expect(book.request('r2', 1000)).toBeUndefined();
  expect(book.quotation(open!.quotation_uuid, 1000)).toBe(open);
  expect(book.involving('mm-seller', 1000).map((quotation) => quotation.request.request_uuid)).toEqual(['r1', 'r4']);
  expect(book.involving('mm-third', 1000)).toHaveLength(1);
  // Nothing finished or gone left among the oldest: the oldest goes.
  book.open(request('r5'), ['mm-seller']);
  expect(book.quotation(open!.quotation_uuid, 1000)).toBeUndefined();
  // An expired one (its request ended) goes before an open one.
  const [late] = book.open(
    { ...request('r6'), requestQuotation: { time_end_request_quotation: 500 } } as unknown as QuotationRequest,
    ['mm-seller'],
  );
  expect(book.quotation(late!.quotation_uuid, 1000)).toBeUndefined();
  expect(book.involving('mm-third', 1000)).toHaveLength(1);
  expect(dropped.toJSON()).toEqual({ quotations: 3 });
  const [cancelled] = book.involving('mm-third', 1000);
  cancelled!.state = CANCELLED;
  book.open(request('r7'), ['mm-seller']);
  expect(book.involving('mm-third', 1000)).toEqual([]);
});

test('ledger records and notifications are bounded; balances and minted totals are not history and stay exact', () => {
  const USD: AssetRef = { code: 'USD', issuer: 'tokenizer-us' };
  const dropped = new DroppedCounts();
  const ledger = new Ledger(
    { now: () => 1_700_000_000_000 },
    undefined,
    { ledgerTransactions: 3, notifications: 2 },
    dropped,
  );
  ledger.requestCreditLine('mm-a', 'main', USD, 1_000_000);
  ledger.allowCreditLine('mm-a', 'main', USD);
  const emission = { member: 'tokenizer-us', account: 'emission' };
  const main = { member: 'mm-a', account: 'main' };
  const memo = `<xml>${'x'.repeat(5000)}<memo>pay \ud800 me</memo></xml>`.slice(5011, 5028);
  const records = Array.from({ length: 10 }, () =>
    ledger.submit([{ from: emission, to: main, asset: USD, amount: parseAmount('2.5') }], memo),
  );
  expect(ledger.balance('mm-a', 'main', USD)).toBe(parseAmount('25'));
  expect(ledger.issuance(USD).minted).toBe(parseAmount('25'));
  expect(ledger.transactions().map((record) => record.transaction_reference_number)).toEqual([8, 9, 10]);
  expect(ledger.transaction(records[0]!.transaction_identification)).toBeUndefined();
  expect(ledger.transaction(records[9]!.transaction_identification)).toBe(records[9]);
  expect(records[9]!.memo).toBe(memo);
  expect(
    ledger.notificationsAfter('mm-a', 'main', 0).map((notification) => notification.transaction_reference_number),
  ).toEqual([9, 10]);
  expect(dropped.toJSON()).toEqual({ ledgerTransactions: 7, notifications: 16 });
});

test('the payment book drops the oldest payment and forgets its keys; message identifiers are forgotten oldest first', () => {
  const dropped = new DroppedCounts();
  const book = new PaymentBook(2, dropped);
  const member = (identification: string) => ({ identification }) as Payment['ofi'];
  const payment = (id: string): Payment =>
    ({
      ofi: member('mm-a'),
      rfi: member(id === 'p3' ? 'mm-c' : 'mm-b'),
      reference: {
        type: 'pacs.008.001.08',
        messageIdentification: id,
        identification: { instructionIdentification: id },
      },
      states: [],
    }) as unknown as Payment;
  for (const id of ['p1', 'p2', 'p3']) book.add(payment(id));
  expect(book.find('mm-a', 'p1', 'p1')).toBeUndefined();
  expect(book.find('mm-a', 'p3', 'p3')?.reference.messageIdentification).toBe('p3');
  expect([...book.involving('mm-a')].map((kept) => kept.reference.messageIdentification)).toEqual(['p2', 'p3']);
  expect([...book.involving('mm-b')]).toHaveLength(1);
  expect([...book.involving('mm-c')]).toHaveLength(1);

  const identifiers = new MessageIdentifiers(2, dropped);
  const message = (id: string) =>
    ({ header: { from: 'AAAAUS33' }, messageIdentification: id, transactions: [] }) as unknown as MessageContent;
  for (const id of ['m1', 'm2', 'm3']) identifiers.record(message(id));
  expect(identifiers.conflicts(message('m1'))).toEqual([]);
  expect(identifiers.conflicts(message('m3'))).toHaveLength(1);
  expect(dropped.toJSON()).toEqual({ messageIdentifiers: 1, payments: 1 });
});

test('finished first: past the bound the entry finished earliest goes, unfinished ones stay however many', () => {
  const dropped = new DroppedCounts();
  const store = new FinishedFirst<number>('things', 3, dropped);
  for (const [index, key] of ['a', 'b', 'c', 'd', 'e'].entries()) store.set(key, index);
  expect(store.size).toBe(5); // nothing finished: nothing to drop
  store.finish('c');
  store.finish('a');
  expect([...'abcde'].filter((key) => store.has(key))).toEqual(['b', 'd', 'e']); // c finished first, then a
  store.finish('b');
  store.finish('b');
  expect(store.size).toBe(3); // within the bound again: b stays, finished
  store.set('f', 5);
  expect([...'bdef'].filter((key) => store.has(key))).toEqual(['d', 'e', 'f']);
  // A key set again is unfinished again: its earlier finish no longer makes it droppable.
  store.finish('d');
  store.set('d', 6);
  store.set('g', 7);
  expect([...'defg'].filter((key) => store.has(key))).toEqual(['d', 'e', 'f', 'g']);
  expect(dropped.toJSON()).toEqual({ things: 3 });
});

test('funding instructions, charge request_uuids and redemptions: the oldest finished go, unfinished stay', () => {
  const dropped = new DroppedCounts();

  const funding = new FundingBook(2, dropped);
  const instruction = (id: string) => ({ fundingInfo: { end_to_end_identification: id } }) as FundingInstruction;
  const instructions = ['f1', 'f2', 'f3', 'f4'].map(instruction);
  for (const each of instructions) funding.add(each);
  funding.sent(instructions[2]!);
  funding.sent(instructions[0]!);
  funding.sent(instructions[1]!);
  // f3 was sent first, then f1: both go; f2 (sent last) is within the bound; f4 was never sent.
  expect(['f1', 'f2', 'f3', 'f4'].filter((id) => funding.get(id))).toEqual(['f2', 'f4']);

  const charges = new ChargeBook(2, dropped);
  const request = (uuid: string) => ({ request_uuid: uuid }) as Parameters<ChargeBook['request']>[2];
  for (const uuid of ['c1', 'c2', 'c3']) charges.request('mm-a', 'mm-b', request(uuid));
  expect(['c1', 'c2', 'c3'].every((uuid) => charges.isUsed('mm-a', uuid))).toBe(true); // all open
  charges.close('mm-a', 'mm-b', 'c1');
  expect(charges.isUsed('mm-a', 'c1')).toBe(false); // answered and past the bound: may be used again
  expect(charges.find('mm-a', 'mm-b', 'c2')?.request_uuid).toBe('c2');
  charges.request('mm-a', 'mm-b', request('c4'));
  expect(['c2', 'c3', 'c4'].every((uuid) => charges.isUsed('mm-a', uuid))).toBe(true);

  const redemptions = new RedemptionBook(1, dropped);
  const redemption = (id: string) =>
    ({
      member: { identification: 'mm-a' },
      reference: { messageIdentification: id, identification: { instructionIdentification: id } },
      status: 'requested',
    }) as unknown as Redemption;
  const [r1, r2, r3] = ['r1', 'r2', 'r3'].map(redemption);
  for (const each of [r1!, r2!, r3!]) redemptions.add(each);
  redemptions.answered(r2!, 'redeemed');
  expect(r2!.status).toBe('redeemed');
  expect(['r1', 'r2', 'r3'].filter((id) => redemptions.find('mm-a', id, id))).toEqual(['r1', 'r3']);
  expect(redemptions.newest(5).map((kept) => kept.reference.messageIdentification)).toEqual(['r3', 'r1']);
  redemptions.answered(r3!, 'rejected');
  redemptions.answered(r1!, 'redeemed');
  expect(['r1', 'r2', 'r3'].filter((id) => redemptions.find('mm-a', id, id))).toEqual(['r1']);
  expect(dropped.toJSON()).toEqual({ charges: 1, fundingInstructions: 2, redemptions: 2 });
});

test('kept copies share no memory: a Buffer of its own, a string equal code unit for code unit', () => {
  const pooled = Buffer.from('c2lnbmF0dXJl', 'base64');
  expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
  const own = ownBytes(pooled);
  expect(own.equals(pooled)).toBe(true);
  expect(own.buffer.byteLength).toBe(own.length);
  expect(ownString('a\ud800b')).toBe('a\ud800b');
});

test('dss sim retention options reach every store and GET /sim/retention shows limits and drops', async () => {
  const sim = await startSimulator({
    port: 0,
    retention: { gatewayMessages: 1, charges: 1, fundingInstructions: 1, redemptions: 1 },
  });
  try {
    const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
      members: Array<{ identification: string; token: string }>;
    };
    const token = network.members.find((entry) => entry.identification === 'mm-london')!.token;
    const state = sim.simulator.state;
    state.gateway.enqueue('mm-london', 'charge', 'charge', { n: 1 }, 1);
    state.gateway.enqueue('mm-london', 'charge', 'charge', { n: 2 }, 2);
    const read = await fetch(`${sim.url}/client/v1/api/gateway/messages?type=charge`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(
      ((await read.json()) as Array<{ response_data: unknown[] }>).map((message) => message.response_data[0]),
    ).toEqual([{ n: 2 }]);
    for (const uuid of ['u1', 'u2'])
      state.charges.request('mm-london', 'mm-singapore', { request_uuid: uuid } as Parameters<
        typeof state.charges.request
      >[2]);
    state.charges.close('mm-london', 'mm-singapore', 'u1');
    const retention = (await (await fetch(`${sim.url}/sim/retention`)).json()) as {
      limits: Record<string, number>;
      dropped: Record<string, number>;
    };
    expect(retention.limits).toMatchObject({
      gatewayMessages: 1,
      quotations: defaultRetention.quotations,
      charges: 1,
      fundingInstructions: 1,
      redemptions: 1,
    });
    expect(retention.dropped).toEqual({ charges: 1, 'gateway:mm-london|charge': 1 });
    // A reset keeps the options and starts the counts again.
    await fetch(`${sim.url}/sim/reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await (await fetch(`${sim.url}/sim/retention`)).json()).toMatchObject({
      limits: { gatewayMessages: 1 },
      dropped: {},
    });
  } finally {
    await sim.close();
  }
});
