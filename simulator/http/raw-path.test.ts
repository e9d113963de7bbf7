import { expect, test } from '@playwright/test';
import type { Context } from 'hono';
import { hasDotSegment } from './raw-path.ts';

const over = (url: string) => ({ env: { incoming: { url } } }) as unknown as Context;

test('a segment of one or two dots, plain or percent-encoded, anywhere in the path is found', () => {
  for (const url of [
    '/.',
    '/..',
    '/a/.',
    '/a/..',
    '/a/./b',
    '/a/../b',
    '/a/%2e',
    '/a/%2E%2e/b',
    '/a/.%2E',
    '/./a',
    '/a/..?x=1',
    '.',
    '..',
  ]) {
    expect(hasDotSegment(over(url)), url).toBe(true);
  }
});

test('dots inside a segment, three dots, or dots in the query are not dot segments', () => {
  for (const url of [
    '/',
    '/a',
    '/a/.b',
    '/a/b.',
    '/a/...',
    '/a/%2e%2e%2e',
    '/a/..b/c',
    '/a/b?x=/../',
    '/a/b?..',
    '/a/%2f..',
    '/a/.%2',
    '',
  ]) {
    expect(hasDotSegment(over(url)), url).toBe(false);
  }
});

test('a request made in-process carries no raw target to check', () => {
  expect(hasDotSegment({ env: undefined } as unknown as Context)).toBe(false);
});
