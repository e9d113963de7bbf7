import { expect, test } from '@playwright/test';
import { QuotationBook } from './book.ts';
import type { QuotationRequest } from './quotation.ts';

const request = (uuid: string, end = 10_000): QuotationRequest =>
  ({
    request_uuid: uuid,
    request_timestamp: 1000,
    requestQuotation: { time_end_request_quotation: end },
    buyer: 'mm-buyer',
  }) as unknown as QuotationRequest;

test('newest: the latest quotations still there, newest first, skipping gone and dropped ones, among the latest 500 opened', () => {
  const book = new QuotationBook(2000);
  for (let n = 1; n <= 1200; n += 1) book.open(request(`r${n}`, n === 1199 ? 500 : 10_000), ['mm-seller']);
  // r1199 has ended at 1000: its waiting quotation is gone.
  expect(book.newest(3, 1000).map((quotation) => quotation.request.request_uuid)).toEqual(['r1200', 'r1198', 'r1197']);
  // It looks no further back than the latest opened (between 500 and 1000 of them), whatever the book holds.
  const all = book.newest(5000, 1000);
  expect(all.length).toBeGreaterThanOrEqual(499);
  expect(all.length).toBeLessThan(1000);
  expect(book.size).toBe(1200);

  const small = new QuotationBook(3);
  for (let n = 1; n <= 5; n += 1) small.open(request(`s${n}`), ['mm-seller']);
  expect(small.newest(10, 1000).map((quotation) => quotation.request.request_uuid)).toEqual(['s5', 's4', 's3']);
});
