import { test, expect } from '@playwright/test';
import { getQueryParams } from 'hono/utils/url';
import { queryParams } from './query-params.ts';

/** The simulator reads queries with its own parser; it must read every query as Hono's would. */
const urls = [
  'http://127.0.0.1:4010/client/v1/api/members',
  'http://127.0.0.1:4010/client/v1/api/members?',
  'http://127.0.0.1:4010/client/v1/api/payment-points?country_code=DE',
  'http://127.0.0.1:4010/x?a=1&b=2&a=3',
  'http://127.0.0.1:4010/x?a&b=&=c&&d=e=f',
  'http://127.0.0.1:4010/x?city_name=S%C3%A3o+Paulo&street_name=a%2Bb',
  'http://127.0.0.1:4010/x?bad=%C3&worse=%ZZ%41&name%=1',
  'http://127.0.0.1:4010/x?q=1#fragment&r=2',
  'http://127.0.0.1:4010/x%20y?2=two&1=one&b=x&1=again&b=y',
  'http://127.0.0.1:4010/x?__proto__=p&constructor=c&a=%2',
];

test('reads every query as Hono reads it', () => {
  for (const url of urls) {
    const hono = getQueryParams(url) as Record<string, string[]>;
    expect(Object.fromEntries(queryParams(url)), url).toEqual({ ...hono });
  }
});

test("keeps each name's values in order", () => {
  expect(queryParams('http://h/x?a=1&b=2&a=3')).toEqual(
    new Map([
      ['a', ['1', '3']],
      ['b', ['2']],
    ]),
  );
});
