import { test, expect } from '@playwright/test';
import type { Context } from 'hono';
import { requestHeader } from './request-header.ts';

/** A context as @hono/node-server hands it over: the Node request in `env.incoming`. */
function nodeContext(rawHeaders: string[]): Context {
  return { env: { incoming: { rawHeaders } } } as unknown as Context;
}

test('reads a header of the Node request by its lower-case name, whatever its case on the wire', () => {
  const c = nodeContext(['Host', 'h', 'AUTHORIZATION', 'Bearer t', 'Content-Length', '0']);
  expect(requestHeader(c, 'authorization')).toBe('Bearer t');
  expect(requestHeader(c, 'content-length')).toBe('0');
  expect(requestHeader(c, 'transfer-encoding')).toBeUndefined();
});

test('joins a repeated header with ", ", as the Fetch Headers do, so two tokens are no token', () => {
  const c = nodeContext(['Authorization', 'Bearer a', 'Accept', 'text/html', 'authorization', 'Bearer b']);
  expect(requestHeader(c, 'authorization')).toBe('Bearer a, Bearer b');
  expect(
    new Headers([
      ['authorization', 'Bearer a'],
      ['authorization', 'Bearer b'],
    ]).get('authorization'),
  ).toBe('Bearer a, Bearer b');
});

test('without a Node request (app.request in tests), reads the Fetch request', () => {
  const c = {
    env: undefined,
    req: { header: (name: string) => (name === 'accept' ? 'application/json' : undefined) },
  } as unknown as Context;
  expect(requestHeader(c, 'accept')).toBe('application/json');
});
